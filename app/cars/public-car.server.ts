// Which cars the public may see: the one condition every public read of cars (the catalogue, a car's page, the
// dashboards, suggested prices, booking checks) shares.
import { sql } from "drizzle-orm";
import { cars } from "#db/schema";

/**
 * Approved and available (part 1 §4). Written as literals, not parameters, because SQLite only uses the partial
 * indexes (`WHERE status = 'approved' and available = 1`) when the query repeats them.
 */
export const PUBLIC_CAR = sql`${cars.status} = 'approved' and ${cars.available} = 1`;
