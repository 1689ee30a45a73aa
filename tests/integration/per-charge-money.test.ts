// Refunds and payouts per charge (decision 035, 2026-11-29) against a real libSQL file and the Stripe fake through the
// real SDK and the signed webhook: a booking's rental and its extension, paid off-session with the card saved at
// checkout, are each partly given back and paid out to the host on their own — each refund against its own charge's
// payment, each transfer from its own charge, every movement under a key of its own on the wire; one line item of a
// reimbursement is given back (never more than is left of it) and its host line is what the transfer pays; Stripe's
// refund events for both charges, duplicated and out of order, move each refund once; and the admins' money page says
// which charge, and which line item, every refund and payout moves.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chargeLineItems, payouts, refunds } from "#db/schema";
import { findRefunded } from "~/payments/charge-refunds.server";
import { getPaymentGateway, PAYOUT_KEY_METADATA, type PaymentGateway } from "~/payments/gateway.server";
import { owedRefund, sendBookingRefunds } from "~/payments/refunds.server";
import { findPayout, runPayoutJobs } from "~/payouts/payouts.server";
import { lineItemRefund } from "~/pricing/refund-amounts";
import { loader as moneyLoader } from "~/routes/_admin+/admin.payouts_.$bookingId";
import { createTestContext, type TestContext } from "./support/context";
import { createUser, rentalChargeRow, sessionCookieFor } from "./support/factories";
import { startFakeStripe, type FakeEvent, type FakeStripe } from "./support/fake-stripe";
import { completedTrip, type PerChargeWorld } from "./support/per-charge";
import { callRoute, getRequest, ORIGIN } from "./support/routes";
import { deliverWebhook, stripeEnv } from "./support/stripe";

const WEBHOOK_SECRET = "whsec_test_per_charge";

let fake: FakeStripe;
let ctx: TestContext;
let gateway: PaymentGateway;
let world: PerChargeWorld;

beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
  gateway = getPaymentGateway(ctx.context.env, ORIGIN);
  world = { ctx: () => ctx, fake: () => fake };
});
afterEach(async () => {
  ctx.close();
  await fake.close();
});

const deliver = async (event: FakeEvent) => (await deliverWebhook(ctx.context, event, WEBHOOK_SECRET)).data.result;
const refundOf = async (chargeId: string) =>
  (await ctx.db.select().from(refunds).where(eq(refunds.chargeId, chargeId)))[0]!;
const later = (at: Date, ms = 1) => new Date(at.getTime() + ms);
const posts = (path: string) => fake.requests.filter((r) => r.method === "POST" && r.path === path);

