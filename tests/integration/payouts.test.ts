// The payouts ledger (app/payouts/payouts.server.ts) against a real libSQL file and the Stripe fake through the real
// SDK, on the scheduled job's fixed clock: a payout is owed once the booking settles, waits for the host's account,
// goes as one transfer per booking (transfer_group = the booking, key payout-<booking>, from the booking's charge)
// however often the job runs or is interrupted, is retried after Stripe's refusal with its reason recorded, and a
// refund after it is taken back (a transfer reversal, or netted before it went).
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type bookings, charges, notifications, payoutReversals, payouts, refunds } from "#db/schema";
import { tripTimes } from "~/bookings/trip-rules";
import { runScheduledJobs } from "~/jobs.server";
import { PAYOUT_KEY_METADATA } from "~/payments/gateway.server";
import { BACKOFF_MINUTES, MAX_AUTOMATIC_ATTEMPTS } from "~/payments/money-attempts";
import { handleAccountEvent, startOnboarding } from "~/payouts/payout-accounts.server";
import { findPayout, retryPayoutNow, runPayoutJobs, sendDuePayouts, SENDING_STALE_MS } from "~/payouts/payouts.server";
import { findTripPayout } from "~/payouts/statements.server";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { ORIGIN } from "./support/routes";
import { capturedPayment, deliverWebhook, stripeEnv } from "./support/stripe";

const WEBHOOK_SECRET = "whsec_test_payouts";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TRIP = { startDate: "2026-12-10", endDate: "2026-12-13" };
const START = tripTimes(TRIP).start;
const COMPLETED = new Date(Date.UTC(2026, 11, 13, 9));
const WINDOW_ENDS = new Date(COMPLETED.getTime() + 24 * HOUR);
const after = (at: Date | number, ms: number) => new Date(new Date(at).getTime() + ms);

/** Three days at 40 €, a 200 € deposit: the host's 117.60 €. */
const MONEY = {
  totalDays: 3,
  dailyRate: 4000,
  subtotal: 12000,
  insuranceCost: 0,
  platformFee: 240,
  paymentProcessorFee: 400,
  hostEarnings: 11760,
  depositAmount: 20000,
  totalAmount: 12000 + 240 + 400 + 20000,
  cancellationPolicy: "48_hours" as const,
};

let fake: FakeStripe;
let ctx: TestContext;
let host: { id: string };
let accountId: string;
let parties: { carId: string; renterId: string; ownerId: string };

beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
  host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  const car = await createCar(ctx, host.id, { dailyPrice: 4000, depositAmount: 20000 });
  parties = { carId: car.id, renterId: renter.id, ownerId: host.id };
  await startOnboarding(ctx.context, host.id, ORIGIN);
  accountId = [...fake.accounts.keys()][0]!;
});
afterEach(async () => {
  ctx.close();
  await fake.close();
});

/** The host's account can receive transfers (Stripe's event, handled as the webhook hands it over). */
const enableHost = () => handleAccountEvent(ctx.context, fake.updateAccount(accountId, "enabled"));

/** A completed trip paid through the fake (captured), its deposit held until the claim window closes. */
async function completedTrip(overrides: Partial<typeof bookings.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const intentId = await capturedPayment(ctx.context, fake, id, MONEY.totalAmount);
  await createBooking(ctx, parties, "completed", {
    id,
    ...TRIP,
    ...MONEY,
    paymentStatus: "captured",
    depositStatus: "held",
    stripePaymentIntentId: intentId,
    completedAt: COMPLETED,
    claimWindowEndsAt: WINDOW_ENDS,
    ...overrides,
  });
  return { id, intentId, charge: fake.chargeOf(intentId).id };
}

const payoutOf = async (bookingId: string) => (await findPayout(ctx.db, bookingId))?.payout;
const transferPosts = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/transfers");
/** The host's payout notices of the booking, by type. */
async function notices(bookingId: string) {
  const rows = await ctx.db
    .select({ type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.userId, host.id));
  return rows
    .filter((r) => (r.data as { booking_id?: string }).booking_id === bookingId)
    .map((r) => ({ type: r.type, ...(r.data as object) }));
}

