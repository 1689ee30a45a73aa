-- Charges (decision 035): every movement of a payer's money on a booking is a row of its own, with its line items,
-- its Stripe ids and its idempotency key; refunds and payouts name the charge they move. Every booking gets its rental
-- charge, made of the booking's stored figures, with the Stripe ids the booking had; its key is the booking's id, the
-- key the gateway used for it until now (checkout-, capture-, release- + the booking's id), so a retry of a movement
-- begun before this migration finds the same Stripe object. The rental charge's status is the booking's payment
-- status, copied by a trigger whenever the booking's lifecycle changes it.
CREATE TABLE `charge_line_items` (
	`id` text PRIMARY KEY NOT NULL,
	`charge_id` text NOT NULL,
	`code` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_amount` integer NOT NULL,
	`amount` integer NOT NULL,
	`payer` text NOT NULL,
	`receiver` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`charge_id`) REFERENCES `charges`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "charge_line_items_code" CHECK(code in ('rental_days', 'rental_weeks', 'rental_months', 'insurance', 'renter_service_fee', 'payment_processing_fee', 'host_service_fee', 'deposit')),
	CONSTRAINT "charge_line_items_payer" CHECK(payer in ('renter', 'host')),
	CONSTRAINT "charge_line_items_receiver" CHECK(receiver in ('host', 'platform', 'held')),
	CONSTRAINT "charge_line_items_amounts" CHECK("charge_line_items"."quantity" >= 1 and "charge_line_items"."unit_amount" >= 0 and "charge_line_items"."amount" >= 0),
	CONSTRAINT "charge_line_items_payer_receiver" CHECK("charge_line_items"."payer" <> 'host' or "charge_line_items"."receiver" = 'platform')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `charge_line_items_position_unique` ON `charge_line_items` (`charge_id`,`position`);--> statement-breakpoint
CREATE TABLE `charges` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`purpose` text NOT NULL,
	`payer_id` text,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'unpaid' NOT NULL,
	`idempotency_key` text NOT NULL,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "charges_purpose" CHECK(purpose in ('rental', 'extension', 'reimbursement', 'add_on', 'reservation')),
	CONSTRAINT "charges_status" CHECK(status in ('unpaid', 'authorized', 'captured', 'released', 'failed')),
	CONSTRAINT "charges_amount" CHECK("charges"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `charges_idempotency_key_unique` ON `charges` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `charges_checkout_session_unique` ON `charges` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `charges_payment_intent_unique` ON `charges` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `charges_booking_rental_unique` ON `charges` (`booking_id`) WHERE purpose = 'rental';--> statement-breakpoint
CREATE INDEX `charges_booking_idx` ON `charges` (`booking_id`,`created_at`);--> statement-breakpoint
INSERT INTO `charges` (`id`, `booking_id`, `purpose`, `payer_id`, `amount`, `status`, `idempotency_key`,
  `stripe_checkout_session_id`, `stripe_payment_intent_id`, `created_at`, `updated_at`)
SELECT 'rental-' || `id`, `id`, 'rental', `renter_id`, `total_amount`, `payment_status`, `id`,
  `stripe_checkout_session_id`, `stripe_payment_intent_id`, `created_at`, `updated_at`
FROM `bookings`;--> statement-breakpoint
INSERT INTO `charge_line_items` (`id`, `charge_id`, `code`, `quantity`, `unit_amount`, `amount`, `payer`, `receiver`, `position`)
SELECT `booking_id` || '-' || `code`, 'rental-' || `booking_id`, `code`, `quantity`, `unit_amount`, `amount`, `payer`, `receiver`, `position`
FROM (
  -- The rental: whole periods, then the days beyond them (a daily rental, or one made before periods: its days).
  SELECT `id` AS `booking_id`, CASE `pricing_period` WHEN 'weekly' THEN 'rental_weeks' ELSE 'rental_months' END AS `code`,
    `period_count` AS `quantity`, `period_price` AS `unit_amount`,
    `subtotal` - coalesce(`extra_days`, 0) * `daily_rate` AS `amount`, 'renter' AS `payer`, 'host' AS `receiver`, 0 AS `position`
  FROM `bookings` WHERE `pricing_period` <> 'daily' AND `period_count` IS NOT NULL AND `period_price` IS NOT NULL
  UNION ALL
  SELECT `id`, 'rental_days', coalesce(`extra_days`, 0), `daily_rate`, coalesce(`extra_days`, 0) * `daily_rate`, 'renter', 'host', 1
  FROM `bookings` WHERE `pricing_period` <> 'daily' AND `period_count` IS NOT NULL AND `period_price` IS NOT NULL
    AND coalesce(`extra_days`, 0) > 0
  UNION ALL
  SELECT `id`, 'rental_days', `total_days`, `daily_rate`, `subtotal`, 'renter', 'host', 1
  FROM `bookings` WHERE NOT (`pricing_period` <> 'daily' AND `period_count` IS NOT NULL AND `period_price` IS NOT NULL)
  UNION ALL
  -- Insurance by the day where its daily cost makes its total, else as one sum.
  SELECT b.`id`, 'insurance',
    CASE WHEN bi.`daily_cost` > 0 AND bi.`daily_cost` * b.`total_days` = b.`insurance_cost` THEN b.`total_days` ELSE 1 END,
    CASE WHEN bi.`daily_cost` > 0 AND bi.`daily_cost` * b.`total_days` = b.`insurance_cost` THEN bi.`daily_cost` ELSE b.`insurance_cost` END,
    b.`insurance_cost`, 'renter', 'platform', 2
  FROM `bookings` b LEFT JOIN `booking_insurance` bi ON bi.`booking_id` = b.`id` WHERE b.`insurance_cost` > 0
  UNION ALL
  SELECT `id`, 'renter_service_fee', 1, `platform_fee`, `platform_fee`, 'renter', 'platform', 3 FROM `bookings` WHERE `platform_fee` > 0
  UNION ALL
  SELECT `id`, 'payment_processing_fee', 1, `payment_processor_fee`, `payment_processor_fee`, 'renter', 'platform', 4
  FROM `bookings` WHERE `payment_processor_fee` > 0
  UNION ALL
  SELECT `id`, 'deposit', 1, `deposit_amount`, `deposit_amount`, 'renter', 'held', 5 FROM `bookings` WHERE `deposit_amount` > 0
  UNION ALL
  SELECT `id`, 'host_service_fee', 1, `platform_fee`, `platform_fee`, 'host', 'platform', 6 FROM `bookings` WHERE `platform_fee` > 0
);--> statement-breakpoint
CREATE TRIGGER `bookings_rental_charge_status` AFTER UPDATE OF `payment_status` ON `bookings`
WHEN new.`payment_status` <> old.`payment_status`
BEGIN
  UPDATE `charges` SET `status` = new.`payment_status` WHERE `booking_id` = new.`id` AND `purpose` = 'rental';
END;--> statement-breakpoint
DROP INDEX `bookings_checkout_session_unique`;--> statement-breakpoint
ALTER TABLE `bookings` DROP COLUMN `stripe_checkout_session_id`;--> statement-breakpoint
ALTER TABLE `bookings` DROP COLUMN `stripe_payment_intent_id`;--> statement-breakpoint
ALTER TABLE `payouts` ADD `charge_id` text REFERENCES charges(id);--> statement-breakpoint
ALTER TABLE `refunds` ADD `charge_id` text REFERENCES charges(id);--> statement-breakpoint
UPDATE `payouts` SET `charge_id` = (SELECT c.`id` FROM `charges` c WHERE c.`booking_id` = `payouts`.`booking_id` AND c.`purpose` = 'rental');--> statement-breakpoint
UPDATE `refunds` SET `charge_id` = (SELECT c.`id` FROM `charges` c WHERE c.`booking_id` = `refunds`.`booking_id` AND c.`purpose` = 'rental');
