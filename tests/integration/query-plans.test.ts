// Every listing and search query uses an index at 10,000 cars: the statements the real code sends are recorded and
// their query plans checked, so a change that makes one of them scan a table fails here.
import type { Client, InStatement, InValue } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHostDashboard } from "~/dashboard/host-figures.server";
import { PERIODS } from "~/dashboard/period";
import { loadRenterDashboard } from "~/dashboard/renter-dashboard.server";
import { createDb } from "~/db.server";
import {
  DRIVER_OPTIONS,
  LISTING_PAGE_SIZE,
  LISTING_SORTS,
  parseListingFilters,
  type ListingScope,
} from "~/search/listing-filters";
import { COUNT_CAP, findListings, findNewestCards, findQuickResults } from "~/search/listing-query.server";
import { BULK_CARS, createCatalogueContext } from "./support/catalogue-db";
import type { TestContext } from "./support/context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createCatalogueContext();
}, 120_000);
afterAll(() => ctx?.close());

type Recorded = { sql: string; args: InValue[] };

/** The same database, with every statement the app sends written down. */
function recordingDb(client: Client) {
  const statements: Recorded[] = [];
  const note = (statement: InStatement) => {
    if (typeof statement === "string") statements.push({ sql: statement, args: [] });
    else statements.push({ sql: statement.sql, args: (statement.args ?? []) as InValue[] });
  };
  const recording = new Proxy(client, {
    get(target, key, receiver) {
      if (key === "execute") return (statement: InStatement) => (note(statement), target.execute(statement));
      if (key === "batch")
        return (statements: InStatement[], mode?: Parameters<Client["batch"]>[1]) => (
          statements.forEach(note),
          target.batch(statements, mode)
        );
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: createDb(recording), statements };
}

/**
 * The plan's lines that read a whole table without an index. A scan of a subquery's own rows (`SCAN p` after
 * `CO-ROUTINE p` or `MATERIALIZE p`: a card's first five photos) is not one: its size is the subquery's, whose own
 * lines are in the plan and checked.
 */
async function tableScans(client: Client, statement: Recorded): Promise<string[]> {
  const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.args });
  const details = plan.rows.map((row) => String(row.detail));
  const subqueries = new Set(details.flatMap((detail) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)$/.exec(detail)?.[1] ?? []));
  return details.filter(
    (detail) => (/^SCAN \w+$/.test(detail) || /^SCAN \w+ \(/.test(detail)) && !subqueries.has(detail.split(" ")[1]!),
  );
}

async function expectIndexed(run: (db: ReturnType<typeof createDb>) => Promise<unknown>) {
  const { db, statements } = recordingDb(ctx.client);
  await run(db);
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    expect(await tableScans(ctx.client, statement), statement.sql).toEqual([]);
  }
}

const filters = (query: string, scope: ListingScope) => parseListingFilters(new URLSearchParams(query), scope).filters;

/** The same filters, whatever the page. */
const sameFilters = (a: ReturnType<typeof filters>, b: ReturnType<typeof filters>) =>
  JSON.stringify({ ...a, page: 1 }) === JSON.stringify({ ...b, page: 1 });

const FILTER_QUERIES = [
  "",
  "category=suv",
  "fuelType=electric",
  "transmission=manual",
  "location=Vilnius",
  "search=BMW",
  "search=bmw x5&location=kaunas",
  "priceMin=50&priceMax=150",
  "yearMin=2018&yearMax=2022",
  "powerMin=100&powerMax=200&powerUnit=kw",
  ...DRIVER_OPTIONS.map((option) => `driverAvailable=${option}`),
  "instant=1",
  "instant=1&category=suv&priceMax=150",
  "category=suv&fuelType=petrol",
  "category=luxury&priceMin=100&yearMin=2020&transmission=automatic&search=mercedes",
  "page=3",
  "page=9999",
];

