// What a claim on the deposit may take, through the claim page against a real libSQL file: the host's form proposes
// the items the trip records price, each shown, and says when their total passes the deposit (the case that was
// seen: 400 km over and 22 h late at the €50 default against a €450 deposit, the amount field holding the whole
// deposit with nothing said); the late fee is the booking's agreement's when it has one; the renter and an admin
// read the filed claim's items as the host does; kilometres and lateness alone cannot take more than the records
// price them at; and a chauffeured booking (the host's driver drove) has neither to claim, whatever is posted.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { damageClaims, rentalAgreements, tripRecords, type bookings } from "#db/schema";
import { fileClaim } from "~/claims/damage-claims.server";
import { HOUR_MS, tripTimes } from "~/bookings/trip-rules";
import { action as claimAction, loader as claimLoader } from "~/routes/_bookings+/bookings_.$bookingId_.claim";
import { loader as adminClaimLoader } from "~/routes/_admin+/admin.claims.$claimId";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import { ORIGIN, callRoute, formRequest, getRequest } from "./support/routes";

const TRIP = { startDate: "2026-03-01", endDate: "2026-03-04", totalDays: 3 };
const END = tripTimes(TRIP).end;
const DEPOSIT = 45_000;

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

type ClaimPage = Awaited<ReturnType<typeof claimLoader>>;
type Posted = { intent: string; result: { error?: Record<string, string[]> } };

/**
 * A completed trip of three days (600 km allowed) with its claim window open by the real clock the routes read:
 * 1,000 km driven (400 over) and returned 21 h 10 min late (22 hours started after the grace), deposit €450 held.
 */
async function trip(overrides: Partial<typeof bookings.$inferInsert> = {}) {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx);
  const admin = await createUser(ctx, { isAdmin: true });
  const car = await createCar(ctx, host.id, { depositAmount: DEPOSIT });
  const checkedOut = new Date(END + 21 * HOUR_MS + 10 * 60_000);
  const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "completed", {
    ...TRIP,
    depositAmount: DEPOSIT,
    paymentStatus: "captured",
    stripePaymentIntentId: "pi_standin_claim_amounts",
    depositStatus: "held",
    completedAt: checkedOut,
    claimWindowEndsAt: new Date(Date.now() + 23 * HOUR_MS),
    ...overrides,
  });
  await ctx.db.insert(tripRecords).values([
    { bookingId, kind: "check_in", odometerKm: 42_000, fuelLevel: 8, recordedAt: new Date(END - 72 * HOUR_MS) },
    { bookingId, kind: "check_out", odometerKm: 43_000, fuelLevel: 8, recordedAt: checkedOut },
  ]);
  const cookie = {
    host: await sessionCookieFor(ctx, host.id),
    renter: await sessionCookieFor(ctx, renter.id),
    admin: await sessionCookieFor(ctx, admin.id),
  };
  const page = async (who: keyof typeof cookie) =>
    (
      await callRoute<ClaimPage>(
        claimLoader,
        getRequest(`/bookings/${bookingId}/claim`, { cookie: cookie[who] }),
        ctx.context,
        { bookingId },
      )
    ).data;
  const post = (fields: Record<string, string | string[]>) =>
    callRoute<Posted>(
      claimAction,
      formRequest(`/bookings/${bookingId}/claim`, fields, { cookie: cookie.host }),
      ctx.context,
      { bookingId },
    );
  return { host, bookingId, page, post, cookie };
}

const claimOf = async (bookingId: string) =>
  (await ctx.db.select().from(damageClaims).where(eq(damageClaims.bookingId, bookingId)))[0];

