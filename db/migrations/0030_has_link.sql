-- The queue's "Links" filter (docs/decisions/176): whether a message holds a link, written when it arrives
-- (app/lib/message-links.ts), and here for the messages before it, by the same marks as SQL (`linkSql`, over
-- lower(message); a test runs this statement beside `hasLink`). The column is counted in `message_counts`
-- (its key and its triggers, as decision 170 says a new filter's column is) and held in the index of the
-- filtered columns. The backfill comes before the index and the counts, which are built from it; it fires no
-- trigger of the search index or of `message_days`, whose columns it leaves alone.
ALTER TABLE `contact_submissions` ADD `has_link` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `contact_submissions` SET `has_link` = 1 WHERE `id` IN (SELECT id FROM (SELECT id, lower(message) AS m FROM `contact_submissions`) WHERE instr(m, 'http://') > 0 OR instr(m, 'https://') > 0 OR m GLOB '*www.[a-z0-9]*' OR m GLOB '*[a-z0-9].[a-z][a-z]/*' OR m GLOB '*[a-z0-9].[a-z][a-z][a-z]/*' OR m GLOB '*[a-z0-9].[a-z][a-z][a-z][a-z]/*' OR m GLOB '*[a-z0-9].[a-z][a-z][a-z][a-z][a-z]/*' OR m GLOB '*[a-z0-9].[a-z][a-z][a-z][a-z][a-z][a-z]/*');--> statement-breakpoint
DROP INDEX `contact_submissions_facets_idx`;--> statement-breakpoint
CREATE INDEX `contact_submissions_facets_idx` ON `contact_submissions` (`id`,`is_processed`,`state`,`user_type_id`,`payment_method`,`claimed_by`,`created_at`,`has_link`);--> statement-breakpoint
DROP TRIGGER `message_counts_insert`;--> statement-breakpoint
DROP TRIGGER `message_counts_delete`;--> statement-breakpoint
DROP TRIGGER `message_counts_update`;--> statement-breakpoint
CREATE TABLE `message_counts_links` (
  `day` integer NOT NULL,
  `state` text NOT NULL,
  `user_type_id` integer NOT NULL,
  `payment_method` text NOT NULL,
  `claimed_by` integer NOT NULL,
  `has_link` integer NOT NULL,
  `n` integer NOT NULL,
  PRIMARY KEY (`day`, `state`, `user_type_id`, `payment_method`, `claimed_by`, `has_link`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `message_counts_links` (day, state, user_type_id, payment_method, claimed_by, has_link, n)
  SELECT created_at / 86400, state, coalesce(user_type_id, 0), coalesce(payment_method, ''), coalesce(claimed_by, 0),
    has_link, count(*)
  FROM `contact_submissions` GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
DROP TABLE `message_counts`;--> statement-breakpoint
ALTER TABLE `message_counts_links` RENAME TO `message_counts`;--> statement-breakpoint
CREATE TRIGGER `message_counts_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `message_counts` (day, state, user_type_id, payment_method, claimed_by, has_link, n)
    VALUES (new.created_at / 86400, new.state, coalesce(new.user_type_id, 0), coalesce(new.payment_method, ''),
      coalesce(new.claimed_by, 0), new.has_link, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
CREATE TRIGGER `message_counts_delete` AFTER DELETE ON `contact_submissions` BEGIN
  UPDATE `message_counts` SET n = n - 1
    WHERE day = old.created_at / 86400 AND state = old.state AND user_type_id = coalesce(old.user_type_id, 0)
      AND payment_method = coalesce(old.payment_method, '') AND claimed_by = coalesce(old.claimed_by, 0)
      AND has_link = old.has_link;
END;--> statement-breakpoint
CREATE TRIGGER `message_counts_update` AFTER UPDATE OF created_at, state, user_type_id, payment_method, claimed_by, has_link ON `contact_submissions` BEGIN
  UPDATE `message_counts` SET n = n - 1
    WHERE day = old.created_at / 86400 AND state = old.state AND user_type_id = coalesce(old.user_type_id, 0)
      AND payment_method = coalesce(old.payment_method, '') AND claimed_by = coalesce(old.claimed_by, 0)
      AND has_link = old.has_link;
  INSERT INTO `message_counts` (day, state, user_type_id, payment_method, claimed_by, has_link, n)
    VALUES (new.created_at / 86400, new.state, coalesce(new.user_type_id, 0), coalesce(new.payment_method, ''),
      coalesce(new.claimed_by, 0), new.has_link, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
