// Columns both dashboards select beside a booking or a car.
import { sql } from "drizzle-orm";
import { cars, profiles } from "#db/schema";

/**
 * The car's first photo (the primary one, else the first in order), or null. The outer car is named in full:
 * Drizzle leaves columns unqualified in a one-table select, where a bare "id" would be the photo's own.
 */
export const carImageKey = sql<string | null>`(select ci.storage_key from car_images ci where ci.car_id = "cars"."id"
  order by ci.is_primary desc, ci.sort_order limit 1)`;

/** "Make Model Year". */
export const carName = sql<string>`${cars.make} || ' ' || ${cars.model} || ' ' || ${cars.year}`;

/** What a person's name is made of (see displayName), selected as one nested object. */
export const personName = {
  fullName: profiles.fullName,
  companyName: profiles.companyName,
  accountType: profiles.accountType,
};
