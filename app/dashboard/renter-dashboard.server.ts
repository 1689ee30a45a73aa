// The renter dashboard (part 2 §2; §6: the renter's lists filter by renter_id): counts, the next trips, the last
// completed ones with their review state, favourites, recommendations, notifications and saved searches. One batch,
// with the cards' photos read beside their rows; the recommendations a saved search asks for follow it (decision 002).
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
import { cardExtras, selectCardsWithExtras, shapeCards, shapeCardsWithExtras } from "~/cars/listing-cards.server";
import { listingWhere } from "~/search/listing-query.server";
import { vilniusDay } from "~/utils/calendar-days";

/** Part 2 §9: trips 3 each, favourites 3, recommendations 6, notifications 5. */
export const RENTER_SHOWN = { upcoming: 3, completed: 3, favorites: 3, recommended: 6, notifications: 5 } as const;

/** A trip still ahead or under way: confirmed (or active) and not yet returned. */
const upcomingTrip = (today: string) =>
  sql`${bookings.status} in ('confirmed', 'active') and ${bookings.endDate} > ${today}`;

/**
 * The renter's dashboard. The user is their id or SQL that yields it (the session's subquery, decision 002), so the
 * whole batch travels beside the session's lookup; only a saved search's recommendations wait for it (its query is
 * parsed into filters here, not in SQL).
 */
export async function loadRenterDashboard(db: Db, userId: string | SQL, now: Date) {
  const today = vilniusDay(now);
  const shownFavorites = favoriteCardRows(db, userId).limit(RENTER_SHOWN.favorites);
  // The shown favourites' photos by a subquery of their ids, asked for beside their rows.
  const favoriteExtras = cardExtras(
    db,
    db
      .select({ id: favorites.carId })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt), asc(favorites.id))
      .limit(RENTER_SHOWN.favorites),
    null,
  );
  const recommendations = recommendationQueries(db, userId);
  const [
    [counts],
    [favoriteCount],
    [unread],
    upcoming,
    completed,
    favoriteRows,
    favoriteImages,
    notes,
    searches,
    likedMatches,
    newest,
  ] = await db.batch([
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
    shownFavorites,
    favoriteExtras.images,
    listNotifications(db, userId, "all", RENTER_SHOWN.notifications),
    findSavedSearches(db, userId),
    recommendations.matching([]),
    recommendations.newest,
  ]);

  // A saved search's filters are known only now: the matches are asked for again with them (one round trip more).
  const searched = searches.flatMap((search) => {
    const parsed = parseSavedSearchQuery(search.query);
    return parsed ? [listingWhere(parsed.scope, parsed.filters)] : [];
  });
  const matches = searched.length > 0 ? await recommendations.matching(searched) : likedMatches;
  // Favourites are the renter's own, so each is marked; recommendations never are (they leave favourites out).
  const favoriteCards = shapeCards(
    favoriteRows.map(({ listed: _listed, ...row }) => row),
    { images: favoriteImages, favorites: favoriteRows.map((row) => ({ carId: row.id })) },
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
    favorites: favoriteCards.map((card, i) => ({ ...card, stillListed: Boolean(favoriteRows[i]?.listed) })),
    recommended: pickRecommendations(matches, newest),
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
 * Their photos and favourite marks are read with their rows. `matching` takes the saved searches' filters; a
 * favourite's make and category are subqueries (none without favourites), so without saved searches it needs nothing
 * read before it.
 */
function recommendationQueries(db: Db, userId: string | SQL) {
  const shown = RENTER_SHOWN.recommended;
  const eligible = and(
    PUBLIC_CAR,
    ne(cars.ownerId, userId),
    sql`not exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.carId} = ${cars.id})`,
  );
  const liked = (column: "make" | "category") =>
    sql`${sql.raw(`"cars"."${column}"`)} in (select fc.${sql.raw(column)} from ${favorites} f join ${cars} fc on fc.id = f.car_id where f.user_id = ${userId})`;
  const cardsWhere = (where: SQL | undefined, limit: number) =>
    selectCardsWithExtras(db, userId).where(where).orderBy(desc(cars.createdAt), desc(cars.id)).limit(limit);
  return {
    matching: (searched: SQL[]) => cardsWhere(and(eligible, or(liked("make"), liked("category"), ...searched)), shown),
    // The newest fill what the interests leave: twice as many, since the matches may be among them.
    newest: cardsWhere(eligible, shown * 2),
  };
}

type RecommendationRow = Awaited<ReturnType<ReturnType<typeof recommendationQueries>["newest"]["execute"]>>[number];

function pickRecommendations(matches: RecommendationRow[], latest: RecommendationRow[]) {
  const picked = new Map(matches.map((row) => [row.id, row]));
  for (const row of latest) {
    if (picked.size < RENTER_SHOWN.recommended && !picked.has(row.id)) picked.set(row.id, row);
  }
  return shapeCardsWithExtras([...picked.values()]);
}

export type RenterDashboard = Awaited<ReturnType<typeof loadRenterDashboard>>;
