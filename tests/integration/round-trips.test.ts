// A page's database work in at most two round trips to libSQL (decision 005): the visitor's session first, then
// everything else together. Counted as the Worker does it: the app's web client over HTTP to db/'s adapter, every
// HTTP request to the adapter written down, the root loader and the page's loader run in parallel as Remix runs them.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { carImages, favorites, savedSearches } from "#db/schema";
import { createBatchingClient } from "~/db-batching.server";
import { createWebClient, createWebDb } from "~/db.server";
import { loader as rootLoader } from "~/root";
import { loader as carLoader } from "~/routes/_cars+/car.$id";
import { loader as rentalsLoader } from "~/routes/_cars+/rentals";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";
import { startLibsqlHttpServer, type LibsqlHttpServer } from "../../db/libsql-http-server";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createSignedInUser, createUser } from "./support/factories";
import { callRoute, getRequest } from "./support/routes";

let ctx: TestContext;
let server: LibsqlHttpServer;
/** The HTTP requests that reached the adapter, in order: each one's body (the statements it carried). */
let log: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(() => {
  // The libSQL client takes globalThis.fetch when it is made, so the counter is in place before any client is.
  globalThis.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (server && url.startsWith(server.url)) {
      log.push(input instanceof Request ? await input.clone().text() : String(init?.body ?? ""));
    }
    return realFetch(input, init);
  };
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

beforeEach(async () => {
  ctx = await createTestContext();
  server = await startLibsqlHttpServer({ file: ctx.file, port: 0 });
  log = [];
});
afterEach(async () => {
  await server.close();
  ctx.close();
});

/** A request's context as the Worker builds it (app/load-context.ts): a fresh web client over HTTP. */
function workerContext() {
  const pending: Promise<unknown>[] = [];
  const context: AppLoadContext = {
    ...ctx.context,
    cloudflare: {
      ...ctx.context.cloudflare,
      ctx: { waitUntil: (work: Promise<unknown>) => void pending.push(work), passThroughOnException() {} },
    },
    db: createWebDb({ url: server.url }),
  };
  return { context, settled: () => Promise.allSettled(pending.splice(0)) };
}

type Loader = Parameters<typeof callRoute>[0];

/** The root loader and the page's loader in parallel on one request, and the round trips they made. */
async function render(loader: Loader, path: string, cookie?: string, params: Record<string, string> = {}) {
  const { context, settled } = workerContext();
  const request = getRequest(path, { cookie });
  log = [];
  const [root, page] = await Promise.all([
    callRoute<Awaited<ReturnType<typeof rootLoader>>["data"]>(rootLoader as Loader, request, context),
    callRoute<Record<string, unknown>>(loader, request, context, params),
  ]);
  // The car page's view counter is handed to waitUntil: it starts while the loader runs but nobody waits for it (on
  // Workers it finishes after the response), so it is not the page's render work. Its request (the view mark's
  // insert) is told apart by its table and left out of the count, then settled.
  const renderWork = log.filter((body) => !body.includes("car_view_marks"));
  await settled();
  return { root, page, roundTrips: renderWork.length, viewCounted: log.length > renderWork.length };
}

async function seedCatalogue() {
  const owner = await createUser(ctx, { verified: true, isHost: true });
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const car = await createCar(ctx, owner.id, { instantBook: i === 0, make: `Make${i}` });
    await ctx.db.insert(carImages).values([
      { carId: car.id, storageKey: `cars/${car.id}/a.jpg`, width: 800, height: 600, sortOrder: 0 },
      { carId: car.id, storageKey: `cars/${car.id}/b.jpg`, width: 800, height: 600, sortOrder: 1 },
    ]);
    ids.push(car.id);
  }
  const renter = await createSignedInUser(ctx, { verified: true });
  await ctx.db.insert(favorites).values({ userId: renter.id, carId: ids[1]! });
  await ctx.db.insert(savedSearches).values({ userId: renter.id, name: "Visos", query: "scope=rental" });
  return { owner, renter, carIds: ids };
}

