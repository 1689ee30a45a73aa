-- No two confirmed or active bookings of one car may overlap. Booking days are half-open
-- [start_date, end_date): the car comes back on end_date and may go out again that day.
-- The application makes its check and its write one statement; these triggers are the last word.
CREATE TRIGGER `bookings_no_overlap_insert` BEFORE INSERT ON `bookings`
WHEN NEW.status IN ('confirmed', 'active')
BEGIN
  SELECT RAISE(ABORT, 'booking_overlap') WHERE EXISTS (
    SELECT 1 FROM `bookings` AS b
    WHERE b.car_id = NEW.car_id AND b.status IN ('confirmed', 'active')
      AND b.start_date < NEW.end_date AND NEW.start_date < b.end_date
  );
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_no_overlap_update` BEFORE UPDATE OF status, start_date, end_date, car_id ON `bookings`
WHEN NEW.status IN ('confirmed', 'active')
BEGIN
  SELECT RAISE(ABORT, 'booking_overlap') WHERE EXISTS (
    SELECT 1 FROM `bookings` AS b
    WHERE b.car_id = NEW.car_id AND b.id <> NEW.id AND b.status IN ('confirmed', 'active')
      AND b.start_date < NEW.end_date AND NEW.start_date < b.end_date
  );
END;
