// /my-listings and its wizard against a real libSQL file, R2 in memory and the Images double: the steps and their
// messages, the server's verification rule, photos (abuse refused, nothing stored), and the owner-only writes.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, carImages, cars, listingDrafts, pickupPoints } from "#db/schema";
import { action as wizardAction, loader as wizardLoader } from "~/routes/_my-listings+/my-listings.new";
import { action as listAction, loader as listLoader } from "~/routes/_my-listings+/my-listings";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_my-listings+/my-listings.$carId.delete";
import { action as editAction, loader as editLoader } from "~/routes/_my-listings+/my-listings.$carId.edit";
import { action as pricingAction, loader as pricingLoader } from "~/routes/_my-listings+/pricing.$carId";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import { callRoute, formRequest, getRequest, ORIGIN } from "./support/routes";

let ctx: TestContext;
let verified: { id: string; cookie: string };
let newbie: { id: string; cookie: string };
let stranger: { id: string; cookie: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await createUser(ctx, { verified: true, isHost: true });
  const b = await createUser(ctx);
  const c = await createUser(ctx);
  verified = { id: a.id, cookie: await sessionCookieFor(ctx, a.id) };
  newbie = { id: b.id, cookie: await sessionCookieFor(ctx, b.id) };
  stranger = { id: c.id, cookie: await sessionCookieFor(ctx, c.id) };
});
afterAll(() => ctx.close());

const bucketKeys = () => (ctx.context.cloudflare.env.PHOTOS as unknown as { keys(): string[] }).keys();

function draftOf(location: string | null) {
  return location ? new URL(location, ORIGIN).searchParams.get("draft") : null;
}

/** Posts a wizard step as the browser does; returns the result and the draft id it leads to. */
async function postStep(cookie: string, fields: Record<string, string | string[]>) {
  const result = await callRoute<{ result: { error?: Record<string, string[]> }; problem: unknown }>(
    wizardAction,
    formRequest("/my-listings/new", fields, { cookie }),
    ctx.context,
  );
  return { ...result, draft: draftOf(result.location) };
}

function multipart(path: string, fields: Record<string, string | string[]>, files: File[], cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  for (const file of files) body.append("photos", file);
  return new Request(new URL(path, ORIGIN), { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body });
}

const jpeg = async (width = 1200, height = 800) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: "#2a6" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "car.jpg",
    { type: "image/jpeg" },
  );

const VEHICLE = { make: "Škoda", model: "Superb", year: "2021", mileage: "84000", location: "Kaunas" };

/** Steps 1-3 of a valid listing of `type`; returns the draft id. */
async function draftThroughStep3(cookie: string, type: "sale" | "rental", pricing: Record<string, string | string[]>) {
  const one = await postStep(cookie, { step: "1", intent: "next", listingType: type });
  expect(one.status).toBe(302);
  const two = await postStep(cookie, { step: "2", intent: "next", draft: one.draft!, ...VEHICLE });
  expect(two.location).toContain("step=3");
  const three = await postStep(cookie, { step: "3", intent: "next", draft: one.draft!, ...pricing });
  expect(three.location).toContain("step=4");
  return one.draft!;
}

