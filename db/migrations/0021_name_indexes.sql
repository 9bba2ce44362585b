-- Short words alone in the queue's text filter are whole names or companies (docs/decisions/160): one
-- lookup each in these, where holding them as text read every message. On a million messages each
-- index takes a few seconds, well inside D1's limit on a statement.
CREATE INDEX `contact_submissions_first_name_idx` ON `contact_submissions` ("first_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `contact_submissions_last_name_idx` ON `contact_submissions` ("last_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `contact_submissions_company_idx` ON `contact_submissions` ("company" COLLATE NOCASE);