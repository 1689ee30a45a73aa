-- Saved cards (decision 035, 2026-11-29): checkout saves the renter's card for later charges they agree to. A person
-- gets their Stripe Customer (profiles.stripe_customer_id, one per person, reused by their next checkouts); a charge
-- keeps the card it was paid with and that card's Customer, and why it failed; a reimbursement is a line item of its
-- own (the check of charge_line_items' codes grows by it, so the table is made anew with its rows).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_charge_line_items` (
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
	CONSTRAINT "charge_line_items_code" CHECK(code in ('rental_days', 'rental_weeks', 'rental_months', 'insurance', 'renter_service_fee', 'payment_processing_fee', 'host_service_fee', 'deposit', 'reimbursement')),
	CONSTRAINT "charge_line_items_payer" CHECK(payer in ('renter', 'host')),
	CONSTRAINT "charge_line_items_receiver" CHECK(receiver in ('host', 'platform', 'held')),
	CONSTRAINT "charge_line_items_amounts" CHECK("__new_charge_line_items"."quantity" >= 1 and "__new_charge_line_items"."unit_amount" >= 0 and "__new_charge_line_items"."amount" >= 0),
	CONSTRAINT "charge_line_items_payer_receiver" CHECK("__new_charge_line_items"."payer" <> 'host' or "__new_charge_line_items"."receiver" = 'platform')
);
--> statement-breakpoint
INSERT INTO `__new_charge_line_items`("id", "charge_id", "code", "quantity", "unit_amount", "amount", "payer", "receiver", "position") SELECT "id", "charge_id", "code", "quantity", "unit_amount", "amount", "payer", "receiver", "position" FROM `charge_line_items`;--> statement-breakpoint
DROP TABLE `charge_line_items`;--> statement-breakpoint
ALTER TABLE `__new_charge_line_items` RENAME TO `charge_line_items`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `charge_line_items_position_unique` ON `charge_line_items` (`charge_id`,`position`);--> statement-breakpoint
ALTER TABLE `charges` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `charges` ADD `stripe_payment_method_id` text;--> statement-breakpoint
ALTER TABLE `charges` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `stripe_customer_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_stripe_customer_unique` ON `profiles` (`stripe_customer_id`);