describe("the wizard's steps", () => {
  it("step 2 names every missing field under the spec's title and saves nothing of the car", async () => {
    const one = await postStep(verified.cookie, { step: "1", intent: "next", listingType: "sale" });
    const two = await postStep(verified.cookie, { step: "2", intent: "next", draft: one.draft!, make: "Audi" });
    expect(two.status).toBe(400);
    expect(two.data.problem).toEqual({
      title: "wizard.titles.missingInformation",
      message: "wizard.fillIn",
      fields: ["model", "year", "mileage", "location"],
    });
    expect(two.data.result.error).toMatchObject({
      model: ["listings:errors.required"],
      mileage: ["listings:errors.required"],
    });
    // What was typed is kept in the reply (conform puts it back in the fields).
    expect(JSON.stringify(two.data.result)).toContain("Audi");
  });

  it("formats come back with the spec's messages: year, mileage, VIN, horsepower", async () => {
    const one = await postStep(verified.cookie, { step: "1", intent: "next", listingType: "sale" });
    const two = await postStep(verified.cookie, {
      step: "2",
      intent: "next",
      draft: one.draft!,
      ...VEHICLE,
      year: "1899",
      horsepower: "0",
      vin: "WVWZZZ1KZAW00000I",
    });
    expect(two.status).toBe(400);
    expect(two.data.problem).toMatchObject({
      title: "wizard.titles.invalidData",
      messages: ["validation.wizard.year"],
    });
    expect(two.data.result.error).toMatchObject({
      year: ["validation.wizard.year"],
      horsepower: ["validation.listing.horsepower"],
      vin: ["validation.vinFormat"],
    });
  });

  it("step 3 asks for the price the type needs (Missing Price) and checks pickup points", async () => {
    const one = await postStep(verified.cookie, { step: "1", intent: "next", listingType: "rental" });
    await postStep(verified.cookie, { step: "2", intent: "next", draft: one.draft!, ...VEHICLE });
    const three = await postStep(verified.cookie, {
      step: "3",
      intent: "next",
      draft: one.draft!,
      "pickupPoints[0].name": "Stotis",
      "pickupPoints[0].city": "Kaunas",
      "pickupPoints[0].contactPhone": "abc",
      minRentalDays: "40",
    });
    expect(three.status).toBe(400);
    expect(three.data.problem).toMatchObject({
      title: "wizard.titles.missingPrice",
      message: "validation.wizard.dailyPriceRequired",
    });
    expect(three.data.result.error).toMatchObject({
      dailyPrice: ["validation.wizard.dailyPriceRequired"],
      minRentalDays: ["listings:errors.min_rental_days"],
      "pickupPoints[0].address": ["listings:errors.pickupPointField"],
      "pickupPoints[0].contactPhone": ["validation.phoneFormat"],
    });
  });

  it("a URL cannot skip a step that is not complete", async () => {
    const one = await postStep(verified.cookie, { step: "1", intent: "next", listingType: "sale" });
    const page = await callRoute<{ step: number }>(
      wizardLoader,
      getRequest(`/my-listings/new?draft=${one.draft}&step=4`, { cookie: verified.cookie }),
      ctx.context,
    );
    expect(page.data.step).toBe(2);
  });

  it("Back keeps what was typed on the step, without checking it", async () => {
    const one = await postStep(verified.cookie, { step: "1", intent: "next", listingType: "sale" });
    const back = await postStep(verified.cookie, { step: "2", intent: "back", draft: one.draft!, make: "Volvo" });
    expect(back.location).toContain("step=1");
    const [draft] = await ctx.db.select().from(listingDrafts).where(eq(listingDrafts.id, one.draft!));
    expect(draft?.data).toMatchObject({ listingType: "sale", make: "Volvo" });
  });

  it("a sample VIN decodes into step 2; an unknown maker is the spec's 'VIN not found'", async () => {
    const { SAMPLE_VINS } = await import("~/cars/vin");
    const sample = SAMPLE_VINS[0]!;
    const decoded = await postStep(verified.cookie, {
      step: "1",
      intent: "decode",
      listingType: "sale",
      vin: sample.vin,
    });
    expect(decoded.location).toContain("step=2");
    const [draft] = await ctx.db.select().from(listingDrafts).where(eq(listingDrafts.id, decoded.draft!));
    expect(draft?.data).toMatchObject({
      make: sample.car.make,
      model: sample.car.model,
      year: String(sample.car.year),
    });

    const unknown = await postStep(verified.cookie, {
      step: "1",
      intent: "decode",
      listingType: "sale",
      vin: "99999999999999999",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.data.result.error).toMatchObject({ vin: ["listings:wizard.vinNotFound"] });
  });

  it("another user's draft is not found, and nothing of it changes", async () => {
    const one = await postStep(verified.cookie, { step: "1", intent: "next", listingType: "sale" });
    const theirs = await postStep(stranger.cookie, { step: "2", intent: "back", draft: one.draft!, make: "Hacked" });
    expect(theirs.status).toBe(404);
    const [draft] = await ctx.db.select().from(listingDrafts).where(eq(listingDrafts.id, one.draft!));
    expect(draft?.data).not.toHaveProperty("make");
  });
});

describe("who may rent out", () => {
  it("an unverified user cannot choose rental or both: 403 at step 1, and no draft is written", async () => {
    const before = await ctx.db.select().from(listingDrafts).where(eq(listingDrafts.ownerId, newbie.id));
    const rental = await postStep(newbie.cookie, { step: "1", intent: "next", listingType: "rental" });
    expect(rental.status).toBe(403);
    expect(rental.data.result.error).toMatchObject({ listingType: ["listings:errors.verificationRequired"] });
    const after = await ctx.db.select().from(listingDrafts).where(eq(listingDrafts.ownerId, newbie.id));
    expect(after).toHaveLength(before.length);
  });

  it("a draft switched to rental behind the wizard's back is still refused at creation", async () => {
    const draft = await draftThroughStep3(newbie.cookie, "sale", { salePrice: "15000" });
    await ctx.db
      .update(listingDrafts)
      .set({ data: { ...VEHICLE, listingType: "rental", dailyPrice: "40" } })
      .where(eq(listingDrafts.id, draft));
    const created = await callRoute(
      wizardAction,
      multipart("/my-listings/new", { step: "4", intent: "create", draft }, [], newbie.cookie),
      ctx.context,
    );
    expect(created.location).toContain("step=1");
    expect(await ctx.db.select().from(cars).where(eq(cars.ownerId, newbie.id))).toHaveLength(0);
  });

  it("?create=rental opens the wizard only for verified users; ?create=sale for anyone", async () => {
    const forNewbie = await callRoute(
      listLoader,
      getRequest("/my-listings?create=rental", { cookie: newbie.cookie }),
      ctx.context,
    );
    expect(forNewbie.location).toBe("/my-listings");
    const sale = await callRoute(
      listLoader,
      getRequest("/my-listings?create=sale", { cookie: newbie.cookie }),
      ctx.context,
    );
    expect(sale.location).toBe("/my-listings/new?type=sale");
    const forVerified = await callRoute(
      listLoader,
      getRequest("/my-listings?create=rental", { cookie: verified.cookie }),
      ctx.context,
    );
    expect(forVerified.location).toBe("/my-listings/new?type=rental");
  });
});

describe("creating", () => {
  it("a rental with a pickup point and two photos is pending, hidden, and stored in both sizes", async () => {
    const draft = await draftThroughStep3(verified.cookie, "rental", {
      dailyPrice: "45,50",
      depositAmount: "300",
      "pickupPoints[0].name": "Autobusų stotis",
      "pickupPoints[0].address": "Vytauto pr. 24",
      "pickupPoints[0].city": "Kaunas",
      "pickupPoints[0].country": "Lithuania",
    });
    const created = await callRoute(
      wizardAction,
      multipart(
        "/my-listings/new",
        {
          step: "4",
          intent: "create",
          draft,
          features: ["air_conditioning", "not_a_feature"],
          description: "<b>Tvarkingas</b>",
        },
        [await jpeg(), await jpeg(800, 1200)],
        verified.cookie,
      ),
      ctx.context,
    );
    expect(created.status).toBe(302);
    expect(created.location).toBe("/my-listings?tab=pending");
    const [car] = await ctx.db.select().from(cars).where(eq(cars.ownerId, verified.id));
    expect(car).toMatchObject({
      status: "pending",
      available: true,
      verified: false,
      viewCount: 0,
      dailyPrice: 4550,
      depositAmount: 30000,
      salePrice: null,
      features: ["air_conditioning"],
      description: "bTvarkingas/b",
    });
    const points = await ctx.db.select().from(pickupPoints).where(eq(pickupPoints.carId, car!.id));
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({ isPrimary: true, city: "Kaunas" });
    // The city filled in the coordinates the user left empty.
    expect(points[0]!.latitude).toBeCloseTo(54.9, 0);
    const photos = await ctx.db.select().from(carImages).where(eq(carImages.carId, car!.id));
    expect(photos.map((p) => [p.isPrimary, p.sortOrder])).toEqual([
      [true, 0],
      [false, 1],
    ]);
    for (const photo of photos) {
      expect(bucketKeys()).toContain(`${photo.storageKey}/card.webp`);
      expect(bucketKeys()).toContain(`${photo.storageKey}/full.webp`);
    }
    expect(await ctx.db.select().from(listingDrafts).where(eq(listingDrafts.id, draft))).toHaveLength(0);
  });

  it.each([
    [
      "an HTML page named .jpg",
      () => new File(["<html><script>alert(1)</script></html>"], "x.jpg", { type: "image/jpeg" }),
      "validation.photoType",
    ],
    [
      "an SVG",
      () => new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "x.svg", { type: "image/svg+xml" }),
      "validation.photoType",
    ],
    [
      "a 6 MB image",
      () => new File([new Uint8Array([0xff, 0xd8, 0xff, ...new Uint8Array(6 * 1024 * 1024)])], "big.jpg"),
      "validation.photoSize",
    ],
  ])("%s is refused at the field and nothing is stored", async (_name, makeFile, message) => {
    const draft = await draftThroughStep3(verified.cookie, "sale", { salePrice: "9999" });
    const keys = bucketKeys().length;
    const carsBefore = (await ctx.db.select().from(cars)).length;
    const result = await callRoute<{ result: { error?: Record<string, string[]> } }>(
      wizardAction,
      multipart(
        "/my-listings/new",
        { step: "4", intent: "create", draft, description: "Typed before the photo was refused" },
        [makeFile()],
        verified.cookie,
      ),
      ctx.context,
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({ photos: [message] });
    expect(bucketKeys()).toHaveLength(keys);
    expect(await ctx.db.select().from(cars)).toHaveLength(carsBefore);
    expect(JSON.stringify(result.data.result)).toContain("Typed before the photo was refused");
    // Nothing written: not even the draft (the reply puts the typed texts back into the form).
    const [kept] = await ctx.db.select().from(listingDrafts).where(eq(listingDrafts.id, draft));
    expect(kept?.data).not.toHaveProperty("description");
  });

  it("11 photos are refused ('Maximum 10 images allowed')", async () => {
    const draft = await draftThroughStep3(verified.cookie, "sale", { salePrice: "9999" });
    const photo = await jpeg(64, 48);
    const result = await callRoute<{ result: { error?: Record<string, string[]> } }>(
      wizardAction,
      multipart("/my-listings/new", { step: "4", intent: "create", draft }, Array(11).fill(photo), verified.cookie),
      ctx.context,
    );
    expect(result.data.result.error).toMatchObject({ photos: ["validation.photoCount"] });
  });

  it("a truncated photo among good ones: the listing is created, the toast says 'Partial Success', no orphans", async () => {
    const draft = await draftThroughStep3(verified.cookie, "sale", { salePrice: "25000" });
    const good = await jpeg();
    const bytes = new Uint8Array(await good.arrayBuffer());
    const truncated = new File([bytes.slice(0, Math.floor(bytes.length / 3))], "cut.jpg", { type: "image/jpeg" });
    const keys = bucketKeys().length;
    const result = await callRoute(
      wizardAction,
      multipart("/my-listings/new", { step: "4", intent: "create", draft }, [good, truncated], verified.cookie),
      ctx.context,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Set-Cookie")).toBeTruthy();
    const [car] = await ctx.db.select().from(cars).where(eq(cars.salePrice, 2_500_000));
    const photos = await ctx.db.select().from(carImages).where(eq(carImages.carId, car!.id));
    expect(photos).toHaveLength(1);
    expect(bucketKeys()).toHaveLength(keys + 3);
  });
});

describe("the owner's writes", () => {
  it("lists only the owner's cars, with tab counts and 30-day figures for approved ones", async () => {
    const owner = await createUser(ctx, { verified: true });
    const cookie = await sessionCookieFor(ctx, owner.id);
    const approved = await createCar(ctx, owner.id, { status: "approved" });
    await createCar(ctx, owner.id, { status: "rejected", rejectionReason: "Neryškios nuotraukos" });
    await createCar(ctx, stranger.id, { status: "approved" });
    const { vilniusDay } = await import("~/utils/calendar-days");
    const { listingDailyStats } = await import("#db/schema");
    await ctx.db.insert(listingDailyStats).values([
      { carId: approved.id, day: vilniusDay(), views: 12, contacts: 2, favorites: 1, inquiries: 1 },
      { carId: approved.id, day: "2020-01-01", views: 500, contacts: 7 },
    ]);
    const page = await callRoute<{
      counts: Record<string, number>;
      listings: { id: string; performance: Record<string, number> | null; contactCount: number }[];
    }>(listLoader, getRequest("/my-listings", { cookie }), ctx.context);
    expect(page.data.counts).toEqual({ all: 2, pending: 0, approved: 1, rejected: 1 });
    const mine = page.data.listings.find((l) => l.id === approved.id)!;
    expect(mine.performance).toEqual({ views: 12, contacts: 2, favorites: 1, inquiries: 1, averageDailyViews: 0.4 });
    expect(mine.contactCount).toBe(9);
    expect(page.data.listings.filter((l) => l.performance === null)).toHaveLength(1);
  });

  it("availability: the owner toggles; anyone else changes nothing", async () => {
    const car = await createCar(ctx, verified.id);
    const theirs = await callRoute(
      listAction,
      formRequest(
        "/my-listings",
        { intent: "availability", carId: car.id, available: "false" },
        { cookie: stranger.cookie },
      ),
      ctx.context,
    );
    expect(theirs.status).toBe(403);
    expect((await ctx.db.select().from(cars).where(eq(cars.id, car.id)))[0]?.available).toBe(true);
    await callRoute(
      listAction,
      formRequest(
        "/my-listings",
        { intent: "availability", carId: car.id, available: "false" },
        { cookie: verified.cookie },
      ),
      ctx.context,
    );
    expect((await ctx.db.select().from(cars).where(eq(cars.id, car.id)))[0]?.available).toBe(false);
  });

  it("deleting: 403 for others; refused while a booking is open; withdrawn with past bookings; gone otherwise", async () => {
    const car = await createCar(ctx, verified.id);
    const params = { carId: car.id };
    const other = await callRoute(
      deleteLoader,
      getRequest(`/my-listings/${car.id}/delete`, { cookie: stranger.cookie }),
      ctx.context,
      params,
    );
    expect(other.status).toBe(403);
    const otherPost = await callRoute(
      deleteAction,
      formRequest(`/my-listings/${car.id}/delete`, {}, { cookie: stranger.cookie }),
      ctx.context,
      params,
    );
    expect(otherPost.status).toBe(403);

    const open = await createBooking(ctx, { carId: car.id, renterId: stranger.id, ownerId: verified.id }, "confirmed", {
      startDate: "2030-01-10",
      endDate: "2030-01-12",
    });
    const refused = await callRoute<{ error: string }>(
      deleteAction,
      formRequest(`/my-listings/${car.id}/delete`, {}, { cookie: verified.cookie }),
      ctx.context,
      params,
    );
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe("listings:delete.hasOpenBookings");

    await ctx.db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, open));
    const withdrawn = await callRoute(
      deleteAction,
      formRequest(`/my-listings/${car.id}/delete`, {}, { cookie: verified.cookie }),
      ctx.context,
      params,
    );
    expect(withdrawn.status).toBe(302);
    const [kept] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(kept).toMatchObject({ available: false });
    expect(kept?.deletedAt).toBeInstanceOf(Date);

    const plain = await createCar(ctx, verified.id);
    await callRoute(
      deleteAction,
      formRequest(`/my-listings/${plain.id}/delete`, {}, { cookie: verified.cookie }),
      ctx.context,
      { carId: plain.id },
    );
    expect(await ctx.db.select().from(cars).where(eq(cars.id, plain.id))).toHaveLength(0);
  });
});

