-- Refunds and payouts per charge (decision 035, 2026-11-29): a booking's later charges (an extension, a
-- reimbursement) are given back and paid out on their own, as its rental charge is. A refund is unique per charge and
-- kind (and, for a refund of one line item, per line item and kind) instead of per booking and kind; a payout per
-- charge instead of per booking. Either may name the one line item it moves. Every existing row keeps its key, its
-- status and its charge: a row written without a charge (data written row by row: the demo, the journeys) gets its
-- booking's rental charge here, and from now on from a trigger, so every refund and payout names the charge it moves.
UPDATE `refunds` SET `charge_id` = (SELECT c.`id` FROM `charges` c WHERE c.`booking_id` = `refunds`.`booking_id` AND c.`purpose` = 'rental') WHERE `charge_id` IS NULL;--> statement-breakpoint
UPDATE `payouts` SET `charge_id` = (SELECT c.`id` FROM `charges` c WHERE c.`booking_id` = `payouts`.`booking_id` AND c.`purpose` = 'rental') WHERE `charge_id` IS NULL;--> statement-breakpoint
DROP INDEX `payouts_booking_unique`;--> statement-breakpoint
ALTER TABLE `payouts` ADD `line_item_id` text REFERENCES charge_line_items(id);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_charge_unique` ON `payouts` (`charge_id`);--> statement-breakpoint
CREATE INDEX `payouts_booking_idx` ON `payouts` (`booking_id`);--> statement-breakpoint
DROP INDEX `refunds_booking_kind_unique`;--> statement-breakpoint
ALTER TABLE `refunds` ADD `line_item_id` text REFERENCES charge_line_items(id);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_charge_kind_unique` ON `refunds` (`charge_id`,`kind`) WHERE line_item_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_line_item_kind_unique` ON `refunds` (`line_item_id`,`kind`) WHERE line_item_id is not null;--> statement-breakpoint
CREATE INDEX `refunds_booking_idx` ON `refunds` (`booking_id`);--> statement-breakpoint
CREATE TRIGGER `refunds_rental_charge` AFTER INSERT ON `refunds`
WHEN new.`charge_id` IS NULL
BEGIN
  UPDATE `refunds` SET `charge_id` = (SELECT c.`id` FROM `charges` c WHERE c.`booking_id` = new.`booking_id` AND c.`purpose` = 'rental') WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `payouts_rental_charge` AFTER INSERT ON `payouts`
WHEN new.`charge_id` IS NULL
BEGIN
  UPDATE `payouts` SET `charge_id` = (SELECT c.`id` FROM `charges` c WHERE c.`booking_id` = new.`booking_id` AND c.`purpose` = 'rental') WHERE `id` = new.`id`;
END;
