// The daily price suggested on the owner's pricing page (/pricing/{carId}): what comparable cars rent for now.
import { and, between, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { cars } from "#db/schema";
import type { Db } from "~/db.server";
import { PUBLIC_CAR } from "~/cars/public-car.server";

/** Fewer comparables than this say more about those few cars than about the market. */
export const MIN_COMPARABLES = 3;
/** Enough for a stable median, few enough that the page reads a bounded number of prices however big the catalogue. */
export const MAX_COMPARABLES = 500;
/** Model years either side of the car's that still count as comparable. */
export const YEAR_WINDOW = 3;

export interface PricedCar {
  ownerId: string;
  category: (typeof cars.$inferSelect)["category"];
  fuelType: (typeof cars.$inferSelect)["fuelType"];
  year: number;
}

export interface SuggestedPrice {
  /** Integer cents. */
  dailyPrice: number;
  sampleSize: number;
}

/**
 * The daily prices of the public rentals like this car: same category and fuel, model year within the window,
 * other owners only (so the car itself, too, is left out), nearest years first, newest listings breaking ties.
 * The public and rental predicates are literals so the partial indexes apply (see listing-query.server.ts).
 */
export function comparableDailyPrices(db: Db, car: PricedCar) {
  return db
    .select({ dailyPrice: cars.dailyPrice })
    .from(cars)
    .where(
      and(
        PUBLIC_CAR,
        sql`${cars.listingType} <> 'sale'`,
        eq(cars.category, car.category),
        eq(cars.fuelType, car.fuelType),
        between(cars.year, car.year - YEAR_WINDOW, car.year + YEAR_WINDOW),
        ne(cars.ownerId, car.ownerId),
        // A "both" listing may be priced for sale only.
        isNotNull(cars.dailyPrice),
      ),
    )
    .orderBy(sql`abs(${cars.year} - ${car.year})`, desc(cars.createdAt))
    .limit(MAX_COMPARABLES);
}

/**
 * The median daily price of comparable public rentals, or null with fewer than three. With an even count it is the
 * mean of the two middle prices, rounded half up to the cent: the lower middle alone would lean every suggestion
 * down, and owners read the number as "the typical price", which the mean of the middle two is.
 */
export async function suggestDailyPrice(db: Db, car: PricedCar): Promise<SuggestedPrice | null> {
  const rows = await comparableDailyPrices(db, car);
  const prices = rows.flatMap((row) => (row.dailyPrice === null ? [] : [row.dailyPrice])).sort((a, b) => a - b);
  if (prices.length < MIN_COMPARABLES) return null;
  const middle = Math.floor(prices.length / 2);
  const upper = prices[middle]!;
  const dailyPrice = prices.length % 2 === 1 ? upper : Math.round((prices[middle - 1]! + upper) / 2);
  return { dailyPrice, sampleSize: prices.length };
}
