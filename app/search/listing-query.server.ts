// The public catalogue: the listing pages, the home page's sections and the header's quick search read cars here.
// Every query must use an index at 10,000 cars (tests/integration/query-plans.test.ts checks the plans).
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { cars, profiles } from "#db/schema";
import { selectCardsWithExtras, shapeCardsWithExtras, type ListingCard } from "~/cars/listing-cards.server";
import { PUBLIC_CAR } from "~/cars/public-car.server";
import type { Db } from "~/db.server";
import type { RateLimitCount, RateLimitResult } from "~/accounts/rate-limit.server";
import {
  LISTING_PAGE_SIZE,
  locationWords,
  powerInHp,
  type ListingFilters,
  type ListingScope,
} from "~/search/listing-filters";

/**
 * Rentals include "both", sales include "both" (part 1 §7). Written as `<>` literals, the form the per-page partial
 * indexes are declared with (db/schema.ts); the CHECK on listing_type makes them mean the same as IN lists.
 */
const SCOPE_CONDITION: Record<ListingScope, SQL | undefined> = {
  rental: sql`${cars.listingType} <> 'sale'`,
  sale: sql`${cars.listingType} <> 'rental'`,
  all: undefined,
};

/**
 * The same scopes as lists of listing types, which the covering index (its first column) can seek where it cannot
 * seek `<>`: with them a filtered read goes straight to the category, fuel and transmission asked for, the index's
 * next columns, and reads the matching entries rather than the catalogue's (decision 027).
 */
const SCOPE_TYPES: Record<ListingScope, SQL> = {
  rental: sql`${cars.listingType} in ('rental', 'both')`,
  sale: sql`${cars.listingType} in ('sale', 'both')`,
  all: sql`${cars.listingType} in ('rental', 'sale', 'both')`,
};

/** Prefix words for the full-text index: "bmw x5" finds "BMW X5 xDrive". Only letters and digits reach it. */
export function ftsWords(text: string): string | null {
  const words = locationWords(text).slice(0, 8);
  return words.length ? words.map((word) => `"${word}"*`).join(" ") : null;
}

/** The full-text query of a search and a place, or null when neither has a word. */
function matchQuery(filters: Pick<ListingFilters, "search" | "location">): string | null {
  const search = filters.search ? ftsWords(filters.search) : null;
  const location = filters.location ? ftsWords(filters.location) : null;
  const parts = [search ? `(${search})` : null, location ? `location : (${location})` : null].filter(Boolean);
  return parts.length ? parts.join(" AND ") : null;
}

function textMatch(filters: Pick<ListingFilters, "search" | "location">): SQL | undefined {
  const query = matchQuery(filters);
  if (!query) return undefined;
  // Through cars_fts_rows (migration 0021): the match gives rowids, which FTS reads without its rows.
  return sql`${cars.id} in (select car_id from cars_fts_rows where fts_rowid in
    (select rowid from cars_fts where cars_fts match ${query}))`;
}

function priceCondition(scope: ListingScope, min?: number, max?: number): SQL | undefined {
  if (min === undefined && max === undefined) return undefined;
  const within = (column: typeof cars.dailyPrice | typeof cars.salePrice) =>
    and(min !== undefined ? gte(column, min * 100) : undefined, max !== undefined ? lte(column, max * 100) : undefined);
  if (scope === "rental") return within(cars.dailyPrice);
  if (scope === "sale") return within(cars.salePrice);
  // On /cars a car matches by the price of whatever it offers: its daily price, its sale price, or either.
  return or(
    and(inArray(cars.listingType, ["rental", "both"]), within(cars.dailyPrice)),
    and(inArray(cars.listingType, ["sale", "both"]), within(cars.salePrice)),
  );
}

function driverCondition(option: ListingFilters["driverAvailable"]): SQL | undefined {
  if (option === "driver_only") return eq(cars.driverOnly, true);
  if (option === "both_options") return and(eq(cars.driverAvailable, true), eq(cars.driverOnly, false));
  if (option === "self_drive_only") return and(eq(cars.driverAvailable, false), eq(cars.driverOnly, false));
  return undefined;
}

