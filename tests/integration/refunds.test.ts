// The refunds ledger (app/payments/refunds.server.ts) against a real libSQL file and the Stripe fake through the real
// SDK: a refund is written in the batch of the change that owes it, sent under its idempotency key, retried on the
// job's clock after a failure, and never made twice; a cancellation refunds what its policy says; Stripe's
// charge.refunded releases the booking's payment only when the charge is refunded in full.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bookings, notifications, refunds } from "#db/schema";
import { applyBookingAction } from "~/bookings/booking-actions.server";
import { tripTimes } from "~/bookings/trip-rules";
import { REFUND_KEY_METADATA, getPaymentGateway, stripeClient, type PaymentGateway } from "~/payments/gateway.server";
import { BACKOFF_MINUTES, MAX_AUTOMATIC_ATTEMPTS } from "~/payments/money-attempts";
import {
  findRefunds,
  owedRefund,
  refundKey,
  retryRefundNow,
  sendBookingRefunds,
  sendDueRefunds,
} from "~/payments/refunds.server";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { authorisedPayment, capturedPayment, deliverWebhook, stripeEnv } from "./support/stripe";
import { ORIGIN } from "./support/routes";

const WEBHOOK_SECRET = "whsec_test_refunds";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date("2026-12-01T09:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const TRIP = { startDate: "2026-12-20", endDate: "2026-12-23" };
const START = tripTimes(TRIP).start;

/** Three days at 40 € with 36 € insurance and a 200 € deposit, consistent with the factory's other amounts. */
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

// A fake of its own for each test, so what it received and made is that test's alone.
beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
  gateway = getPaymentGateway(ctx.context.env, ORIGIN);
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx);
  const car = await createCar(ctx, host.id, { dailyPrice: 4000, depositAmount: 20000 });
  parties = { carId: car.id, renterId: renter.id, ownerId: host.id };
});
afterEach(async () => {
  ctx.close();
  await fake.close();
});

/** A confirmed booking whose payment (the total) the fake has captured and whose deposit is held. */
async function paidBooking(overrides: Partial<typeof bookings.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const amount = overrides.totalAmount ?? MONEY.totalAmount;
  const intentId = await capturedPayment(ctx.context, fake, id, amount);
  await createBooking(ctx, parties, "confirmed", {
    id,
    ...TRIP,
    ...MONEY,
    paymentStatus: "captured",
    depositStatus: "held",
    stripePaymentIntentId: intentId,
    confirmedAt: at(-24 * HOUR),
    ...overrides,
  });
  return { id, intentId };
}

/** The SDK as the gateway configures it, for requests our code does not make. */
function sdk() {
  const config = ctx.context.env.stripe;
  if (config.kind !== "stripe") throw new Error("the context is not pointed at the fake");
  return stripeClient(config);
}

const refundRequests = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
const ledger = async (bookingId: string) =>
  ctx.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(refunds.createdAt);
const bookingRow = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** The booking's cancellation as a state change, for the batch a refund is owed in. */
const cancelIfConfirmed = (id: string, now: Date) =>
  ctx.db
    .update(bookings)
    .set({ status: "cancelled", cancelReason: "cancelled_by_host", cancelledAt: now, updatedAt: now })
    .where(and(eq(bookings.id, id), eq(bookings.status, "confirmed")))
    .returning({ id: bookings.id });
const cancelledNow = (id: string, now: Date) =>
  sql`exists (select 1 from bookings as b where b.id = ${id} and b.status = 'cancelled' and b.cancelled_at = ${now.getTime()})`;

/** Expects the one console.error a failed refund logs, and clears it (tests/setup/fail-on-console-error.ts). */
function expectRefundFailureLogged(times = 1) {
  const calls = vi.mocked(console.error).mock.calls.filter((call) => String(call[0]).startsWith("refund failed"));
  expect(calls).toHaveLength(times);
  vi.mocked(console.error).mockClear();
}

/** Stripe's answer is a 500 twice: the SDK's one retry fails as well. */
function failRefundOnce() {
  fake.failNext(/^\/v1\/refunds$/, 500);
  fake.failNext(/^\/v1\/refunds$/, 500);
}

