PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contact_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text(100) NOT NULL,
	`last_name` text(100) NOT NULL,
	`email` text(255) NOT NULL,
	`company` text(200),
	`phone` text(20),
	`user_type_id` integer,
	`message` text NOT NULL,
	`payment_method` text,
	`is_processed` integer DEFAULT false NOT NULL,
	`processed_by` integer,
	`processed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_type_id`) REFERENCES `user_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`processed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contact_first_name_length" CHECK(length("__new_contact_submissions"."first_name") <= 100),
	CONSTRAINT "contact_last_name_length" CHECK(length("__new_contact_submissions"."last_name") <= 100),
	CONSTRAINT "contact_email_length" CHECK(length("__new_contact_submissions"."email") <= 255),
	CONSTRAINT "contact_company_length" CHECK("__new_contact_submissions"."company" IS NULL OR length("__new_contact_submissions"."company") <= 200),
	CONSTRAINT "contact_phone_length" CHECK("__new_contact_submissions"."phone" IS NULL OR length("__new_contact_submissions"."phone") <= 20),
	CONSTRAINT "contact_payment_method" CHECK("__new_contact_submissions"."payment_method" IS NULL OR "__new_contact_submissions"."payment_method" IN ('BTC', 'SOL', 'USDT'))
);
--> statement-breakpoint
INSERT INTO `__new_contact_submissions`("id", "first_name", "last_name", "email", "company", "phone", "user_type_id", "message", "payment_method", "is_processed", "processed_by", "processed_at", "created_at") SELECT "id", "first_name", "last_name", "email", "company", "phone", "user_type_id", "message", "payment_method", "is_processed", "processed_by", "processed_at", "created_at" FROM `contact_submissions`;--> statement-breakpoint
DROP TABLE `contact_submissions`;--> statement-breakpoint
ALTER TABLE `__new_contact_submissions` RENAME TO `contact_submissions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `contact_submissions_unprocessed_idx` ON `contact_submissions` (`is_processed`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_processed_idx` ON `contact_submissions` (`is_processed`,`processed_at`);