// A host's claim on the deposit, end to end against a real libSQL file and Stripe's fake (decision 022): filing inside
// the claim window only, the renter's answer, an admin's decision, the lapse by the job's clock, and the money that
// follows each (the deposit refund's amount and idempotency key), a failed refund visible and retried.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  bookings,
  damageClaims,
  devMailbox,
  notifications,
  refunds,
  tripPhotos,
  tripRecords,
} from "#db/schema";
import { decideClaimAsAdmin, listFailedRefunds, retryRefund } from "~/admin/claims.server";
import {
  answerClaim,
  fileClaim,
  settleLapsedClaims,
  type ClaimAnswer,
  type ClaimInput,
} from "~/claims/damage-claims.server";
import { HOUR_MS, tripTimes } from "~/bookings/trip-rules";
import { createTestContext, type TestContext } from "./support/context";
import { action as decideAction } from "~/routes/_admin+/admin.claims.$claimId";
import { loader as adminLoader } from "~/routes/_admin+/admin.claims";
import { action as claimAction, loader as claimLoader } from "~/routes/_bookings+/bookings_.$bookingId_.claim";
import { createBooking, createCar, createUser, sessionCookieFor, setRentalStripeIds } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { ORIGIN, callRoute, formRequest, getRequest } from "./support/routes";
import { capturedPayment, stripeEnv } from "./support/stripe";

const WEBHOOK_SECRET = "whsec_claims";
const TRIP = { startDate: "2026-03-01", endDate: "2026-03-04", totalDays: 3 };
const END = tripTimes(TRIP).end;
/** Returned three hours late (3 h × €50 by default), 800 km driven of 600 allowed (200 × €0.20 = €40). */
const CHECKED_OUT = new Date(END + 3 * HOUR_MS);
const NOW = new Date(CHECKED_OUT.getTime() + HOUR_MS);
const DEPOSIT = 50_000;
const TOTAL = 63_640;

let fake: FakeStripe;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
});
afterEach(async () => {
  await ctx.settled();
  ctx.close();
});

/** A trip checked out at CHECKED_OUT with its deposit held and the claim window open (the trips' helper's writes). */
async function completedTrip(overrides: Partial<typeof bookings.$inferInsert> = {}) {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx);
  const stranger = await createUser(ctx);
  const admin = await createUser(ctx, { isAdmin: true });
  const car = await createCar(ctx, host.id, { depositAmount: DEPOSIT });
  const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "completed", {
    ...TRIP,
    depositAmount: DEPOSIT,
    totalAmount: TOTAL,
    paymentStatus: "captured",
    depositStatus: "held",
    completedAt: CHECKED_OUT,
    claimWindowEndsAt: new Date(CHECKED_OUT.getTime() + 24 * HOUR_MS),
    ...overrides,
  });
  const intentId = await capturedPayment(ctx.context, fake, bookingId, TOTAL);
  await setRentalStripeIds(ctx, bookingId, { stripePaymentIntentId: intentId });
  await ctx.db.insert(tripRecords).values([
    {
      bookingId,
      kind: "check_in",
      odometerKm: 42_000,
      fuelLevel: 8,
      recordedAt: new Date(END - 72 * HOUR_MS),
      recordedBy: host.id,
    },
    { bookingId, kind: "check_out", odometerKm: 42_800, fuelLevel: 6, recordedAt: CHECKED_OUT, recordedBy: host.id },
  ]);
  return { host, renter, stranger, admin, bookingId, intentId };
}

const claim = (overrides: Partial<ClaimInput> = {}): ClaimInput => ({
  description: "Over the mileage and late",
  amount: 12_000,
  categories: ["excess_km", "late_return"],
  photos: [],
  ...overrides,
});

const file = (trip: { bookingId: string }, userId: string, input = claim(), now = NOW) =>
  fileClaim(ctx.context, { bookingId: trip.bookingId, userId, claim: input, now, origin: ORIGIN });

const answer = (bookingId: string, userId: string, given: ClaimAnswer, now: Date) =>
  answerClaim(ctx.context, { bookingId, userId, answer: given, now, origin: ORIGIN });

const booking = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const claimOf = async (bookingId: string) =>
  (await ctx.db.select().from(damageClaims).where(eq(damageClaims.bookingId, bookingId)))[0];
const refundRequests = (intentId: string) =>
  fake.requests.filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === intentId);