describe("two charges on one booking", () => {
  it("each is partly refunded and paid out on its own, from its own payment, under keys of its own", async () => {
    const trip = await completedTrip(world);
    const extension = await trip.extension();
    expect(extension.status).toBe("captured");

    // The deposit goes back from the rental, part of the extension from the extension (an admin's refund of it);
    // each asked for twice, each written once.
    for (const at of [trip.now, later(trip.now, 10)]) {
      await owedRefund(ctx.db, { bookingId: trip.id, kind: "deposit", amount: 20_000, now: at })!;
      await owedRefund(ctx.db, {
        bookingId: trip.id,
        chargeId: extension.id,
        kind: "admin",
        amount: 1_000,
        reason: "A day's fuel gauge fault",
        now: later(at),
      })!;
    }
    expect(await ctx.db.select().from(refunds).where(eq(refunds.bookingId, trip.id))).toHaveLength(2);

    const sent = await sendBookingRefunds(ctx.db, gateway, [trip.id], trip.now);
    expect(sent).toEqual([
      expect.objectContaining({ ok: true, status: "succeeded", amount: 20_000 }),
      expect.objectContaining({ ok: true, status: "succeeded", amount: 1_000 }),
    ]);
    const rentalKey = `refund-${trip.id}-deposit`;
    const extensionKey = `refund-extension-${trip.id}-1-admin`;
    expect(posts("/v1/refunds").map((r) => [r.idempotencyKey, r.body.payment_intent, r.body.amount])).toEqual([
      [rentalKey, trip.intentId, "20000"],
      [extensionKey, extension.stripePaymentIntentId, "1000"],
    ]);
    expect(posts("/v1/refunds").map((r) => (r.body.metadata as Record<string, string>).refund_key)).toEqual([
      rentalKey,
      extensionKey,
    ]);
    expect(fake.chargeOf(trip.intentId).amount_refunded).toBe(20_000);
    expect(fake.chargeOf(extension.stripePaymentIntentId!).amount_refunded).toBe(1_000);
    expect(await refundOf(extension.id)).toMatchObject({
      idempotencyKey: extensionKey,
      bookingId: trip.id,
      lineItemId: null,
      status: "succeeded",
    });

    // The job pays the host the rental's share and the extension's, each its own transfer from its own charge.
    // (Both became payable at the same moment: in either order.)
    const { sent: paid } = await runPayoutJobs(ctx.context, trip.payableAt, ORIGIN);
    expect(paid.map((p) => [p.amount, p.ok]).sort()).toEqual([
      [11_760, true],
      [8_820, true],
    ]);
    expect(
      posts("/v1/transfers")
        .map((r) => [r.idempotencyKey, r.body.amount])
        .sort(),
    ).toEqual(
      // Sorted as the keys are: their order turns on the booking's random id ("payout-f…" sorts after "payout-e…").
      [
        [`payout-${trip.id}`, "11760"],
        [`payout-extension-${trip.id}-1`, "8820"],
      ].sort(),
    );
    expect(
      fake.transfers.map((t) => [t.transfer_group, t.source_transaction, t.metadata[PAYOUT_KEY_METADATA]]).sort(),
    ).toEqual(
      [
        [trip.id, fake.chargeOf(trip.intentId).id, `payout-${trip.id}`],
        [trip.id, fake.chargeOf(extension.stripePaymentIntentId!).id, `payout-extension-${trip.id}-1`],
      ].sort(),
    );
    const ledger = await ctx.db.select().from(payouts).where(eq(payouts.bookingId, trip.id)).orderBy(payouts.amount);
    expect(ledger.map((p) => [p.chargeId, p.lineItemId, p.status, p.gross, p.hostShare])).toEqual([
      [extension.id, null, "paid", 9_000, 8_820],
      [(await rentalChargeRow(ctx, trip.id)).id, null, "paid", 12_000, 11_760],
    ]);
    // The trip page's payout is still the rental's.
    expect((await findPayout(ctx.db, trip.id))!.payout).toMatchObject({ amount: 11_760 });

    // Another run sends nothing again, and Stripe was asked for nothing more.
    expect((await runPayoutJobs(ctx.context, trip.payableAt, ORIGIN)).sent).toEqual([]);
    expect(posts("/v1/transfers")).toHaveLength(2);
  });

  it("Stripe's refund events for both, duplicated and out of order, move each refund once", async () => {
    const trip = await completedTrip(world);
    const extension = await trip.extension();
    await owedRefund(ctx.db, { bookingId: trip.id, kind: "deposit", amount: 20_000, now: trip.now })!;
    await owedRefund(ctx.db, {
      bookingId: trip.id,
      chargeId: extension.id,
      kind: "cancellation",
      amount: 2_000,
      now: later(trip.now),
    })!;
    fake.answerRefundsWith("pending");
    const before = fake.events.length;
    expect((await sendBookingRefunds(ctx.db, gateway, [trip.id], trip.now)).map((s) => s.status)).toEqual([
      "processing",
      "processing",
    ]);
    const [rentalRefund, extensionRefund] = fake.refunds;
    const created = fake.events.slice(before).filter((e) => e.type === "refund.created");
    expect(created).toHaveLength(2);

    // The rental's refund is made, the extension's made and then failed (a closed card); their events arrive late,
    // twice, and the extension's failure before its success.
    const [rentalMade] = fake.settleRefund(rentalRefund!.id, "succeeded");
    const [extensionMade] = fake.settleRefund(extensionRefund!.id, "succeeded");
    const failure = fake.settleRefund(extensionRefund!.id, { failed: "expired_or_canceled_card" });
    const failed = failure.find((e) => e.type === "refund.failed")!;
    expect(await deliver(rentalMade!)).toBe("handled");
    expect(await deliver(rentalMade!)).toBe("duplicate");
    expect(await deliver(failed)).toBe("handled");
    expect(await deliver(failed)).toBe("duplicate");
    expect(await deliver(extensionMade!)).toBe("ignored");
    for (const event of created) expect(await deliver(event)).toBe("ignored");
    for (const event of created) expect(await deliver(event)).toBe("duplicate");

    const rentalRow = await refundOf((await rentalChargeRow(ctx, trip.id)).id);
    expect(rentalRow).toMatchObject({ status: "succeeded", stripeRefundId: rentalRefund!.id, reissues: 0 });
    expect(await refundOf(extension.id)).toMatchObject({
      status: "failed",
      lastError: "expired_or_canceled_card",
      nextAttemptAt: null,
      reissues: 1,
      idempotencyKey: `refund-extension-${trip.id}-1-cancellation`,
    });
    // Stripe gave the failed refund back to the extension's payment; the rental's stays refunded.
    expect(fake.chargeOf(trip.intentId).amount_refunded).toBe(20_000);
    expect(fake.chargeOf(extension.stripePaymentIntentId!).amount_refunded).toBe(0);
  });
});

