-- The catalogue's version: anonymous listing pages are cached at the edge under it (app/utils/edge-cache.server.ts),
-- so any change to what the public sees (a listing approved, withdrawn, edited, a photo added) makes new pages at
-- once. Counters (views, favourites, bookings, ratings) do not bump it: cached pages may show them a little late.
CREATE TABLE `catalogue_version` (
  `id` integer PRIMARY KEY CHECK (`id` = 1),
  `version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (id, version) VALUES (1, 1);
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_car_insert` AFTER INSERT ON `cars` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_car_delete` AFTER DELETE ON `cars` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_car_update` AFTER UPDATE OF
  owner_id, make, model, year, mileage, location, category, fuel_type, transmission, horsepower, engine_size, seats,
  doors, condition, listing_type, daily_price, weekly_price, monthly_price, daily_price_with_driver,
  weekly_price_with_driver, monthly_price_with_driver, driver_price_per_hour, minimum_rental_hours, min_rental_days,
  max_rental_days, sale_price, deposit_amount, driver_available, driver_only, features, description, rules, status,
  available, verified
ON `cars` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_image_insert` AFTER INSERT ON `car_images` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_image_update` AFTER UPDATE ON `car_images` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_image_delete` AFTER DELETE ON `car_images` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
-- Cards show the owner's verified badge.
CREATE TRIGGER `catalogue_version_profile_update` AFTER UPDATE OF verification_status, full_name, company_name, avatar_key ON `profiles` BEGIN
  UPDATE `catalogue_version` SET version = version + 1 WHERE id = 1;
END;
