// Saved searches (beyond the spec, which kept them in the browser): a signed-in user keeps a listing page's filters,
// and a listing approved later that matches them notifies the user. A saved search is the listing page's own path
// and query (e.g. "/rentals?category=suv"), so matching uses the very SQL the page runs.
import { and, asc, count, desc, eq, gte, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { cars, notifications, savedSearchChecks, savedSearches } from "#db/schema";
import type { Db } from "~/db.server";
import {
  filtersToParams,
  parseListingFilters,
  SCOPE_PATH,
  type ListingFilters,
  type ListingScope,
} from "~/search/listing-filters";
import { PUBLIC_CAR } from "~/cars/public-car.server";
import { listingWhere } from "~/search/listing-query.server";

export const MAX_SAVED_SEARCHES = 20;

/** The listing page's "Save search" (intent=save, the page's query) and the favourites page's delete. */
export const SavedSearchSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), query: z.string().min(1).max(1000) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(64) }),
]);

/** The canonical form of a search: path and filters, without the sort or the page. */
export function savedSearchQuery(scope: ListingScope, filters: ListingFilters): string {
  const params = filtersToParams({ ...filters, sort: "newest", page: 1 });
  return params.size ? `${SCOPE_PATH[scope]}?${params}` : SCOPE_PATH[scope];
}

export function parseSavedSearchQuery(query: string): { scope: ListingScope; filters: ListingFilters } | null {
  const [path, search = ""] = query.split("?");
  const scope = (Object.entries(SCOPE_PATH) as [ListingScope, string][]).find(([, p]) => p === path)?.[0];
  if (!scope) return null;
  return { scope, filters: parseListingFilters(new URLSearchParams(search), scope).filters };
}

/** A short name people recognise: the page and the main filters, in the saver's language. */
export function savedSearchName(t: TFunction, scope: ListingScope, filters: ListingFilters): string {
  const parts = [t(`cars:pages.${scope}.title`)];
  if (filters.search) parts.push(`“${filters.search}”`);
  if (filters.category) parts.push(t(`cars:category.${filters.category}`));
  if (filters.fuelType) parts.push(t(`cars:fuel.${filters.fuelType}`));
  if (filters.transmission) parts.push(t(`cars:transmission.${filters.transmission}`));
  if (filters.location) parts.push(filters.location);
  if (filters.priceMin !== undefined || filters.priceMax !== undefined) {
    parts.push(`${filters.priceMin ?? 0}–${filters.priceMax ?? "…"} €`);
  }
  if (filters.yearMin !== undefined || filters.yearMax !== undefined)
    parts.push(`${filters.yearMin ?? ""}–${filters.yearMax ?? ""}`);
  return parts.join(" · ").slice(0, 120);
}

/** The user's saved searches, newest first (the favourites page and the dashboard); their id or SQL that yields it. */
export function findSavedSearches(db: Db, userId: string | SQL) {
  return db
    .select({ id: savedSearches.id, name: savedSearches.name, query: savedSearches.query })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), asc(savedSearches.id));
}

/**
 * The id of the user's saved search for exactly this canonical query, if they saved it (the "Saved" button). The user
 * is their id or SQL that yields it (the session's subquery).
 */
export async function findSavedSearchId(db: Db, userId: string | SQL, query: string): Promise<string | null> {
  const [saved] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, query)))
    .limit(1);
  return saved?.id ?? null;
}

/** Forgets a saved search: the user's own only (someone else's id deletes nothing). */
export async function deleteSavedSearch(db: Db, userId: string, id: string) {
  await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
}

export type SaveSearchResult = "saved" | "already-saved" | "too-many" | "invalid";

