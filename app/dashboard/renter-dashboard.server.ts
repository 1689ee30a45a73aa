// The renter dashboard (part 2 §2; §6: the renter's lists filter by renter_id): counts, the next trips, the last
// completed ones with their review state, favourites, recommendations, notifications and saved searches. One batch,
// then the recommendations (they need the saved searches), then the cards' photos.
import { and, asc, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { bookings, cars, favorites, notifications, profiles, reviews } from "#db/schema";
import { favoriteCardRows } from "~/cars/favorite-cars.server";
import { carImageKey, carName, personName } from "~/dashboard/columns.server";
import { listNotifications } from "~/notifications/notification-inbox.server";
import type { Db } from "~/db.server";
import { describeNotification } from "~/notifications/notification-view";
import { displayName } from "~/profiles/display-name";
import { findSavedSearches, parseSavedSearchQuery } from "~/search/saved-searches.server";
import { PUBLIC_CAR } from "~/cars/public-car.server";
import { cardSelection, toCards } from "~/cars/listing-cards.server";
import { listingWhere } from "~/search/listing-query.server";
import { vilniusDay } from "~/utils/calendar-days";

/** Part 2 §9: trips 3 each, favourites 3, recommendations 6, notifications 5. */
export const RENTER_SHOWN = { upcoming: 3, completed: 3, favorites: 3, recommended: 6, notifications: 5 } as const;

/** A trip still ahead or under way: confirmed (or active) and not yet returned. */
const upcomingTrip = (today: string) =>
  sql`${bookings.status} in ('confirmed', 'active') and ${bookings.endDate} > ${today}`;

export async function loadRenterDashboard(db: Db, userId: string, now: Date) {
  const today = vilniusDay(now);
  const [[counts], [favoriteCount], [unread], upcoming, completed, favoriteRows, notes, searches] = await db.batch([
    db
      .select({
        total: count(),
        upcoming: sql<number>`coalesce(sum(${upcomingTrip(today)}), 0)`,
      })
      .from(bookings)
      .where(eq(bookings.renterId, userId)),
    db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId)),
    // `read = 0` as a literal, so the partial index of unread notifications serves it.
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), sql`${notifications.read} = 0`)),
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        totalDays: bookings.totalDays,
        carId: cars.id,
        carName,
        imageKey: carImageKey,
        host: personName,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .leftJoin(profiles, eq(profiles.id, bookings.ownerId))
      .where(and(eq(bookings.renterId, userId), upcomingTrip(today)))
      .orderBy(asc(bookings.startDate), asc(bookings.id))
      .limit(RENTER_SHOWN.upcoming),
    db
      .select({
        id: bookings.id,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        totalDays: bookings.totalDays,
        totalAmount: bookings.totalAmount,
        carId: cars.id,
        carName,
        imageKey: carImageKey,
        reviewed: sql<number>`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id} and ${reviews.reviewerId} = ${userId})`,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(and(eq(bookings.renterId, userId), eq(bookings.status, "completed")))
      .orderBy(desc(bookings.endDate), desc(bookings.completedAt), asc(bookings.id))
      .limit(RENTER_SHOWN.completed),
    favoriteCardRows(db, userId).limit(RENTER_SHOWN.favorites),
    listNotifications(db, userId, "all", RENTER_SHOWN.notifications),
    findSavedSearches(db, userId),
  ]);

  const recommendedRows = await findRecommendations(db, userId, {
    favorites: Number(favoriteCount?.n ?? 0),
    searches: searches.map((search) => search.query),
  });
  const cards = await toCards(
    db,
    [...favoriteRows.map(({ listed: _listed, ...row }) => row), ...recommendedRows],
    userId,
  );

  return {
    counts: {
      bookings: Number(counts?.total ?? 0),
      favorites: Number(favoriteCount?.n ?? 0),
      upcoming: Number(counts?.upcoming ?? 0),
      unreadNotifications: Number(unread?.n ?? 0),
    },
    upcoming: upcoming.map(({ host, ...trip }) => ({ ...trip, hostName: displayName(host) })),
    completed: completed.map((trip) => ({ ...trip, reviewed: Boolean(trip.reviewed) })),
    favorites: cards
      .slice(0, favoriteRows.length)
      .map((card, i) => ({ ...card, stillListed: Boolean(favoriteRows[i]?.listed) })),
    recommended: cards.slice(favoriteRows.length),
    notifications: notes.map((row) => ({
      id: row.id,
      read: row.read,
      createdAt: row.createdAt.getTime(),
      ...describeNotification(row),
    })),
    savedSearches: searches,
  };
}

/**
 * Six public cars for the renter, never their own nor ones they already favourited: first the newest that share a
 * make or a category with their favourites or that one of their saved searches would list, then the newest of all.
 */
async function findRecommendations(db: Db, userId: string, signals: { favorites: number; searches: string[] }) {
  const shown = RENTER_SHOWN.recommended;
  const eligible = and(
    PUBLIC_CAR,
    ne(cars.ownerId, userId),
    sql`not exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.carId} = ${cars.id})`,
  );
  const liked = (column: "make" | "category") =>
    sql`${sql.raw(`"cars"."${column}"`)} in (select fc.${sql.raw(column)} from ${favorites} f join ${cars} fc on fc.id = f.car_id where f.user_id = ${userId})`;
  const searched = signals.searches.flatMap((query) => {
    const parsed = parseSavedSearchQuery(query);
    return parsed ? [listingWhere(parsed.scope, parsed.filters)] : [];
  });
  const interests = [...(signals.favorites > 0 ? [liked("make"), liked("category")] : []), ...searched];
  const cardsWhere = (where: SQL | undefined, limit: number) =>
    db
      .select(cardSelection)
      .from(cars)
      .innerJoin(profiles, eq(profiles.id, cars.ownerId))
      .where(where)
      .orderBy(desc(cars.createdAt), desc(cars.id))
      .limit(limit);
  // The newest fill what the interests leave: twice as many, since the matches may be among them.
  const newest = cardsWhere(eligible, shown * 2);
  const [matches, latest] =
    interests.length > 0
      ? await db.batch([cardsWhere(and(eligible, or(...interests)), shown), newest])
      : [[], await newest];
  const picked = new Map(matches.map((row) => [row.id, row]));
  for (const row of latest) if (picked.size < shown && !picked.has(row.id)) picked.set(row.id, row);
  return [...picked.values()];
}

export type RenterDashboard = Awaited<ReturnType<typeof loadRenterDashboard>>;
