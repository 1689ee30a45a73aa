// Favourites (the heart, the count, the owner's daily statistics), price-drop notifications, car views counted once
// per visitor per day, and saved searches with their match notifications.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cars, favorites, listingDailyStats, notifications, savedSearches } from "#db/schema";
import { recordCarView } from "~/cars/car-views.server";
import { action as favoriteAction, loader as favoritesLoader } from "~/routes/_cars+/favorites";
import { loader as carLoader } from "~/routes/_cars+/car.$id";
import { action as savedSearchAction } from "~/routes/_resources+/resources.saved-searches";
import { MAX_SAVED_SEARCHES, notifySavedSearchMatches, parseSavedSearchQuery } from "~/search/saved-searches.server";
import { vilniusDay } from "~/utils/calendar-days";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, createSignedInUser } from "./support/factories";
import { callRoute, cookieFrom, formRequest, getRequest } from "./support/routes";
import { takeToast } from "~/utils/toast.server";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

const signedIn = (options: Parameters<typeof createUser>[1] = {}) => createSignedInUser(ctx, options);

const carRow = async (id: string) => (await ctx.db.select().from(cars).where(eq(cars.id, id)))[0]!;

describe("favourites", () => {
  it("adds and removes by POST; with JavaScript the answer is data, without it a redirect back", async () => {
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const user = await signedIn();
    const post = (fields: Record<string, string>) =>
      callRoute(favoriteAction, formRequest("/favorites", fields, { cookie: user.cookie }), ctx.context);

    const added = await post({ carId: car.id, intent: "add", fetcher: "1" });
    expect(added).toMatchObject({ status: 200, data: { ok: true, isFavorite: true } });
    expect((await carRow(car.id)).favoriteCount).toBe(1);
    const [stats] = await ctx.db.select().from(listingDailyStats).where(eq(listingDailyStats.carId, car.id));
    expect(stats).toMatchObject({ day: vilniusDay(), favorites: 1 });

    const removed = await post({ carId: car.id, intent: "remove", redirectTo: `/car/${car.id}` });
    expect(removed).toMatchObject({ status: 302, location: `/car/${car.id}` });
    expect(await ctx.db.select().from(favorites)).toHaveLength(0);
    expect((await carRow(car.id)).favoriteCount).toBe(0);
  });

  it("a double click, or ten at once, makes one favourite and counts it once", async () => {
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const user = await signedIn();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        callRoute(
          favoriteAction,
          formRequest("/favorites", { carId: car.id, intent: "add", fetcher: "1" }, { cookie: user.cookie }),
          ctx.context,
        ),
      ),
    );
    expect(await ctx.db.select().from(favorites)).toHaveLength(1);
    expect((await carRow(car.id)).favoriteCount).toBe(1);
    const [stats] = await ctx.db.select().from(listingDailyStats).where(eq(listingDailyStats.carId, car.id));
    expect(stats?.favorites).toBe(1);
  });

  it("only public cars can be added; guests are sent to sign in; bad input is a 400", async () => {
    const owner = await createUser(ctx);
    const pending = await createCar(ctx, owner.id, { status: "pending" });
    const user = await signedIn();
    const refused = await callRoute(
      favoriteAction,
      formRequest("/favorites", { carId: pending.id, intent: "add", fetcher: "1" }, { cookie: user.cookie }),
      ctx.context,
    );
    expect(refused).toMatchObject({ status: 404, data: { ok: false, error: "errors.carNotFound" } });
    // Without JavaScript: back to the page it was tapped on, with the reason in a toast.
    const back = await callRoute(
      favoriteAction,
      formRequest(
        "/favorites",
        { carId: pending.id, intent: "add", redirectTo: "/rentals?page=2" },
        { cookie: user.cookie },
      ),
      ctx.context,
    );
    expect(back).toMatchObject({ status: 302, location: "/rentals?page=2" });
    const toast = await takeToast(getRequest("/rentals", { cookie: cookieFrom(back.headers) }), ctx.context.env);
    expect(toast.toast).toMatchObject({
      type: "error",
      title: "errors.carNotFoundTitle",
      description: "errors.carNotFound",
    });
    const guest = await callRoute(
      favoriteAction,
      formRequest("/favorites", { carId: pending.id, intent: "add" }),
      ctx.context,
    );
    expect(guest).toMatchObject({ status: 302, location: "/auth/signin?redirectTo=%2Ffavorites" });
    const badInputs: Record<string, string>[] = [
      { carId: pending.id, intent: "toggle" },
      { intent: "add" },
      { carId: "x".repeat(500), intent: "add" },
    ];
    for (const fields of badInputs) {
      const bad = await callRoute(
        favoriteAction,
        formRequest("/favorites", fields, { cookie: user.cookie }),
        ctx.context,
      );
      expect(bad.status).toBe(400);
    }
    expect(await ctx.db.select().from(favorites)).toHaveLength(0);
  });

  it("the /favorites page lists the user's cars, marks those no longer listed, and nobody else's", async () => {
    const owner = await createUser(ctx);
    const listed = await createCar(ctx, owner.id, { make: "Audi" });
    const withdrawn = await createCar(ctx, owner.id, { make: "Opel" });
    const me = await signedIn();
    const other = await createUser(ctx);
    await ctx.db.insert(favorites).values([
      { userId: me.id, carId: listed.id },
      { userId: me.id, carId: withdrawn.id },
      { userId: other.id, carId: listed.id },
    ]);
    await ctx.db.update(cars).set({ available: false }).where(eq(cars.id, withdrawn.id));
    const page = await callRoute<{ cars: { id: string; stillListed: boolean; isFavorite: boolean }[] }>(
      favoritesLoader,
      getRequest("/favorites", { cookie: me.cookie }),
      ctx.context,
    );
    expect(page.data.cars.map((c) => [c.id, c.stillListed, c.isFavorite])).toEqual(
      expect.arrayContaining([
        [listed.id, true, true],
        [withdrawn.id, false, true],
      ]),
    );
    expect(page.data.cars).toHaveLength(2);
  });
});

