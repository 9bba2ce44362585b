CREATE TABLE `contact_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text(100) NOT NULL,
	`last_name` text(100) NOT NULL,
	`email` text(255) NOT NULL,
	`company` text(200),
	`phone` text(20),
	`user_type_id` integer,
	`message` text NOT NULL,
	`is_processed` integer DEFAULT false NOT NULL,
	`processed_by` integer,
	`processed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_type_id`) REFERENCES `user_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`processed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contact_first_name_length" CHECK(length("contact_submissions"."first_name") <= 100),
	CONSTRAINT "contact_last_name_length" CHECK(length("contact_submissions"."last_name") <= 100),
	CONSTRAINT "contact_email_length" CHECK(length("contact_submissions"."email") <= 255),
	CONSTRAINT "contact_company_length" CHECK("contact_submissions"."company" IS NULL OR length("contact_submissions"."company") <= 200),
	CONSTRAINT "contact_phone_length" CHECK("contact_submissions"."phone" IS NULL OR length("contact_submissions"."phone") <= 20)
);
--> statement-breakpoint
CREATE INDEX `contact_submissions_unprocessed_idx` ON `contact_submissions` (`is_processed`,`created_at`);--> statement-breakpoint
CREATE TABLE `login_failures` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(50) NOT NULL,
	`description` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "user_types_name_length" CHECK(length("user_types"."name") <= 50)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_types_name_unique` ON `user_types` (`name`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text(255) NOT NULL,
	`password` text NOT NULL,
	`first_name` text(100) NOT NULL,
	`last_name` text(100) NOT NULL,
	`company` text(200),
	`phone` text(20),
	`user_type_id` integer,
	`is_approved` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`approved_by` integer,
	`approved_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_type_id`) REFERENCES `user_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "users_email_length" CHECK(length("users"."email") <= 255),
	CONSTRAINT "users_first_name_length" CHECK(length("users"."first_name") <= 100),
	CONSTRAINT "users_last_name_length" CHECK(length("users"."last_name") <= 100),
	CONSTRAINT "users_company_length" CHECK("users"."company" IS NULL OR length("users"."company") <= 200),
	CONSTRAINT "users_phone_length" CHECK("users"."phone" IS NULL OR length("users"."phone") <= 20)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_pending_idx` ON `users` (`is_approved`,`created_at`);