describe("the fake's refunds, through the SDK", () => {
  it("refunds part of a payment several times up to what was captured, and refuses more", async () => {
    const { intentId } = await paidBooking();
    const a = await gateway.refund(intentId, { amount: 10000, idempotencyKey: "k-a" });
    expect(fake.chargeOf(intentId)).toMatchObject({ amount_refunded: 10000, refunded: false });
    const b = await gateway.refund(intentId, { amount: 6240, idempotencyKey: "k-b" });
    expect(a.refundId).not.toBe(b.refundId);
    expect(fake.refunds.map((r) => [r.amount, r.payment_intent, r.status, r.charge])).toEqual([
      [10000, intentId, "succeeded", fake.chargeOf(intentId).id],
      [6240, intentId, "succeeded", fake.chargeOf(intentId).id],
    ]);
    // 20,000 left: one cent more is too large, with Stripe's error.
    const error = await gateway.refund(intentId, { amount: 20001, idempotencyKey: "k-c" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: "StripeInvalidRequestError",
      code: "amount_too_large",
      param: "amount",
      message: "Refund amount (€200.01) is greater than unrefunded amount on charge (€200.00)",
    });
    expect(fake.refundCount(intentId)).toBe(2);
    await gateway.refund(intentId, { amount: 20000, idempotencyKey: "k-d" });
    expect(fake.chargeOf(intentId)).toMatchObject({ amount_refunded: MONEY.totalAmount, refunded: true });
    const error2 = await gateway.refund(intentId, { amount: 1, idempotencyKey: "k-e" }).catch((e: unknown) => e);
    expect(error2).toMatchObject({ code: "charge_already_refunded" });
    // Each refund emitted charge.refunded with the charge as it then stood.
    const emitted = fake.events.filter((e) => e.type === "charge.refunded").map((e) => e.data.object);
    expect(
      emitted.map((c) => [(c as { amount_refunded: number }).amount_refunded, (c as { refunded: boolean }).refunded]),
    ).toEqual([
      [10000, false],
      [16240, false],
      [MONEY.totalAmount, true],
    ]);
  });

  it("a repeated idempotency key returns the first refund and does not refund twice", async () => {
    const { intentId } = await paidBooking();
    const stripe = sdk();
    const create = (amount: number) =>
      stripe.refunds.create({ payment_intent: intentId, amount }, { idempotencyKey: "same-key" });
    const first = await create(5000);
    const again = await create(5000);
    expect(again.id).toBe(first.id);
    expect(fake.refundCount(intentId)).toBe(1);
    expect(fake.chargeOf(intentId).amount_refunded).toBe(5000);
    // The same key for another amount is Stripe's idempotency error, not a second refund.
    await expect(create(6000)).rejects.toMatchObject({ type: "StripeIdempotencyError" });
    expect(fake.refundCount(intentId)).toBe(1);
    // Once Stripe has forgotten the key (after 24 hours) the same request is a new refund.
    fake.forgetIdempotencyKeys();
    expect((await create(5000)).id).not.toBe(first.id);
    expect(fake.refundCount(intentId)).toBe(2);
    // The payment's refunds, newest first, with what the request's metadata said.
    const listed = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    expect(listed.data.map((r) => r.amount)).toEqual([5000, 5000]);
    expect(listed.data[1]!.id).toBe(first.id);
  });

  it("the gateway tags each refund with its key and finds it again by it, even after Stripe forgot the key", async () => {
    const { intentId } = await paidBooking();
    const first = await gateway.refund(intentId, { amount: 5000, idempotencyKey: "key-1" });
    expect(fake.refunds[0]!.metadata).toEqual({ [REFUND_KEY_METADATA]: "key-1" });
    fake.forgetIdempotencyKeys();
    expect(await gateway.refund(intentId, { amount: 5000, idempotencyKey: "key-1" })).toEqual(first);
    // Another key is another refund.
    const second = await gateway.refund(intentId, { amount: 5000, idempotencyKey: "key-2" });
    expect(second.refundId).not.toBe(first.refundId);
    expect(fake.refundCount(intentId)).toBe(2);
  });

  it("refuses an amount below a cent, an unknown parameter and a payment not captured", async () => {
    const { intentId } = await paidBooking();
    await expect(gateway.refund(intentId, { amount: 0, idempotencyKey: "zero" })).rejects.toMatchObject({
      param: "amount",
    });
    const stripe = sdk();
    await expect(
      stripe.refunds.create({ payment_intent: intentId, amount: 100, reason: "requested_by_customer" }),
    ).rejects.toMatchObject({ code: "parameter_unknown", param: "reason" });
    const held = await authorisedPayment(ctx.context, fake, "b-held", 1000);
    await expect(gateway.refund(held, { amount: 100, idempotencyKey: "held" })).rejects.toMatchObject({
      code: "charge_not_refundable",
    });
    expect(fake.refunds).toHaveLength(0);
  });
});

