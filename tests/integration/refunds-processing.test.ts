// Refunds Stripe accepts and makes later, or fails later (decision 022, 2026-11-28), against a real libSQL file and the
// Stripe fake through the real SDK and the signed webhook: a `pending` answer is `processing` (on its way), Stripe's
// refund events make it `succeeded` or `failed` with Stripe's reason, once and in any order; a refund that failed
// after Stripe accepted it waits for an admin, whose retry is a new refund under a key of its own, while a request
// that never reached Stripe keeps its key; the job asks Stripe about refunds on their way with no news for a day; a
// host's part is taken back only for money given back.
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bookings, payoutAccounts, payoutReversals, payouts, refunds, stripeEvents } from "#db/schema";
import { listFailedRefunds, retryRefund } from "~/admin/claims.server";
import { runTripJobs } from "~/trips/trip-jobs.server";
import { getPaymentGateway, REFUND_KEY_METADATA, type PaymentGateway } from "~/payments/gateway.server";
import {
  PROCESSING_CHECK_MS,
  findRefunds,
  owedRefund,
  parseRequestKey,
  reconcileProcessingRefunds,
  REFUND_EVENT_TYPES,
  requestKey,
  sendBookingRefunds,
  sendDueRefunds,
} from "~/payments/refunds.server";
import { reversalKey, sendDueReversals } from "~/payouts/payouts.server";
import { createTestContext, type TestContext } from "./support/context";
import { action as claimsAction, loader as claimsLoader } from "~/routes/_admin+/admin.claims";
import { action as moneyAction, loader as moneyLoader } from "~/routes/_admin+/admin.payouts_.$bookingId";
import { takeToast } from "~/utils/toast.server";
import { loader as bookingsLoader } from "~/routes/_bookings+/bookings";
import { loader as tripLoader } from "~/routes/_bookings+/bookings_.$bookingId";
import { createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import { startFakeStripe, type FakeEvent, type FakeStripe } from "./support/fake-stripe";
import { capturedPayment, deliverWebhook, stripeEnv } from "./support/stripe";
import { ORIGIN, callRoute, formRequest, getRequest } from "./support/routes";

const WEBHOOK_SECRET = "whsec_test_refunds_processing";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date("2026-12-01T09:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const TRIP = { startDate: "2026-12-20", endDate: "2026-12-23" };
const MONEY = {
  totalDays: 3,
  dailyRate: 4000,
  subtotal: 12000,
  insuranceCost: 3600,
  platformFee: 240,
  paymentProcessorFee: 400,
  hostEarnings: 11760,
  depositAmount: 20000,
  totalAmount: 12000 + 3600 + 240 + 400 + 20000,
};

let fake: FakeStripe;
let ctx: TestContext;
let gateway: PaymentGateway;
let parties: { carId: string; renterId: string; ownerId: string };
let admin: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
  gateway = getPaymentGateway(ctx.context.env, ORIGIN);
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx);
  const car = await createCar(ctx, host.id, { dailyPrice: 4000, depositAmount: 20000 });
  parties = { carId: car.id, renterId: renter.id, ownerId: host.id };
  admin = await createUser(ctx, { isAdmin: true });
});
afterEach(async () => {
  ctx.close();
  await fake.close();
});

async function paidBooking() {
  const id = crypto.randomUUID();
  const intentId = await capturedPayment(ctx.context, fake, id, MONEY.totalAmount);
  await createBooking(ctx, parties, "completed", {
    id,
    ...TRIP,
    ...MONEY,
    paymentStatus: "captured",
    depositStatus: "returned",
    stripePaymentIntentId: intentId,
  });
  return { id, intentId };
}

/** A booking whose deposit refund (20,000) is owed and sent now; Stripe answers as `answer` says. */
async function depositSent(answer: "pending" | "succeeded" = "pending") {
  const booking = await paidBooking();
  await owedRefund(ctx.db, { bookingId: booking.id, kind: "deposit", amount: 20000, now: NOW })!;
  fake.answerRefundsWith(answer);
  const sent = await sendBookingRefunds(ctx.db, gateway, [booking.id], NOW);
  fake.answerRefundsWith("succeeded");
  return { ...booking, sent, refundId: fake.refunds.at(-1)!.id };
}

const refundPosts = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
const row = async (bookingId: string) =>
  (await ctx.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)))[0]!;
