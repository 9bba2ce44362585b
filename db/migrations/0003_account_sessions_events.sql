CREATE TABLE `account_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (unixepoch()) NOT NULL,
	`actor_id` integer,
	`subject_id` integer,
	`action` text NOT NULL,
	`outcome` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`country` text,
	`request_id` text
);
--> statement-breakpoint
CREATE INDEX `account_events_subject_idx` ON `account_events` (`subject_id`,`at`);--> statement-breakpoint
CREATE INDEX `account_events_actor_idx` ON `account_events` (`actor_id`,`at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`user_agent` text,
	`country` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`,`created_at`);