-- Car pages join the edge cache (issue 19, decision 024). Their key holds the catalogue version, as the listing
-- pages' does, so the version must move with everything a car page shows: the car's columns added since 0004
-- (deposits, cancellation policy, instant book, its rating), its pickup points, its calendar (bookings and the
-- host's blocked days), the owner's reviews and the owner's figures on the page. Counters (views, favourites,
-- bookings) stay out: they would empty the cache on every visit.
DROP TRIGGER IF EXISTS `catalogue_version_car_update`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_car_update` AFTER UPDATE OF
  owner_id, make, model, year, mileage, location, category, fuel_type, transmission, horsepower, engine_size, seats,
  doors, condition, listing_type, daily_price, weekly_price, monthly_price, daily_price_with_driver,
  weekly_price_with_driver, monthly_price_with_driver, driver_price_per_hour, minimum_rental_hours, min_rental_days,
  max_rental_days, sale_price, deposit_amount, weekly_deposit, monthly_deposit, cancellation_policy,
  driver_available, driver_only, instant_book, features, description, rules, status, available, verified, rating,
  review_count, deleted_at
ON `cars` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_version_profile_update`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_profile_update` AFTER UPDATE OF
  verification_status, full_name, company_name, avatar_key, account_type, is_host, rating, review_count
ON `profiles` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_pickup_insert` AFTER INSERT ON `pickup_points` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_pickup_update` AFTER UPDATE ON `pickup_points` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_pickup_delete` AFTER DELETE ON `pickup_points` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_blocked_insert` AFTER INSERT ON `car_blocked_days` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_blocked_delete` AFTER DELETE ON `car_blocked_days` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_booking_insert` AFTER INSERT ON `bookings` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_booking_update` AFTER UPDATE OF status, start_date, end_date, car_id ON `bookings`
BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_booking_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_review_insert` AFTER INSERT ON `reviews` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_review_update` AFTER UPDATE ON `reviews` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_review_delete` AFTER DELETE ON `reviews` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