describe("owedRefund: written with the change that owes it", () => {
  it("is written when its condition holds in the batch, and not when the change did not take place", async () => {
    const { id } = await paidBooking();
    const owed = owedRefund(ctx.db, {
      bookingId: id,
      kind: "cancellation",
      amount: 32000,
      now: NOW,
      onlyIf: cancelledNow(id, NOW),
    })!;
    const [changed] = await ctx.db.batch([cancelIfConfirmed(id, NOW), owed]);
    expect(changed).toHaveLength(1);
    expect(await ledger(id)).toEqual([
      expect.objectContaining({
        bookingId: id,
        kind: "cancellation",
        amount: 32000,
        status: "pending",
        idempotencyKey: `refund-${id}-cancellation`,
        attempts: 0,
        lastError: null,
        nextAttemptAt: null,
        stripeRefundId: null,
        succeededAt: null,
        createdAt: NOW,
      }),
    ]);

    // Someone else cancelled first: the second cancellation changes nothing and owes nothing.
    const other = await paidBooking({ startDate: "2027-01-10", endDate: "2027-01-13" });
    await ctx.db
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: at(-MINUTE) })
      .where(eq(bookings.id, other.id));
    const later = at(MINUTE);
    const [none] = await ctx.db.batch([
      cancelIfConfirmed(other.id, later),
      owedRefund(ctx.db, {
        bookingId: other.id,
        kind: "cancellation",
        amount: 32000,
        now: later,
        onlyIf: cancelledNow(other.id, later),
      })!,
    ]);
    expect(none).toHaveLength(0);
    expect(await ledger(other.id)).toEqual([]);
  });

  it("a second refund of the same kind is ignored, with or without a condition; another kind is its own", async () => {
    const { id } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: NOW })!;
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 15000, now: at(MINUTE) })!;
    await owedRefund(ctx.db, {
      bookingId: id,
      kind: "deposit",
      amount: 5000,
      now: at(2 * MINUTE),
      onlyIf: sql`1 = 1`,
    })!;
    await owedRefund(ctx.db, { bookingId: id, kind: "cancellation", amount: 700, now: at(3 * MINUTE) })!;
    expect((await ledger(id)).map((r) => [r.kind, r.amount])).toEqual([
      ["deposit", 20000],
      ["cancellation", 700],
    ]);
  });

  it("nothing owed writes nothing", () => {
    expect(owedRefund(ctx.db, { bookingId: "b", kind: "deposit", amount: 0, now: NOW })).toBeNull();
    expect(owedRefund(ctx.db, { bookingId: "b", kind: "deposit", amount: -5, now: NOW })).toBeNull();
  });
});

