CREATE TABLE `car_blocked_days` (
	`car_id` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`car_id`, `day`),
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "car_blocked_days_day" CHECK("car_blocked_days"."day" glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
);
--> statement-breakpoint
-- The host's blocked days and the bookings guard each other, as 0001 guards bookings against bookings; the
-- application checks in the same statement that writes, and these triggers are the last word. A booking holds the
-- days [start_date, end_date): a blocked day is under it when start_date <= day < end_date.
CREATE TRIGGER `car_blocked_days_not_booked` BEFORE INSERT ON `car_blocked_days`
BEGIN
  SELECT RAISE(ABORT, 'blocked_day_booked') WHERE EXISTS (
    SELECT 1 FROM `bookings` AS b
    WHERE b.car_id = NEW.car_id AND b.status IN ('confirmed', 'active')
      AND b.start_date <= NEW.day AND NEW.day < b.end_date
  );
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_not_blocked_insert` BEFORE INSERT ON `bookings`
WHEN NEW.status IN ('pending', 'confirmed', 'active')
BEGIN
  SELECT RAISE(ABORT, 'car_blocked') WHERE EXISTS (
    SELECT 1 FROM `car_blocked_days` AS d
    WHERE d.car_id = NEW.car_id AND d.day >= NEW.start_date AND d.day < NEW.end_date
  );
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_not_blocked_update` BEFORE UPDATE OF status, start_date, end_date, car_id ON `bookings`
WHEN NEW.status IN ('confirmed', 'active')
BEGIN
  SELECT RAISE(ABORT, 'car_blocked') WHERE EXISTS (
    SELECT 1 FROM `car_blocked_days` AS d
    WHERE d.car_id = NEW.car_id AND d.day >= NEW.start_date AND d.day < NEW.end_date
  );
END;
