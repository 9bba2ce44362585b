ALTER TABLE `passkeys` ADD `sign_count` integer DEFAULT 0 NOT NULL;