describe("sending refunds", () => {
  it("sends the amount owed under refund-<booking>-<kind> and records Stripe's refund", async () => {
    const { id, intentId } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "cancellation", amount: 32000, now: NOW })!;
    const sent = await sendBookingRefunds(ctx.db, gateway, [id], NOW);
    expect(sent).toEqual([expect.objectContaining({ bookingId: id, kind: "cancellation", amount: 32000, ok: true })]);
    expect(refundRequests().map((r) => [r.body, r.idempotencyKey])).toEqual([
      [
        { payment_intent: intentId, amount: "32000", metadata: { refund_key: `refund-${id}-cancellation` } },
        `refund-${id}-cancellation`,
      ],
    ]);
    expect(refundKey(id, "cancellation")).toBe(`refund-${id}-cancellation`);
    const [row] = await ledger(id);
    expect(row).toMatchObject({
      status: "succeeded",
      attempts: 1,
      stripeRefundId: fake.refunds[0]!.id,
      succeededAt: NOW,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(fake.chargeOf(intentId)).toMatchObject({ amount_refunded: 32000, refunded: false });
    // Sent again (a second click, the job): nothing more goes to Stripe.
    expect(await sendBookingRefunds(ctx.db, gateway, [id], at(MINUTE))).toEqual([]);
    expect(await sendDueRefunds(ctx.db, gateway, at(MINUTE))).toEqual([]);
    expect(refundRequests()).toHaveLength(1);
    expect(await findRefunds(ctx.db, id)).toEqual([
      expect.objectContaining({ kind: "cancellation", amount: 32000, status: "succeeded", attempts: 1 }),
    ]);
  });

  it("two kinds for one payment are two partial refunds of its charge", async () => {
    const { id, intentId } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "cancellation", amount: 10000, now: NOW })!;
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: at(1) })!;
    const sent = await sendBookingRefunds(ctx.db, gateway, [id], NOW);
    expect(sent.map((s) => [s.kind, s.ok])).toEqual([
      ["cancellation", true],
      ["deposit", true],
    ]);
    expect(refundRequests().map((r) => [r.body.amount, r.idempotencyKey])).toEqual([
      ["10000", `refund-${id}-cancellation`],
      ["20000", `refund-${id}-deposit`],
    ]);
    expect(fake.chargeOf(intentId)).toMatchObject({ amount_refunded: 30000, refunded: false });
  });

  it("a failure is recorded (attempt 1, the error, due again after the first back-off), then the job retries it", async () => {
    const { id, intentId } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "cancellation", amount: 32000, now: NOW })!;
    failRefundOnce();
    const [failed] = await sendBookingRefunds(ctx.db, gateway, [id], NOW);
    expectRefundFailureLogged();
    expect(failed).toMatchObject({ ok: false, error: expect.stringContaining("injected 500") });
    expect(fake.refunds).toHaveLength(0);
    let [row] = await ledger(id);
    expect(row).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: expect.stringContaining("injected 500"),
      nextAttemptAt: at(BACKOFF_MINUTES[0] * MINUTE),
      succeededAt: null,
    });
    expect(BACKOFF_MINUTES[0]).toBe(10);

    // Not before its time.
    expect(await sendDueRefunds(ctx.db, gateway, at(10 * MINUTE - 1))).toEqual([]);
    expect(fake.refunds).toHaveLength(0);
    // Then sent, under the same key, and it succeeds.
    const sent = await sendDueRefunds(ctx.db, gateway, at(10 * MINUTE));
    expect(sent).toEqual([expect.objectContaining({ bookingId: id, ok: true })]);
    [row] = await ledger(id);
    expect(row).toMatchObject({ status: "succeeded", attempts: 2, lastError: null, nextAttemptAt: null });
    expect(row!.succeededAt).toEqual(at(10 * MINUTE));
    expect(fake.refundCount(intentId)).toBe(1);
    expect(new Set(refundRequests().map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${id}-cancellation`]));
  });

  it("after MAX_AUTOMATIC_ATTEMPTS failures the job stops and the refund waits for an admin's retry", async () => {
    const { id, intentId } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: NOW })!;
    let clock = NOW.getTime();
    for (let attempt = 1; attempt <= MAX_AUTOMATIC_ATTEMPTS; attempt++) {
      failRefundOnce();
      expect(await sendDueRefunds(ctx.db, gateway, new Date(clock))).toHaveLength(1);
      expectRefundFailureLogged();
      const [row] = await ledger(id);
      if (attempt < MAX_AUTOMATIC_ATTEMPTS) clock = row!.nextAttemptAt!.getTime();
    }
    const [stopped] = await ledger(id);
    expect(stopped).toMatchObject({ status: "failed", attempts: MAX_AUTOMATIC_ATTEMPTS, nextAttemptAt: null });
    // A month later the job still leaves it alone; an admin's retry sends it.
    expect(await sendDueRefunds(ctx.db, gateway, new Date(clock + 30 * 24 * HOUR))).toEqual([]);
    expect(await retryRefundNow(ctx.db, stopped!.id, new Date(clock + 30 * 24 * HOUR))).toEqual({ bookingId: id });
    expect(await sendDueRefunds(ctx.db, gateway, new Date(clock + 30 * 24 * HOUR))).toEqual([
      expect.objectContaining({ ok: true }),
    ]);
    expect(fake.refundCount(intentId)).toBe(1);
  });

  it("each failure waits longer: 10, 30, 120, 360 minutes, then a day, again and again", async () => {
    const { id } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: NOW })!;
    let clock = NOW.getTime();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      failRefundOnce();
      const sent = await sendDueRefunds(ctx.db, gateway, new Date(clock));
      expect(sent).toHaveLength(1);
      expectRefundFailureLogged();
      const [row] = await ledger(id);
      expect(row!.attempts).toBe(attempt);
      waits.push((row!.nextAttemptAt!.getTime() - clock) / MINUTE);
      clock = row!.nextAttemptAt!.getTime();
    }
    expect(waits).toEqual([10, 30, 120, 360, 1440, 1440]);
    expect(fake.refunds).toHaveLength(0);
  });

  it("a refund Stripe made whose success we failed to write is answered with the same refund, never a second", async () => {
    const { id, intentId } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: NOW })!;
    // Stripe made it (as the first attempt would have), and then our write was lost: the ledger still says pending.
    const made = await gateway.refund(intentId, { amount: 20000, idempotencyKey: refundKey(id, "deposit") });
    expect((await ledger(id))[0]!.status).toBe("pending");
    const sent = await sendDueRefunds(ctx.db, gateway, at(MINUTE));
    expect(sent).toEqual([expect.objectContaining({ ok: true })]);
    expect((await ledger(id))[0]).toMatchObject({ status: "succeeded", stripeRefundId: made.refundId });
    expect(fake.refunds).toHaveLength(1);
    expect(fake.chargeOf(intentId).amount_refunded).toBe(20000);

    // The same after a recorded failure: the connection dropped after Stripe had acted.
    const other = await paidBooking({ startDate: "2027-02-01", endDate: "2027-02-04" });
    await owedRefund(ctx.db, { bookingId: other.id, kind: "deposit", amount: 20000, now: NOW })!;
    const first = await gateway.refund(other.intentId, {
      amount: 20000,
      idempotencyKey: refundKey(other.id, "deposit"),
    });
    await ctx.db
      .update(refunds)
      .set({ status: "failed", attempts: 1, lastError: "socket hang up", nextAttemptAt: at(10 * MINUTE) })
      .where(eq(refunds.bookingId, other.id));
    await sendDueRefunds(ctx.db, gateway, at(10 * MINUTE));
    expect((await ledger(other.id))[0]).toMatchObject({
      status: "succeeded",
      attempts: 2,
      stripeRefundId: first.refundId,
    });
    expect(fake.refundCount(other.intentId)).toBe(1);
  });

  it("a refund made more than 24 hours before, its success never written, is found again and not made twice", async () => {
    const { id, intentId } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: NOW })!;
    const made = await gateway.refund(intentId, { amount: 20000, idempotencyKey: refundKey(id, "deposit") });
    await ctx.db
      .update(refunds)
      .set({ status: "failed", attempts: 5, lastError: "socket hang up", nextAttemptAt: at(24 * HOUR) })
      .where(eq(refunds.bookingId, id));
    // A day later Stripe no longer knows the key: only the refund's metadata says it was made.
    fake.forgetIdempotencyKeys();
    await sendDueRefunds(ctx.db, gateway, at(24 * HOUR));
    expect((await ledger(id))[0]).toMatchObject({ status: "succeeded", attempts: 6, stripeRefundId: made.refundId });
    expect(fake.refundCount(intentId)).toBe(1);
    expect(fake.chargeOf(intentId).amount_refunded).toBe(20000);
  });

  it("more than is left with Stripe fails with Stripe's reason, and is retried like any failure", async () => {
    const { id, intentId } = await paidBooking();
    await gateway.refund(intentId, { amount: 30000, idempotencyKey: "made-elsewhere" });
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: NOW })!;
    await sendBookingRefunds(ctx.db, gateway, [id], NOW);
    expectRefundFailureLogged();
    expect((await ledger(id))[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: expect.stringContaining("greater than unrefunded amount"),
    });
    expect(fake.refundCount(intentId)).toBe(1);
  });

  it("a booking without a payment cannot be refunded: failed, with the reason", async () => {
    const id = await createBooking(ctx, parties, "cancelled", { ...TRIP, ...MONEY, paymentStatus: "captured" });
    await owedRefund(ctx.db, { bookingId: id, kind: "cancellation", amount: 1000, now: NOW })!;
    await sendDueRefunds(ctx.db, gateway, NOW);
    expectRefundFailureLogged();
    expect((await ledger(id))[0]).toMatchObject({
      status: "failed",
      lastError: "The booking has no payment to refund",
    });
    expect(refundRequests()).toHaveLength(0);
  });

  it("retryRefundNow makes a failed refund due at once; a pending or sent one is not touched", async () => {
    const { id, intentId } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: NOW })!;
    failRefundOnce();
    await sendBookingRefunds(ctx.db, gateway, [id], NOW);
    expectRefundFailureLogged();
    const [failed] = await ledger(id);
    expect(await sendDueRefunds(ctx.db, gateway, at(MINUTE))).toEqual([]);
    expect(await retryRefundNow(ctx.db, failed!.id, at(MINUTE))).toEqual({ bookingId: id });
    expect((await ledger(id))[0]!.nextAttemptAt).toEqual(at(MINUTE));
    expect(await sendDueRefunds(ctx.db, gateway, at(MINUTE))).toEqual([expect.objectContaining({ ok: true })]);
    expect(fake.refundCount(intentId)).toBe(1);
    // Succeeded now: nothing to retry.
    expect(await retryRefundNow(ctx.db, failed!.id, at(2 * MINUTE))).toBeNull();
    // Pending (never tried): it is due anyway, and retry says there was nothing failed.
    const other = await paidBooking({ startDate: "2027-03-01", endDate: "2027-03-04" });
    await owedRefund(ctx.db, { bookingId: other.id, kind: "deposit", amount: 100, now: NOW })!;
    const [pending] = await ledger(other.id);
    expect(await retryRefundNow(ctx.db, pending!.id, at(2 * MINUTE))).toBeNull();
    expect(await retryRefundNow(ctx.db, "no-such-refund", at(2 * MINUTE))).toBeNull();
  });

  it("a refund owed under the old key (before the ledger) is asked for as the earlier attempts asked: in full", async () => {
    const { id, intentId } = await paidBooking();
    await ctx.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, id));
    await ctx.db.insert(refunds).values({
      id: crypto.randomUUID(),
      bookingId: id,
      kind: "cancellation",
      amount: MONEY.totalAmount,
      status: "pending",
      idempotencyKey: `refund-${id}`,
      createdAt: NOW,
    });
    // An earlier release made this refund, and its write was lost: Stripe answers the same request with it.
    const stripe = sdk();
    const earlier = await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${id}` });
    await sendDueRefunds(ctx.db, gateway, NOW);
    expect(refundRequests().map((r) => [r.body, r.idempotencyKey])).toEqual([
      [{ payment_intent: intentId }, `refund-${id}`],
      [{ payment_intent: intentId }, `refund-${id}`],
    ]);
    expect((await ledger(id))[0]).toMatchObject({ status: "succeeded", stripeRefundId: earlier.id });
    expect(fake.refunds).toHaveLength(1);
    expect(fake.chargeOf(intentId)).toMatchObject({ amount_refunded: MONEY.totalAmount, refunded: true });
  });
});

