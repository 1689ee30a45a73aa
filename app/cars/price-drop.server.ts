// When a car's daily or sale price goes down, everyone who favourited it is told (issue: browse, favourites).
// The statements below go in the same batch as the price update, so there is no price drop without its notices.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db.server";
import { SQL_UUID } from "~/utils/sql.server";

export interface CarPrices {
  dailyPrice: number | null;
  salePrice: number | null;
}

export interface PriceDrop {
  kind: "daily" | "sale";
  oldPrice: number;
  newPrice: number;
}

export function priceDrops(before: CarPrices, after: CarPrices): PriceDrop[] {
  const drops: PriceDrop[] = [];
  if (before.dailyPrice && after.dailyPrice && after.dailyPrice < before.dailyPrice) {
    drops.push({ kind: "daily", oldPrice: before.dailyPrice, newPrice: after.dailyPrice });
  }
  if (before.salePrice && after.salePrice && after.salePrice < before.salePrice) {
    drops.push({ kind: "sale", oldPrice: before.salePrice, newPrice: after.salePrice });
  }
  return drops;
}

/** One INSERT ... SELECT per drop: a price_drop notification for each person who favourited the car, not its owner. */
export function priceDropNotifications(
  db: Db,
  car: { id: string; ownerId: string; make: string; model: string },
  drops: PriceDrop[],
  now = new Date(),
) {
  return drops.map((drop) => {
    const data: SQL = sql`json_object('car_id', ${car.id}, 'car_make', ${car.make}, 'car_model', ${car.model},
      'old_price', ${drop.oldPrice}, 'new_price', ${drop.newPrice}, 'price_kind', ${drop.kind})`;
    return db.run(sql`insert into notifications (id, user_id, type, data, read, created_at)
      select ${SQL_UUID}, f.user_id, 'price_drop', ${data}, 0, ${now.getTime()}
      from favorites f where f.car_id = ${car.id} and f.user_id <> ${car.ownerId}`);
  });
}
