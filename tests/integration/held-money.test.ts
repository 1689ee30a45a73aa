// The one runner of money movements (app/payments/money-runner.server.ts) against a real libSQL file and the Stripe
// fake, once for every kind — a refund to the renter, a payout to the host, a reversal of the host's part: Stripe
// unreachable at every attempt, the movement waits the one back-off each time, is held for an admin after the last
// automatic attempt (the job leaves it alone from then on), is listed on /admin/held-money with Stripe's reason and
// counted on the admin tab, and an admin's "Retry now" there sends it, is audited, and empties the list.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog, payoutReversals, payouts, refunds } from "#db/schema";
import { countHeldMoney } from "~/admin/held-money.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import type { MovementKind } from "~/payments/money-attempts";
import { owedRefund, refundKey, sendDueRefunds } from "~/payments/refunds.server";
import { handleAccountEvent, startOnboarding } from "~/payouts/payout-accounts.server";
import { payoutKey, reversalKey, sendDuePayouts, sendDueReversals } from "~/payouts/payouts.server";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createSignedInUser, createUser, rentalChargeRow } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { heldPage, MOVEMENT_WIRE, movementRow, refuseUntilHeld, retryHeld } from "./support/held-money";
import { ORIGIN, toastOf } from "./support/routes";
import { capturedPayment, stripeEnv } from "./support/stripe";

const NOW = new Date(Date.UTC(2026, 11, 20, 9));

let fake: FakeStripe;
let ctx: TestContext;
let cookie: string;
let adminId: string;

beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, "whsec_test_held"));
  const admin = await createSignedInUser(ctx, { isAdmin: true });
  cookie = admin.cookie;
  adminId = admin.id;
});
afterEach(async () => {
  ctx.close();
  await fake.close();
});

/** A completed trip whose rental was paid and captured through the fake; its host can receive transfers. */
async function paidTrip() {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  const car = await createCar(ctx, host.id, { dailyPrice: 4000, depositAmount: 20000 });
  await startOnboarding(ctx.context, host.id, ORIGIN);
  const accountId = [...fake.accounts.keys()].at(-1)!;
  await handleAccountEvent(ctx.context, fake.updateAccount(accountId, "enabled"));
  const id = crypto.randomUUID();
  const intentId = await capturedPayment(ctx.context, fake, id, 32_640);
  await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "completed", {
    id,
    startDate: "2026-12-10",
    endDate: "2026-12-13",
    paymentStatus: "captured",
    depositStatus: "returned",
    stripePaymentIntentId: intentId,
  });
  return { id, hostId: host.id, intentId };
}

/** A payout of the trip's host share, scheduled (as the job writes it once the host can receive). */
async function scheduledPayout(trip: { id: string; hostId: string }) {
  const id = crypto.randomUUID();
  await ctx.db.insert(payouts).values({
    id,
    bookingId: trip.id,
    hostId: trip.hostId,
    gross: 12_000,
    hostShare: 11_760,
    amount: 11_760,
    status: "scheduled",
    idempotencyKey: payoutKey(trip.id),
    chargeId: (await rentalChargeRow(ctx, trip.id))!.id,
    settledAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
  });
  return id;
}

interface Case {
  /** Writes the movement, due now; returns its id. */
  owe(): Promise<string>;
  /** The scheduled job's sender of this kind. */
  send(now: Date): Promise<unknown[]>;
}

const CASES: Record<MovementKind, Case> = {
  refund: {
    async owe() {
      const trip = await paidTrip();
      await owedRefund(ctx.db, { bookingId: trip.id, kind: "deposit", amount: 20_000, now: NOW })!;
      const [row] = await ctx.db
        .select()
        .from(refunds)
        .where(eq(refunds.idempotencyKey, refundKey(trip.id, "deposit")));
      return row!.id;
    },
    send: (now) => sendDueRefunds(ctx.db, getPaymentGateway(ctx.context.env, ORIGIN), now),
  },
  payout: {
    owe: async () => scheduledPayout(await paidTrip()),
    send: (now) => sendDuePayouts(ctx.context, now, ORIGIN),
  },
  reversal: {
    async owe() {
      const trip = await paidTrip();
      const payoutId = await scheduledPayout(trip);
      expect(await sendDuePayouts(ctx.context, NOW, ORIGIN)).toMatchObject([{ ok: true }]);
      // An admin's refund after the payout went, made; the host's part of it is to be taken back.
      const refundId = crypto.randomUUID();
      const id = crypto.randomUUID();
      await ctx.db.batch([
        ctx.db.insert(refunds).values({
          id: refundId,
          bookingId: trip.id,
          kind: "admin",
          amount: 5_000,
          status: "succeeded",
          idempotencyKey: refundKey(trip.id, "admin"),
          attempts: 1,
          stripeRefundId: "re_admin",
          reason: "The car was not clean",
        }),
        ctx.db
          .insert(payoutReversals)
          .values({ id, payoutId, refundId, amount: 4_900, idempotencyKey: reversalKey(refundId) }),
      ]);
      return id;
    },
    send: (now) => sendDueReversals(ctx.context, now, ORIGIN),
  },
};

describe.each(Object.keys(CASES) as MovementKind[])("a %s Stripe keeps refusing", (kind) => {
  it("backs off, is held for an admin after the last attempt, is listed, and an admin's retry sends it", async () => {
    const c = CASES[kind];
    const id = await c.owe();
    const world = { ctx, fake, cookie };
    await refuseUntilHeld(world, kind, id, NOW, c.send);
    expect(await countHeldMoney(ctx.db)).toBe(1);

    // "Retry now": sent at once, the retry audited, the list empty.
    const answer = await retryHeld(ctx, cookie, { intent: "retry", kind, id });
    expect(answer.location).toBe("/admin/held-money");
    expect(await toastOf(answer.headers, ctx.context.env)).toMatchObject({ type: "success" });
    expect(await movementRow(ctx, kind, id)).toMatchObject({ status: MOVEMENT_WIRE[kind].made, lastError: null });
    expect(await heldPage(ctx, cookie)).toEqual([]);
    expect(await countHeldMoney(ctx.db)).toBe(0);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, adminId));
    expect(audits).toHaveLength(1);

    // A second retry of the same row finds nothing to retry, and says so next to the list (never a 500).
    const again = await retryHeld(ctx, cookie, { intent: "retry", kind, id });
    expect(again.status).toBe(409);
    expect(again.data.error).toBe("admin:held.errors.gone");
  });
});

describe("/admin/held-money", () => {
  it("refuses a retry of an unknown kind or without an id with the page's message, writing nothing", async () => {
    for (const form of [{ intent: "retry", kind: "charge", id: "x" }, { intent: "retry", kind: "refund" }, {}]) {
      const answer = await retryHeld(ctx, cookie, form as Record<string, string>);
      expect(answer.status).toBe(400);
      expect(answer.data.error).toBe("admin:held.errors.gone");
    }
    expect(await ctx.db.select().from(auditLog)).toEqual([]);
  });
});
