-- The queue's state inside the search index (docs/decisions/161): a sixth column holds each message's
-- state, so the index itself answers "the messages in this state that hold these words" ("token" among
-- Spam merges two of the index's lists, in C, instead of joining 166,663 matches to the messages to learn
-- that none is Spam). A change of state indexes the message again: the trigger fires only when a column
-- the index holds changes.
-- The state is indexed as its first letter between two U+0001 characters: one trigram no query can hold,
-- as a query's control characters are dropped (app/lib/search-query.ts), so "new" or "spam" typed in a
-- search box never matches a message's state, with no column filter on the words (which read the index's
-- lists more slowly). The index's content is a view that writes the state so (an external-content index
-- reads its rows from there to check or rebuild itself), and the triggers write it the same way.
-- A later migration that rebuilds `contact_submissions` (drizzle-kit's copy, DROP and RENAME) must drop
-- this view and the table's triggers first and create them again after: SQLite refuses the RENAME while
-- the view names the table (db/schema/contacts.ts says so beside the table).
-- The index is built again as migration 0017 built it, in chunks of 100,000 ids, none near D1's limit on
-- a statement; the triggers come after the rows.
DROP TRIGGER `messages_search_insert`;--> statement-breakpoint
DROP TRIGGER `messages_search_delete`;--> statement-breakpoint
DROP TRIGGER `messages_search_update`;--> statement-breakpoint
DROP TABLE `messages_search`;--> statement-breakpoint
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
END;