/** Expects the console.error each failed send logs, and clears them (tests/setup/fail-on-console-error.ts). */
function expectFailureLogged(prefix: string, times = 1) {
  const calls = vi.mocked(console.error).mock.calls.filter((call) => String(call[0]).startsWith(prefix));
  expect(calls).toHaveLength(times);
  vi.mocked(console.error).mockClear();
}

/** A refund an admin made after settlement, and the host's part of it taken back from the payout (as it writes them). */
async function adminRefund(bookingId: string, amount: number, hostPart: number) {
  const payout = (await payoutOf(bookingId))!;
  const refundId = crypto.randomUUID();
  await ctx.db.batch([
    ctx.db.insert(refunds).values({
      id: refundId,
      bookingId,
      kind: "admin",
      amount,
      status: "succeeded",
      idempotencyKey: `refund-${bookingId}-admin`,
      attempts: 1,
      stripeRefundId: "re_admin",
      reason: "The car was not clean",
    }),
    ctx.db.insert(payoutReversals).values({
      payoutId: payout.id,
      refundId,
      amount: hostPart,
      idempotencyKey: `reversal-${refundId}`,
    }),
  ]);
  return refundId;
}

describe("the scheduled job", () => {
  it("owes nothing before the claim window closes, waits for the host's account, then sends one transfer", async () => {
    const trip = await completedTrip();
    await runScheduledJobs(ctx.context, after(WINDOW_ENDS, -MINUTE));
    expect(await payoutOf(trip.id)).toBeUndefined();

    // The window closed: the deposit goes back and the host's payout is owed in the same run; the account is new.
    const closed = after(WINDOW_ENDS, MINUTE);
    await runScheduledJobs(ctx.context, closed);
    expect(await payoutOf(trip.id)).toMatchObject({
      hostId: host.id,
      gross: 12000,
      hostShare: 11760,
      claimKept: 0,
      amount: 11760,
      status: "waiting_for_account",
      idempotencyKey: `payout-${trip.id}`,
      settledAt: WINDOW_ENDS,
    });
    await runScheduledJobs(ctx.context, after(closed, HOUR));
    expect(transferPosts()).toEqual([]);

    // Stripe enables the account (its webhook): the payout is scheduled.
    const enabled = await deliverWebhook(ctx.context, fake.updateAccount(accountId, "enabled"), WEBHOOK_SECRET);
    expect(enabled.data.result).toBe("handled");
    expect((await payoutOf(trip.id))!.status).toBe("scheduled");

    const sentAt = after(closed, 2 * HOUR);
    await runScheduledJobs(ctx.context, sentAt);
    await runScheduledJobs(ctx.context, after(sentAt, HOUR));
    expect(fake.transfers).toHaveLength(1);
    const [transfer] = fake.transfers;
    expect(transfer).toMatchObject({
      amount: 11760,
      currency: "eur",
      destination: accountId,
      transfer_group: trip.id,
      source_transaction: trip.charge,
      metadata: { booking_id: trip.id, [PAYOUT_KEY_METADATA]: `payout-${trip.id}` },
    });
    expect(transferPosts().map((r) => r.idempotencyKey)).toEqual([`payout-${trip.id}`]);
    expect(await payoutOf(trip.id)).toMatchObject({
      status: "paid",
      sentAmount: 11760,
      stripeTransferId: transfer!.id,
      paidAt: sentAt,
      attempts: 1,
      lastError: null,
    });
    expect(await notices(trip.id)).toEqual([{ type: "payout_sent", booking_id: trip.id, amount: 11760 }]);
  });

  it("pays the host what a claim kept of the deposit with their earnings", async () => {
    await enableHost();
    const trip = await completedTrip({ depositStatus: "partly_kept", depositKept: 6240 });
    await runPayoutJobs(ctx.context, after(WINDOW_ENDS, MINUTE), ORIGIN);
    expect(await payoutOf(trip.id)).toMatchObject({ hostShare: 11760, claimKept: 6240, amount: 18000, status: "paid" });
    expect(fake.transfers.map((t) => t.amount)).toEqual([18000]);
  });

  it("owes nothing while a claim stands on the deposit", async () => {
    await enableHost();
    const trip = await completedTrip({ depositStatus: "claimed" });
    await runPayoutJobs(ctx.context, after(WINDOW_ENDS, 48 * HOUR), ORIGIN);
    expect(await payoutOf(trip.id)).toBeUndefined();
    expect(fake.transfers).toEqual([]);
  });

  /** A paid booking the renter cancelled at `cancelledAt`, its payment captured through the fake. */
  async function cancelledByRenter(cancelledAt: Date) {
    const id = crypto.randomUUID();
    const intentId = await capturedPayment(ctx.context, fake, id, MONEY.totalAmount);
    await createBooking(ctx, parties, "cancelled", {
      id,
      ...TRIP,
      ...MONEY,
      paymentStatus: "captured",
      depositStatus: "none",
      stripePaymentIntentId: intentId,
      cancelReason: "cancelled_by_renter",
      cancelledAt,
    });
    return { id, intentId };
  }

  it("pays the kept first day of a renter's late cancellation from the trip's start", async () => {
    await enableHost();
    const { id, intentId } = await cancelledByRenter(new Date(START - 12 * HOUR));
    await runPayoutJobs(ctx.context, new Date(START - MINUTE), ORIGIN);
    expect(await payoutOf(id)).toBeUndefined();
    await runPayoutJobs(ctx.context, new Date(START + MINUTE), ORIGIN);
    expect(await payoutOf(id)).toMatchObject({ gross: 4000, hostShare: 3920, amount: 3920, status: "paid" });
    expect(fake.transfers).toEqual([
      expect.objectContaining({ amount: 3920, transfer_group: id, source_transaction: fake.chargeOf(intentId).id }),
    ]);
  });

  it("owes nothing for a renter's cancellation before the deadline", async () => {
    await enableHost();
    const { id } = await cancelledByRenter(new Date(START - 72 * HOUR));
    await runPayoutJobs(ctx.context, new Date(START + HOUR), ORIGIN);
    expect(await payoutOf(id)).toBeUndefined();
  });
});

