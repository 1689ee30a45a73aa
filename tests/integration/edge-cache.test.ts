// The edge cache of anonymous catalogue pages: what is cached, for whom, and when it must not be served any more.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookings, carBlockedDays, cars, pickupPoints, profiles, reviews } from "#db/schema";
import {
  cacheablePath,
  cacheKey,
  catalogueVersion,
  recentCatalogueVersion,
  VERSION_MEMO_MS,
  VERSION_STALE_MS,
  withEdgeCache,
  type EdgeCache,
} from "~/edge-cache.server";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser } from "./support/factories";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

function memoryCache(): EdgeCache & { size(): number } {
  const stored = new Map<string, Response>();
  return {
    async match(request) {
      return stored.get(request.url)?.clone();
    },
    async put(request, response) {
      stored.set(request.url, response);
    },
    size: () => stored.size,
  };
}

async function serve(
  cache: EdgeCache,
  request: Request,
  answer: () => Response = () => new Response("<html>page</html>"),
  build = "build-1",
) {
  let rendered = 0;
  const pending: Promise<unknown>[] = [];
  // A fresh database key per call: these tests want the version read every time (the memo has its own test).
  const databaseKey = `${ctx.file}:${Math.random()}`;
  const response = await withEdgeCache(
    request,
    { db: ctx.db, env: ctx.context.env, databaseKey, build, cache, waitUntil: (p) => pending.push(p) },
    async () => {
      rendered += 1;
      return answer();
    },
  );
  await Promise.all(pending);
  return { response, rendered, body: await response.text() };
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  new Request(`http://ratai.test${path}`, { headers: cookie ? { ...headers, Cookie: cookie } : headers });

describe("the edge cache", () => {
  it("serves a second anonymous visit of a listing page without rendering it again", async () => {
    const cache = memoryCache();
    const first = await serve(cache, get("/rentals?category=suv"));
    const second = await serve(cache, get("/rentals?category=suv"));
    expect([first.rendered, second.rendered]).toEqual([1, 0]);
    expect(second.body).toBe("<html>page</html>");
    expect(second.response.headers.get("X-Edge-Cache")).toBe("hit");
    // Browsers keep nothing: signing in must never show a stale anonymous page.
    expect(second.response.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("keeps languages, themes and queries apart", async () => {
    const cache = memoryCache();
    await serve(cache, get("/rentals"));
    expect((await serve(cache, get("/rentals", "lng=en"))).rendered).toBe(1);
    expect((await serve(cache, get("/rentals", "theme=dark"))).rendered).toBe(1);
    expect((await serve(cache, get("/rentals?page=2"))).rendered).toBe(1);
    expect((await serve(cache, get("/rentals.data?_routes=routes%2F_cars%2B%2Frentals"))).rendered).toBe(1);
    expect(cache.size()).toBe(5);
  });

  it("never caches for a signed-in visitor, a toast, a language switch, other pages or other methods", async () => {
    const cache = memoryCache();
    for (const request of [
      get("/rentals", "session=abc"),
      get("/rentals", "lng=lt; __Host-session=abc"),
      get("/rentals", "toast=xyz"),
      get("/rentals?lng=en"),
      get("/favorites"),
      get("/car/123/book"),
      get("/car/123/contact"),
      get("/car/123", "session=abc"),
      new Request("http://ratai.test/rentals", { method: "POST" }),
    ]) {
      expect(cacheablePath(request), request.url).toBeNull();
      await serve(cache, request);
      await serve(cache, request);
    }
    expect(cache.size()).toBe(0);
  });

  it("caches the information pages that read the same for everyone, but not the contact form or cookie choices", async () => {
    for (const path of ["/about", "/faq", "/help", "/terms", "/privacy", "/career", "/news", "/disclaimer"]) {
      expect(cacheablePath(get(path))).toBe(path);
      expect(cacheablePath(get(path, "session=abc"))).toBeNull();
    }
    expect(cacheablePath(get("/faq.data?q=uzstatas&_routes=routes%2F_pages%2B%2Ffaq"))).toBe("/faq");
    for (const path of ["/contact", "/cookies", "/newsletter", "/newsletter/confirm?token=abc"]) {
      expect(cacheablePath(get(path)), path).toBeNull();
    }
  });

  it("stores only a 200 that sets no cookie", async () => {
    const cache = memoryCache();
    await serve(cache, get("/sales"), () => new Response("oops", { status: 503 }));
    await serve(cache, get("/cars"), () => new Response("x", { headers: { "Set-Cookie": "lng=en" } }));
    expect(cache.size()).toBe(0);
  });

  it("stops serving a page once what the public sees changes", async () => {
    const cache = memoryCache();
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id, { status: "pending" });
    await serve(cache, get("/cars"));
    expect((await serve(cache, get("/cars"))).rendered).toBe(0);

    const before = await catalogueVersion(ctx.db);
    await ctx.db.update(cars).set({ status: "approved" }).where(eq(cars.id, car.id));
    expect(await catalogueVersion(ctx.db)).toBeGreaterThan(before);
    expect((await serve(cache, get("/cars"))).rendered).toBe(1);

    // Counters do not: a view or a favourite must not empty the cache.
    const version = await catalogueVersion(ctx.db);
    await ctx.db.update(cars).set({ viewCount: 10, favoriteCount: 2 }).where(eq(cars.id, car.id));
    expect(await catalogueVersion(ctx.db)).toBe(version);
    // The owner's badge shows on cards.
    await ctx.db.update(profiles).set({ verificationStatus: "verified" }).where(eq(profiles.id, owner.id));
    expect(await catalogueVersion(ctx.db)).toBeGreaterThan(version);
  });

  it("caches a car's page for anonymous visitors and still counts each visitor's view once a day", async () => {
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const cache = memoryCache();
    const visitor = (ip: string) => ({ "CF-Connecting-IP": ip, "User-Agent": "Mozilla/5.0 (Linux; Android 14)" });
    const viewCount = async () =>
      (await ctx.db.select({ n: cars.viewCount }).from(cars).where(eq(cars.id, car.id)))[0]!.n;
    expect(cacheablePath(get(`/car/${car.id}`))).toBe(`/car/${car.id}`);
    expect(cacheablePath(get(`/car/${car.id}.data?_routes=routes%2F_cars%2B%2Fcar.%24id`))).toBe(`/car/${car.id}`);

    // The first answer is rendered (in the Worker its loader counts that view); the next visitors get the stored copy,
    // and the cache counts theirs after answering.
    expect((await serve(cache, get(`/car/${car.id}`, undefined, visitor("10.9.0.1")))).rendered).toBe(1);
    const second = await serve(cache, get(`/car/${car.id}`, undefined, visitor("10.9.0.2")));
    expect([second.rendered, second.response.headers.get("X-Edge-Cache")]).toEqual([0, "hit"]);
    expect(await viewCount()).toBe(1);
    await serve(cache, get(`/car/${car.id}`, undefined, visitor("10.9.0.2")));
    await serve(cache, get(`/car/${car.id}`, undefined, visitor("10.9.0.3")));
    expect(await viewCount()).toBe(2);
    // …and a crawler's visit is no view.
    await serve(
      cache,
      get(`/car/${car.id}`, undefined, { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
    );
    expect(await viewCount()).toBe(2);
  });

  it("stops serving a car's page once its calendar, reviews, pickup points or terms change, not its counters", async () => {
    const owner = await createUser(ctx);
    const renter = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const parties = { carId: car.id, renterId: renter.id, ownerId: owner.id };
    const bumps = async (change: () => Promise<unknown>) => {
      const before = await catalogueVersion(ctx.db);
      await change();
      return (await catalogueVersion(ctx.db)) > before;
    };
    let bookingId = "";
    expect(await bumps(async () => (bookingId = await createBooking(ctx, parties, "pending")))).toBe(true);
    expect(
      await bumps(() => ctx.db.update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, bookingId))),
    ).toBe(true);
    expect(
      await bumps(() => ctx.db.update(bookings).set({ paymentStatus: "authorized" }).where(eq(bookings.id, bookingId))),
    ).toBe(false);
    expect(await bumps(() => ctx.db.insert(carBlockedDays).values({ carId: car.id, day: "2030-01-02" }))).toBe(true);
    expect(await bumps(() => ctx.db.delete(carBlockedDays).where(eq(carBlockedDays.carId, car.id)))).toBe(true);
    expect(
      await bumps(() =>
        ctx.db
          .insert(reviews)
          .values({ bookingId, reviewerId: renter.id, revieweeId: owner.id, carId: car.id, rating: 4 }),
      ),
    ).toBe(true);
    expect(
      await bumps(() =>
        ctx.db.insert(pickupPoints).values({ carId: car.id, name: "Akropolis", address: "Ozo g. 25", city: "Vilnius" }),
      ),
    ).toBe(true);
    expect(await bumps(() => ctx.db.update(cars).set({ instantBook: true }).where(eq(cars.id, car.id)))).toBe(true);
    expect(
      await bumps(() => ctx.db.update(profiles).set({ rating: 4, reviewCount: 1 }).where(eq(profiles.id, owner.id))),
    ).toBe(true);
    expect(
      await bumps(() => ctx.db.update(cars).set({ bookingCount: 3, viewCount: 9 }).where(eq(cars.id, car.id))),
    ).toBe(false);
  });

  it("keys a page by the build, so a deploy never serves a stored page whose scripts are gone", async () => {
    const cache = memoryCache();
    const page = (build: string) => () => new Response(`<script src="/assets/root-${build}.js"></script>`);
    const before = await serve(cache, get("/rentals"), page("old"), "old");
    const after = await serve(cache, get("/rentals"), page("new"), "new");
    const again = await serve(cache, get("/rentals"), page("new"), "new");
    expect([before.rendered, after.rendered, again.rendered]).toEqual([1, 1, 0]);
    expect(again.body).toContain("/assets/root-new.js");
  });

  it("keys a page by the Vilnius day, so a car's calendar never shows yesterday as today", () => {
    // 20:59 and 21:01 UTC on 30 June are 23:59 that day and 00:01 on 1 July in Vilnius (summer time).
    const before = cacheKey(get("/car/abc"), { version: 7, build: "b" }, new Date("2030-06-30T20:59:00Z"));
    const after = cacheKey(get("/car/abc"), { version: 7, build: "b" }, new Date("2030-06-30T21:01:00Z"));
    expect(new URL(before.url).searchParams.get("__day")).toBe("2030-06-30");
    expect(new URL(after.url).searchParams.get("__day")).toBe("2030-07-01");
  });

  it("reads the version at most once a second per database, after the answer while it is under a minute old", async () => {
    const owner = await createUser(ctx);
    const now = Date.now();
    const pending: Promise<unknown>[] = [];
    const later = (p: Promise<unknown>) => void pending.push(p);
    const first = await recentCatalogueVersion(() => ctx.db, ctx.file, now, later);
    await createCar(ctx, owner.id);
    expect(await recentCatalogueVersion(() => ctx.db, ctx.file, now + VERSION_MEMO_MS - 1, later)).toBe(first);
    expect(pending).toHaveLength(0);
    // A second on, the answer still has the version it knew, and the version is read again after it, once.
    expect(await recentCatalogueVersion(() => ctx.db, ctx.file, now + VERSION_MEMO_MS, later)).toBe(first);
    expect(await recentCatalogueVersion(() => ctx.db, ctx.file, now + VERSION_MEMO_MS + 1, later)).toBe(first);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    const second = await recentCatalogueVersion(() => ctx.db, ctx.file, now + VERSION_MEMO_MS + 2, later);
    expect(second).toBeGreaterThan(first);
    // Read that long ago (an isolate nobody asked for a minute), it is read before the answer.
    await createCar(ctx, owner.id);
    const stale = now + VERSION_MEMO_MS + VERSION_STALE_MS;
    expect(await recentCatalogueVersion(() => ctx.db, ctx.file, stale, later)).toBeGreaterThan(second);
    expect(pending).toHaveLength(1);
  });

  it("serves a hit without a database round trip once the isolate knows the version", async () => {
    const cache = memoryCache();
    const databaseKey = `${ctx.file}:hit`;
    let reads = 0;
    const counted = new Proxy(ctx.db, {
      get(target, property, receiver) {
        if (property === "all") reads += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const visit = () =>
      withEdgeCache(
        get("/rentals"),
        { db: counted, env: ctx.context.env, databaseKey, build: "b", cache, waitUntil: () => {} },
        async () => new Response("<html>page</html>"),
      );
    await visit();
    reads = 0;
    const hit = await visit();
    expect(hit.headers.get("X-Edge-Cache")).toBe("hit");
    expect(reads).toBe(0);
  });
});