describe("a cancelled booking's refund through the cancel action", () => {
  const cancel = (id: string, by: "renter" | "host", now: Date) =>
    applyBookingAction(ctx.context, {
      bookingId: id,
      userId: by === "host" ? parties.ownerId : parties.renterId,
      action: "cancel",
      origin: ORIGIN,
      now,
      // As the cancel page hands it on, once its party saw the refund (cancel-booking.server.ts).
      previewed: true,
    });

  async function expectRefunded(id: string, intentId: string, amount: number, now: Date) {
    expect(refundRequests().map((r) => [r.body, r.idempotencyKey])).toEqual([
      [
        { payment_intent: intentId, amount: String(amount), metadata: { refund_key: `refund-${id}-cancellation` } },
        `refund-${id}-cancellation`,
      ],
    ]);
    expect(await ledger(id)).toEqual([
      expect.objectContaining({ kind: "cancellation", amount, status: "succeeded", attempts: 1, succeededAt: now }),
    ]);
    expect(await bookingRow(id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "captured",
      depositStatus: "returned",
      cancelledAt: now,
    });
    expect(fake.chargeOf(intentId).amount_refunded).toBe(amount);
  }

  it("the renter before the policy's deadline: everything", async () => {
    const { id, intentId } = await paidBooking({ cancellationPolicy: "48_hours" });
    const now = new Date(START - 48 * HOUR - 1);
    expect(await cancel(id, "renter", now)).toMatchObject({ ok: true, status: "cancelled" });
    await expectRefunded(id, intentId, MONEY.totalAmount, now);
    expect((await bookingRow(id)).cancelReason).toBe("cancelled_by_renter");
  });

  it("the renter at the deadline or after: the total less the first day and the platform fee", async () => {
    const { id, intentId } = await paidBooking({ cancellationPolicy: "48_hours" });
    const now = new Date(START - 48 * HOUR);
    expect(await cancel(id, "renter", now)).toMatchObject({ ok: true });
    await expectRefunded(id, intentId, MONEY.totalAmount - MONEY.dailyRate - MONEY.platformFee, now);
  });

  it("the renter under 'no cancellation': the deposit and the insurance", async () => {
    const { id, intentId } = await paidBooking({ cancellationPolicy: "no_cancellation" });
    const now = new Date(START - 30 * 24 * HOUR);
    expect(await cancel(id, "renter", now)).toMatchObject({ ok: true });
    await expectRefunded(id, intentId, MONEY.depositAmount + MONEY.insuranceCost, now);
  });

  it("the host, even under 'no cancellation' and after the start: everything", async () => {
    const { id, intentId } = await paidBooking({ cancellationPolicy: "no_cancellation" });
    const now = new Date(START + HOUR);
    expect(await cancel(id, "host", now)).toMatchObject({ ok: true });
    await expectRefunded(id, intentId, MONEY.totalAmount, now);
    expect((await bookingRow(id)).cancelReason).toBe("cancelled_by_host");
  });

  it("Stripe down at the cancellation: the booking is cancelled and the refund owed, then sent by the job", async () => {
    const { id, intentId } = await paidBooking();
    failRefundOnce();
    const now = new Date(START - 72 * HOUR);
    expect(await cancel(id, "renter", now)).toMatchObject({ ok: true });
    expectRefundFailureLogged();
    expect(await bookingRow(id)).toMatchObject({ status: "cancelled", depositStatus: "returned" });
    expect((await ledger(id))[0]).toMatchObject({ status: "failed", amount: MONEY.totalAmount, attempts: 1 });
    await sendDueRefunds(ctx.db, gateway, new Date(now.getTime() + 10 * MINUTE));
    expect((await ledger(id))[0]).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(fake.refundCount(intentId)).toBe(1);
  });

  it("two cancellations at once: one wins, one refund", async () => {
    const { id, intentId } = await paidBooking();
    const now = new Date(START - 72 * HOUR);
    const results = await Promise.all([cancel(id, "renter", now), cancel(id, "host", now)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ status: 409 });
    expect(await ledger(id)).toHaveLength(1);
    expect(fake.refundCount(intentId)).toBe(1);
  });

  it("a cancellation while the confirm's capture is not yet recorded waits for it, then refunds by the policy", async () => {
    // The host's confirm took the status and Stripe captured the card; the row still says 'authorized'.
    const { id, intentId } = await paidBooking({ paymentStatus: "authorized", depositStatus: "none" });
    const now = new Date(START - 72 * HOUR);
    expect(await cancel(id, "renter", now)).toMatchObject({
      ok: false,
      status: 409,
      error: "bookings:errors.changedMeanwhile",
    });
    // Nothing was let go or refunded, and the booking stands.
    expect(fake.cancelCount(intentId)).toBe(0);
    expect(fake.paymentIntents.get(intentId)!.status).toBe("succeeded");
    expect(await bookingRow(id)).toMatchObject({ status: "confirmed", paymentStatus: "authorized" });
    expect(await ledger(id)).toEqual([]);
    // Stripe's event records the capture (and holds the deposit); now the cancellation refunds.
    const succeeded = fake.paymentIntentEvent(intentId, "payment_intent.succeeded");
    expect((await deliverWebhook(ctx.context, succeeded, WEBHOOK_SECRET)).data.result).toBe("handled");
    expect(await bookingRow(id)).toMatchObject({ paymentStatus: "captured", depositStatus: "held" });
    expect(await cancel(id, "renter", now)).toMatchObject({ ok: true });
    await expectRefunded(id, intentId, MONEY.totalAmount, now);
  });

  it("an unpaid request cancelled owes nothing: no refund row, no refund", async () => {
    const id = await createBooking(ctx, parties, "pending", { ...TRIP, ...MONEY, paymentStatus: "unpaid" });
    expect(await cancel(id, "renter", NOW)).toMatchObject({ ok: true });
    expect(await ledger(id)).toEqual([]);
    expect(refundRequests()).toHaveLength(0);
  });
});

