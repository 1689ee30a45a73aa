// Figures about the public catalogue as a whole (the About page): the cars anyone can see, the hosts who list them
// and the places they stand in, in one aggregate.
import { sql } from "drizzle-orm";
import { cars } from "#db/schema";
import type { Db } from "~/db.server";
import { PUBLIC_CAR } from "~/cars/public-car.server";

export async function countPublicCatalogue(db: Db) {
  const [figures] = await db
    .select({
      cars: sql<number>`count(*)`,
      hosts: sql<number>`count(distinct ${cars.ownerId})`,
      cities: sql<number>`count(distinct lower(trim(${cars.location})))`,
    })
    .from(cars)
    .where(PUBLIC_CAR);
  return {
    cars: Number(figures?.cars ?? 0),
    hosts: Number(figures?.hosts ?? 0),
    cities: Number(figures?.cities ?? 0),
  };
}
