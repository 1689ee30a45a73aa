CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
-- Written as a column constraint (not drizzle-kit's table rebuild) so the bookings table keeps its overlap triggers.
ALTER TABLE `bookings` ADD `cancel_reason` text CONSTRAINT "bookings_cancel_reason" CHECK(cancel_reason is null or cancel_reason in ('declined', 'cancelled_by_renter', 'cancelled_by_host', 'expired', 'payment_failed', 'overlapped'));--> statement-breakpoint
ALTER TABLE `profiles` ADD `preferred_language` text DEFAULT 'lt' NOT NULL;
