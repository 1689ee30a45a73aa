-- The return clock (decision 022, 2026-11-29): the notifications of a trip nobody checked out a day after its end,
-- of one the job completed without a check-out, and of a claim on an unconfirmed odometer handed to an admin (the
-- table is rebuilt for its wider CHECK); `check_out_overdue_at`, so both parties are told of the missing check-out
-- once; and an index of active trips by their end, which the job reads every ten minutes.
-- The price-drop triggers (0005) write notifications: they go while the table is rebuilt, and come back unchanged.
DROP TRIGGER `cars_price_drop_daily`;--> statement-breakpoint
DROP TRIGGER `cars_price_drop_sale`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
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
	CONSTRAINT "notifications_type" CHECK(type in ('booking_requested', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'booking_completed', 'booking_expired', 'new_message', 'price_drop', 'new_listing', 'saved_search_match', 'review_received', 'listing_approved', 'listing_rejected', 'verification_approved', 'verification_rejected', 'system', 'trip_check_in', 'trip_check_out', 'trip_record_confirmed', 'trip_record_disputed', 'trip_check_in_overdue', 'deposit_returned', 'claim_filed', 'claim_answered', 'claim_decided', 'payout_sent', 'payout_failed', 'trip_check_out_overdue', 'trip_auto_completed', 'claim_referred'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "type", "title", "message", "data", "read", "created_at") SELECT "id", "user_id", "type", "title", "message", "data", "read", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
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
ALTER TABLE `bookings` ADD `check_out_overdue_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_active_end_idx` ON `bookings` (`end_date`) WHERE status = 'active';
