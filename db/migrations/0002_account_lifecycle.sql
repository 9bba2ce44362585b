CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_deliveries` (
	`key` text PRIMARY KEY NOT NULL,
	`sent_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`subject_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`enqueued_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_events_pending_idx` ON `mail_events` (`enqueued_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `rejected_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `users` ADD `rejected_at` integer;--> statement-breakpoint
CREATE INDEX `users_approved_idx` ON `users` (`is_approved`,`approved_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_processed_idx` ON `contact_submissions` (`is_processed`,`processed_at`);