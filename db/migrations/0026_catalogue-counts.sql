-- How many public cars each catalogue scope lists, kept by the triggers below as cars change (decision 027): a plain
-- /rentals, /sales or /cars reads its count from one row, where counting an index costs as much as the catalogue is
-- big. A car counts while it is public (approved and available); rentals include "both", as sales do.
CREATE TABLE `catalogue_counts` (
  `scope` text PRIMARY KEY NOT NULL CHECK (`scope` in ('rental', 'sale', 'all')),
  `cars` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `catalogue_counts` (scope, cars)
  SELECT 'all', count(*) FROM `cars` WHERE status = 'approved' AND available = 1
  UNION ALL
  SELECT 'rental', count(*) FROM `cars` WHERE status = 'approved' AND available = 1 AND listing_type <> 'sale'
  UNION ALL
  SELECT 'sale', count(*) FROM `cars` WHERE status = 'approved' AND available = 1 AND listing_type <> 'rental';
--> statement-breakpoint
CREATE TRIGGER `catalogue_counts_car_insert` AFTER INSERT ON `cars`
WHEN new.status = 'approved' AND new.available = 1 BEGIN
  UPDATE `catalogue_counts` SET cars = cars + 1
  WHERE scope = 'all' OR (scope = 'rental' AND new.listing_type <> 'sale')
    OR (scope = 'sale' AND new.listing_type <> 'rental');
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_counts_car_delete` AFTER DELETE ON `cars`
WHEN old.status = 'approved' AND old.available = 1 BEGIN
  UPDATE `catalogue_counts` SET cars = cars - 1
  WHERE scope = 'all' OR (scope = 'rental' AND old.listing_type <> 'sale')
    OR (scope = 'sale' AND old.listing_type <> 'rental');
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_counts_car_update` AFTER UPDATE OF status, available, listing_type ON `cars`
WHEN (old.status = 'approved' AND old.available = 1) OR (new.status = 'approved' AND new.available = 1) BEGIN
  UPDATE `catalogue_counts` SET cars = cars
    - (old.status = 'approved' AND old.available = 1 AND (scope = 'all'
      OR (scope = 'rental' AND old.listing_type <> 'sale') OR (scope = 'sale' AND old.listing_type <> 'rental')))
    + (new.status = 'approved' AND new.available = 1 AND (scope = 'all'
      OR (scope = 'rental' AND new.listing_type <> 'sale') OR (scope = 'sale' AND new.listing_type <> 'rental')));
END;
