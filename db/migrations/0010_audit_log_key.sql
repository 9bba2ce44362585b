ALTER TABLE `account_events` ADD `key_id` text;
