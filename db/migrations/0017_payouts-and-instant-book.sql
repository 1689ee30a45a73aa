-- Issue 18 (decision 023): hosts' Stripe Connect accounts, the payouts ledger and its reversals; admin refunds
-- (refunds' kind and reason); instant book on listings and bookings. The audit log, notifications and refunds are
-- rebuilt for their wider CHECKs; bookings and cars only gain columns in place (a rebuild of bookings would drop the
-- overlap triggers of 0001).
CREATE TABLE `payout_accounts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`stripe_account_id` text NOT NULL,
	`business_type` text NOT NULL,
	`status` text DEFAULT 'details_needed' NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`requirements_due` text DEFAULT '[]' NOT NULL,
	`disabled_reason` text,
	`stripe_state_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payout_accounts_business_type" CHECK(business_type in ('individual', 'company')),
	CONSTRAINT "payout_accounts_status" CHECK(status in ('details_needed', 'in_review', 'enabled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_stripe_unique` ON `payout_accounts` (`stripe_account_id`);--> statement-breakpoint
CREATE TABLE `payout_reversals` (
	`id` text PRIMARY KEY NOT NULL,
	`payout_id` text NOT NULL,
	`refund_id` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`idempotency_key` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`stripe_reversal_id` text,
	`succeeded_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payout_reversals_status" CHECK(status in ('pending', 'netted', 'succeeded', 'failed')),
	CONSTRAINT "payout_reversals_amount" CHECK("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_reversals_refund_unique` ON `payout_reversals` (`refund_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payout_reversals_idempotency_key_unique` ON `payout_reversals` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payout_reversals_payout_idx` ON `payout_reversals` (`payout_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`host_id` text NOT NULL,
	`gross` integer NOT NULL,
	`host_share` integer NOT NULL,
	`claim_kept` integer DEFAULT 0 NOT NULL,
	`amount` integer NOT NULL,
	`sent_amount` integer,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`idempotency_key` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`sending_since` integer,
	`stripe_transfer_id` text,
	`settled_at` integer NOT NULL,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payouts_status" CHECK(status in ('waiting_for_account', 'scheduled', 'sending', 'paid', 'failed')),
	CONSTRAINT "payouts_amounts" CHECK("host_share" between 0 and "gross" and "claim_kept" >= 0 and "amount" = "host_share" + "claim_kept"),
	CONSTRAINT "payouts_sent_amount" CHECK("sent_amount" is null or "sent_amount" between 0 and "amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_booking_unique` ON `payouts` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_idempotency_key_unique` ON `payouts` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payouts_host_idx` ON `payouts` (`host_id`,`settled_at`);--> statement-breakpoint
CREATE INDEX `payouts_status_idx` ON `payouts` (`status`,`next_attempt_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`details` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_log_action" CHECK(action in ('approve_listing', 'reject_listing', 'edit_listing', 'create_package', 'edit_package', 'delete_package', 'approve_verification', 'reject_verification', 'handle_contact', 'decide_claim', 'retry_refund', 'refund_booking', 'retry_payout')),
	CONSTRAINT "audit_log_target_type" CHECK(target_type in ('car', 'insurance_package', 'user', 'contact_message', 'claim', 'refund', 'booking', 'payout'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "actor_id", "actor_email", "action", "target_type", "target_id", "details", "created_at") SELECT "id", "actor_id", "actor_email", "action", "target_type", "target_id", "details", "created_at" FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`,`created_at`);--> statement-breakpoint
-- The price-drop triggers (0005) write notifications: they go while the table is rebuilt, and come back unchanged.
DROP TRIGGER `cars_price_drop_daily`;--> statement-breakpoint
DROP TRIGGER `cars_price_drop_sale`;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text,
	`message` text,
	`data` text,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_type" CHECK(type in ('booking_requested', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'booking_completed', 'booking_expired', 'new_message', 'price_drop', 'new_listing', 'saved_search_match', 'review_received', 'listing_approved', 'listing_rejected', 'verification_approved', 'verification_rejected', 'system', 'trip_check_in', 'trip_check_out', 'trip_record_confirmed', 'trip_record_disputed', 'trip_check_in_overdue', 'deposit_returned', 'claim_filed', 'claim_answered', 'claim_decided', 'payout_sent', 'payout_failed'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "type", "title", "message", "data", "read", "created_at") SELECT "id", "user_id", "type", "title", "message", "data", "read", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`) WHERE read = 0;--> statement-breakpoint
CREATE TRIGGER `cars_price_drop_daily` AFTER UPDATE OF daily_price ON `cars`
WHEN old.daily_price IS NOT NULL AND new.daily_price IS NOT NULL AND new.daily_price < old.daily_price
  AND new.status = 'approved' AND new.available = 1
BEGIN
  INSERT INTO `notifications` (id, user_id, type, data, read, created_at)
  SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
    f.user_id, 'price_drop',
    json_object('car_id', new.id, 'car_make', new.make, 'car_model', new.model,
      'old_price', old.daily_price, 'new_price', new.daily_price, 'price_kind', 'daily'),
    0, cast(unixepoch('subsec') * 1000 AS integer)
  FROM `favorites` AS f
  WHERE f.car_id = new.id AND f.user_id <> new.owner_id;
END;--> statement-breakpoint
CREATE TRIGGER `cars_price_drop_sale` AFTER UPDATE OF sale_price ON `cars`
WHEN old.sale_price IS NOT NULL AND new.sale_price IS NOT NULL AND new.sale_price < old.sale_price
  AND new.status = 'approved' AND new.available = 1
BEGIN
  INSERT INTO `notifications` (id, user_id, type, data, read, created_at)
  SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
    f.user_id, 'price_drop',
    json_object('car_id', new.id, 'car_make', new.make, 'car_model', new.model,
      'old_price', old.sale_price, 'new_price', new.sale_price, 'price_kind', 'sale'),
    0, cast(unixepoch('subsec') * 1000 AS integer)
  FROM `favorites` AS f
  WHERE f.car_id = new.id AND f.user_id <> new.owner_id;
END;--> statement-breakpoint
CREATE TABLE `__new_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`idempotency_key` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`stripe_refund_id` text,
	`succeeded_at` integer,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "refunds_kind" CHECK(kind in ('cancellation', 'deposit', 'admin')),
	CONSTRAINT "refunds_status" CHECK(status in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount" CHECK("amount" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_refunds`("id", "booking_id", "kind", "amount", "status", "idempotency_key", "attempts", "last_error", "next_attempt_at", "stripe_refund_id", "succeeded_at", "reason", "created_at") SELECT "id", "booking_id", "kind", "amount", "status", "idempotency_key", "attempts", "last_error", "next_attempt_at", "stripe_refund_id", "succeeded_at", NULL, "created_at" FROM `refunds`;--> statement-breakpoint
DROP TABLE `refunds`;--> statement-breakpoint
ALTER TABLE `__new_refunds` RENAME TO `refunds`;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_booking_kind_unique` ON `refunds` (`booking_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_key_unique` ON `refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_due_idx` ON `refunds` (`next_attempt_at`) WHERE status <> 'succeeded';--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `bookings` ADD `instant_book` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `cars` ADD `instant_book` integer DEFAULT false NOT NULL;