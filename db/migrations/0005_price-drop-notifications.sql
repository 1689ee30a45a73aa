-- When a public car's daily or sale price goes down, everyone who favourited it is told (issue: browse). A trigger,
-- so every way of changing a price (the owner's edit, an admin's edit) tells them, in the same write.
CREATE TRIGGER `cars_price_drop_daily` AFTER UPDATE OF daily_price ON `cars`
WHEN old.daily_price IS NOT NULL AND new.daily_price IS NOT NULL AND new.daily_price < old.daily_price
  AND new.status = 'approved' AND new.available = 1
BEGIN
  INSERT INTO `notifications` (id, user_id, type, data, read, created_at)
  SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
    f.user_id, 'price_drop',
    json_object('car_id', new.id, 'car_make', new.make, 'car_model', new.model,
      'old_price', old.daily_price, 'new_price', new.daily_price, 'price_kind', 'daily'),
    0, cast(unixepoch('subsec') * 1000 AS integer)
  FROM `favorites` AS f
  WHERE f.car_id = new.id AND f.user_id <> new.owner_id;
END;
--> statement-breakpoint
CREATE TRIGGER `cars_price_drop_sale` AFTER UPDATE OF sale_price ON `cars`
WHEN old.sale_price IS NOT NULL AND new.sale_price IS NOT NULL AND new.sale_price < old.sale_price
  AND new.status = 'approved' AND new.available = 1
BEGIN
  INSERT INTO `notifications` (id, user_id, type, data, read, created_at)
  SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
    f.user_id, 'price_drop',
    json_object('car_id', new.id, 'car_make', new.make, 'car_model', new.model,
      'old_price', old.sale_price, 'new_price', new.sale_price, 'price_kind', 'sale'),
    0, cast(unixepoch('subsec') * 1000 AS integer)
  FROM `favorites` AS f
  WHERE f.car_id = new.id AND f.user_id <> new.owner_id;
END;
