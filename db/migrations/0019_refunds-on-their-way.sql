-- Refunds Stripe accepts and makes later (decision 022, 2026-11-28): the status 'processing' (the money is on its
-- way), and `reissues`, how many times a refund was asked for anew under a key of its own after one Stripe had accepted
-- failed. The table is rebuilt for its wider CHECK (payout_reversals refer to it by name and keep their rows: the
-- migrator turns foreign keys off); `refunds_stripe_idx` finds a row from Stripe's refund events.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
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
	`reissues` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "refunds_kind" CHECK(kind in ('cancellation', 'deposit', 'admin')),
	CONSTRAINT "refunds_status" CHECK(status in ('pending', 'processing', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount" CHECK("amount" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_refunds`("id", "booking_id", "kind", "amount", "status", "idempotency_key", "attempts", "last_error", "next_attempt_at", "stripe_refund_id", "succeeded_at", "reason", "created_at", "reissues") SELECT "id", "booking_id", "kind", "amount", "status", "idempotency_key", "attempts", "last_error", "next_attempt_at", "stripe_refund_id", "succeeded_at", "reason", "created_at", 0 FROM `refunds`;--> statement-breakpoint
DROP TABLE `refunds`;--> statement-breakpoint
ALTER TABLE `__new_refunds` RENAME TO `refunds`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_booking_kind_unique` ON `refunds` (`booking_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_key_unique` ON `refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_due_idx` ON `refunds` (`next_attempt_at`) WHERE status <> 'succeeded';--> statement-breakpoint
CREATE INDEX `refunds_stripe_idx` ON `refunds` (`stripe_refund_id`);