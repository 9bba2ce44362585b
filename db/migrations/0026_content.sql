CREATE TABLE `content_pages` (
	`path` text NOT NULL,
	`version_id` integer NOT NULL,
	`build` text NOT NULL,
	`html` text NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`path`, `version_id`, `build`)
);
--> statement-breakpoint
CREATE TABLE `content_preview_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`revision` integer NOT NULL,
	`created_by` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_revisions` (
	`name` text NOT NULL,
	`revision` integer NOT NULL,
	`data` text NOT NULL,
	`saved_by` integer,
	`saved_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`name`, `revision`)
);
--> statement-breakpoint
CREATE TABLE `content_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`revision` integer NOT NULL,
	`data` text NOT NULL,
	`publish_at` integer NOT NULL,
	`published_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`restores` integer,
	`cancelled_at` integer,
	`cancelled_by` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_versions_name_version` ON `content_versions` (`name`,`version`);--> statement-breakpoint
CREATE INDEX `content_versions_live` ON `content_versions` (`name`,`publish_at`);