const deliver = async (event: FakeEvent) => (await deliverWebhook(ctx.context, event, WEBHOOK_SECRET)).data.result;
const eventOf = (events: FakeEvent[], type: string) => events.find((e) => e.type === type)!;

/** Expects `times` console.error lines starting with `prefix`, and clears them (tests fail on unexpected ones). */
function expectLogged(prefix: string, times = 1) {
  const calls = vi.mocked(console.error).mock.calls.filter((call) => String(call[0]).startsWith(prefix));
  expect(calls).toHaveLength(times);
  vi.mocked(console.error).mockClear();
}

describe("a refund Stripe accepts and makes later", () => {
  it("is processing (on its way), not sent again, and checked on a day later", async () => {
    const { id, sent, refundId } = await depositSent("pending");
    expect(sent).toEqual([expect.objectContaining({ ok: true, status: "processing" })]);
    expect(await row(id)).toMatchObject({
      status: "processing",
      stripeRefundId: refundId,
      succeededAt: null,
      attempts: 1,
      lastError: null,
      reissues: 0,
      nextAttemptAt: at(PROCESSING_CHECK_MS),
    });
    // Neither a second click nor the job sends it again.
    expect(await sendBookingRefunds(ctx.db, gateway, [id], at(MINUTE))).toEqual([]);
    expect(await sendDueRefunds(ctx.db, gateway, at(2 * DAY))).toEqual([]);
    expect(refundPosts()).toHaveLength(1);
    expect(await findRefunds(ctx.db, id)).toEqual([expect.objectContaining({ status: "processing" })]);
  });

  it("refund.updated (succeeded) makes it succeeded, once; a late refund.created changes nothing", async () => {
    const { id, refundId } = await depositSent("pending");
    const created = eventOf(fake.events, "refund.created");
    const [updated] = fake.settleRefund(refundId, "succeeded");
    expect(await deliver(updated!)).toBe("handled");
    expect(await row(id)).toMatchObject({ status: "succeeded", stripeRefundId: refundId, nextAttemptAt: null });
    expect((await row(id)).succeededAt).not.toBeNull();
    const before = await row(id);
    expect(await deliver(updated!)).toBe("duplicate");
    // refund.created said pending; delivered after the success it must not move the refund back.
    expect(await deliver(created)).toBe("ignored");
    expect(await row(id)).toEqual(before);
  });

  it("refund.failed makes it failed with Stripe's reason; it waits for an admin; the other events of it change nothing", async () => {
    const { id, intentId, refundId } = await depositSent("pending");
    expect(fake.chargeOf(intentId).amount_refunded).toBe(20000);
    const events = fake.settleRefund(refundId, { failed: "expired_or_canceled_card" });
    expect(events.map((e) => e.type)).toEqual(["refund.updated", "refund.failed", "charge.refund.updated"]);
    expect(events[1]!.data.object).toMatchObject({
      object: "refund",
      status: "failed",
      failure_reason: "expired_or_canceled_card",
      metadata: { [REFUND_KEY_METADATA]: `refund-${id}-deposit` },
    });
    expect(fake.chargeOf(intentId).amount_refunded).toBe(0);

    expect(await deliver(events[1]!)).toBe("handled");
    expect(await row(id)).toMatchObject({
      status: "failed",
      lastError: "expired_or_canceled_card",
      nextAttemptAt: null,
      succeededAt: null,
      stripeRefundId: refundId,
      reissues: 1,
    });
    // The same failure told again by its other events, and a replay: nothing moves (no second reissue).
    expect(await deliver(events[0]!)).toBe("ignored");
    expect(await deliver(events[2]!)).toBe("ignored");
    expect(await deliver(events[1]!)).toBe("duplicate");
    expect((await row(id)).reissues).toBe(1);
    // The job does not try it again by itself (a closed card fails again), nor does another send.
    expect(await sendDueRefunds(ctx.db, gateway, at(30 * DAY))).toEqual([]);
    expect(await sendBookingRefunds(ctx.db, gateway, [id], at(DAY))).toEqual([]);
    expect(refundPosts()).toHaveLength(1);
    // Admins see it among the failed refunds, with the reason.
    expect(await listFailedRefunds(ctx.db)).toEqual([
      expect.objectContaining({ bookingId: id, lastError: "expired_or_canceled_card", nextAttemptAt: null }),
    ]);
  });

  it("an admin's retry after that is a new refund of the amount, under a new key and metadata", async () => {
    const { id, intentId, refundId } = await depositSent("pending");
    await deliver(eventOf(fake.settleRefund(refundId, { failed: "lost_or_stolen_card" }), "refund.failed"));
    const later = at(2 * DAY);
    expect(await retryRefund(ctx.context, admin, { refundId: (await row(id)).id, now: later, origin: ORIGIN })).toBe(
      true,
    );
    const key = `refund-${id}-deposit-reissue-1`;
    expect(refundPosts().map((r) => [r.body, r.idempotencyKey])).toEqual([
      [
        { payment_intent: intentId, amount: "20000", metadata: { refund_key: `refund-${id}-deposit` } },
        `refund-${id}-deposit`,
      ],
      [{ payment_intent: intentId, amount: "20000", metadata: { refund_key: key } }, key],
    ]);
    const made = fake.refunds.at(-1)!;
    expect(made.id).not.toBe(refundId);
    expect(await row(id)).toMatchObject({
      status: "succeeded",
      stripeRefundId: made.id,
      succeededAt: later,
      lastError: null,
      reissues: 1,
      idempotencyKey: `refund-${id}-deposit`,
    });
    expect(fake.chargeOf(intentId).amount_refunded).toBe(20000);
    // The first refund's late events name the first key: they no longer touch the row.
    const before = await row(id);
    expect(await deliver(eventOf(fake.events, "refund.created"))).toBe("ignored");
    expect(await row(id)).toEqual(before);
    // Retried again (a second click): nothing failed any more, nothing sent.
    expect(await retryRefund(ctx.context, admin, { refundId: before.id, now: later, origin: ORIGIN })).toBe(false);
    expect(refundPosts()).toHaveLength(2);
  });

  it("a request that never reached Stripe is retried under the same key, and refunds once", async () => {
    const booking = await paidBooking();
    await owedRefund(ctx.db, { bookingId: booking.id, kind: "deposit", amount: 20000, now: NOW })!;
    fake.failNext(/^\/v1\/refunds$/, 500);
    fake.failNext(/^\/v1\/refunds$/, 500);
    fake.answerRefundsWith("pending");
    await sendBookingRefunds(ctx.db, gateway, [booking.id], NOW);
    expectLogged("refund failed; the scheduled job retries");
    expect(await row(booking.id)).toMatchObject({ status: "failed", reissues: 0, attempts: 1 });
    await sendDueRefunds(ctx.db, gateway, at(10 * MINUTE));
    // Sent twice more under the ledger's key: the first attempt's two tries (the SDK retries) and the job's.
    expect(new Set(refundPosts().map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${booking.id}-deposit`]));
    expect(fake.refundCount(booking.intentId)).toBe(1);
    expect(await row(booking.id)).toMatchObject({ status: "processing", reissues: 0, attempts: 2 });
    // The job again (a second run, a stale due date): the refund on its way is not asked for again.
    await sendDueRefunds(ctx.db, gateway, at(DAY));
    expect(fake.refundCount(booking.intentId)).toBe(1);
  });

  it("Stripe's answer lost and its failure told first: the event finds the row by the key in the refund's metadata", async () => {
    const booking = await paidBooking();
    await owedRefund(ctx.db, { bookingId: booking.id, kind: "deposit", amount: 20000, now: NOW })!;
    // Stripe made the refund under the row's key, and the write of its answer never happened.
    fake.answerRefundsWith("pending");
    const made = await gateway.refund(booking.intentId, {
      amount: 20000,
      idempotencyKey: `refund-${booking.id}-deposit`,
    });
    expect(made.state).toBe("processing");
    const failed = eventOf(fake.settleRefund(made.refundId, { failed: "declined" }), "refund.failed");
    expect(await deliver(failed)).toBe("handled");
    expect(await row(booking.id)).toMatchObject({
      status: "failed",
      lastError: "declined",
      stripeRefundId: made.refundId,
      reissues: 1,
      nextAttemptAt: null,
    });
    // Nothing sent by itself; an admin's retry is a new refund.
    await sendDueRefunds(ctx.db, gateway, at(DAY));
    expect(fake.refundCount(booking.intentId)).toBe(1);
  });

  it("the refund a retry finds under its key failed since: failed, waiting for an admin, never made again under it", async () => {
    const booking = await paidBooking();
    await owedRefund(ctx.db, { bookingId: booking.id, kind: "deposit", amount: 20000, now: NOW })!;
    fake.answerRefundsWith("pending");
    const made = await gateway.refund(booking.intentId, {
      amount: 20000,
      idempotencyKey: `refund-${booking.id}-deposit`,
    });
    fake.settleRefund(made.refundId, { failed: "expired_or_canceled_card" });
    fake.forgetIdempotencyKeys();
    const sent = await sendDueRefunds(ctx.db, gateway, NOW);
    expectLogged("refund failed after Stripe accepted it");
    expect(sent).toEqual([expect.objectContaining({ ok: false, status: "failed", error: "expired_or_canceled_card" })]);
    expect(await row(booking.id)).toMatchObject({ status: "failed", reissues: 1, nextAttemptAt: null, attempts: 1 });
    expect(fake.refundCount(booking.intentId)).toBe(1);
  });

  it("answered failed at once: failed with the reason, waiting for an admin", async () => {
    const booking = await paidBooking();
    await owedRefund(ctx.db, { bookingId: booking.id, kind: "deposit", amount: 20000, now: NOW })!;
    fake.answerRefundsWith({ failed: "lost_or_stolen_card" });
    const [sent] = await sendBookingRefunds(ctx.db, gateway, [booking.id], NOW);
    expectLogged("refund failed after Stripe accepted it");
    expect(sent).toMatchObject({ ok: false, status: "failed" });
    expect(await row(booking.id)).toMatchObject({
      status: "failed",
      lastError: "lost_or_stolen_card",
      reissues: 1,
      nextAttemptAt: null,
    });
  });
});

describe("a refund made and then failed, and events out of order", () => {
  it("succeeded, then failed days later (Stripe's last word): failed, and the host's part is not taken back", async () => {
    const { id, refundId } = await depositSent("succeeded");
    expect(await row(id)).toMatchObject({ status: "succeeded", succeededAt: NOW });
    // The host's part of it, owed back from their paid payout, not yet sent as a reversal.
    const [payout] = await ctx.db
      .insert(payouts)
      .values({
        bookingId: id,
        hostId: parties.ownerId,
        gross: 12_000,
        hostShare: 11_760,
        claimKept: 0,
        amount: 11_760,
        sentAmount: 11_760,
        status: "paid",
        idempotencyKey: `payout-${id}`,
        stripeTransferId: "tr_never_called",
        settledAt: NOW,
        paidAt: NOW,
      })
      .returning({ id: payouts.id });
    const ledgerId = (await row(id)).id;
    await ctx.db.insert(payoutReversals).values({
      payoutId: payout!.id,
      refundId: ledgerId,
      amount: 3000,
      idempotencyKey: reversalKey(ledgerId),
      createdAt: NOW,
    });

    const failed = eventOf(fake.settleRefund(refundId, { failed: "expired_or_canceled_card" }), "refund.failed");
    expect(await deliver(failed)).toBe("handled");
    expect(await row(id)).toMatchObject({
      status: "failed",
      succeededAt: null,
      lastError: "expired_or_canceled_card",
      reissues: 1,
    });
    expect(await sendDueReversals(ctx.context, at(HOUR), ORIGIN)).toEqual([]);
    expect(fake.requests.filter((r) => r.path.includes("/reversals"))).toHaveLength(0);

    // Had the reversal gone before the failure, the admins' money page flags it: the renter is still owed.
    await ctx.db.update(payoutReversals).set({ status: "succeeded", succeededAt: NOW });
    const page = await callRoute<{ events: { kind: string; status?: string; forFailedRefund?: boolean }[] }>(
      moneyLoader,
      getRequest(`/admin/payouts/${id}`, { cookie: await sessionCookieFor(ctx, admin.id) }),
      ctx.context,
      { bookingId: id },
    );
    expect(page.data.events.filter((e) => e.kind === "refund" || e.kind === "reversal")).toEqual([
      expect.objectContaining({ kind: "refund", status: "held" }),
      expect.objectContaining({ kind: "reversal", status: "succeeded", forFailedRefund: true }),
    ]);
  });

  it("the failure delivered before the earlier success: the success, older, does not undo it", async () => {
    const { id, refundId } = await depositSent("pending");
    const [succeeded] = fake.settleRefund(refundId, "succeeded");
    const failed = eventOf(fake.settleRefund(refundId, { failed: "declined" }), "refund.failed");
    expect(await deliver(failed)).toBe("handled");
    expect(await deliver(succeeded!)).toBe("ignored");
    expect(await row(id)).toMatchObject({ status: "failed", lastError: "declined", reissues: 1 });
  });

  it("a canceled refund is failed with 'canceled'", async () => {
    const { id, refundId } = await depositSent("pending");
    const [canceled] = fake.settleRefund(refundId, "canceled");
    expect(canceled!.data.object).toMatchObject({ status: "canceled" });
    expect(await deliver(canceled!)).toBe("handled");
    expect(await row(id)).toMatchObject({ status: "failed", lastError: "canceled", reissues: 1 });
  });

  it("an event about a refund not in the ledger (made in Stripe's dashboard) is recorded and ignored", async () => {
    const { intentId } = await paidBooking();
    fake.answerRefundsWith("pending");
    const other = await gateway.refund(intentId, { amount: 100, idempotencyKey: "made-elsewhere" });
    const [updated] = fake.settleRefund(other.refundId, "succeeded");
    expect(await deliver(updated!)).toBe("ignored");
    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, updated!.id))).toHaveLength(1);
    expect(await deliver(updated!)).toBe("duplicate");
  });
});

describe("the job's look at refunds on their way with no news", () => {
  it("asks Stripe a day later: still on its way → again a day later; made → succeeded; failed → failed", async () => {
    const a = await depositSent("pending");
    const retrieved = () => fake.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/refunds/"));
    // Before a day nothing is asked.
    expect(await reconcileProcessingRefunds(ctx.db, gateway, at(PROCESSING_CHECK_MS - MINUTE))).toEqual([]);
    expect(retrieved()).toHaveLength(0);
    // A day on, still pending: looked at again a day after.
    const day1 = at(PROCESSING_CHECK_MS);
    expect(await reconcileProcessingRefunds(ctx.db, gateway, day1)).toEqual([
      { id: (await row(a.id)).id, status: "processing" },
    ]);
    expect(retrieved().map((r) => r.path)).toEqual([`/v1/refunds/${a.refundId}`]);
    expect(await row(a.id)).toMatchObject({
      status: "processing",
      nextAttemptAt: new Date(day1.getTime() + PROCESSING_CHECK_MS),
    });
    // Made meanwhile, its event lost: the scheduled job (its trips' step) finds it made.
    fake.settleRefund(a.refundId, "succeeded");
    const day2 = new Date(day1.getTime() + PROCESSING_CHECK_MS);
    expect(await runTripJobs(ctx.context, day2, ORIGIN)).toMatchObject({ reconciledRefunds: 1 });
    expect(await row(a.id)).toMatchObject({ status: "succeeded", succeededAt: day2, nextAttemptAt: null });

    // Another one fails without a word: failed, with the reason, waiting for an admin.
    const b = await depositSent("pending");
    fake.settleRefund(b.refundId, { failed: "expired_or_canceled_card" });
    await reconcileProcessingRefunds(ctx.db, gateway, at(2 * PROCESSING_CHECK_MS));
    expect(await row(b.id)).toMatchObject({
      status: "failed",
      lastError: "expired_or_canceled_card",
      reissues: 1,
      nextAttemptAt: null,
    });
  });

  it("Stripe out of reach: logged, looked at again in an hour", async () => {
    const a = await depositSent("pending");
    fake.failNext(/^\/v1\/refunds\//, 500);
    fake.failNext(/^\/v1\/refunds\//, 500);
    const day1 = at(PROCESSING_CHECK_MS);
    expect(await reconcileProcessingRefunds(ctx.db, gateway, day1)).toEqual([
      expect.objectContaining({ status: "unknown" }),
    ]);
    expectLogged("refund not reconciled");
    expect(await row(a.id)).toMatchObject({ status: "processing", nextAttemptAt: new Date(day1.getTime() + HOUR) });
  });
});

describe("a refund owed from before the ledger (any other key)", () => {
  it("is asked for as before; after it failed, anew under a key of its own, with the amount and metadata", async () => {
    const { id, intentId } = await paidBooking();
    await ctx.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, id));
    await ctx.db.insert(refunds).values({
      bookingId: id,
      kind: "cancellation",
      amount: MONEY.totalAmount,
      status: "pending",
      idempotencyKey: `refund-${id}`,
      createdAt: NOW,
    });
    fake.answerRefundsWith("pending");
    await sendDueRefunds(ctx.db, gateway, NOW);
    fake.answerRefundsWith("succeeded");
    const first = fake.refunds[0]!;
    expect(first.metadata).toEqual({});
    expect(await row(id)).toMatchObject({ status: "processing", stripeRefundId: first.id });
    // Its events carry no key: the row is found by the refund's id.
    const failed = eventOf(fake.settleRefund(first.id, { failed: "expired_or_canceled_card" }), "refund.failed");
    expect(await deliver(failed)).toBe("handled");
    expect(await row(id)).toMatchObject({ status: "failed", reissues: 1, lastError: "expired_or_canceled_card" });
    await retryRefund(ctx.context, admin, { refundId: (await row(id)).id, now: at(DAY), origin: ORIGIN });
    expect(refundPosts().map((r) => [r.body, r.idempotencyKey])).toEqual([
      [{ payment_intent: intentId }, `refund-${id}`],
      [
        {
          payment_intent: intentId,
          amount: String(MONEY.totalAmount),
          metadata: { refund_key: `refund-${id}-reissue-1` },
        },
        `refund-${id}-reissue-1`,
      ],
    ]);
    expect(await row(id)).toMatchObject({ status: "succeeded", idempotencyKey: `refund-${id}`, reissues: 1 });
    expect(fake.chargeOf(intentId)).toMatchObject({ amount_refunded: MONEY.totalAmount, refunded: true });
  });

  it("request keys: the ledger's key first, then reissues, never read as a key from before the ledger", () => {
    expect(requestKey("refund-b-deposit", 0)).toBe("refund-b-deposit");
    expect(requestKey("refund-b-deposit", 2)).toBe("refund-b-deposit-reissue-2");
    expect(parseRequestKey("refund-b-deposit-reissue-2")).toEqual({ idempotencyKey: "refund-b-deposit", reissues: 2 });
    expect(parseRequestKey("refund-b-deposit")).toEqual({ idempotencyKey: "refund-b-deposit", reissues: 0 });
    expect(parseRequestKey("refund-b")).toEqual({ idempotencyKey: "refund-b", reissues: 0 });
  });
});

describe("the host's part of a refund is taken back only once the refund is made", () => {
  it("a paid payout's reversal waits while the refund is owed, on its way or failed, and goes once it is made", async () => {
    // The stand-in gateway: its reversals succeed at once; the rule under test is which reversals go.
    const local = await createTestContext();
    try {
      const host = await createUser(local, { isHost: true, verified: true });
      const renter = await createUser(local);
      const car = await createCar(local, host.id);
      await local.db.insert(payoutAccounts).values({
        userId: host.id,
        stripeAccountId: "acct_standin_1",
        businessType: "individual",
        status: "enabled",
        detailsSubmitted: true,
        payoutsEnabled: true,
      });
      const statuses = ["pending", "processing", "failed", "succeeded"] as const;
      const reversalOf: Record<string, string> = {};
      for (const status of statuses) {
        const bookingId = await createBooking(
          local,
          { carId: car.id, renterId: renter.id, ownerId: host.id },
          "completed",
          {
            paymentStatus: "captured",
            stripePaymentIntentId: `pi_standin_${status}`,
            depositStatus: "returned",
          },
        );
        const [payout] = await local.db
          .insert(payouts)
          .values({
            bookingId,
            hostId: host.id,
            gross: 12_000,
            hostShare: 11_760,
            claimKept: 0,
            amount: 11_760,
            sentAmount: 11_760,
            status: "paid",
            idempotencyKey: `payout-${bookingId}`,
            stripeTransferId: `tr_standin_${status}`,
            settledAt: NOW,
            paidAt: NOW,
          })
          .returning({ id: payouts.id });
        const refundId = crypto.randomUUID();
        await local.db.insert(refunds).values({
          id: refundId,
          bookingId,
          kind: "admin",
          amount: 5000,
          status,
          idempotencyKey: `refund-${bookingId}-admin`,
          createdAt: NOW,
        });
        const [reversal] = await local.db
          .insert(payoutReversals)
          .values({
            payoutId: payout!.id,
            refundId,
            amount: 2000,
            idempotencyKey: reversalKey(refundId),
            createdAt: NOW,
          })
          .returning({ id: payoutReversals.id });
        reversalOf[status] = reversal!.id;
      }
      const sent = await sendDueReversals(local.context, NOW, ORIGIN);
      expect(sent).toEqual([{ id: reversalOf.succeeded, ok: true }]);
      const rows = await local.db.select().from(payoutReversals);
      expect(rows.filter((r) => r.status === "succeeded").map((r) => r.id)).toEqual([reversalOf.succeeded]);
      expect(rows.filter((r) => r.status === "pending")).toHaveLength(3);
    } finally {
      local.close();
    }
  });
});

describe("shown to the booking's people and to admins", () => {
  const tripPage = async (bookingId: string, userId: string) =>
    (
      await callRoute<{ refunds: { kind: string; amount: number; status: string }[] }>(
        tripLoader,
        getRequest(`/bookings/${bookingId}`, { cookie: await sessionCookieFor(ctx, userId) }),
        ctx.context,
        { bookingId },
      )
    ).data.refunds;

  it("on its way, then held with the reason and retried from /admin/claims as a new refund", async () => {
    const { id, intentId, refundId } = await depositSent("pending");
    for (const userId of [parties.renterId, parties.ownerId]) {
      expect(await tripPage(id, userId)).toEqual([
        { id: expect.any(String), kind: "deposit", amount: 20000, status: "processing" },
      ]);
    }
    const adminCookie = await sessionCookieFor(ctx, admin.id);
    const money = async () =>
      (
        await callRoute<{ events: { kind: string; status?: string; error?: string | null }[] }>(
          moneyLoader,
          getRequest(`/admin/payouts/${id}`, { cookie: adminCookie }),
          ctx.context,
          { bookingId: id },
        )
      ).data.events.filter((e) => e.kind === "refund");
    expect(await money()).toEqual([expect.objectContaining({ status: "processing" })]);

    await deliver(eventOf(fake.settleRefund(refundId, { failed: "expired_or_canceled_card" }), "refund.failed"));
    for (const userId of [parties.renterId, parties.ownerId]) {
      expect((await tripPage(id, userId))[0]!.status).toBe("held");
    }
    expect(await money()).toEqual([expect.objectContaining({ status: "held", error: "expired_or_canceled_card" })]);
    const queue = await callRoute<{ refunds: { id: string; lastError: string; failedAfterAccepted: boolean }[] }>(
      claimsLoader,
      getRequest("/admin/claims", { cookie: adminCookie }),
      ctx.context,
    );
    expect(queue.data.refunds).toEqual([
      expect.objectContaining({ lastError: "expired_or_canceled_card", failedAfterAccepted: true }),
    ]);

    const retried = await callRoute(
      claimsAction,
      formRequest("/admin/claims", { refundId: queue.data.refunds[0]!.id }, { cookie: adminCookie }),
      ctx.context,
    );
    expect(retried.status).toBe(302);
    expect(refundPosts().at(-1)!.idempotencyKey).toBe(`refund-${id}-deposit-reissue-1`);
    expect(fake.refundCount(intentId)).toBe(2);
    expect((await tripPage(id, parties.renterId))[0]!.status).toBe("succeeded");
    expect(await money()).toEqual([expect.objectContaining({ status: "succeeded" })]);
  });

  it("the renter's bookings list says the cancellation's refund is on its way, then that it failed", async () => {
    const { id, intentId } = await paidBooking();
    await ctx.db.update(bookings).set({ status: "cancelled", cancelledAt: NOW }).where(eq(bookings.id, id));
    await owedRefund(ctx.db, { bookingId: id, kind: "cancellation", amount: 16240, now: NOW })!;
    fake.answerRefundsWith("pending");
    await sendBookingRefunds(ctx.db, gateway, [id], NOW);
    const cookie = await sessionCookieFor(ctx, parties.renterId);
    const listed = async () =>
      (
        await callRoute<{ bookings: { id: string; refundAmount: number | null; refundStatus: string | null }[] }>(
          bookingsLoader,
          getRequest("/bookings?role=renter&tab=cancelled", { cookie }),
          ctx.context,
        )
      ).data.bookings.find((b) => b.id === id);
    expect(await listed()).toMatchObject({ refundAmount: 16240, refundStatus: "processing" });
    const refundId = fake.refunds.find((r) => r.payment_intent === intentId)!.id;
    await deliver(eventOf(fake.settleRefund(refundId, { failed: "expired_or_canceled_card" }), "refund.failed"));
    expect(await listed()).toMatchObject({ refundStatus: "held" });
  });
});

it("README's webhook setup subscribes to every refund event the ledger follows", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const enabled = new Set([...readme.matchAll(/enabled_events\[\]=([a-z_.]+)/g)].map((m) => m[1]));
  expect([...REFUND_EVENT_TYPES].filter((type) => !enabled.has(type))).toEqual([]);
});

describe("the fake's refunds that Stripe makes later", () => {
  it("reads a refund by id, refuses an unknown one, and never moves a failed or canceled refund again", async () => {
    const { id, refundId } = await depositSent("pending");
    expect(await gateway.retrieveRefund(refundId)).toEqual({ refundId, state: "processing", failureReason: null });
    await expect(gateway.retrieveRefund("re_nope")).rejects.toMatchObject({
      code: "resource_missing",
      statusCode: 404,
    });
    fake.settleRefund(refundId, "canceled");
    expect(await gateway.retrieveRefund(refundId)).toEqual({ refundId, state: "failed", failureReason: "canceled" });
    expect(() => fake.settleRefund(refundId, "succeeded")).toThrow(/never moves it again/);
    expect(id).toBeTruthy();
  });
});

describe("an admin's refund with the host's part, Stripe making the refund later", () => {
  it("says the refund is on its way, takes the host's part back only once Stripe made it", async () => {
    const { id, intentId } = await paidBooking();
    // The host's payout went through the fake: an enabled Express account and a transfer from the booking's charge.
    const { accountId } = await gateway.createConnectAccount({
      userId: parties.ownerId,
      email: "host@example.com",
      businessType: "individual",
      businessName: null,
      language: "lt",
    });
    fake.updateAccount(accountId, "enabled");
    const { transferId } = await gateway.transfer({
      bookingId: id,
      destination: accountId,
      amount: 11_760,
      idempotencyKey: `payout-${id}`,
      paymentIntentId: intentId,
      description: "payout",
    });
    await ctx.db.insert(payoutAccounts).values({
      userId: parties.ownerId,
      stripeAccountId: accountId,
      businessType: "individual",
      status: "enabled",
      detailsSubmitted: true,
      payoutsEnabled: true,
    });
    await ctx.db.insert(payouts).values({
      bookingId: id,
      hostId: parties.ownerId,
      gross: 12_000,
      hostShare: 11_760,
      claimKept: 0,
      amount: 11_760,
      sentAmount: 11_760,
      status: "paid",
      idempotencyKey: `payout-${id}`,
      stripeTransferId: transferId,
      settledAt: NOW,
      paidAt: NOW,
    });

    fake.answerRefundsWith("pending");
    const cookie = await sessionCookieFor(ctx, admin.id);
    const answer = await callRoute(
      moneyAction,
      formRequest(
        `/admin/payouts/${id}`,
        { intent: "confirm", amount: "40,00", hostPart: "25", reason: "Neveikė kondicionierius" },
        { cookie },
      ),
      ctx.context,
      { bookingId: id },
    );
    expect(answer.status).toBe(302);
    const toastCookie = answer.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    expect(
      (await takeToast(new Request("http://x", { headers: { Cookie: toastCookie } }), ctx.context.env)).toast,
    ).toMatchObject({ type: "success", title: "admin:moneyPage.toasts.refundOnItsWay" });
    const reversalPosts = () => fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/reversals"));
    expect(await row(id)).toMatchObject({ kind: "admin", amount: 4000, status: "processing" });
    expect(reversalPosts()).toHaveLength(0);
    // The job while the refund is on its way: the host's part stays with them.
    expect(await sendDueReversals(ctx.context, at(HOUR), ORIGIN)).toEqual([]);

    const [made] = fake.settleRefund(fake.refunds.at(-1)!.id, "succeeded");
    expect(await deliver(made!)).toBe("handled");
    expect(await sendDueReversals(ctx.context, at(2 * HOUR), ORIGIN)).toEqual([expect.objectContaining({ ok: true })]);
    expect(reversalPosts().map((r) => r.body.amount)).toEqual(["2500"]);
    expect((await ctx.db.select().from(payoutReversals))[0]).toMatchObject({ status: "succeeded", amount: 2500 });
  });
});
