ALTER TABLE `contact_submissions` ADD `state` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `claimed_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `claimed_at` integer;--> statement-breakpoint
CREATE INDEX `contact_submissions_state_idx` ON `contact_submissions` (`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_submissions_claimed_idx` ON `contact_submissions` (`claimed_by`,`state`);