describe("one transfer per booking", () => {
  it("when two job runs meet", async () => {
    await enableHost();
    const trip = await completedTrip({ depositStatus: "returned" });
    const at = after(WINDOW_ENDS, MINUTE);
    await runPayoutJobs(ctx.context, at, ORIGIN);
    // The payout was owed and sent in the run above; two more runs at once find nothing due.
    await Promise.all([runPayoutJobs(ctx.context, at, ORIGIN), runPayoutJobs(ctx.context, at, ORIGIN)]);
    expect(fake.transfers.map((t) => t.transfer_group)).toEqual([trip.id]);

    const second = await completedTrip({
      depositStatus: "returned",
      startDate: "2026-12-14",
      endDate: "2026-12-16",
    });
    const results = await Promise.all([
      runPayoutJobs(ctx.context, after(at, HOUR), ORIGIN),
      runPayoutJobs(ctx.context, after(at, HOUR), ORIGIN),
    ]);
    expect(results.flatMap((r) => r.sent).filter((s) => s.bookingId === second.id)).toHaveLength(1);
    expect(fake.transfers.filter((t) => t.transfer_group === second.id)).toHaveLength(1);
    expect(await notices(second.id)).toHaveLength(1);
  });

  it("when the payout's write was lost after Stripe answered, even after Stripe forgot the key", async () => {
    await enableHost();
    const trip = await completedTrip({ depositStatus: "returned" });
    const sent = after(WINDOW_ENDS, MINUTE);
    await runPayoutJobs(ctx.context, sent, ORIGIN);
    const first = fake.transfers[0]!;
    // The Worker stopped after Stripe made the transfer and before the ledger recorded it.
    const loseWrite = (at: Date) =>
      ctx.db
        .update(payouts)
        .set({ status: "sending", sendingSince: at, stripeTransferId: null, paidAt: null, attempts: 0 })
        .where(eq(payouts.bookingId, trip.id));
    await loseWrite(sent);

    await runPayoutJobs(ctx.context, after(sent, SENDING_STALE_MS - MINUTE), ORIGIN);
    expect((await payoutOf(trip.id))!.status).toBe("sending");
    expect(transferPosts()).toHaveLength(1);

    // Stale: taken up again under the same key, which Stripe still knows.
    const retaken = after(sent, SENDING_STALE_MS + MINUTE);
    await runPayoutJobs(ctx.context, retaken, ORIGIN);
    expect(await payoutOf(trip.id)).toMatchObject({ status: "paid", stripeTransferId: first.id, sentAmount: 11760 });

    // Lost again, and a day later Stripe has forgotten the key: the gateway finds the transfer by its group.
    await loseWrite(retaken);
    fake.forgetIdempotencyKeys();
    await runPayoutJobs(ctx.context, after(retaken, 25 * HOUR), ORIGIN);
    expect(await payoutOf(trip.id)).toMatchObject({ status: "paid", stripeTransferId: first.id });
    expect(fake.transfers).toHaveLength(1);
    const lookups = fake.requests.filter((r) => r.method === "GET" && r.path === "/v1/transfers");
    expect(lookups.at(-1)!.query).toMatchObject({ transfer_group: trip.id });
  });
});

