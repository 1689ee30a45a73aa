-- Search over make, model, description, category and location (part 1 §5), plus the year (the search box's hint
-- chips offer "2023"), as a full-text index that folds case
-- and diacritics (so "skoda" finds "Škoda" and "klaipeda" finds "Klaipėda"). Categories are indexed with their
-- Lithuanian and English names. Rows carry the car's id, not its rowid: rowids of a table without an INTEGER
-- PRIMARY KEY may change on VACUUM.
CREATE VIRTUAL TABLE `cars_fts` USING fts5(
  car_id UNINDEXED, make, model, year, description, category, location,
  tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `cars_fts_insert` AFTER INSERT ON `cars` BEGIN
  INSERT INTO `cars_fts` (car_id, make, model, year, description, category, location) VALUES (
    new.id, new.make, new.model, new.year, coalesce(new.description, ''),
    CASE new.category
      WHEN 'luxury' THEN 'luxury prabangus prabangūs'
      WHEN 'sport' THEN 'sport sportinis sportiniai'
      WHEN 'suv' THEN 'suv visureigis visureigiai'
      WHEN 'electric' THEN 'electric elektromobilis elektromobiliai elektrinis'
      WHEN 'classic' THEN 'classic klasikinis klasikiniai'
      WHEN 'exotic' THEN 'exotic egzotinis egzotiniai'
      ELSE new.category
    END,
    new.location
  );
END;
--> statement-breakpoint
CREATE TRIGGER `cars_fts_update` AFTER UPDATE OF make, model, year, description, category, location ON `cars` BEGIN
  UPDATE `cars_fts` SET
    make = new.make, model = new.model, year = new.year, description = coalesce(new.description, ''),
    category = CASE new.category
      WHEN 'luxury' THEN 'luxury prabangus prabangūs'
      WHEN 'sport' THEN 'sport sportinis sportiniai'
      WHEN 'suv' THEN 'suv visureigis visureigiai'
      WHEN 'electric' THEN 'electric elektromobilis elektromobiliai elektrinis'
      WHEN 'classic' THEN 'classic klasikinis klasikiniai'
      WHEN 'exotic' THEN 'exotic egzotinis egzotiniai'
      ELSE new.category
    END,
    location = new.location
  WHERE car_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `cars_fts_delete` AFTER DELETE ON `cars` BEGIN
  DELETE FROM `cars_fts` WHERE car_id = old.id;
END;
--> statement-breakpoint
INSERT INTO `cars_fts` (car_id, make, model, year, description, category, location)
SELECT id, make, model, year, coalesce(description, ''),
  CASE category
    WHEN 'luxury' THEN 'luxury prabangus prabangūs'
    WHEN 'sport' THEN 'sport sportinis sportiniai'
    WHEN 'suv' THEN 'suv visureigis visureigiai'
    WHEN 'electric' THEN 'electric elektromobilis elektromobiliai elektrinis'
    WHEN 'classic' THEN 'classic klasikinis klasikiniai'
    WHEN 'exotic' THEN 'exotic egzotinis egzotiniai'
    ELSE category
  END,
  location
FROM `cars`;
--> statement-breakpoint
-- /cars shows every listing type; its price sort uses the price a card shows first (daily, else sale).
CREATE INDEX `cars_public_any_price_idx` ON `cars` (coalesce(daily_price, sale_price), id) WHERE status = 'approved' and available = 1;
--> statement-breakpoint
-- A new view mark (one per visitor, car and day) is a view: counted on the car and in the day's statistics.
CREATE TRIGGER `car_view_marks_count` AFTER INSERT ON `car_view_marks` BEGIN
  UPDATE `cars` SET view_count = view_count + 1 WHERE id = new.car_id;
  INSERT INTO `listing_daily_stats` (car_id, day, views) VALUES (new.car_id, new.day, 1)
    ON CONFLICT (car_id, day) DO UPDATE SET views = views + 1;
END;
--> statement-breakpoint
-- favorite_count follows the favourites rows, whoever adds or removes them.
CREATE TRIGGER `favorites_count_insert` AFTER INSERT ON `favorites` BEGIN
  UPDATE `cars` SET favorite_count = favorite_count + 1 WHERE id = new.car_id;
END;
--> statement-breakpoint
CREATE TRIGGER `favorites_count_delete` AFTER DELETE ON `favorites` BEGIN
  UPDATE `cars` SET favorite_count = max(0, favorite_count - 1) WHERE id = old.car_id;
END;