describe("a payment event on a booking its lifecycle's row does not move", () => {
  const deliver = (event: object) => deliverWebhook(ctx.context, event, WEBHOOK_SECRET);

  it("moves the payment alone: a capture holds no deposit on a cancelled booking, a lapsed hold cancels no trip", async () => {
    // Captured by Stripe after the request was cancelled (rental_captured is a confirmed booking's row only).
    const cancelled = await paidBooking({
      status: "cancelled",
      cancelReason: "cancelled_by_renter",
      paymentStatus: "authorized",
      depositStatus: "none",
    });
    const succeeded = fake.paymentIntentEvent(cancelled.intentId, "payment_intent.succeeded");
    expect((await deliver(succeeded)).data.result).toBe("handled");
    expect(await bookingRow(cancelled.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "captured",
      depositStatus: "none",
    });

    // The hold of a confirmed booking let go before its capture was recorded (hold_lapsed is a request's row only).
    const confirmed = await paidBooking({ paymentStatus: "authorized", depositStatus: "none" });
    const canceled = fake.paymentIntentEvent(confirmed.intentId, "payment_intent.canceled");
    expect((await deliver(canceled)).data.result).toBe("handled");
    expect(await bookingRow(confirmed.id)).toMatchObject({
      status: "confirmed",
      paymentStatus: "released",
      depositStatus: "none",
    });
    expect(await ctx.db.select().from(notifications)).toEqual([]);
  });
});