describe("a page's database round trips", () => {
  it("a signed-in /rentals: the session, then everything else in one", async () => {
    const { renter, carIds } = await seedCatalogue();
    const { root, page, roundTrips } = await render(rentalsLoader as Loader, "/rentals", renter.cookie);
    expect(root.data.user?.id).toBe(renter.id);
    const listings = page.data.listings as { cars: { id: string; images: unknown[]; isFavorite: boolean }[] };
    expect(listings.cars.map((car) => car.id).sort()).toEqual([...carIds].sort());
    expect(listings.cars.every((car) => car.images.length === 2)).toBe(true);
    expect(listings.cars.filter((car) => car.isFavorite).map((car) => car.id)).toEqual([carIds[1]]);
    expect(roundTrips, log.join("\n")).toBeLessThanOrEqual(2);
  });

  it("a signed-in car page: the session, then everything else in one; the view is counted after", async () => {
    const { renter, carIds } = await seedCatalogue();
    const { root, page, roundTrips, viewCounted } = await render(
      carLoader as Loader,
      `/car/${carIds[0]}`,
      renter.cookie,
      {
        id: carIds[0]!,
      },
    );
    expect(root.data.user?.id).toBe(renter.id);
    const car = page.data.car as { id: string; images: unknown[]; viewCount: number };
    expect(car.id).toBe(carIds[0]);
    expect(car.images).toHaveLength(2);
    expect(page.data.calendar).not.toBeNull();
    expect((page.data.viewer as { instantBook: unknown }).instantBook).not.toBeNull();
    expect(roundTrips, log.join("\n")).toBeLessThanOrEqual(2);
    expect(viewCounted).toBe(true);
  });

  it("an anonymous /rentals and car page (the edge cache's miss): one round trip each", async () => {
    const { carIds } = await seedCatalogue();
    const listing = await render(rentalsLoader as Loader, "/rentals");
    expect((listing.page.data.listings as { cars: unknown[] }).cars).toHaveLength(3);
    expect(listing.roundTrips, log.join("\n")).toBeLessThanOrEqual(1);
    const carPage = await render(carLoader as Loader, `/car/${carIds[2]}`, undefined, { id: carIds[2]! });
    expect((carPage.page.data.car as { id: string }).id).toBe(carIds[2]);
    expect(carPage.roundTrips).toBeLessThanOrEqual(1);
  });
});

describe("the batching client", () => {
  const client = () => createBatchingClient(createWebClient({ url: server.url }));

  it("sends reads started together as one request, each caller getting its own result in order", async () => {
    const db = client();
    const results = await Promise.all([1, 2, 3].map((n) => db.execute({ sql: "select ? as n", args: [n] })));
    expect(results.map((result) => result.rows[0]?.n)).toEqual([1, 2, 3]);
    expect(results[0]?.columns).toEqual(["n"]);
    expect(log).toHaveLength(1);
  });

  it("a failing statement fails only its caller", async () => {
    const db = client();
    const [good, bad, alsoGood] = await Promise.allSettled([
      db.execute("select 1 as n"),
      db.execute("select * from no_such_table"),
      db.execute("select 2 as n"),
    ]);
    expect(good.status === "fulfilled" && good.value.rows[0]?.n).toBe(1);
    expect(bad.status).toBe("rejected");
    expect(alsoGood.status === "fulfilled" && alsoGood.value.rows[0]?.n).toBe(2);
  });

  it("does not hold writes: a write is its own request, done in the order asked", async () => {
    const db = client();
    await db.execute("create table t (n integer)");
    log = [];
    const [, , read] = await Promise.all([
      db.execute("select 1"),
      db.execute({ sql: "insert into t (n) values (?)", args: [7] }),
      db.execute("select 2"),
    ]);
    expect(read.rows[0]?.[0]).toBe(2);
    // The insert went at once; the two reads together after the turn.
    expect(log).toHaveLength(2);
    expect((await db.execute("select n from t")).rows[0]?.n).toBe(7);
  });

  it("an unreachable database is DatabaseUnavailableError for every caller, without a retry one by one", async () => {
    const url = server.url;
    await server.close();
    log = [];
    const db = createBatchingClient(createWebClient({ url }));
    const outcomes = await Promise.allSettled([db.execute("select 1"), db.execute("select 2")]);
    expect(outcomes.map((o) => o.status === "rejected" && isDatabaseUnavailable(o.reason))).toEqual([true, true]);
    expect(log).toHaveLength(1);
    server = await startLibsqlHttpServer({ file: ctx.file, port: 0 });
  });
});
