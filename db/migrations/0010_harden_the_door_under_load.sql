CREATE TABLE `confirm_failures` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_failed_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `factor_removals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`factor` text NOT NULL,
	`passkey_id` text,
	`totp_confirmed_at` integer,
	`mail_event_id` text NOT NULL,
	`token_hash` text,
	`with_recovery_codes` integer DEFAULT false NOT NULL,
	`wrong_passwords` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`passkey_id`) REFERENCES `passkeys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `factor_removals_mail_event_id_unique` ON `factor_removals` (`mail_event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `factor_removals_token_hash_unique` ON `factor_removals` (`token_hash`);--> statement-breakpoint
CREATE INDEX `factor_removals_user_idx` ON `factor_removals` (`user_id`);--> statement-breakpoint
CREATE TABLE `sign_in_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`client` text,
	`factor` text NOT NULL,
	`at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sign_in_failures_user_idx` ON `sign_in_failures` (`user_id`,`client`,`at`);--> statement-breakpoint
DROP TABLE `login_failures`;--> statement-breakpoint
ALTER TABLE `code_attempts` ADD `succeeded` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `code_attempts` ADD `notices` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `code_attempts_client_idx` ON `code_attempts` (`user_id`,`client`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `confirm_claims` integer DEFAULT 0 NOT NULL;