describe("one line item", () => {
  it("is given back no further than is left of it, and its host line is what the transfer pays", async () => {
    const trip = await completedTrip(world);
    const fuel = await trip.reimbursement(6_150);
    const [fuelLine, feeLine] = await ctx.db
      .select()
      .from(chargeLineItems)
      .where(eq(chargeLineItems.chargeId, fuel.id))
      .orderBy(chargeLineItems.position);
    expect([fuelLine!.code, feeLine!.code]).toEqual(["reimbursement", "payment_processing_fee"]);

    // The renter paid for 11.50 € of fuel the car never took: that much of the host's line goes back.
    const asked = lineItemRefund((await findRefunded(ctx.db, { lineItemId: fuelLine!.id }))!, 1_150);
    expect(asked).toBe(1_150);
    await owedRefund(ctx.db, {
      bookingId: trip.id,
      lineItemId: fuelLine!.id,
      kind: "admin",
      amount: asked,
      reason: "Fuel the car never took",
      now: trip.now,
    })!;
    // Of the line, what is left is 50 €: more is never written, whatever the kind.
    expect(await findRefunded(ctx.db, { lineItemId: fuelLine!.id })).toEqual({ amount: 6_150, refunded: 1_150 });
    expect(lineItemRefund({ amount: 6_150, refunded: 1_150 }, 9_999)).toBe(5_000);
    await owedRefund(ctx.db, {
      bookingId: trip.id,
      lineItemId: fuelLine!.id,
      kind: "cancellation",
      amount: 5_001,
      now: trip.now,
    })!;
    // Nor is a line item refunded through another booking, or under a charge it is not of.
    await owedRefund(ctx.db, {
      bookingId: crypto.randomUUID(),
      lineItemId: feeLine!.id,
      kind: "admin",
      amount: 10,
      now: trip.now,
    })!;
    await owedRefund(ctx.db, {
      bookingId: trip.id,
      chargeId: (await rentalChargeRow(ctx, trip.id)).id,
      lineItemId: feeLine!.id,
      kind: "cancellation",
      amount: 10,
      now: trip.now,
    })!;
    const written = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, trip.id));
    expect(written.map((r) => [r.chargeId, r.lineItemId, r.kind, r.amount, r.idempotencyKey])).toEqual([
      [fuel.id, fuelLine!.id, "admin", 1_150, `refund-reimbursement-${trip.id}-fuel-admin-0`],
    ]);

    await sendBookingRefunds(ctx.db, gateway, [trip.id], trip.now);
    expect(posts("/v1/refunds").map((r) => [r.idempotencyKey, r.body.payment_intent, r.body.amount])).toEqual([
      [`refund-reimbursement-${trip.id}-fuel-admin-0`, fuel.stripePaymentIntentId, "1150"],
    ]);

    // A reimbursement is the host's once captured: the transfer of its host line, less what went back of it; the
    // rental's waits for its settlement.
    const { sent } = await runPayoutJobs(ctx.context, trip.now, ORIGIN);
    expect(sent.map((p) => [p.amount, p.ok])).toEqual([[5_000, true]]);
    const [transfer] = posts("/v1/transfers");
    expect(transfer).toMatchObject({
      idempotencyKey: `payout-reimbursement-${trip.id}-fuel-0`,
      body: {
        amount: "5000",
        transfer_group: trip.id,
        source_transaction: fake.chargeOf(fuel.stripePaymentIntentId!).id,
      },
    });
    expect((await ctx.db.select().from(payouts).where(eq(payouts.chargeId, fuel.id)))[0]).toMatchObject({
      lineItemId: fuelLine!.id,
      gross: 5_000,
      amount: 5_000,
      status: "paid",
      settledAt: trip.now,
    });
    expect(await findPayout(ctx.db, trip.id)).toBeNull();
  });
});