describe(`query plans at ${BULK_CARS.toLocaleString("en")} cars`, () => {
  it("the catalogue is that big", async () => {
    const result = await ctx.client.execute(
      "select count(*) as n from cars where status = 'approved' and available = 1",
    );
    expect(Number(result.rows[0]?.n)).toBeGreaterThan(BULK_CARS);
  });

  for (const scope of ["rental", "sale", "all"] as const) {
    for (const sort of LISTING_SORTS) {
      it(`${scope}, sorted ${sort}: every filter alone and combined uses an index`, async () => {
        for (const query of FILTER_QUERIES) {
          await expectIndexed((db) => findListings(db, scope, filters(`${query}&sort=${sort}`, scope), "viewer-id"));
        }
      });
    }
  }

  it("every count, and every filtered page's ids, read the covering index alone, not a row per car", async () => {
    for (const scope of ["rental", "sale", "all"] as const) {
      for (const query of FILTER_QUERIES) {
        const { db, statements } = recordingDb(ctx.client);
        await findListings(db, scope, filters(query, scope), "viewer-id");
        const counting = statements.filter((statement) => /^select (count\(\*\)|cars as total)/.test(statement.sql));
        expect(counting, query).toHaveLength(1);
        const plan = await ctx.client.execute({
          sql: `EXPLAIN QUERY PLAN ${counting[0]!.sql}`,
          args: counting[0]!.args,
        });
        const details = plan.rows.map((row) => String(row.detail));
        // Plain when the scope's filters take nothing from the query but its page (a sale has no driver option).
        const plain = sameFilters(filters(query, scope), filters("", scope));
        if (plain) {
          // A plain scope's count is the row the triggers keep (migration 0026), whatever the catalogue's size.
          expect(details, `${scope} ${query}`).toEqual(["SEARCH catalogue_counts USING PRIMARY KEY (scope=?)"]);
        } else {
          // A filtered count reads the covering index and stops at its cap (COUNT_CAP).
          expect(details, `${scope} ${query}`).toContain("SCAN cars USING COVERING INDEX cars_public_filter_idx");
          expect(counting[0]!.sql, `${scope} ${query}`).toMatch(/ limit \?\)/);
        }
      }
    }
    // A filter that few cars pass: the page's ids come from the covering index too, sorted there.
    const { db, statements } = recordingDb(ctx.client);
    await findListings(db, "rental", filters("instant=1&sort=year_desc", "rental"), "viewer-id");
    const cards = statements.find((statement) => statement.sql.startsWith('select "cars"."id", "cars"."make"'))!;
    const plan = await ctx.client.execute({ sql: `EXPLAIN QUERY PLAN ${cards.sql}`, args: cards.args });
    expect(plan.rows.map((row) => String(row.detail))).toContain(
      "SCAN cars USING COVERING INDEX cars_public_filter_idx",
    );
  });

  it("a page is two statements, its count and its cards, and a plain list's far page walks its sort's index", async () => {
    const { db, statements } = recordingDb(ctx.client);
    await findListings(db, "rental", filters("page=50", "rental"), "viewer-id");
    // The cards' photos and favourite marks come in the cards' own rows, not by the page's query run again.
    expect(statements).toHaveLength(2);
    const cards = statements.find((statement) => statement.sql.includes("json_group_array"))!;
    const plan = await ctx.client.execute({ sql: `EXPLAIN QUERY PLAN ${cards.sql}`, args: cards.args });
    const details = plan.rows.map((row) => String(row.detail));
    expect(details).toContain("SCAN cars USING INDEX cars_rentals_newest_idx");
    expect(details.join("\n")).not.toContain("cars_public_filter_idx");
  });

  it("a filtered count stops at its cap, past the page asked for, and says so; a narrow one is exact", async () => {
    const { db } = recordingDb(ctx.client);
    const exact = await findListings(db, "all", filters("", "all"), null);
    expect(exact.capped).toBe(false);
    expect(exact.total).toBeGreaterThan(COUNT_CAP * 2);
    // Far more cars than the cap match a broad filter: "More than 1,000", with every page up to the cap's to link to.
    const broad = await findListings(db, "all", filters("transmission=automatic", "all"), null);
    expect(broad).toMatchObject({ capped: true, total: COUNT_CAP, page: 1 });
    expect(broad.pageCount).toBe(Math.ceil((COUNT_CAP + 1) / LISTING_PAGE_SIZE));
    expect(broad.cars).toHaveLength(LISTING_PAGE_SIZE);
    // A page past the cap is counted to the page after it, so it is served, not turned into the last page.
    const deep = await findListings(db, "all", filters("transmission=automatic&page=60", "all"), null);
    expect(deep).toMatchObject({ capped: true, page: 60 });
    expect(deep.pageCount).toBe(Math.ceil((61 * LISTING_PAGE_SIZE + 1) / LISTING_PAGE_SIZE));
    expect(deep.cars).toHaveLength(LISTING_PAGE_SIZE);
    // Few matches: counted exactly, as before.
    const narrow = await findListings(db, "rental", filters("instant=1&category=classic", "rental"), null);
    expect(narrow.capped).toBe(false);
    expect(narrow.total).toBeLessThan(COUNT_CAP);
    expect(narrow.pageCount).toBe(Math.max(1, Math.ceil(narrow.total / LISTING_PAGE_SIZE)));
  });

  it("the plans do not depend on the catalogue's size: no table statistics steer them", async () => {
    // SQLite plans from the schema and from sqlite_stat1, which only ANALYZE writes; nothing runs it (decision 027),
    // so the plans checked here at 10,000 cars are those at 100,000 or a million.
    const stats = await ctx.client.execute("select name from sqlite_master where name like 'sqlite_stat%'");
    expect(stats.rows).toEqual([]);
  });

  it("a text search reads the search index's rowids and picks its cars in the covering index", async () => {
    const plans = async (run: (db: ReturnType<typeof createDb>) => Promise<unknown>) => {
      const { db, statements } = recordingDb(ctx.client);
      await run(db);
      const details: string[] = [];
      for (const statement of statements.filter((s) => s.sql.includes("cars_fts"))) {
        const plan = await ctx.client.execute({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.args });
        details.push(plan.rows.map((row) => String(row.detail)).join("\n"));
      }
      return details;
    };
    const byRowid = "SEARCH cars_fts_rows USING COVERING INDEX cars_fts_rows_fts_rowid_unique (fts_rowid=?)";
    const listing = await plans((db) => findListings(db, "all", filters("search=bmw&location=kaunas", "all"), "v"));
    expect(listing.length).toBeGreaterThan(0);
    for (const plan of listing) expect(plan).toContain(byRowid);
    const [quick] = await plans((db) => findQuickResults(db, "tesla"));
    expect(quick).toContain(byRowid);
    expect(quick).toContain("SCAN cars USING COVERING INDEX cars_public_filter_idx");
  });

  it("the home page's sections use an index", async () => {
    await expectIndexed((db) => findNewestCards(db, "rental", 6, null));
    await expectIndexed((db) => findNewestCards(db, "rental", 6, null, "electric"));
    await expectIndexed((db) => findNewestCards(db, "sale", 3, "viewer-id"));
  });

  it("the header's quick search uses an index", async () => {
    await expectIndexed((db) => findQuickResults(db, "tesla"));
    await expectIndexed((db) => findQuickResults(db, "2021 vilnius"));
  });

  it("the dashboards use an index, for the demo host and the demo renter", async () => {
    const idOf = async (email: string) =>
      String((await ctx.client.execute({ sql: "select id from users where email = ?", args: [email] })).rows[0]!.id);
    const [host, renter] = [await idOf("host@demo.lt"), await idOf("renter@demo.lt")];
    for (const period of PERIODS) await expectIndexed((db) => loadHostDashboard(db, host, period, new Date()));
    await expectIndexed((db) => loadRenterDashboard(db, renter, new Date()));
  });
});
