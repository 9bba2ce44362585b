-- The admin door hardened: "Confirm it's you" keeps the interrupted action on the server and a reset of
-- second factors needs an emailed enrolment link; a sign-in ticket is bound to its cookie and a new password
-- ends waiting ones; audit entries name the key of their HMAC; passkeys keep their signature counter.
-- Existing rows need nothing: every new column is empty or 0.
CREATE TABLE `interrupted_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`intent` text NOT NULL,
	`target` text,
	`next` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interrupted_actions_session_idx` ON `interrupted_actions` (`session_id`);--> statement-breakpoint
CREATE INDEX `interrupted_actions_expires_idx` ON `interrupted_actions` (`expires_at`);--> statement-breakpoint
ALTER TABLE `account_events` ADD `key_id` text;--> statement-breakpoint
ALTER TABLE `auth_challenges` ADD `binding` text;--> statement-breakpoint
ALTER TABLE `passkeys` ADD `sign_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `enrolment_allowed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `password_changed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `second_factors_reset_at` integer;