describe("the host's form", () => {
  it("proposes each item, and says the total is capped at the deposit rather than just filling it in", async () => {
    const t = await trip();
    const host = await t.page("host");
    expect(host.view.suggestion).toMatchObject({
      excessKm: 400,
      excessKmAmount: 8_000,
      lateHours: 22,
      lateAmount: 110_000,
      itemsTotal: 118_000,
      capped: true,
      amount: DEPOSIT,
      rates: { excessKmFee: 20, lateReturnFee: 5_000, from: "default" },
      chauffeured: false,
    });
    expect(host.defaults).toEqual({ amount: "450", categories: ["excess_km", "late_return"] });
  });

  it("prices the late hours at the booking's own agreement when it has one", async () => {
    const t = await trip();
    await ctx.db.insert(rentalAgreements).values({ bookingId: t.bookingId, lateReturnFee: 1_000, excessKmFee: 25 });
    const host = await t.page("host");
    expect(host.view.suggestion).toMatchObject({
      excessKmAmount: 10_000,
      lateAmount: 22_000,
      itemsTotal: 32_000,
      capped: false,
      amount: 32_000,
      rates: { excessKmFee: 25, lateReturnFee: 1_000, from: "agreement" },
    });
    expect(host.defaults.amount).toBe("320");
  });
});

describe("a filed claim", () => {
  it("reads the same, item by item, for the host, the renter and an admin", async () => {
    const t = await trip({ depositAmount: 200_000 });
    const filed = await t.post({
      intent: "file",
      description: "Late, over the mileage, and the seats need cleaning",
      amount: "1250",
      categories: ["excess_km", "late_return", "cleaning"],
    });
    expect(filed.status).toBe(302);
    const claim = (await claimOf(t.bookingId))!;
    expect(claim).toMatchObject({ amount: 125_000, excessKm: 400, lateHours: 22 });
    const host = await t.page("host");
    expect(host.view.breakdown).toMatchObject({
      excessKmAmount: 8_000,
      lateAmount: 110_000,
      itemsTotal: 118_000,
      other: 7_000,
      claimed: 125_000,
      capped: false,
    });
    expect((await t.page("renter")).view.breakdown).toEqual(host.view.breakdown);
    const admin = await callRoute<Awaited<ReturnType<typeof adminClaimLoader>>>(
      adminClaimLoader,
      getRequest(`/admin/claims/${claim.id}`, { cookie: t.cookie.admin }),
      ctx.context,
      { claimId: claim.id },
    );
    expect(admin.data.view.breakdown).toEqual(host.view.breakdown);
  });

  it("kilometres and lateness alone take no more than the records price them at; nothing is written", async () => {
    const t = await trip();
    const above = await t.post({ intent: "file", description: "Over", amount: "80,01", categories: ["excess_km"] });
    expect(above.status).toBe(400);
    expect(above.data.result.error).toMatchObject({ amount: ["claims:errors.aboveItems"] });
    expect(await claimOf(t.bookingId)).toBeUndefined();
    expect(
      (await t.post({ intent: "file", description: "Over", amount: "80", categories: ["excess_km"] })).status,
    ).toBe(302);
  });
});

describe("a chauffeured booking", () => {
  it("proposes nothing for kilometres or lateness and refuses a claim for them, on the page and below it", async () => {
    const t = await trip({ withDriver: true });
    const host = await t.page("host");
    expect(host.view.suggestion).toMatchObject({ chauffeured: true, itemsTotal: 0, amount: 0 });
    expect(host.defaults).toEqual({ amount: "", categories: [] });
    for (const categories of [["excess_km"], ["late_return"], ["late_return", "cleaning"]]) {
      const posted = await t.post({ intent: "file", description: "Late", amount: "100", categories });
      expect(posted.status, categories.join()).toBe(400);
      expect(posted.data.result.error).toMatchObject({ categories: ["claims:errors.chauffeured"] });
    }
    // Below the form's check, the claim itself refuses it.
    const direct = await fileClaim(ctx.context, {
      bookingId: t.bookingId,
      userId: t.host.id,
      claim: { description: "Late", amount: 10_000, categories: ["late_return"], photos: [] },
      now: new Date(),
      origin: ORIGIN,
    });
    expect(direct).toMatchObject({ ok: false, status: 400, field: "categories", error: "claims:errors.chauffeured" });
    expect(await claimOf(t.bookingId)).toBeUndefined();
    // What the renter did do can still be claimed.
    const cleaning = await t.post({ intent: "file", description: "Sand", amount: "40", categories: ["cleaning"] });
    expect(cleaning.status).toBe(302);
    expect(await claimOf(t.bookingId)).toMatchObject({ amount: 4_000, excessKm: 0, lateHours: 0 });
  });
});