describe("editing", () => {
  async function carWithPhotos(ownerId: string, count: number, overrides = {}) {
    const car = await createCar(ctx, ownerId, { status: "approved", ...overrides });
    const { addPhotos } = await import("~/cars/listing-photos.server");
    const files = await Promise.all(Array.from({ length: count }, (_, i) => jpeg(400 + i * 10, 300)));
    await addPhotos(ctx.context, car.id, files);
    return car;
  }
  const photosOf = (carId: string) =>
    ctx.db.select().from(carImages).where(eq(carImages.carId, carId)).orderBy(carImages.sortOrder);
  const post = (carId: string, fields: Record<string, string | string[]>, cookie = verified.cookie) =>
    callRoute<{ result?: { error?: Record<string, string[]> }; values?: { pickupPoints?: unknown[] } }>(
      editAction,
      formRequest(`/my-listings/${carId}/edit`, fields, { cookie }),
      ctx.context,
      { carId },
    );

  it("moves a photo forward (the first is the main one), turns one, deletes one; the objects follow", async () => {
    const car = await carWithPhotos(verified.id, 3);
    const [a, b, c] = await photosOf(car.id);
    await post(car.id, { intent: `up:${b!.id}` });
    let photos = await photosOf(car.id);
    expect(photos.map((p) => [p.id, p.isPrimary])).toEqual([
      [b!.id, true],
      [a!.id, false],
      [c!.id, false],
    ]);

    await post(car.id, { intent: `rotate:${c!.id}` });
    photos = await photosOf(car.id);
    const turned = photos.find((p) => p.id === c!.id)!;
    expect([turned.width, turned.height]).toEqual([c!.height, c!.width]);
    expect(turned.storageKey).not.toBe(c!.storageKey);
    expect(bucketKeys()).not.toContain(`${c!.storageKey}/full.webp`);

    await post(car.id, { intent: `delete:${b!.id}` });
    photos = await photosOf(car.id);
    expect(photos.map((p) => [p.id, p.sortOrder, p.isPrimary])).toEqual([
      [a!.id, 0, true],
      [c!.id, 1, false],
    ]);
    expect(bucketKeys()).not.toContain(`${b!.storageKey}/card.webp`);
  });

  it("drag and drop posts the whole order; an order that is not exactly the car's photos changes nothing", async () => {
    const car = await carWithPhotos(verified.id, 3);
    const [a, b, c] = await photosOf(car.id);
    await post(car.id, { intent: "order", order: [c!.id, a!.id, b!.id].join(",") });
    expect((await photosOf(car.id)).map((p) => [p.id, p.isPrimary])).toEqual([
      [c!.id, true],
      [a!.id, false],
      [b!.id, false],
    ]);
    const foreign = await carWithPhotos(stranger.id, 1);
    const [theirs] = await photosOf(foreign.id);
    await post(car.id, { intent: "order", order: [theirs!.id, a!.id, b!.id].join(",") });
    await post(car.id, { intent: "order", order: [a!.id, a!.id, b!.id].join(",") });
    expect((await photosOf(car.id)).map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
  });

  it("adds photos up to 10 in all", async () => {
    const car = await carWithPhotos(verified.id, 9);
    const two = await callRoute<{ photoError?: string }>(
      editAction,
      multipart(`/my-listings/${car.id}/edit`, { intent: "add_photos" }, [await jpeg(), await jpeg()], verified.cookie),
      ctx.context,
      { carId: car.id },
    );
    expect(two.data.photoError).toBe("validation.photoCount");
    expect(await photosOf(car.id)).toHaveLength(9);
  });

  it("someone else's edit, photo move or delete gets 403 and changes nothing", async () => {
    const car = await carWithPhotos(verified.id, 2);
    const [first, second] = await photosOf(car.id);
    for (const fields of [
      { intent: `up:${second!.id}` },
      { intent: `delete:${first!.id}` },
      { intent: "save", ...VEHICLE },
    ]) {
      const result = await post(car.id, fields, stranger.cookie);
      expect(result.status).toBe(403);
    }
    expect((await photosOf(car.id)).map((p) => p.id)).toEqual([first!.id, second!.id]);
    const page = await callRoute(
      editLoader,
      getRequest(`/my-listings/${car.id}/edit`, { cookie: stranger.cookie }),
      ctx.context,
      {
        carId: car.id,
      },
    );
    expect(page.status).toBe(403);
  });

  it("saves prices at once, but a new model sends an approved listing back to review", async () => {
    const car = await createCar(ctx, verified.id, { status: "approved", dailyPrice: 5000 });
    const page = await callRoute<{ values: Record<string, unknown> }>(
      editLoader,
      getRequest(`/my-listings/${car.id}/edit`, { cookie: verified.cookie }),
      ctx.context,
      { carId: car.id },
    );
    const values = page.data.values as Record<string, string>;
    const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string")) as Record<
      string,
      string
    >;
    await post(car.id, { ...fields, intent: "save", dailyPrice: "42" });
    let [saved] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(saved).toMatchObject({ dailyPrice: 4200, status: "approved" });

    const bad = await post(car.id, { ...fields, intent: "save", mileage: "-5" });
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error).toMatchObject({ mileage: ["validation.wizard.mileage"] });

    await post(car.id, { ...fields, intent: "save", dailyPrice: "42", model: "Yaris" });
    [saved] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(saved).toMatchObject({ model: "Yaris", status: "pending" });
  });

  it("adding a pickup point without JavaScript comes back with one more, nothing saved", async () => {
    const car = await createCar(ctx, verified.id);
    const result = await post(car.id, { intent: "add_point", ...VEHICLE, dailyPrice: "40" });
    expect(result.status).toBe(200);
    expect(result.data.values?.pickupPoints).toHaveLength(1);
    expect(await ctx.db.select().from(pickupPoints).where(eq(pickupPoints.carId, car.id))).toHaveLength(0);
  });
});