describe("a refused transfer", () => {
  it("records Stripe's reason, tells the host once, backs off and is paid on a later run", async () => {
    await enableHost();
    const trip = await completedTrip({ depositStatus: "returned" });
    const at = after(WINDOW_ENDS, MINUTE);
    fake.refuseNextTransfer();
    await runPayoutJobs(ctx.context, at, ORIGIN);
    expectFailureLogged("payout failed");
    const failed = (await payoutOf(trip.id))!;
    expect(failed).toMatchObject({ status: "failed", attempts: 1, sentAmount: 11760 });
    expect(failed.lastError).toMatch(/^Insufficient funds in Stripe account/);
    expect(failed.nextAttemptAt).toEqual(after(at, BACKOFF_MINUTES[0] * MINUTE));
    expect(await notices(trip.id)).toEqual([
      {
        type: "payout_failed",
        booking_id: trip.id,
        amount: 11760,
        reason: expect.stringMatching(/^Insufficient funds/),
      },
    ]);

    // Not before its back-off.
    await runPayoutJobs(ctx.context, after(at, 5 * MINUTE), ORIGIN);
    expect(transferPosts()).toHaveLength(1);

    // Refused again (within Stripe's 24 hours): the host is not told a second time.
    fake.refuseNextTransfer();
    const second = after(at, BACKOFF_MINUTES[0] * MINUTE);
    await runPayoutJobs(ctx.context, second, ORIGIN);
    expectFailureLogged("payout failed");
    expect(await payoutOf(trip.id)).toMatchObject({ status: "failed", attempts: 2 });

    // The platform's balance was topped up: the next retry, well within 24 hours of the first, goes through.
    const third = after(second, BACKOFF_MINUTES[1] * MINUTE);
    await runPayoutJobs(ctx.context, third, ORIGIN);
    expect(await payoutOf(trip.id)).toMatchObject({ status: "paid", attempts: 3, lastError: null, paidAt: third });
    expect(fake.transfers).toHaveLength(1);
    expect(fake.transfers[0]!.metadata[PAYOUT_KEY_METADATA]).toBe(`payout-${trip.id}`);
    // Stripe replays a refusal under its key for 24 hours: each retry after a recorded failure asks under its own.
    expect(transferPosts().map((r) => r.idempotencyKey)).toEqual([
      `payout-${trip.id}`,
      `payout-${trip.id}-attempt-2`,
      `payout-${trip.id}-attempt-3`,
    ]);
    expect((await notices(trip.id)).map((n) => n.type)).toEqual(["payout_failed", "payout_sent"]);
  });
});

