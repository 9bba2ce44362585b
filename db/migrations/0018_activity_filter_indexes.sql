CREATE INDEX `account_events_actor_email_idx` ON `account_events` (`actor_email_sha256`,`at`);--> statement-breakpoint
CREATE INDEX `account_events_action_idx` ON `account_events` (`action`,`at`);