describe("price drops", () => {
  async function favouritedCar(overrides: Parameters<typeof createCar>[2] = {}) {
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id, {
      make: "Audi",
      model: "A6",
      listingType: "both",
      dailyPrice: 8000,
      salePrice: 2_500_000,
      ...overrides,
    });
    const fans = [await createUser(ctx), await createUser(ctx)];
    await ctx.db.insert(favorites).values([...fans, owner].map((u) => ({ userId: u.id, carId: car.id })));
    return { owner, car, fans };
  }

  it("tell everyone who favourited the car, whoever changed the price, never the owner", async () => {
    const { car, fans } = await favouritedCar();
    const bystander = await createUser(ctx);
    await ctx.db.update(cars).set({ dailyPrice: 6500 }).where(eq(cars.id, car.id));
    const sent = await ctx.db.select().from(notifications);
    expect(sent.map((n) => n.userId).sort()).toEqual(fans.map((f) => f.id).sort());
    expect(sent[0]).toMatchObject({
      type: "price_drop",
      read: false,
      data: {
        car_id: car.id,
        car_make: "Audi",
        car_model: "A6",
        old_price: 8000,
        new_price: 6500,
        price_kind: "daily",
      },
    });
    expect(sent[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(sent[0]!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(sent.some((n) => n.userId === bystander.id)).toBe(false);
  });

  it("say nothing for a rise, an unchanged price, or a car the public cannot see; one notice per price that fell", async () => {
    const { car } = await favouritedCar();
    await ctx.db.update(cars).set({ dailyPrice: 9000 }).where(eq(cars.id, car.id));
    await ctx.db.update(cars).set({ dailyPrice: 9000, make: "Audi" }).where(eq(cars.id, car.id));
    expect(await ctx.db.select().from(notifications)).toHaveLength(0);

    await ctx.db.update(cars).set({ dailyPrice: 7000, salePrice: 2_400_000 }).where(eq(cars.id, car.id));
    const sent = await ctx.db.select().from(notifications);
    expect(sent.map((n) => n.data?.price_kind).sort()).toEqual(["daily", "daily", "sale", "sale"]);

    const hidden = await favouritedCar({ status: "pending" });
    await ctx.db.update(cars).set({ dailyPrice: 100 }).where(eq(cars.id, hidden.car.id));
    expect(await ctx.db.select().from(notifications)).toHaveLength(4);
  });
});

describe("car views", () => {
  it("count once per visitor per car per day, not per reload; owners and crawlers do not count", async () => {
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const request = (agent = "Mozilla/5.0 (Linux; Android 14) Chrome/150", ip = "10.1.1.1") =>
      new Request("http://ratai.test/car/x", { headers: { "User-Agent": agent, "CF-Connecting-IP": ip } });
    const view = (req: Request, viewer: string | null, at = new Date()) =>
      recordCarView(ctx.context, req, { id: car.id, ownerId: owner.id }, viewer, at);

    expect(await view(request(), null)).toBe(true);
    expect(await view(request(), null)).toBe(false);
    expect(await view(request("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/605.1", "10.2.2.2"), null)).toBe(true);
    expect(await view(request(), "user-1")).toBe(true);
    expect(await view(request("x", "10.3.3.3"), "user-1")).toBe(false);
    expect(await view(request(), owner.id)).toBe(false);
    expect(await view(request("Googlebot/2.1 (+http://www.google.com/bot.html)"), null)).toBe(false);
    expect(await view(request(), null, new Date(Date.now() + 86_400_000))).toBe(true);

    expect((await carRow(car.id)).viewCount).toBe(4);
    const stats = await ctx.db.select().from(listingDailyStats).where(eq(listingDailyStats.carId, car.id));
    expect(stats.reduce((sum, s) => sum + s.views, 0)).toBe(4);
  });

  it("a visitor's reloads write nothing once their view is marked, also after a miss elsewhere", async () => {
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const other = await createCar(ctx, owner.id);
    const request = () => new Request("http://ratai.test/car/x", { headers: { "CF-Connecting-IP": "10.5.5.5" } });
    const batch = vi.spyOn(ctx.context.db, "batch");
    expect(await recordCarView(ctx.context, request(), { id: car.id }, null)).toBe(true);
    expect(await recordCarView(ctx.context, request(), { id: car.id }, null)).toBe(false);
    expect(await recordCarView(ctx.context, request(), { id: car.id }, null)).toBe(false);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(await recordCarView(ctx.context, request(), { id: other.id }, null)).toBe(true);
    expect(batch).toHaveBeenCalledTimes(2);
    batch.mockRestore();
    expect((await carRow(car.id)).viewCount).toBe(1);
  });

  it("views that arrive together go to the database in one batch, each new visitor counted once", async () => {
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const request = (ip: string) => new Request("http://ratai.test/car/x", { headers: { "CF-Connecting-IP": ip } });
    const batch = vi.spyOn(ctx.context.db, "batch");
    // Three visitors, one of them twice, within the batch's window: the first writes all of them.
    const counted = await Promise.all(
      ["10.6.0.1", "10.6.0.2", "10.6.0.1", "10.6.0.3"].map((ip) =>
        recordCarView(ctx.context, request(ip), { id: car.id }, null),
      ),
    );
    expect(counted.filter((result) => result === true)).toHaveLength(1);
    expect(counted.filter((result) => result === null)).toHaveLength(3);
    expect(batch).toHaveBeenCalledTimes(1);
    batch.mockRestore();
    expect((await carRow(car.id)).viewCount).toBe(3);
    const stats = await ctx.db.select().from(listingDailyStats).where(eq(listingDailyStats.carId, car.id));
    expect(stats.reduce((sum, s) => sum + s.views, 0)).toBe(3);
    // Written, so remembered: their reloads write nothing more.
    expect(await recordCarView(ctx.context, request("10.6.0.2"), { id: car.id }, null)).toBe(false);
  });

  it("the car page counts after answering and shows the owner's reviews, 3 until 'all'", async () => {
    const owner = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const page = await callRoute<{ car: { reviews: unknown[] } }>(
      carLoader,
      getRequest(`/car/${car.id}`, { ip: "10.4.4.4" }),
      ctx.context,
      { id: car.id },
    );
    expect(page.status).toBe(200);
    await ctx.settled();
    expect((await carRow(car.id)).viewCount).toBe(1);
  });
});

describe("saved searches", () => {
  it("save the page's filters once, canonically, up to 20; delete only one's own", async () => {
    const me = await signedIn();
    const save = (query: string) =>
      callRoute(
        savedSearchAction,
        formRequest("/resources/saved-searches", { intent: "save", query }, { cookie: me.cookie }),
        ctx.context,
      );
    const saved = await save("/rentals?sort=price_asc&category=suv&page=3&location=Vilnius");
    expect(saved).toMatchObject({
      status: 302,
      location: "/rentals?sort=price_asc&category=suv&page=3&location=Vilnius",
    });
    const [row] = await ctx.db.select().from(savedSearches);
    expect(row).toMatchObject({
      userId: me.id,
      query: "/rentals?category=suv&location=Vilnius",
      name: "Automobilių nuoma · Visureigiai · Vilnius",
    });

    await save("/rentals?location=Vilnius&category=suv");
    expect(await ctx.db.select().from(savedSearches)).toHaveLength(1);

    for (let i = 0; i < MAX_SAVED_SEARCHES + 3; i++) await save(`/cars?yearMin=${1990 + i}`);
    expect(await ctx.db.select().from(savedSearches)).toHaveLength(MAX_SAVED_SEARCHES);

    const other = await signedIn();
    const remove = (cookie: string) =>
      callRoute(
        savedSearchAction,
        formRequest("/resources/saved-searches", { intent: "delete", id: row!.id }, { cookie }),
        ctx.context,
      );
    await remove(other.cookie);
    expect(await ctx.db.select().from(savedSearches).where(eq(savedSearches.id, row!.id))).toHaveLength(1);
    await remove(me.cookie);
    expect(await ctx.db.select().from(savedSearches).where(eq(savedSearches.id, row!.id))).toHaveLength(0);
  });

  it("refuse paths that are not listing pages", async () => {
    expect(parseSavedSearchQuery("/admin?x=1")).toBeNull();
    expect(parseSavedSearchQuery("https://evil.example/rentals")).toBeNull();
    const me = await signedIn();
    const result = await callRoute(
      savedSearchAction,
      formRequest(
        "/resources/saved-searches",
        { intent: "save", query: "//evil.example/rentals" },
        { cookie: me.cookie },
      ),
      ctx.context,
    );
    expect(result.location).toBe("/cars");
    expect(await ctx.db.select().from(savedSearches)).toHaveLength(0);
  });

  it("notify people whose search a newly public car matches, once each, never its owner", async () => {
    const owner = await createUser(ctx);
    const [suvInVilnius, anySuv, sales, twice] = [
      await createUser(ctx),
      await createUser(ctx),
      await createUser(ctx),
      await createUser(ctx),
    ];
    await ctx.db.insert(savedSearches).values([
      { userId: suvInVilnius.id, name: "SUV Vilnius", query: "/rentals?category=suv&location=Vilnius" },
      { userId: anySuv.id, name: "SUV", query: "/cars?category=suv&search=toyota" },
      { userId: sales.id, name: "Sales", query: "/sales?category=suv" },
      { userId: twice.id, name: "First", query: "/rentals?priceMax=100" },
      { userId: twice.id, name: "Second", query: "/rentals?fuelType=hybrid" },
      { userId: owner.id, name: "Own", query: "/rentals" },
    ]);
    const car = await createCar(ctx, owner.id, {
      category: "suv",
      location: "Vilnius",
      listingType: "rental",
      dailyPrice: 4500,
      status: "pending",
    });
    expect(await notifySavedSearchMatches(ctx.db, car.id)).toBe(0);
    await ctx.db.update(cars).set({ status: "approved" }).where(eq(cars.id, car.id));
    expect(await notifySavedSearchMatches(ctx.db, car.id)).toBe(3);
    const sent = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "saved_search_match")));
    expect(sent.map((n) => n.userId).sort()).toEqual([suvInVilnius.id, anySuv.id, twice.id].sort());
    expect(sent.find((n) => n.userId === twice.id)?.data).toMatchObject({ car_id: car.id, search_name: "First" });
  });
});
