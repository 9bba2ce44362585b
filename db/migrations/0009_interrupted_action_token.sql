DROP TABLE `interrupted_actions`;--> statement-breakpoint
CREATE TABLE `interrupted_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`intent` text NOT NULL,
	`target` text,
	`next` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interrupted_actions_session_idx` ON `interrupted_actions` (`session_id`);--> statement-breakpoint
CREATE INDEX `interrupted_actions_expires_idx` ON `interrupted_actions` (`expires_at`);
