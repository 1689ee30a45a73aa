-- A weekly or monthly rental is charged whole periods at their price and the days left over at the day rate
-- (app/pricing/booking-price.ts); a booking stores that breakdown. Bookings made before have none: they were charged
-- total_days × daily_rate and are shown that way.
ALTER TABLE `bookings` ADD `period_count` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `period_price` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `extra_days` integer;