describe("filing a claim", () => {
  it("inside the window: the claim with the records' measures, the deposit claimed, the renter told", async () => {
    const trip = await completedTrip();
    expect(await file(trip, trip.host.id)).toEqual({ ok: true });
    const row = await claimOf(trip.bookingId);
    expect(row).toMatchObject({
      amount: 12_000,
      status: "awaiting_renter",
      excessKm: 200,
      lateHours: 3,
      categories: ["excess_km", "late_return"],
      respondBy: new Date(NOW.getTime() + 72 * HOUR_MS),
    });
    expect((await booking(trip.bookingId)).depositStatus).toBe("claimed");
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, trip.renter.id), eq(notifications.type, "claim_filed")));
    expect(told).toHaveLength(1);
    // The renter's e-mail (in their language, Lithuanian by default) leads to the claim's page.
    const [mail] = await ctx.db.select().from(devMailbox).where(eq(devMailbox.to, trip.renter.email));
    expect(mail!.subject).toContain("Toyota Corolla");
    expect(mail!.text).toContain(`${ORIGIN}/bookings/${trip.bookingId}/claim`);
  });

  it("refuses after the window, above the deposit, by the renter or a stranger, and a second claim", async () => {
    const trip = await completedTrip();
    const late = new Date(CHECKED_OUT.getTime() + 24 * HOUR_MS);
    expect(await file(trip, trip.host.id, claim(), late)).toMatchObject({
      ok: false,
      status: 409,
      error: "claims:errors.windowClosed",
    });
    expect(await file(trip, trip.host.id, claim({ amount: DEPOSIT + 1 }))).toMatchObject({ ok: false, status: 409 });
    expect(await file(trip, trip.renter.id)).toMatchObject({ ok: false, status: 403 });
    expect(await file(trip, trip.stranger.id)).toMatchObject({ ok: false, status: 403 });
    expect(await file(trip, trip.host.id, claim({ categories: ["damage"] }))).toMatchObject({
      ok: false,
      field: "photos",
      error: "claims:errors.damagePhotos",
    });
    expect(await claimOf(trip.bookingId)).toBeUndefined();
    expect((await booking(trip.bookingId)).depositStatus).toBe("held");

    expect(await file(trip, trip.host.id)).toEqual({ ok: true });
    expect(await file(trip, trip.host.id, claim({ amount: 100 }))).toMatchObject({
      ok: false,
      status: 409,
      error: "claims:errors.alreadyFiled",
    });
    expect(await ctx.db.select().from(damageClaims).where(eq(damageClaims.bookingId, trip.bookingId))).toHaveLength(1);
  });

  it("two claims at the same moment: one wins, the other writes nothing", async () => {
    const trip = await completedTrip();
    const results = await Promise.all([file(trip, trip.host.id), file(trip, trip.host.id, claim({ amount: 500 }))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await ctx.db.select().from(damageClaims).where(eq(damageClaims.bookingId, trip.bookingId))).toHaveLength(1);
  });

  it("stores the photos of a damage claim privately with the claim", async () => {
    const trip = await completedTrip();
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    const photo = new File([new Uint8Array(png)], "dent.png", { type: "image/png" });
    expect(await file(trip, trip.host.id, claim({ categories: ["damage"], photos: [photo, photo] }))).toEqual({
      ok: true,
    });
    const photos = await ctx.db.select().from(tripPhotos).where(eq(tripPhotos.bookingId, trip.bookingId));
    expect(photos.map((p) => p.subject)).toEqual(["claim", "claim"]);
  });
});

