CREATE TABLE `listing_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_drafts_owner_idx` ON `listing_drafts` (`owner_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `listing_drafts_updated_idx` ON `listing_drafts` (`updated_at`);--> statement-breakpoint
CREATE TABLE `verification_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`storage_key` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`file_name` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "verification_documents_kind" CHECK(kind in ('identity', 'driving_licence', 'company_registration', 'representative_identity'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verification_documents_user_kind_unique` ON `verification_documents` (`user_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `verification_documents_key_unique` ON `verification_documents` (`storage_key`);--> statement-breakpoint
ALTER TABLE `cars` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `verification_submitted_at` integer;