/** The terms the visitor's filters add to the scope's; none on a plain /rentals, /sales or /cars. */
function filterTerms(scope: ListingScope, filters: ListingFilters): (SQL | undefined)[] {
  const power = powerInHp(filters);
  return [
    filters.category ? eq(cars.category, filters.category) : undefined,
    filters.fuelType ? eq(cars.fuelType, filters.fuelType) : undefined,
    filters.transmission ? eq(cars.transmission, filters.transmission) : undefined,
    driverCondition(filters.driverAvailable),
    // An extra term on whichever partial index the scope and sort use (query-plans.test.ts checks the plans).
    filters.instantBook ? eq(cars.instantBook, true) : undefined,
    power.min !== undefined ? gte(cars.horsepower, power.min) : undefined,
    power.max !== undefined ? lte(cars.horsepower, power.max) : undefined,
    filters.yearMin !== undefined ? gte(cars.year, filters.yearMin) : undefined,
    filters.yearMax !== undefined ? lte(cars.year, filters.yearMax) : undefined,
    priceCondition(scope, filters.priceMin, filters.priceMax),
    textMatch(filters),
  ];
}

export function listingWhere(scope: ListingScope, filters: ListingFilters): SQL {
  return and(PUBLIC_CAR, SCOPE_CONDITION[scope], ...filterTerms(scope, filters))!;
}

/** The cars a full-text query matches, through cars_fts_rows (migration 0021): the match gives rowids. */
const FROM_MATCHES = sql`cars_fts cross join cars_fts_rows on cars_fts_rows.fts_rowid = cars_fts.rowid
    cross join ${cars} on ${cars.id} = cars_fts_rows.car_id`;

/** A search that is a page's only filter: its full-text query, and the page's conditions without it. */
interface Searched {
  query: string;
  where: SQL;
}

/**
 * The covering index of public cars' filter and sort columns (db/schema.ts). A count reads it whole, about a
 * millisecond at 10,000 cars, where SQLite's own choice read a row per car: 28 ms for a plain /rentals (through
 * `cars_public_any_price_idx`, which lacks `listing_type`), 40–60 ms with a filter such as a power range. ANALYZE's
 * statistics made its choice worse, not better.
 */
const FILTER_INDEX = sql`${cars} indexed by ${sql.identifier("cars_public_filter_idx")}`;

/**
 * A filtered count stops at the first page boundary past this many cars (or past the page after the one asked for):
 * "More than 1,000 cars found". Counting every match reads index entries in proportion to the catalogue; a capped
 * count reads at most this many whatever its size (decision 027).
 */
export const COUNT_CAP = 1_000;

/**
 * How many cars match, and how many were counted at most. A plain scope's count is one row of catalogue_counts, which
 * triggers keep (migration 0026); a filtered one is counted in the covering index up to its cap, a search alone from
 * its matches' cars up to the cap.
 */
function countListings(
  db: Db,
  scope: ListingScope,
  where: SQL,
  narrowed: boolean,
  page: number,
  text: Searched | null,
) {
  if (!narrowed) {
    return {
      limit: null,
      rows: db.all<{ total: number }>(sql`select cars as total from catalogue_counts where scope = ${scope}`),
    };
  }
  const limit = Math.max(COUNT_CAP, (page + 1) * LISTING_PAGE_SIZE) + 1;
  // A search and nothing else: its matches' cars, up to the cap, rather than every match's id sought in the covering
  // index (the matches' ids gathered first cost as many as match: 26 ms of 100,000 cars' 9,000 "bmw"s).
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(text ? FROM_MATCHES : FILTER_INDEX)
    .where(text ? and(text.where, sql`cars_fts match ${text.query}`) : where)
    .limit(limit)
    .as("matches");
  return { limit, rows: db.select({ total: count() }).from(matches) };
}

/** The price a sort uses: the daily price on /rentals, the sale price on /sales, the first one a card shows on /cars. */
function priceKey(scope: ListingScope): SQL {
  if (scope === "rental") return sql`${cars.dailyPrice}`;
  if (scope === "sale") return sql`${cars.salePrice}`;
  return sql`coalesce(${cars.dailyPrice}, ${cars.salePrice})`;
}

export function listingOrder(scope: ListingScope, sort: ListingFilters["sort"]): SQL[] {
  // The id last, in the same direction: pages stay stable when two cars share a date or a price, and the
  // index (key, id) is walked in order with no sort.
  if (sort === "price_asc") return [asc(priceKey(scope)), asc(cars.id)];
  if (sort === "price_desc") return [desc(priceKey(scope)), desc(cars.id)];
  if (sort === "year_desc") return [desc(cars.year), desc(cars.createdAt), desc(cars.id)];
  return [desc(cars.createdAt), desc(cars.id)];
}

export interface ListingPage {
  cars: ListingCard[];
  /** How many cars match; when `capped`, more than this many do (COUNT_CAP). */
  total: number;
  capped: boolean;
  page: number;
  pageCount: number;
}

export async function findListings(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  /** The viewer's id, or SQL that yields it (the session's subquery), for their favourite marks. */
  viewerId: string | SQL | null,
): Promise<ListingPage> {
  return (await readListings(db, scope, filters, viewerId, null)).listings!;
}

