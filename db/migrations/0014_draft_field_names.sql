-- The listing form's field names became camelCase, like the TypeScript and Drizzle names (issue 16): a saved draft
-- (listing_drafts.data, the form's values as typed) gets its keys renamed, those of its pickup points too, so it
-- keeps every value. A key is renamed only where the draft has it; the values stay as they are.
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.listingType', `data` -> '$.listing_type'), '$.listing_type') WHERE json_type(`data`, '$.listing_type') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.fuelType', `data` -> '$.fuel_type'), '$.fuel_type') WHERE json_type(`data`, '$.fuel_type') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.engineSize', `data` -> '$.engine_size'), '$.engine_size') WHERE json_type(`data`, '$.engine_size') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.licensePlate', `data` -> '$.license_plate'), '$.license_plate') WHERE json_type(`data`, '$.license_plate') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.dailyPriceWithDriver', `data` -> '$.daily_price_with_driver'), '$.daily_price_with_driver') WHERE json_type(`data`, '$.daily_price_with_driver') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.weeklyPriceWithDriver', `data` -> '$.weekly_price_with_driver'), '$.weekly_price_with_driver') WHERE json_type(`data`, '$.weekly_price_with_driver') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.monthlyPriceWithDriver', `data` -> '$.monthly_price_with_driver'), '$.monthly_price_with_driver') WHERE json_type(`data`, '$.monthly_price_with_driver') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.driverPricePerHour', `data` -> '$.driver_price_per_hour'), '$.driver_price_per_hour') WHERE json_type(`data`, '$.driver_price_per_hour') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.minimumRentalHours', `data` -> '$.minimum_rental_hours'), '$.minimum_rental_hours') WHERE json_type(`data`, '$.minimum_rental_hours') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.dailyPrice', `data` -> '$.daily_price'), '$.daily_price') WHERE json_type(`data`, '$.daily_price') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.weeklyPrice', `data` -> '$.weekly_price'), '$.weekly_price') WHERE json_type(`data`, '$.weekly_price') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.monthlyPrice', `data` -> '$.monthly_price'), '$.monthly_price') WHERE json_type(`data`, '$.monthly_price') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.salePrice', `data` -> '$.sale_price'), '$.sale_price') WHERE json_type(`data`, '$.sale_price') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.depositAmount', `data` -> '$.deposit_amount'), '$.deposit_amount') WHERE json_type(`data`, '$.deposit_amount') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.weeklyDeposit', `data` -> '$.weekly_deposit'), '$.weekly_deposit') WHERE json_type(`data`, '$.weekly_deposit') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.monthlyDeposit', `data` -> '$.monthly_deposit'), '$.monthly_deposit') WHERE json_type(`data`, '$.monthly_deposit') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.minRentalDays', `data` -> '$.min_rental_days'), '$.min_rental_days') WHERE json_type(`data`, '$.min_rental_days') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.maxRentalDays', `data` -> '$.max_rental_days'), '$.max_rental_days') WHERE json_type(`data`, '$.max_rental_days') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.driverService', `data` -> '$.driver_service'), '$.driver_service') WHERE json_type(`data`, '$.driver_service') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.pickupPoints', `data` -> '$.pickup_points'), '$.pickup_points') WHERE json_type(`data`, '$.pickup_points') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_remove(json_set(`data`, '$.primaryPoint', `data` -> '$.primary_point'), '$.primary_point') WHERE json_type(`data`, '$.primary_point') IS NOT NULL;
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_set(`data`, '$.pickupPoints', (SELECT json_group_array(json(`renamed`)) FROM (SELECT CASE WHEN json_type(`point`.`value`, '$.available_hours') IS NULL THEN `point`.`value` ELSE json_remove(json_set(`point`.`value`, '$.availableHours', `point`.`value` -> '$.available_hours'), '$.available_hours') END AS `renamed` FROM json_each(`listing_drafts`.`data`, '$.pickupPoints') AS `point` ORDER BY `point`.`key`))) WHERE json_type(`data`, '$.pickupPoints') = 'array';
--> statement-breakpoint
UPDATE `listing_drafts` SET `data` = json_set(`data`, '$.pickupPoints', (SELECT json_group_array(json(`renamed`)) FROM (SELECT CASE WHEN json_type(`point`.`value`, '$.contact_phone') IS NULL THEN `point`.`value` ELSE json_remove(json_set(`point`.`value`, '$.contactPhone', `point`.`value` -> '$.contact_phone'), '$.contact_phone') END AS `renamed` FROM json_each(`listing_drafts`.`data`, '$.pickupPoints') AS `point` ORDER BY `point`.`key`))) WHERE json_type(`data`, '$.pickupPoints') = 'array';
