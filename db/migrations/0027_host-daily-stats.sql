-- A host's listing figures per day (decision 027): the host dashboard sums a period's rows of this table, at most a
-- year's, where it summed the daily rows of every car of the fleet. Kept by the triggers below as listing_daily_stats
-- changes; a car deleted takes its figures with it, as the sum over the host's cars did.
CREATE TABLE `host_daily_stats` (
	`owner_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`inquiries` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`owner_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `cars_owner_fleet_idx` ON `cars` (`owner_id`,`approved_at`,`created_at`,`status`,`listing_type`,`deleted_at`) WHERE status = 'approved' and listing_type <> 'sale' and deleted_at is null;
--> statement-breakpoint
INSERT INTO `host_daily_stats` (owner_id, day, views, inquiries)
  SELECT c.owner_id, s.day, sum(s.views), sum(s.inquiries)
  FROM `listing_daily_stats` s JOIN `cars` c ON c.id = s.car_id
  GROUP BY c.owner_id, s.day;
--> statement-breakpoint
CREATE TRIGGER `host_daily_stats_insert` AFTER INSERT ON `listing_daily_stats` BEGIN
  INSERT INTO `host_daily_stats` (owner_id, day, views, inquiries)
    SELECT owner_id, new.day, new.views, new.inquiries FROM `cars` WHERE id = new.car_id
  ON CONFLICT (owner_id, day) DO UPDATE SET views = views + excluded.views, inquiries = inquiries + excluded.inquiries;
END;
--> statement-breakpoint
CREATE TRIGGER `host_daily_stats_update` AFTER UPDATE OF views, inquiries ON `listing_daily_stats` BEGIN
  UPDATE `host_daily_stats` SET views = views + new.views - old.views, inquiries = inquiries + new.inquiries - old.inquiries
  WHERE owner_id = (SELECT owner_id FROM `cars` WHERE id = new.car_id) AND day = new.day;
END;
--> statement-breakpoint
-- A daily row deleted while its car is there; when the car goes, the trigger on cars below has taken its figures
-- out already (the cascade's deletes find no car).
CREATE TRIGGER `host_daily_stats_delete` AFTER DELETE ON `listing_daily_stats` BEGIN
  UPDATE `host_daily_stats` SET views = views - old.views, inquiries = inquiries - old.inquiries
  WHERE owner_id = (SELECT owner_id FROM `cars` WHERE id = old.car_id) AND day = old.day;
END;
--> statement-breakpoint
CREATE TRIGGER `host_daily_stats_car_delete` BEFORE DELETE ON `cars` BEGIN
  UPDATE `host_daily_stats` SET
    views = views - coalesce((SELECT s.views FROM `listing_daily_stats` s WHERE s.car_id = old.id AND s.day = `host_daily_stats`.day), 0),
    inquiries = inquiries - coalesce((SELECT s.inquiries FROM `listing_daily_stats` s WHERE s.car_id = old.id AND s.day = `host_daily_stats`.day), 0)
  WHERE owner_id = old.owner_id AND day IN (SELECT day FROM `listing_daily_stats` WHERE car_id = old.id);
END;