/**
 * findListings behind a rate limit counted in the same round trip: one write batch, the count first, then the page's
 * reads, which find nothing once it is over (ARCHITECTURE rule 10). No listings when it refused.
 */
export function findListingsLimited(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  viewerId: string | SQL | null,
  hit: RateLimitCount,
): Promise<{ limit: RateLimitResult | null; listings: ListingPage | null }> {
  return readListings(db, scope, filters, viewerId, hit);
}

async function readListings(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  viewerId: string | SQL | null,
  hit: RateLimitCount | null,
): Promise<{ limit: RateLimitResult | null; listings: ListingPage | null }> {
  // Behind a rate limit, every read the page makes holds only while the count just made is within it.
  const gate = (terms: SQL | undefined) => (hit ? and(terms, hit.allowed)! : terms!);
  const where = gate(listingWhere(scope, filters));
  // What the covering index reads: the same cars, its scope spelled so that the index can seek it.
  const seekWhere = and(where, SCOPE_TYPES[scope])!;
  const order = listingOrder(scope, filters.sort);
  // The page and its count are asked for at once (one round trip through the batching client,
  // app/db-batching.server.ts); each card's photos and favourite mark come in its own row. A filtered page's ids come
  // from the covering index, sought by the scope's listing types and the filters that follow them there, and sorted:
  // walking the sort's own index reads the row of every car it passes (for the filters and the owner), all of them
  // when few match. A plain list walks the sort's index; a search alone picks its way by its share (searchedIds).
  const narrowed = filterTerms(scope, filters).some(Boolean);
  // A search and nothing else but the scope: its page is picked by searchedIds, the search's share deciding how.
  const unsearched = { ...filters, search: undefined, location: undefined };
  const query = filterTerms(scope, unsearched).some(Boolean) ? null : matchQuery(filters);
  const text = query ? { query, where: gate(listingWhere(scope, unsearched)) } : null;
  const load = (page: number) => {
    const pageOf = (from: SQL, extra?: SQL) =>
      db
        // Spelled out: Drizzle refuses a column of a table it was given as SQL, and would leave "id" unqualified.
        .select({ id: sql<string>`"cars"."id"` })
        .from(from)
        .innerJoin(profiles, eq(profiles.id, cars.ownerId))
        .where(extra ? and(text?.where, extra) : narrowed ? seekWhere : where)
        .orderBy(...order)
        .limit(LISTING_PAGE_SIZE)
        .offset((page - 1) * LISTING_PAGE_SIZE);
    // A plain list walks its sort's index to the page, whatever the page: the cost is the page's depth, not the
    // catalogue's size (the covering index would be read whole and sorted for a later page).
    const pageIds = text ? searchedIds(text.query, pageOf) : pageOf(narrowed ? FILTER_INDEX : sql`${cars}`);
    return selectCardsWithExtras(db, viewerId)
      .where(inArray(cars.id, pageIds))
      .orderBy(...order);
  };
  const counting = countListings(db, scope, seekWhere, narrowed, filters.page, text);
  let limit: RateLimitResult | null = null;
  let counts: { total: number }[];
  let firstTry: Awaited<ReturnType<typeof load>>;
  if (hit) {
    let hitRows: { count: number; window_start: number }[];
    [hitRows, counts, firstTry] = await db.batch([hit.statement, counting.rows, load(filters.page)]);
    limit = hit.result(hitRows);
    if (!limit.allowed) return { limit, listings: null };
  } else {
    [counts, firstTry] = await Promise.all([counting.rows, load(filters.page)]);
  }
  const found = Number(counts[0]?.total ?? 0);
  const capped = counting.limit !== null && found >= counting.limit;
  const total = capped ? COUNT_CAP : found;
  // A capped count covers the page after the one asked for, so its pages are all there to link to.
  const pageCount = Math.max(1, Math.ceil(found / LISTING_PAGE_SIZE));
  // A page past the end (an old link, a typed number) shows the last page rather than nothing: a second round trip,
  // only then.
  const page = Math.min(filters.page, pageCount);
  const rows = page === filters.page ? firstTry : await load(page);
  return { limit, listings: { cars: shapeCardsWithExtras(rows), total, capped, page, pageCount } };
}

/**
 * The home page's sections: the newest public cars of a scope, optionally of one category. The viewer is their id or
 * SQL that yields it (the session's subquery), so the cars, their photos and the viewer's marks are asked for at once.
 */