describe("charge.refunded from Stripe", () => {
  const deliver = (event: object) => deliverWebhook(ctx.context, event, WEBHOOK_SECRET);
  const lastChargeRefunded = () => fake.events.filter((e) => e.type === "charge.refunded").at(-1)!;

  it("a partial refund leaves the booking's payment captured; the refund in full releases it", async () => {
    const { id, intentId } = await paidBooking();
    await owedRefund(ctx.db, { bookingId: id, kind: "cancellation", amount: 16240, now: NOW })!;
    await sendBookingRefunds(ctx.db, gateway, [id], NOW);
    const partial = lastChargeRefunded();
    expect(partial.data.object).toMatchObject({ object: "charge", refunded: false, payment_intent: intentId });
    expect((await deliver(partial)).data.result).toBe("ignored");
    expect((await bookingRow(id)).paymentStatus).toBe("captured");

    await owedRefund(ctx.db, { bookingId: id, kind: "deposit", amount: 20000, now: NOW })!;
    await sendBookingRefunds(ctx.db, gateway, [id], NOW);
    const full = lastChargeRefunded();
    expect(full.data.object).toMatchObject({ refunded: true, amount_refunded: MONEY.totalAmount });
    expect((await deliver(full)).data.result).toBe("handled");
    expect((await bookingRow(id)).paymentStatus).toBe("released");
    // Replayed: nothing more.
    expect((await deliver(full)).data.result).toBe("duplicate");
  });

  it("the host's cancellation refunds in full: Stripe's event then releases the payment", async () => {
    const { id } = await paidBooking();
    await applyBookingAction(ctx.context, {
      bookingId: id,
      userId: parties.ownerId,
      action: "cancel",
      origin: ORIGIN,
      now: NOW,
      previewed: true,
    });
    expect((await bookingRow(id)).paymentStatus).toBe("captured");
    expect((await deliver(lastChargeRefunded())).data.result).toBe("handled");
    expect(await bookingRow(id)).toMatchObject({ status: "cancelled", paymentStatus: "released" });
  });
});
