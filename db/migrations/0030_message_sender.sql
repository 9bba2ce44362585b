ALTER TABLE `contact_submissions` ADD `sender_id` integer;--> statement-breakpoint
CREATE INDEX `contact_submissions_sender_idx` ON `contact_submissions` (`sender_id`,`created_at`);