describe("the admins' money page", () => {
  it("says which charge, and which line item, every refund and payout moves", async () => {
    const trip = await completedTrip(world);
    const extension = await trip.extension();
    const fuel = await trip.reimbursement(6_150);
    const [fuelLine] = await ctx.db
      .select()
      .from(chargeLineItems)
      .where(and(eq(chargeLineItems.chargeId, fuel.id), eq(chargeLineItems.code, "reimbursement")));
    const now = trip.now;
    await owedRefund(ctx.db, { bookingId: trip.id, kind: "deposit", amount: 20_000, now })!;
    await owedRefund(ctx.db, {
      bookingId: trip.id,
      chargeId: extension.id,
      kind: "admin",
      amount: 500,
      now: later(now),
    })!;
    await owedRefund(ctx.db, {
      bookingId: trip.id,
      lineItemId: fuelLine!.id,
      kind: "admin",
      amount: 150,
      now: later(now, 2),
    })!;
    await runPayoutJobs(ctx.context, trip.payableAt, ORIGIN);

    const admin = await createUser(ctx, { isAdmin: true });
    const page = await callRoute<{
      events: { kind: string; amount: number; chargePurpose?: string; lineItem?: string | null }[];
      refunded: number;
      bounds: { refundable: number };
    }>(
      moneyLoader,
      getRequest(`/admin/payouts/${trip.id}`, { cookie: await sessionCookieFor(ctx, admin.id) }),
      ctx.context,
      { bookingId: trip.id },
    );
    // Refunds, then payouts (written by one run, so in no order of their own), each by amount.
    const moved = page.data.events
      .filter((e) => e.kind === "refund" || e.kind === "payout")
      .map(({ kind, amount, chargePurpose, lineItem }) => ({ kind, amount, chargePurpose, lineItem }))
      .sort((a, b) => b.kind.localeCompare(a.kind) || b.amount - a.amount);
    expect(moved).toEqual([
      { kind: "refund", amount: 20_000, chargePurpose: "rental", lineItem: null },
      { kind: "refund", amount: 500, chargePurpose: "extension", lineItem: null },
      { kind: "refund", amount: 150, chargePurpose: "reimbursement", lineItem: "reimbursement" },
      { kind: "payout", amount: 11_760, chargePurpose: "rental", lineItem: null },
      { kind: "payout", amount: 8_820, chargePurpose: "extension", lineItem: null },
      { kind: "payout", amount: 6_000, chargePurpose: "reimbursement", lineItem: "reimbursement" },
    ]);
    // What the admin's refund of the rental is bounded by counts the rental's refunds only.
    expect(page.data.refunded).toBe(20_000);
    expect(page.data.bounds.refundable).toBe(trip.total - 20_000);
  });
});
