-- The span of ids each day's messages hold (docs/decisions/160): the queue's text filter, narrowed to some
-- days, reads the search index's matches between the first and the last of those ids (FTS5 seeks a span
-- of rowids), so a common word on one day reads that day's matches, not every match of a million.
-- A span only ever grows: a message erased or moved to another day leaves its old day's span as wide as
-- it was, which reads a little more and never misses one. One GROUP BY over a million messages takes
-- about 2 s here, well inside D1's limit on a statement.
CREATE TABLE `message_days` (
  `day` integer PRIMARY KEY NOT NULL,
  `first_id` integer NOT NULL,
  `last_id` integer NOT NULL
);--> statement-breakpoint
INSERT INTO `message_days` (day, first_id, last_id)
  SELECT created_at / 86400, min(id), max(id) FROM `contact_submissions` GROUP BY 1;--> statement-breakpoint
CREATE TRIGGER `message_days_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `message_days` (day, first_id, last_id) VALUES (new.created_at / 86400, new.id, new.id)
    ON CONFLICT DO UPDATE SET first_id = min(first_id, excluded.first_id), last_id = max(last_id, excluded.last_id);
END;--> statement-breakpoint
CREATE TRIGGER `message_days_update` AFTER UPDATE OF created_at ON `contact_submissions` BEGIN
  INSERT INTO `message_days` (day, first_id, last_id) VALUES (new.created_at / 86400, new.id, new.id)
    ON CONFLICT DO UPDATE SET first_id = min(first_id, excluded.first_id), last_id = max(last_id, excluded.last_id);
END;
