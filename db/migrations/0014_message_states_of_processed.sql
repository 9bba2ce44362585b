-- A message processed before the workbench's states came is Done (docs/decisions/152).
UPDATE `contact_submissions` SET `state` = 'done' WHERE `is_processed` = 1 AND `state` = 'new';
