-- The search box's short words alone are whole names or companies (docs/decisions/160): one lookup each in
-- these. On 200,000 accounts each index takes well under a second.
CREATE INDEX `users_first_name_idx` ON `users` ("first_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `users_last_name_idx` ON `users` ("last_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` ("company" COLLATE NOCASE);