describe("an admin's retry", () => {
  it("sends a failed payout at once, even one the job gave up on", async () => {
    await enableHost();
    const trip = await completedTrip({ depositStatus: "returned" });
    const at = after(WINDOW_ENDS, MINUTE);
    fake.refuseNextTransfer();
    await runPayoutJobs(ctx.context, at, ORIGIN);
    expectFailureLogged("payout failed");
    // The job's attempts are spent: nothing more is scheduled.
    await ctx.db
      .update(payouts)
      .set({ attempts: MAX_AUTOMATIC_ATTEMPTS, nextAttemptAt: null })
      .where(eq(payouts.bookingId, trip.id));
    await runPayoutJobs(ctx.context, after(at, 48 * HOUR), ORIGIN);
    expect(transferPosts()).toHaveLength(1);

    const payout = (await payoutOf(trip.id))!;
    const retryAt = after(at, 49 * HOUR);
    expect(await retryPayoutNow(ctx.db, payout.id, retryAt)).toEqual({ bookingId: trip.id });
    const [sent] = await sendDuePayouts(ctx.context, retryAt, ORIGIN, [trip.id]);
    expect(sent).toMatchObject({ bookingId: trip.id, ok: true, amount: 11760 });
    expect(await payoutOf(trip.id)).toMatchObject({ status: "paid", lastError: null, paidAt: retryAt });
    expect(fake.transfers).toHaveLength(1);
    // Nothing failed any more: a second retry finds nothing.
    expect(await retryPayoutNow(ctx.db, payout.id, retryAt)).toBeNull();
  });
});

describe("a refund after settlement", () => {
  it("reverses the host's part of a paid payout under reversal-<refund>", async () => {
    await enableHost();
    const trip = await completedTrip({ depositStatus: "returned" });
    const at = after(WINDOW_ENDS, MINUTE);
    await runPayoutJobs(ctx.context, at, ORIGIN);
    const refundId = await adminRefund(trip.id, 5000, 4652);

    await runPayoutJobs(ctx.context, after(at, HOUR), ORIGIN);
    const posts = fake.requests.filter((r) => r.method === "POST" && /\/reversals$/.test(r.path));
    expect(posts.map((r) => [r.path, r.idempotencyKey, r.body.amount])).toEqual([
      [`/v1/transfers/${fake.transfers[0]!.id}/reversals`, `reversal-${refundId}`, "4652"],
    ]);
    expect(fake.transfers[0]).toMatchObject({ amount: 11760, amount_reversed: 4652 });
    const { payout, reversals } = (await findPayout(ctx.db, trip.id))!;
    expect(payout.status).toBe("paid");
    expect(reversals).toEqual([
      expect.objectContaining({
        status: "succeeded",
        amount: 4652,
        attempts: 1,
        stripeReversalId: fake.transfers[0]!.reversals.data[0]!.id,
        succeededAt: after(at, HOUR),
      }),
    ]);
    await runPayoutJobs(ctx.context, after(at, 2 * HOUR), ORIGIN);
    expect(fake.transfers[0]!.reversals.total_count).toBe(1);
  });

  it("retries a refused reversal after its back-off", async () => {
    await enableHost();
    const trip = await completedTrip({ depositStatus: "returned" });
    const at = after(WINDOW_ENDS, MINUTE);
    await runPayoutJobs(ctx.context, at, ORIGIN);
    await adminRefund(trip.id, 2000, 2000);
    fake.refuseNextReversal({ code: "insufficient_funds", message: "The connected account has insufficient funds" });
    await runPayoutJobs(ctx.context, after(at, HOUR), ORIGIN);
    expectFailureLogged("payout reversal failed");
    expect((await findPayout(ctx.db, trip.id))!.reversals[0]).toMatchObject({
      status: "failed",
      lastError: "The connected account has insufficient funds",
    });
    await runPayoutJobs(ctx.context, after(at, HOUR + BACKOFF_MINUTES[0] * MINUTE), ORIGIN);
    expect((await findPayout(ctx.db, trip.id))!.reversals[0]).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(fake.transfers[0]!.amount_reversed).toBe(2000);
  });

  it("before the payout went is netted: one smaller transfer and nothing to reverse", async () => {
    const trip = await completedTrip({ depositStatus: "returned" });
    const at = after(WINDOW_ENDS, MINUTE);
    await runPayoutJobs(ctx.context, at, ORIGIN);
    expect((await payoutOf(trip.id))!.status).toBe("waiting_for_account");
    await adminRefund(trip.id, 2000, 1860);

    await enableHost();
    await runPayoutJobs(ctx.context, after(at, HOUR), ORIGIN);
    expect(fake.transfers.map((t) => t.amount)).toEqual([11760 - 1860]);
    const { payout, reversals } = (await findPayout(ctx.db, trip.id))!;
    expect(payout).toMatchObject({ status: "paid", amount: 11760, sentAmount: 9900 });
    expect(reversals).toEqual([expect.objectContaining({ status: "netted", amount: 1860 })]);
    await runPayoutJobs(ctx.context, after(at, 2 * HOUR), ORIGIN);
    expect(fake.requests.filter((r) => /\/reversals$/.test(r.path))).toEqual([]);
    expect(await notices(trip.id)).toEqual([{ type: "payout_sent", booking_id: trip.id, amount: 9900 }]);
  });
});