describe("the pricing page", () => {
  it("suggests the median of comparable listings to the owner only, and applies it", async () => {
    const other = await createUser(ctx, { verified: true });
    for (const price of [3000, 4000, 9000])
      await createCar(ctx, other.id, { category: "sport", fuelType: "diesel", year: 2020, dailyPrice: price });
    const car = await createCar(ctx, verified.id, {
      category: "sport",
      fuelType: "diesel",
      year: 2021,
      dailyPrice: 8000,
    });
    const page = await callRoute<{ suggestion: { dailyPrice: number; sampleSize: number } }>(
      pricingLoader,
      getRequest(`/pricing/${car.id}`, { cookie: verified.cookie }),
      ctx.context,
      { carId: car.id },
    );
    expect(page.data.suggestion).toEqual({ dailyPrice: 4000, sampleSize: 3 });
    const theirs = await callRoute(
      pricingAction,
      formRequest(`/pricing/${car.id}`, {}, { cookie: stranger.cookie }),
      ctx.context,
      {
        carId: car.id,
      },
    );
    expect(theirs.status).toBe(403);
    await callRoute(pricingAction, formRequest(`/pricing/${car.id}`, {}, { cookie: verified.cookie }), ctx.context, {
      carId: car.id,
    });
    const [saved] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(saved?.dailyPrice).toBe(4000);
  });
});