describe("the renter's answer and the money", () => {
  it("accept: the deposit minus the claim is refunded under refund-<id>-deposit", async () => {
    const trip = await completedTrip();
    await file(trip, trip.host.id);
    const later = new Date(NOW.getTime() + HOUR_MS);
    expect(await answer(trip.bookingId, trip.host.id, { intent: "accept" }, later)).toMatchObject({ status: 403 });
    expect(await answer(trip.bookingId, trip.renter.id, { intent: "accept" }, later)).toEqual({ ok: true });
    expect((await claimOf(trip.bookingId))!.status).toBe("accepted");
    expect(await booking(trip.bookingId)).toMatchObject({ depositStatus: "partly_kept", depositKept: 12_000 });
    const sent = refundRequests(trip.intentId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.amount).toBe(String(DEPOSIT - 12_000));
    expect(sent[0]!.idempotencyKey).toBe(`refund-${trip.bookingId}-deposit`);
    const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, trip.bookingId));
    expect(refund).toMatchObject({ kind: "deposit", amount: DEPOSIT - 12_000, status: "succeeded" });
    // A second answer changes nothing and sends nothing.
    expect(await answer(trip.bookingId, trip.renter.id, { intent: "accept" }, later)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(refundRequests(trip.intentId)).toHaveLength(1);
  });

  const disputed = async () => {
    const trip = await completedTrip();
    await file(trip, trip.host.id);
    const answered = await answer(
      trip.bookingId,
      trip.renter.id,
      { intent: "dispute", note: "I returned it on time", photos: [] },
      new Date(NOW.getTime() + HOUR_MS),
    );
    expect(answered).toEqual({ ok: true });
    const row = (await claimOf(trip.bookingId))!;
    expect(row).toMatchObject({ status: "disputed", renterNote: "I returned it on time" });
    return { ...trip, claimId: row.id };
  };
  const decide = (trip: { claimId: string; admin: { id: string; email: string } }, amount: number) =>
    decideClaimAsAdmin(ctx.context, trip.admin, {
      claimId: trip.claimId,
      amount,
      reason: "Photos compared",
      now: new Date(NOW.getTime() + 5 * HOUR_MS),
      origin: ORIGIN,
    });

  it.each([
    { decided: 0, refund: DEPOSIT, status: "returned" },
    { decided: 5_000, refund: DEPOSIT - 5_000, status: "partly_kept" },
    { decided: 12_000, refund: DEPOSIT - 12_000, status: "partly_kept" },
  ])(
    "dispute → admin keeps $decided: refund $refund, deposit $status, an audit line",
    async ({ decided, refund, status }) => {
      const trip = await disputed();
      const host = await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, trip.host.id), eq(notifications.type, "claim_answered")));
      expect(host).toHaveLength(1);
      expect(await decide(trip, decided)).toEqual({ ok: true });
      expect((await claimOf(trip.bookingId))!).toMatchObject({
        status: "decided",
        decidedAmount: decided,
        decidedBy: trip.admin.id,
      });
      expect(await booking(trip.bookingId)).toMatchObject({ depositStatus: status, depositKept: decided });
      const sent = refundRequests(trip.intentId);
      expect(sent.map((r) => [r.body.amount, r.idempotencyKey])).toEqual([
        [String(refund), `refund-${trip.bookingId}-deposit`],
      ]);
      const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, trip.claimId));
      expect(audit).toMatchObject([{ action: "decide_claim", targetType: "claim", actorId: trip.admin.id }]);
      // Decided once: a second decision is refused, writes no audit line and sends nothing.
      expect(await decide(trip, 0)).toMatchObject({ ok: false, status: 409 });
      expect(await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, trip.claimId))).toHaveLength(1);
      expect(refundRequests(trip.intentId)).toHaveLength(1);
    },
  );

  it("admin keeps the whole deposit when the claim is the deposit: nothing to refund, deposit kept", async () => {
    const trip = await completedTrip();
    // More than the records price kilometres and lateness at: the claim is also for cleaning (claim-amounts.ts).
    await file(trip, trip.host.id, claim({ amount: DEPOSIT, categories: ["excess_km", "late_return", "cleaning"] }));
    await answer(trip.bookingId, trip.renter.id, { intent: "dispute", note: "No", photos: [] }, NOW);
    const claimId = (await claimOf(trip.bookingId))!.id;
    expect(await decide({ claimId, admin: trip.admin }, DEPOSIT)).toEqual({ ok: true });
    expect(await booking(trip.bookingId)).toMatchObject({ depositStatus: "kept", depositKept: DEPOSIT });
    expect(refundRequests(trip.intentId)).toHaveLength(0);
    expect(await decide({ claimId, admin: trip.admin }, DEPOSIT + 1)).toMatchObject({ ok: false });
  });

  it("an unanswered claim lapses by the job's clock: not before respond_by, after it yes", async () => {
    const trip = await completedTrip();
    await file(trip, trip.host.id);
    const respondBy = NOW.getTime() + 72 * HOUR_MS;
    expect(await settleLapsedClaims(ctx.context, new Date(respondBy - 1), ORIGIN)).toBe(0);
    expect((await claimOf(trip.bookingId))!.status).toBe("awaiting_renter");
    expect(refundRequests(trip.intentId)).toHaveLength(0);
    // The renter can no longer answer at the deadline.
    expect(await answer(trip.bookingId, trip.renter.id, { intent: "accept" }, new Date(respondBy))).toMatchObject({
      ok: false,
      status: 409,
    });

    expect(await settleLapsedClaims(ctx.context, new Date(respondBy), ORIGIN)).toBe(1);
    expect((await claimOf(trip.bookingId))!.status).toBe("lapsed");
    expect(await booking(trip.bookingId)).toMatchObject({ depositStatus: "partly_kept", depositKept: 12_000 });
    expect(refundRequests(trip.intentId).map((r) => r.body.amount)).toEqual([String(DEPOSIT - 12_000)]);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.type, "claim_decided"));
    expect(told.map((n) => n.userId).sort()).toEqual([trip.host.id, trip.renter.id].sort());
    // The next run finds nothing.
    expect(await settleLapsedClaims(ctx.context, new Date(respondBy + HOUR_MS), ORIGIN)).toBe(0);
  });

  it("a refund Stripe refuses leaves the claim settled and the refund failed, listed for admins; retry sends it", async () => {
    const trip = await completedTrip();
    await file(trip, trip.host.id);
    fake.failNext(/\/v1\/refunds$/, 500);
    fake.failNext(/\/v1\/refunds$/, 500);
    const later = new Date(NOW.getTime() + HOUR_MS);
    expect(await answer(trip.bookingId, trip.renter.id, { intent: "accept" }, later)).toEqual({ ok: true });
    expect((await claimOf(trip.bookingId))!.status).toBe("accepted");
    expect((await booking(trip.bookingId)).depositStatus).toBe("partly_kept");
    const failed = await listFailedRefunds(ctx.db);
    expect(failed).toMatchObject([
      { bookingId: trip.bookingId, kind: "deposit", amount: DEPOSIT - 12_000, attempts: 1 },
    ]);
    expect(failed[0]!.lastError).toBeTruthy();
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      "refund failed; the scheduled job retries",
      failed[0]!.id,
      expect.any(String),
    );
    vi.mocked(console.error).mockClear();

    expect(await retryRefund(ctx.context, trip.admin, { refundId: failed[0]!.id, now: later, origin: ORIGIN })).toBe(
      true,
    );
    const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.id, failed[0]!.id));
    expect(refund).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(await listFailedRefunds(ctx.db)).toHaveLength(0);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, failed[0]!.id));
    expect(audit).toMatchObject([{ action: "retry_refund", targetType: "refund" }]);
    // Nothing left to retry.
    expect(await retryRefund(ctx.context, trip.admin, { refundId: failed[0]!.id, now: later, origin: ORIGIN })).toBe(
      false,
    );
  });
});