describe("a payout refunds took back in full before it went", () => {
  it("is closed without a transfer and without telling the host money is on its way", async () => {
    const trip = await completedTrip({ depositStatus: "returned" });
    const at = after(WINDOW_ENDS, MINUTE);
    await runPayoutJobs(ctx.context, at, ORIGIN);
    await adminRefund(trip.id, 12640, 11760);
    await enableHost();
    await runPayoutJobs(ctx.context, after(at, HOUR), ORIGIN);
    expect(await payoutOf(trip.id)).toMatchObject({ status: "paid", sentAmount: 0, stripeTransferId: null });
    expect(transferPosts()).toEqual([]);
    expect(await notices(trip.id)).toEqual([]);
  });
});

describe("an account that stops receiving transfers", () => {
  it("puts its host's scheduled payouts back to waiting", async () => {
    const trip = await completedTrip({ depositStatus: "returned" });
    await runPayoutJobs(ctx.context, after(WINDOW_ENDS, MINUTE), ORIGIN);
    await enableHost();
    expect((await payoutOf(trip.id))!.status).toBe("scheduled");
    await handleAccountEvent(
      ctx.context,
      fake.updateAccount(accountId, { payouts_enabled: false, capabilities: { transfers: "inactive" } }, 2_000_000_000),
    );
    expect((await payoutOf(trip.id))!.status).toBe("waiting_for_account");
    await runPayoutJobs(ctx.context, after(WINDOW_ENDS, HOUR), ORIGIN);
    expect(fake.transfers).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(payouts)
        .where(and(eq(payouts.hostId, host.id), eq(payouts.status, "paid"))),
    ).toEqual([]);
  });
});

describe("a booking written without a charge row (the demo's seed and journeys' setups write bookings as rows)", () => {
  it("its payout and a refund of it are its rental's: the trip page shows that payout, with what refunds took back", async () => {
    const { id } = await completedTrip({ depositStatus: "returned" });
    await ctx.db.delete(charges).where(eq(charges.bookingId, id));
    const payoutId = crypto.randomUUID();
    await ctx.db.insert(payouts).values({
      id: payoutId,
      bookingId: id,
      hostId: host.id,
      gross: 12_000,
      hostShare: 11_760,
      claimKept: 500,
      amount: 12_260,
      status: "paid",
      idempotencyKey: `payout-${id}`,
      attempts: 1,
      settledAt: COMPLETED,
      paidAt: COMPLETED,
    });
    const refundId = crypto.randomUUID();
    await ctx.db.insert(refunds).values({
      id: refundId,
      bookingId: id,
      kind: "admin",
      amount: 1_000,
      status: "succeeded",
      idempotencyKey: `refund-${id}-admin`,
    });
    await ctx.db.insert(payoutReversals).values({
      id: crypto.randomUUID(),
      payoutId,
      refundId,
      amount: 1_000,
      status: "succeeded",
      idempotencyKey: `reversal-${refundId}`,
    });

    expect((await findPayout(ctx.db, id))?.payout).toMatchObject({ id: payoutId, chargeId: null });
    expect(await findTripPayout(ctx.db, id)).toMatchObject({ state: "owed", amount: 11_260, reversed: 1_000 });
  });
});
