CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`details` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_log_action" CHECK(action in ('approve_listing', 'reject_listing', 'edit_listing', 'create_package', 'edit_package', 'delete_package', 'approve_verification', 'reject_verification', 'handle_contact')),
	CONSTRAINT "audit_log_target_type" CHECK(target_type in ('car', 'insurance_package', 'user', 'contact_message'))
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `newsletter_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`language` text DEFAULT 'lt' NOT NULL,
	`token_hash` text NOT NULL,
	`token_expires_at` integer NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "newsletter_subscriptions_email_lowercase" CHECK("newsletter_subscriptions"."email" = lower("newsletter_subscriptions"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_email_unique` ON `newsletter_subscriptions` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_token_unique` ON `newsletter_subscriptions` (`token_hash`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `language` text DEFAULT 'lt' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_by` text REFERENCES users(id) ON DELETE SET NULL;