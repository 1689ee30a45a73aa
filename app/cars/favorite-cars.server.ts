// Favourites (part 1 §2 "Favourites"): the cars a person keeps. Adding one counts in the car's figures for its owner,
// only when it is new; a car hidden or sold since stays in the list, shown as no longer listed.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { cars, favorites, profiles } from "#db/schema";
import { countListingFigures, WHEN_WRITTEN } from "~/cars/listing-stats.server";
import type { Db } from "~/db.server";
import { cardExtras, cardSelection, shapeCards } from "~/cars/listing-cards.server";
import { PUBLIC_CAR } from "~/cars/public-car.server";
import { vilniusDay } from "~/utils/calendar-days";

/** The user's favourite cars as card rows, newest first, with whether each is still public (`listed`). */
export function favoriteCardRows(db: Db, userId: string | SQL) {
  return db
    .select({ ...cardSelection, listed: sql<number>`(${PUBLIC_CAR})` })
    .from(favorites)
    .innerJoin(cars, eq(cars.id, favorites.carId))
    .innerJoin(profiles, eq(profiles.id, cars.ownerId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), asc(favorites.id));
}

/**
 * The favourites page's cards, each marked whether it is still listed. The user is their id or SQL that yields it
 * (the session's subquery); the rows and their photos are asked for at once (the ids by a subquery).
 */
export async function findFavoriteCards(db: Db, userId: string | SQL) {
  const ids = db.select({ id: favorites.carId }).from(favorites).where(eq(favorites.userId, userId));
  const extras = cardExtras(db, ids, userId);
  const [rows, images, favoriteRows] = await Promise.all([
    favoriteCardRows(db, userId),
    extras.images,
    extras.favorites ?? [],
  ]);
  const cards = shapeCards(
    rows.map(({ listed: _listed, ...row }) => row),
    { images, favorites: favoriteRows },
  );
  return cards.map((card, index) => ({ ...card, stillListed: Boolean(rows[index]?.listed) }));
}

/**
 * Keeps a public car among the user's favourites (adding it twice is one favourite). A car hidden or sold while the
 * page was open cannot be added: "car-not-found".
 */
export async function addFavorite(db: Db, userId: string, carId: string, now = new Date()) {
  const [car] = await db
    .select({ id: cars.id })
    .from(cars)
    .where(and(eq(cars.id, carId), PUBLIC_CAR));
  if (!car) return "car-not-found" as const;
  await db.batch([
    db.insert(favorites).values({ userId, carId }).onConflictDoNothing(),
    countListingFigures(db, { carId, day: vilniusDay(now), add: { favorites: 1 }, when: WHEN_WRITTEN }),
  ]);
  return "added" as const;
}

export async function removeFavorite(db: Db, userId: string, carId: string) {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.carId, carId)));
}
