CREATE TABLE `staff_digests` (
	`user_id` integer NOT NULL,
	`slot` integer NOT NULL,
	`claimed_at` integer NOT NULL,
	`contact_mark` integer NOT NULL,
	`user_mark` integer NOT NULL,
	`attempt_at` integer,
	`sent_at` integer,
	PRIMARY KEY(`user_id`, `slot`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_digests_claimed_idx` ON `staff_digests` (`claimed_at`);--> statement-breakpoint
CREATE TABLE `staff_notification_choices` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "staff_notification_mode" CHECK("staff_notification_choices"."mode" IN ('immediate', 'digest', 'none'))
);
