CREATE TABLE `message_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`body` text(5000) NOT NULL,
	`submission_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "message_reply_body_length" CHECK(length("message_replies"."body") <= 5000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_replies_submission_key_unique` ON `message_replies` (`submission_key`);--> statement-breakpoint
CREATE INDEX `message_replies_contact_idx` ON `message_replies` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `staff_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer,
	`user_id` integer,
	`author_id` integer NOT NULL,
	`body` text(5000) NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "staff_note_body_length" CHECK(length("staff_notes"."body") <= 5000),
	CONSTRAINT "staff_note_one_subject" CHECK(("staff_notes"."contact_id" IS NULL) <> ("staff_notes"."user_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `staff_notes_contact_idx` ON `staff_notes` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `staff_notes_user_idx` ON `staff_notes` (`user_id`,`created_at`);