-- Which row of the search index is which car's (issue 19). cars_fts keeps the car's id in an UNINDEXED column, so
-- reading it meant reading each matching row whole, description and all (7 ms for 2,400 matches), and the triggers
-- found a car's row by scanning every row (30–60 ms per edit of a car's text at 10,000 cars). This table names each
-- car's row by its rowid, which the index reads without the row. Not the cars' own rowids: rowids of a table without
-- an INTEGER PRIMARY KEY may change on VACUUM (0003). WITHOUT ROWID, so the index on fts_rowid carries the car's id.
CREATE TABLE `cars_fts_rows` (
  `car_id` text PRIMARY KEY NOT NULL,
  `fts_rowid` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE UNIQUE INDEX `cars_fts_rows_fts_rowid_unique` ON `cars_fts_rows` (`fts_rowid`);
--> statement-breakpoint
-- One row per car; were a car ever indexed twice, its latest row is the one kept up to date from now on.
INSERT INTO `cars_fts_rows` (car_id, fts_rowid) SELECT car_id, max(rowid) FROM `cars_fts` GROUP BY car_id;
--> statement-breakpoint
DROP TRIGGER `cars_fts_insert`;
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
  INSERT INTO `cars_fts_rows` (car_id, fts_rowid) VALUES (new.id, last_insert_rowid());
END;
--> statement-breakpoint
DROP TRIGGER `cars_fts_update`;
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
  WHERE rowid = (SELECT fts_rowid FROM `cars_fts_rows` WHERE car_id = new.id);
END;
--> statement-breakpoint
DROP TRIGGER `cars_fts_delete`;
--> statement-breakpoint
CREATE TRIGGER `cars_fts_delete` AFTER DELETE ON `cars` BEGIN
  DELETE FROM `cars_fts` WHERE rowid = (SELECT fts_rowid FROM `cars_fts_rows` WHERE car_id = old.id);
  DELETE FROM `cars_fts_rows` WHERE car_id = old.id;
END;