export async function saveSearch(db: Db, userId: string, query: string, name: string): Promise<SaveSearchResult> {
  const parsed = parseSavedSearchQuery(query);
  if (!parsed) return "invalid";
  const canonical = savedSearchQuery(parsed.scope, parsed.filters);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  if (n >= MAX_SAVED_SEARCHES) return "too-many";
  const inserted = await db
    .insert(savedSearches)
    .values({ userId, query: canonical, name })
    .onConflictDoNothing()
    .returning({ id: savedSearches.id });
  return inserted.length > 0 ? "saved" : "already-saved";
}

/**
 * Tells everyone whose saved search the (now public) car matches, once per person, never its owner. Each saved
 * search is checked with the listing page's own WHERE clause; the checks go in one round trip per hundred.
 */
export async function notifySavedSearchMatches(db: Db, carId: string, now = new Date()): Promise<number> {
  const [car] = await db
    .select({ ownerId: cars.ownerId, make: cars.make, model: cars.model, year: cars.year })
    .from(cars)
    .where(eq(cars.id, carId));
  if (!car) return 0;
  const searches = await db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      query: savedSearches.query,
    })
    .from(savedSearches)
    .where(ne(savedSearches.userId, car.ownerId))
    .orderBy(asc(savedSearches.createdAt), sql`rowid`);
  const candidates = searches.flatMap((search) => {
    const parsed = parseSavedSearchQuery(search.query);
    return parsed ? [{ search, parsed }] : [];
  });
  const matches: typeof candidates = [];
  for (let i = 0; i < candidates.length; i += 100) {
    const part = candidates.slice(i, i + 100);
    const checks = part.map(({ parsed }) =>
      db
        .select({ id: cars.id })
        .from(cars)
        .where(and(eq(cars.id, carId), listingWhere(parsed.scope, parsed.filters))),
    );
    const [first, ...rest] = checks;
    if (!first) continue;
    const results = await db.batch([first, ...rest]);
    results.forEach((rows, index) => {
      if (rows.length > 0) matches.push(part[index]!);
    });
  }
  // One notification per person, naming the first of their searches that matched.
  const perUser: typeof matches = [];
  for (const match of matches) {
    if (!perUser.some((kept) => kept.search.userId === match.search.userId)) perUser.push(match);
  }
  if (perUser.length === 0) return 0;
  await db.insert(notifications).values(
    perUser.map(({ search }) => ({
      userId: search.userId,
      type: "saved_search_match" as const,
      data: {
        car_id: carId,
        car_make: car.make,
        car_model: car.model,
        car_year: car.year,
        search_name: search.name,
        search_query: search.query,
      },
      createdAt: now,
    })),
  );
  return perUser.length;
}

/** How far back the scheduled job looks for approvals it has not checked yet. */
export const SAVED_SEARCH_CHECK_WINDOW_MS = 2 * 24 * 60 * 60_000;

/**
 * The scheduled job's part: every recently approved public car not yet checked is claimed (one insert, so two
 * overlapping runs cannot both notify) and matched against the saved searches. Whoever approved it (the admin page,
 * or anything else), matching searches hear of it within one run of the cron.
 */
export async function checkNewlyApprovedListings(db: Db, now = new Date(), limit = 50) {
  const fresh = await db
    .select({ id: cars.id })
    .from(cars)
    .leftJoin(savedSearchChecks, eq(savedSearchChecks.carId, cars.id))
    .where(
      and(
        PUBLIC_CAR,
        gte(cars.approvedAt, new Date(now.getTime() - SAVED_SEARCH_CHECK_WINDOW_MS)),
        isNull(savedSearchChecks.carId),
      ),
    )
    .orderBy(asc(cars.approvedAt))
    .limit(limit);
  let notified = 0;
  for (const car of fresh) {
    const claimed = await db
      .insert(savedSearchChecks)
      .values({ carId: car.id, checkedAt: now })
      .onConflictDoNothing()
      .returning({ carId: savedSearchChecks.carId });
    if (claimed.length > 0) notified += await notifySavedSearchMatches(db, car.id, now);
  }
  return { checked: fresh.length, notified };
}
