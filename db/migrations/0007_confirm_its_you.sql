-- Issue 23: "Confirm it's you" resumes only what the server stored; enrolment after a reset of the second
-- factors needs the emailed link. Existing rows need nothing: no stored action, no reset pending.
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
ALTER TABLE `users` ADD `second_factors_reset_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `enrolment_allowed_at` integer;
