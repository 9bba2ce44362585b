CREATE TABLE `audit_emails` (
	`sha256` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `account_events` ADD `actor_email_sha256` text;--> statement-breakpoint
ALTER TABLE `account_events` ADD `prev_hash` text;--> statement-breakpoint
ALTER TABLE `account_events` ADD `hash` text;--> statement-breakpoint
CREATE INDEX `account_events_at_idx` ON `account_events` (`at`);