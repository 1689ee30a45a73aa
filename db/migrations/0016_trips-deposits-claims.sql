-- Trips that really happen (issue 17, decision 022): the two ends of a trip recorded with photos, the deposit held
-- until the claim window closes, the host's claim on it, and every refund written down before it is sent. The new
-- booking and car columns are added in place (a rebuild of bookings would drop its overlap triggers); the audit log
-- and notifications are rebuilt for their wider CHECKs.
CREATE TABLE `damage_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`filed_by` text,
	`description` text NOT NULL,
	`amount` integer NOT NULL,
	`categories` text NOT NULL,
	`excess_km` integer DEFAULT 0 NOT NULL,
	`late_hours` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'awaiting_renter' NOT NULL,
	`respond_by` integer NOT NULL,
	`renter_note` text,
	`responded_at` integer,
	`decided_amount` integer,
	`decision_reason` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`filed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "damage_claims_status" CHECK(status in ('awaiting_renter', 'accepted', 'lapsed', 'disputed', 'decided')),
	CONSTRAINT "damage_claims_amount" CHECK("damage_claims"."amount" > 0),
	CONSTRAINT "damage_claims_decided_amount" CHECK("damage_claims"."decided_amount" is null or "damage_claims"."decided_amount" between 0 and "damage_claims"."amount"),
	CONSTRAINT "damage_claims_description_length" CHECK(length("damage_claims"."description") between 1 and 2000),
	CONSTRAINT "damage_claims_renter_note_length" CHECK("damage_claims"."renter_note" is null or length("damage_claims"."renter_note") <= 2000),
	CONSTRAINT "damage_claims_reason_length" CHECK("damage_claims"."decision_reason" is null or length("damage_claims"."decision_reason") <= 2000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `damage_claims_booking_unique` ON `damage_claims` (`booking_id`);--> statement-breakpoint
CREATE INDEX `damage_claims_status_idx` ON `damage_claims` (`status`,`respond_by`);--> statement-breakpoint
CREATE TABLE `refunds` (
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
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "refunds_kind" CHECK(kind in ('cancellation', 'deposit')),
	CONSTRAINT "refunds_status" CHECK(status in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount" CHECK("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_booking_kind_unique` ON `refunds` (`booking_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_key_unique` ON `refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_due_idx` ON `refunds` (`next_attempt_at`) WHERE status <> 'succeeded';--> statement-breakpoint
CREATE TABLE `trip_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`subject` text NOT NULL,
	`angle` text DEFAULT 'other' NOT NULL,
	`uploaded_by` text,
	`storage_key` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "trip_photos_subject" CHECK(subject in ('check_in', 'check_out', 'claim', 'dispute')),
	CONSTRAINT "trip_photos_angle" CHECK(angle in ('front', 'back', 'left', 'right', 'other'))
);
--> statement-breakpoint
CREATE INDEX `trip_photos_booking_idx` ON `trip_photos` (`booking_id`,`subject`,`position`);--> statement-breakpoint
CREATE TABLE `trip_records` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`kind` text NOT NULL,
	`recorded_by` text,
	`odometer_km` integer NOT NULL,
	`fuel_level` integer NOT NULL,
	`note` text,
	`recorded_at` integer NOT NULL,
	`confirmed_by` text,
	`confirmed_at` integer,
	`disagreement` text,
	`disagreed_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "trip_records_kind" CHECK(kind in ('check_in', 'check_out')),
	CONSTRAINT "trip_records_odometer" CHECK("trip_records"."odometer_km" between 0 and 9999999),
	CONSTRAINT "trip_records_fuel_level" CHECK("trip_records"."fuel_level" between 0 and 8),
	CONSTRAINT "trip_records_note_length" CHECK("trip_records"."note" is null or length("trip_records"."note") <= 1000),
	CONSTRAINT "trip_records_disagreement_length" CHECK("trip_records"."disagreement" is null or length("trip_records"."disagreement") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trip_records_booking_kind_unique` ON `trip_records` (`booking_id`,`kind`);--> statement-breakpoint
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
	CONSTRAINT "audit_log_action" CHECK(action in ('approve_listing', 'reject_listing', 'edit_listing', 'create_package', 'edit_package', 'delete_package', 'approve_verification', 'reject_verification', 'handle_contact', 'decide_claim', 'retry_refund')),
	CONSTRAINT "audit_log_target_type" CHECK(target_type in ('car', 'insurance_package', 'user', 'contact_message', 'claim', 'refund'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "actor_id", "actor_email", "action", "target_type", "target_id", "details", "created_at") SELECT "id", "actor_id", "actor_email", "action", "target_type", "target_id", "details", "created_at" FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
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
	CONSTRAINT "notifications_type" CHECK(type in ('booking_requested', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'booking_completed', 'booking_expired', 'new_message', 'price_drop', 'new_listing', 'saved_search_match', 'review_received', 'listing_approved', 'listing_rejected', 'verification_approved', 'verification_rejected', 'system', 'trip_check_in', 'trip_check_out', 'trip_record_confirmed', 'trip_record_disputed', 'trip_check_in_overdue', 'deposit_returned', 'claim_filed', 'claim_answered', 'claim_decided'))
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
ALTER TABLE `bookings` ADD `cancellation_policy` text DEFAULT '24_hours' NOT NULL CONSTRAINT "bookings_cancellation_policy" CHECK("cancellation_policy" in ('24_hours', '48_hours', '72_hours', 'no_cancellation'));--> statement-breakpoint
ALTER TABLE `bookings` ADD `deposit_status` text DEFAULT 'none' NOT NULL CONSTRAINT "bookings_deposit_status" CHECK("deposit_status" in ('none', 'held', 'claimed', 'returned', 'partly_kept', 'kept'));--> statement-breakpoint
ALTER TABLE `bookings` ADD `deposit_kept` integer DEFAULT 0 NOT NULL CONSTRAINT "bookings_deposit_kept" CHECK("deposit_kept" between 0 and "deposit_amount");--> statement-breakpoint
ALTER TABLE `bookings` ADD `claim_window_ends_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `check_in_overdue_at` integer;--> statement-breakpoint
-- Bookings made before the policy moved to the listing keep the one their agreement named.
UPDATE `bookings` SET `cancellation_policy` = (SELECT `cancellation_policy` FROM `rental_agreements` WHERE `rental_agreements`.`booking_id` = `bookings`.`id`) WHERE EXISTS (SELECT 1 FROM `rental_agreements` WHERE `rental_agreements`.`booking_id` = `bookings`.`id`);--> statement-breakpoint
CREATE INDEX `bookings_deposit_window_idx` ON `bookings` (`claim_window_ends_at`) WHERE deposit_status = 'held' and claim_window_ends_at is not null;--> statement-breakpoint
-- Bookings paid before this release hold their deposit with the payment: it is theirs to return after the trip.
UPDATE `bookings` SET `deposit_status` = 'held' WHERE `payment_status` = 'captured' AND `deposit_amount` > 0 AND `status` IN ('confirmed', 'active', 'completed');--> statement-breakpoint
-- Completed trips from before check-out existed: their claim window starts now, so the job returns their deposits
-- a day after the deploy (the 'now' of a migration is the time it runs).
UPDATE `bookings` SET `claim_window_ends_at` = (CAST((julianday('now') - 2440587.5) * 86400000 AS integer) + 86400000) WHERE `status` = 'completed' AND `deposit_status` = 'held';--> statement-breakpoint
-- Cancelled bookings whose payment was taken and not yet given back (a refund that failed before): the refunds table
-- owes it now, under the key the earlier attempts used, so a refund Stripe already made is not made twice.
INSERT INTO `refunds` (`id`, `booking_id`, `kind`, `amount`, `status`, `idempotency_key`, `attempts`, `created_at`)
SELECT lower(hex(randomblob(16))), `id`, 'cancellation', `total_amount`, 'pending', 'refund-' || `id`, 0, CAST((julianday('now') - 2440587.5) * 86400000 AS integer)
FROM `bookings` WHERE `status` = 'cancelled' AND `payment_status` = 'captured';--> statement-breakpoint
ALTER TABLE `cars` ADD `cancellation_policy` text DEFAULT '24_hours' NOT NULL CONSTRAINT "cars_cancellation_policy" CHECK("cancellation_policy" in ('24_hours', '48_hours', '72_hours', 'no_cancellation'));--> statement-breakpoint
ALTER TABLE `rental_agreements` ADD `excess_km_fee` integer DEFAULT 20 NOT NULL;