export async function findNewestCards(
  db: Db,
  scope: Exclude<ListingScope, "all">,
  limit: number,
  viewer: string | SQL | null,
  category?: ListingFilters["category"],
): Promise<ListingCard[]> {
  const order = listingOrder(scope, "newest");
  const newest = db
    .select({ id: sql<string>`"cars"."id"` })
    .from(cars)
    .innerJoin(profiles, eq(profiles.id, cars.ownerId))
    .where(listingWhere(scope, { category, sort: "newest", page: 1, powerUnit: "hp" }))
    .orderBy(...order)
    .limit(limit);
  const rows = await selectCardsWithExtras(db, viewer)
    .where(inArray(cars.id, newest))
    .orderBy(...order);
  return shapeCardsWithExtras(rows);
}

export interface QuickResult {
  id: string;
  make: string;
  model: string;
  year: number;
  location: string;
  listingType: "rental" | "sale" | "both";
  dailyPrice: number | null;
  salePrice: number | null;
  image: string | null;
}

/** What GET /resources/search answers the header's live search (components/shell/live-search.tsx). */
export interface QuickSearchResponse {
  term: string;
  results: (Omit<QuickResult, "image"> & { image: string | null })[];
  error?: "validation.searchTooShort" | "errors.tooManySearches";
}

export const QUICK_RESULTS = 5;

/**
 * A search's matches this many or fewer: their cars are read and sorted. More: the scope's cars are walked in the
 * page's order (its sort's index) and each tested against the match, stopping at the page's last card, which takes
 * about the page's cards ÷ the matches' share of index entries. Either way a search reads a bounded number of cars
 * however big the catalogue (decision 027).
 */
export const SEARCH_WALK_FROM = 500;

/**
 * The ids a searched page shows, as one statement of two branches of which only one runs: the match's size, counted
 * in the search index up to SEARCH_WALK_FROM + 1, picks it (a condition on no table's column, which SQLite tests once,
 * before the branch's loop). `page(from, term)` is the page's query over `from`, with `term` among its conditions.
 */
function searchedIds(query: string, page: (from: SQL, term: SQL) => SQLWrapper): SQL {
  const matched = sql`select rowid from cars_fts where cars_fts match ${query}`;
  const many = sql`(select count(*) from (${matched} limit ${SEARCH_WALK_FROM + 1})) > ${SEARCH_WALK_FROM}`;
  const walk = page(
    sql`${cars}`,
    sql`${many} and exists (select 1 from cars_fts_rows where cars_fts_rows.car_id = ${cars.id}
      and cars_fts_rows.fts_rowid in (${matched}))`,
  );
  const matches = page(FROM_MATCHES, sql`cars_fts match ${query} and not ${many}`);
  return sql`(select id from (${walk}) union all select id from (${matches}))`;
}

/** The header's live search: at most five public cars matching the words, newest first. */
export async function findQuickResults(db: Db, term: string): Promise<QuickResult[]> {
  const query = matchQuery({ search: term });
  return query ? quickResults(db, query) : [];
}

/**
 * findQuickResults behind a rate limit counted in the same round trip (one write batch, as findListingsLimited): the
 * count first, then the five, which find nothing once it is over. No results when it refused.
 */
export async function findQuickResultsLimited(
  db: Db,
  term: string,
  hit: RateLimitCount,
): Promise<{ limit: RateLimitResult; results: QuickResult[] }> {
  const query = matchQuery({ search: term });
  if (!query) return { limit: hit.result(await hit.statement), results: [] };
  const [hitRows, rows] = await db.batch([hit.statement, quickResults(db, query, hit.allowed)]);
  const limit = hit.result(hitRows);
  return { limit, results: limit.allowed ? rows : [] };
}

function quickResults(db: Db, query: string, gate?: SQL) {
  const order = [desc(cars.createdAt), desc(cars.id)];
  return db
    .select({
      id: cars.id,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      location: cars.location,
      listingType: cars.listingType,
      dailyPrice: cars.dailyPrice,
      salePrice: cars.salePrice,
      // Spelled out: inside a select list Drizzle leaves column names unqualified, and "id" would be the photo's.
      image: sql<
        string | null
      >`(select ci.storage_key from car_images ci where ci.car_id = "cars"."id" order by ci.sort_order limit 1)`,
    })
    .from(cars)
    .where(
      inArray(
        cars.id,
        searchedIds(
          query,
          (
            from,
            term,
          ) => sql`select "cars"."id" from ${from} where ${PUBLIC_CAR} and ${term}${gate ? sql` and ${gate}` : sql``}
            order by ${sql.join(order, sql`, `)} limit ${QUICK_RESULTS}`,
        ),
      ),
    )
    .orderBy(...order);
}
