CREATE TABLE `inbound_mail` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text NOT NULL,
	`answer_id` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "inbound_mail_outcome" CHECK("inbound_mail"."outcome" IN ('stored', 'refused', 'dropped'))
);
--> statement-breakpoint
CREATE INDEX `inbound_mail_sender_idx` ON `inbound_mail` (`from_address`,`created_at`);--> statement-breakpoint
CREATE INDEX `inbound_mail_created_idx` ON `inbound_mail` (`created_at`);--> statement-breakpoint
CREATE TABLE `message_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`channel` text NOT NULL,
	`from_address` text(255) NOT NULL,
	`from_sender` integer NOT NULL,
	`body` text(10000) NOT NULL,
	`attachments_refused` integer DEFAULT 0 NOT NULL,
	`mail_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "message_answer_body_length" CHECK(length("message_answers"."body") <= 10000),
	CONSTRAINT "message_answer_channel" CHECK("message_answers"."channel" IN ('email', 'site'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_answers_mail_id_unique` ON `message_answers` (`mail_id`);--> statement-breakpoint
CREATE INDEX `message_answers_contact_idx` ON `message_answers` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `thread_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`contact_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `thread_links_contact_idx` ON `thread_links` (`contact_id`);--> statement-breakpoint
CREATE INDEX `thread_links_expires_idx` ON `thread_links` (`expires_at`);--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `sender_id` integer;--> statement-breakpoint
CREATE INDEX `contact_submissions_sender_idx` ON `contact_submissions` (`sender_id`,`created_at`);