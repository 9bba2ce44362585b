CREATE TABLE `passkey_removals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`passkey_id` text NOT NULL,
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
CREATE UNIQUE INDEX `passkey_removals_mail_event_id_unique` ON `passkey_removals` (`mail_event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `passkey_removals_token_hash_unique` ON `passkey_removals` (`token_hash`);--> statement-breakpoint
CREATE INDEX `passkey_removals_user_idx` ON `passkey_removals` (`user_id`);