-- A message's state held to the table of states (app/lib/message-states.ts, docs/decisions/169): CHECK
-- contact_state lists the states, CHECK contact_closed keeps `is_processed` true exactly for the closed
-- ones, so the queue may read "open" from its index on `is_processed`. SQLite adds a CHECK only by
-- rebuilding the table (drizzle-kit's copy, DROP and RENAME), which the search index's content view
-- forbids while it names the table; and the view cannot be created again beside the index, whose shadow
-- tables' names it shares. So, as migration 0025 did: the triggers, the index and its view go first, and
-- come back after the rebuild, the index filled again in chunks of 100,000 ids (none near D1's limit on a
-- statement), its triggers after the rows; the triggers of `message_counts` and `message_days` as
-- migrations 0019 and 0022 wrote them. Ids are copied, so those two tables stay as they are.
DROP TRIGGER `messages_search_insert`;--> statement-breakpoint
DROP TRIGGER `messages_search_delete`;--> statement-breakpoint
DROP TRIGGER `messages_search_update`;--> statement-breakpoint
DROP TRIGGER `message_counts_insert`;--> statement-breakpoint
DROP TRIGGER `message_counts_delete`;--> statement-breakpoint
DROP TRIGGER `message_counts_update`;--> statement-breakpoint
DROP TRIGGER `message_days_insert`;--> statement-breakpoint
DROP TRIGGER `message_days_update`;--> statement-breakpoint
DROP TABLE `messages_search`;--> statement-breakpoint
DROP VIEW `messages_search_content`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contact_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text(100) NOT NULL,
	`last_name` text(100) NOT NULL,
	`email` text(255) NOT NULL,
	`company` text(200),
	`phone` text(20),
	`user_type_id` integer,
	`message` text NOT NULL,
	`payment_method` text,
	`is_processed` integer DEFAULT false NOT NULL,
	`processed_by` integer,
	`processed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`state` text DEFAULT 'new' NOT NULL,
	`claimed_by` integer,
	`claimed_at` integer,
	FOREIGN KEY (`user_type_id`) REFERENCES `user_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`processed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`claimed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contact_first_name_length" CHECK(length("__new_contact_submissions"."first_name") <= 100),
	CONSTRAINT "contact_last_name_length" CHECK(length("__new_contact_submissions"."last_name") <= 100),
	CONSTRAINT "contact_email_length" CHECK(length("__new_contact_submissions"."email") <= 255),
	CONSTRAINT "contact_company_length" CHECK("__new_contact_submissions"."company" IS NULL OR length("__new_contact_submissions"."company") <= 200),
	CONSTRAINT "contact_phone_length" CHECK("__new_contact_submissions"."phone" IS NULL OR length("__new_contact_submissions"."phone") <= 20),
	CONSTRAINT "contact_payment_method" CHECK("__new_contact_submissions"."payment_method" IS NULL OR "__new_contact_submissions"."payment_method" IN ('BTC', 'SOL', 'USDT')),
	CONSTRAINT "contact_state" CHECK("__new_contact_submissions"."state" IN ('new', 'waiting', 'done', 'spam')),
	CONSTRAINT "contact_closed" CHECK("__new_contact_submissions"."is_processed" = ("__new_contact_submissions"."state" IN ('done', 'spam')))
);
--> statement-breakpoint
INSERT INTO `__new_contact_submissions`("id", "first_name", "last_name", "email", "company", "phone", "user_type_id", "message", "payment_method", "is_processed", "processed_by", "processed_at", "created_at", "state", "claimed_by", "claimed_at") SELECT "id", "first_name", "last_name", "email", "company", "phone", "user_type_id", "message", "payment_method", "is_processed", "processed_by", "processed_at", "created_at", "state", "claimed_by", "claimed_at" FROM `contact_submissions`;--> statement-breakpoint
DROP TABLE `contact_submissions`;--> statement-breakpoint
ALTER TABLE `__new_contact_submissions` RENAME TO `contact_submissions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `contact_submissions_unprocessed_idx` ON `contact_submissions` (`is_processed`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_processed_idx` ON `contact_submissions` (`is_processed`,`processed_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_state_idx` ON `contact_submissions` (`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_submissions_claimed_idx` ON `contact_submissions` (`claimed_by`,`state`);--> statement-breakpoint
CREATE INDEX `contact_submissions_facets_idx` ON `contact_submissions` (`id`,`is_processed`,`state`,`user_type_id`,`payment_method`,`claimed_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_first_name_idx` ON `contact_submissions` ("first_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `contact_submissions_last_name_idx` ON `contact_submissions` ("last_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `contact_submissions_company_idx` ON `contact_submissions` ("company" COLLATE NOCASE);--> statement-breakpoint--> statement-breakpoint
CREATE VIEW `messages_search_content` AS
  SELECT id, first_name, last_name, email, company, message, char(1) || substr(contact_submissions.state, 1, 1) || char(1) AS state
  FROM `contact_submissions`;--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_search` USING fts5(
  first_name, last_name, email, company, message, state,
  content='messages_search_content', content_rowid='id',
  tokenize='trigram remove_diacritics 1', detail='full'
);--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id <= 100000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 100000 AND id <= 200000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 200000 AND id <= 300000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 300000 AND id <= 400000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 400000 AND id <= 500000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 500000 AND id <= 600000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 600000 AND id <= 700000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 700000 AND id <= 800000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 800000 AND id <= 900000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 900000 AND id <= 1000000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
  SELECT id, first_name, last_name, email, company, message, state FROM `messages_search_content` WHERE id > 1000000;--> statement-breakpoint
CREATE TRIGGER `messages_search_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
    VALUES (new.id, new.first_name, new.last_name, new.email, new.company, new.message, char(1) || substr(new.state, 1, 1) || char(1));
END;--> statement-breakpoint
CREATE TRIGGER `messages_search_delete` AFTER DELETE ON `contact_submissions` BEGIN
  INSERT INTO `messages_search`(`messages_search`, rowid, first_name, last_name, email, company, message, state)
    VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company, old.message, char(1) || substr(old.state, 1, 1) || char(1));
END;--> statement-breakpoint
CREATE TRIGGER `messages_search_update` AFTER UPDATE OF first_name, last_name, email, company, message, state ON `contact_submissions`
  WHEN old.first_name IS NOT new.first_name OR old.last_name IS NOT new.last_name OR old.email IS NOT new.email
    OR old.company IS NOT new.company OR old.message IS NOT new.message OR old.state IS NOT new.state
BEGIN
  INSERT INTO `messages_search`(`messages_search`, rowid, first_name, last_name, email, company, message, state)
    VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company, old.message, char(1) || substr(old.state, 1, 1) || char(1));
  INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message, state)
    VALUES (new.id, new.first_name, new.last_name, new.email, new.company, new.message, char(1) || substr(new.state, 1, 1) || char(1));
END;--> statement-breakpoint
CREATE TRIGGER `message_counts_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `message_counts` (day, state, user_type_id, payment_method, claimed_by, n)
    VALUES (new.created_at / 86400, new.state, coalesce(new.user_type_id, 0), coalesce(new.payment_method, ''),
      coalesce(new.claimed_by, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
CREATE TRIGGER `message_counts_delete` AFTER DELETE ON `contact_submissions` BEGIN
  UPDATE `message_counts` SET n = n - 1
    WHERE day = old.created_at / 86400 AND state = old.state AND user_type_id = coalesce(old.user_type_id, 0)
      AND payment_method = coalesce(old.payment_method, '') AND claimed_by = coalesce(old.claimed_by, 0);
END;--> statement-breakpoint
CREATE TRIGGER `message_counts_update` AFTER UPDATE OF created_at, state, user_type_id, payment_method, claimed_by ON `contact_submissions` BEGIN
  UPDATE `message_counts` SET n = n - 1
    WHERE day = old.created_at / 86400 AND state = old.state AND user_type_id = coalesce(old.user_type_id, 0)
      AND payment_method = coalesce(old.payment_method, '') AND claimed_by = coalesce(old.claimed_by, 0);
  INSERT INTO `message_counts` (day, state, user_type_id, payment_method, claimed_by, n)
    VALUES (new.created_at / 86400, new.state, coalesce(new.user_type_id, 0), coalesce(new.payment_method, ''),
      coalesce(new.claimed_by, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
CREATE TRIGGER `message_days_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `message_days` (day, first_id, last_id) VALUES (new.created_at / 86400, new.id, new.id)
    ON CONFLICT DO UPDATE SET first_id = min(first_id, excluded.first_id), last_id = max(last_id, excluded.last_id);
END;--> statement-breakpoint
CREATE TRIGGER `message_days_update` AFTER UPDATE OF created_at ON `contact_submissions` BEGIN
  INSERT INTO `message_days` (day, first_id, last_id) VALUES (new.created_at / 86400, new.id, new.id)
    ON CONFLICT DO UPDATE SET first_id = min(first_id, excluded.first_id), last_id = max(last_id, excluded.last_id);
END;