describe("the claim page and the admin queue", () => {
  const claimPath = (bookingId: string) => `/bookings/${bookingId}/claim`;
  const page = (bookingId: string, cookie: string) =>
    callRoute<ClaimPageData>(claimLoader, getRequest(claimPath(bookingId), { cookie }), ctx.context, { bookingId });
  const post = (bookingId: string, cookie: string, fields: Record<string, string | string[]>) =>
    callRoute<{ intent: string; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }>(
      claimAction,
      formRequest(claimPath(bookingId), fields, { cookie }),
      ctx.context,
      { bookingId },
    );
  type ClaimPageData = Awaited<ReturnType<typeof claimLoader>>;

  async function trip() {
    // The claim window must be open by the real clock the routes read.
    const checkedOut = new Date(Date.now() - HOUR_MS);
    const made = await completedTrip({ claimWindowEndsAt: new Date(checkedOut.getTime() + 24 * HOUR_MS) });
    const cookies = {
      host: await sessionCookieFor(ctx, made.host.id),
      renter: await sessionCookieFor(ctx, made.renter.id),
      stranger: await sessionCookieFor(ctx, made.stranger.id),
      admin: await sessionCookieFor(ctx, made.admin.id),
    };
    return { ...made, cookies };
  }

  it("shows the host the form pre-filled from the records; the renter, a stranger and an admin what they may", async () => {
    const t = await trip();
    const host = await page(t.bookingId, t.cookies.host);
    expect(host.status).toBe(200);
    expect(host.data).toMatchObject({
      reader: "host",
      canFile: true,
      // 200 km over × €0.20 = €40 and 3 h late × €50 = €150.
      defaults: { amount: "190", categories: ["excess_km", "late_return"] },
      view: { suggestion: { excessKm: 200, excessKmAmount: 4000, lateHours: 3, lateAmount: 15000, amount: 19000 } },
    });
    expect((await page(t.bookingId, t.cookies.renter)).data).toMatchObject({ reader: "renter", canFile: false });
    expect((await page(t.bookingId, t.cookies.admin)).data).toMatchObject({ reader: "admin", canFile: false });
    expect((await page(t.bookingId, t.cookies.stranger)).status).toBe(403);
  });

  it("bad input: the message next to the field, the typed values kept, nothing written", async () => {
    const t = await trip();
    const fields = { intent: "file", description: "Scratched door", amount: "9999999", categories: ["damage"] };
    const result = await post(t.bookingId, t.cookies.host, fields);
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({ amount: ["claims:errors.aboveDeposit"] });
    expect(result.data.result.initialValue).toMatchObject({ description: "Scratched door", amount: "9999999" });
    const noCategory = await post(t.bookingId, t.cookies.host, { intent: "file", description: "x", amount: "12,50" });
    expect(noCategory.data.result.error).toMatchObject({ categories: ["claims:errors.categories"] });
    const damage = await post(t.bookingId, t.cookies.host, { ...fields, amount: "120,50" });
    expect(damage.data.result.error).toMatchObject({ photos: ["claims:errors.damagePhotos"] });
    expect(await claimOf(t.bookingId)).toBeUndefined();
    // The renter cannot file, a stranger cannot answer.
    expect((await post(t.bookingId, t.cookies.renter, { ...fields, categories: ["fuel"] })).status).toBe(403);
    expect((await post(t.bookingId, t.cookies.stranger, { intent: "accept" })).status).toBe(403);
    expect(await claimOf(t.bookingId)).toBeUndefined();
  });

  it("host files → renter disputes → admin decides, each through its page; the queue lists it first", async () => {
    const t = await trip();
    const filed = await post(t.bookingId, t.cookies.host, {
      intent: "file",
      description: "Over the allowance",
      amount: "40",
      categories: ["excess_km"],
    });
    expect(filed.status).toBe(302);
    expect((await claimOf(t.bookingId))!.amount).toBe(4000);
    expect((await page(t.bookingId, t.cookies.renter)).data).toMatchObject({
      canAnswer: true,
      view: { money: { refund: DEPOSIT - 4000, kept: 4000, deposit: DEPOSIT, settled: false } },
    });
    const disputedNow = await post(t.bookingId, t.cookies.renter, { intent: "dispute", note: "" });
    expect(disputedNow.data.result.error).toMatchObject({ note: ["claims:errors.note"] });
    expect((await post(t.bookingId, t.cookies.renter, { intent: "dispute", note: "Within the limit" })).status).toBe(
      302,
    );

    const queue = await callRoute<Awaited<ReturnType<typeof adminLoader>>>(
      adminLoader,
      getRequest("/admin/claims", { cookie: t.cookies.admin }),
      ctx.context,
    );
    expect(queue.data.claims[0]).toMatchObject({ status: "disputed", amount: 4000 });
    const claimId = (await claimOf(t.bookingId))!.id;
    const decidePath = `/admin/claims/${claimId}`;
    const decide = (fields: Record<string, string>, cookie = t.cookies.admin) =>
      callRoute<{ result: { error?: Record<string, string[]> } }>(
        decideAction,
        formRequest(decidePath, fields, { cookie }),
        ctx.context,
        { claimId },
      );
    expect((await decide({ amount: "41", reason: "Too much" })).data.result.error).toMatchObject({
      amount: ["claims:errors.aboveClaim"],
    });
    expect((await decide({ amount: "10", reason: "Half" }, t.cookies.host)).status).toBe(403);
    expect((await decide({ amount: "20,00", reason: "Half of it" })).status).toBe(302);
    expect(await booking(t.bookingId)).toMatchObject({ depositStatus: "partly_kept", depositKept: 2000 });
    expect(refundRequests(t.intentId).map((r) => r.body.amount)).toEqual([String(DEPOSIT - 2000)]);
    expect((await page(t.bookingId, t.cookies.host)).data).toMatchObject({
      view: { money: { kept: 2000, refund: DEPOSIT - 2000, settled: true } },
    });
  });

  it("after the window with no claim: no form, and a claim posted anyway is refused", async () => {
    const t = await trip();
    await ctx.db
      .update(bookings)
      .set({ claimWindowEndsAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, t.bookingId));
    expect((await page(t.bookingId, t.cookies.host)).data).toMatchObject({
      canFile: false,
      view: { windowOpen: false },
    });
    const late = await post(t.bookingId, t.cookies.host, {
      intent: "file",
      description: "Late",
      amount: "10",
      categories: ["late_return"],
    });
    expect(late.status).toBe(409);
    expect(await claimOf(t.bookingId)).toBeUndefined();
  });
});
