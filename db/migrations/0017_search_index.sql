-- Search as an index (docs/decisions/155-search-is-an-index.md): one FTS5 table over the messages and
-- one over the people, each an external-content index of its table (the text is stored once, in the
-- table), kept in step by triggers. Trigram tokens: a query matches any substring of 3 characters or
-- more, in any script (Chinese and Japanese have no spaces between words), with accents ignored.
CREATE VIRTUAL TABLE `messages_search` USING fts5(
  first_name, last_name, email, company, message,
  content='contact_submissions', content_rowid='id',
  tokenize='trigram remove_diacritics 1', detail='full'
);--> statement-breakpoint
CREATE VIRTUAL TABLE `people_search` USING fts5(
  first_name, last_name, email, company,
  content='users', content_rowid='id',
  tokenize='trigram remove_diacritics 1', detail='full'
);--> statement-breakpoint
-- The rows that exist now, in chunks of 100,000 ids, so no statement comes near D1's 30 s limit: on a
-- million messages one 'rebuild' took 63 s here, the longest chunk 10 s (docs/decisions/155). The last
-- statement takes every id past the chunks. They run before the triggers exist, in this one migration.
INSERT INTO `people_search`(rowid, first_name, last_name, email, company)
  SELECT id, first_name, last_name, email, company FROM `users`;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id <= 100000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 100000 AND id <= 200000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 200000 AND id <= 300000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 300000 AND id <= 400000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 400000 AND id <= 500000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 500000 AND id <= 600000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 600000 AND id <= 700000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 700000 AND id <= 800000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 800000 AND id <= 900000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 900000 AND id <= 1000000;--> statement-breakpoint
INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
  SELECT id, first_name, last_name, email, company, message FROM `contact_submissions` WHERE id > 1000000;--> statement-breakpoint
CREATE TRIGGER `messages_search_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
    VALUES (new.id, new.first_name, new.last_name, new.email, new.company, new.message);
END;--> statement-breakpoint
CREATE TRIGGER `messages_search_delete` AFTER DELETE ON `contact_submissions` BEGIN
  INSERT INTO `messages_search`(`messages_search`, rowid, first_name, last_name, email, company, message)
    VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company, old.message);
END;--> statement-breakpoint
CREATE TRIGGER `messages_search_update` AFTER UPDATE OF first_name, last_name, email, company, message ON `contact_submissions` BEGIN
  INSERT INTO `messages_search`(`messages_search`, rowid, first_name, last_name, email, company, message)
    VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company, old.message);
  INSERT INTO `messages_search`(rowid, first_name, last_name, email, company, message)
    VALUES (new.id, new.first_name, new.last_name, new.email, new.company, new.message);
END;--> statement-breakpoint
CREATE TRIGGER `people_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `people_search`(rowid, first_name, last_name, email, company)
    VALUES (new.id, new.first_name, new.last_name, new.email, new.company);
END;--> statement-breakpoint
CREATE TRIGGER `people_search_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `people_search`(`people_search`, rowid, first_name, last_name, email, company)
    VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company);
END;--> statement-breakpoint
CREATE TRIGGER `people_search_update` AFTER UPDATE OF first_name, last_name, email, company ON `users` BEGIN
  INSERT INTO `people_search`(`people_search`, rowid, first_name, last_name, email, company)
    VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company);
  INSERT INTO `people_search`(rowid, first_name, last_name, email, company)
    VALUES (new.id, new.first_name, new.last_name, new.email, new.company);
END;
