// The one runner of money movements (decision 036) for a booking's second charge, as held-money.test.ts drives it for
// the rental's: the extension's refund and the extension's payout, each refused by Stripe at every attempt, wait the
// one back-off, are held for an admin after the last automatic attempt (the job leaves them alone), are listed on
// /admin/held-money, and an admin's "Retry now" there sends that movement alone — the refund against the extension's
// payment, the payout from the extension's charge, each under its own key — and empties the list.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog, payouts, refunds } from "#db/schema";
import { countHeldMoney } from "~/admin/held-money.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { owedRefund, sendDueRefunds } from "~/payments/refunds.server";
import { oweChargePayouts } from "~/payouts/charge-payouts.server";
import { owePayouts, sendDuePayouts } from "~/payouts/payouts.server";
import { createTestContext, type TestContext } from "./support/context";
import { createSignedInUser } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { completedTrip } from "./support/per-charge";
import { heldPage, MOVEMENT_WIRE, movementRow, refuseUntilHeld, retryHeld } from "./support/held-money";
import { ORIGIN, toastOf } from "./support/routes";
import { stripeEnv } from "./support/stripe";

let fake: FakeStripe;
let ctx: TestContext;
let cookie: string;
let adminId: string;

beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, "whsec_test_per_charge_held"));
  const admin = await createSignedInUser(ctx, { isAdmin: true });
  cookie = admin.cookie;
  adminId = admin.id;
});
afterEach(async () => {
  ctx.close();
  await fake.close();
});

interface Case {
  /** Writes the second charge's movement, due at `at`; its id, and the key and source it is to be made under. */
  owe(): Promise<{ id: string; at: Date; key: string; source: string; bookingId: string }>;
  /** The scheduled job's sender of this kind. */
  send(now: Date): Promise<unknown[]>;
  /** What Stripe made, by the ledger's key in its metadata and the payment (or charge) it came from. */
  madeOnTheWire(): { key: string | undefined; source: string | null }[];
}

const world = { ctx: () => ctx, fake: () => fake };

const CASES: Record<"refund" | "payout", Case> = {
  refund: {
    async owe() {
      const trip = await completedTrip(world);
      const extension = await trip.extension();
      await owedRefund(ctx.db, {
        bookingId: trip.id,
        chargeId: extension.id,
        kind: "admin",
        amount: 2_000,
        reason: "The second day was short",
        now: trip.now,
      })!;
      const [row] = await ctx.db.select().from(refunds).where(eq(refunds.chargeId, extension.id));
      return {
        id: row!.id,
        at: trip.now,
        key: `refund-extension-${trip.id}-1-admin`,
        source: extension.stripePaymentIntentId!,
        bookingId: trip.id,
      };
    },
    send: (now) => sendDueRefunds(ctx.db, getPaymentGateway(ctx.context.env, ORIGIN), now),
    madeOnTheWire: () => fake.refunds.map((r) => ({ key: r.metadata.refund_key, source: r.payment_intent })),
  },
  payout: {
    async owe() {
      const trip = await completedTrip(world);
      const extension = await trip.extension();
      // The extension's payout alone for now (the rental's comes later, below).
      expect(await oweChargePayouts(ctx.db, trip.payableAt)).toBe(1);
      const [row] = await ctx.db.select().from(payouts).where(eq(payouts.chargeId, extension.id));
      return {
        id: row!.id,
        at: trip.payableAt,
        key: `payout-extension-${trip.id}-1`,
        source: fake.chargeOf(extension.stripePaymentIntentId!).id,
        bookingId: trip.id,
      };
    },
    send: (now) => sendDuePayouts(ctx.context, now, ORIGIN),
    madeOnTheWire: () => fake.transfers.map((t) => ({ key: t.metadata.payout_key, source: t.source_transaction })),
  },
};

describe.each(Object.keys(CASES) as ("refund" | "payout")[])("a second charge's %s Stripe keeps refusing", (kind) => {
  it("backs off, is held after the last attempt, and an admin's retry sends it alone, from its own charge", async () => {
    const c = CASES[kind];
    const owed = await c.owe();
    const { clock } = await refuseUntilHeld({ ctx, fake, cookie }, kind, owed.id, owed.at, c.send);
    expect(await countHeldMoney(ctx.db)).toBe(1);
    expect(c.madeOnTheWire()).toEqual([]);

    // Meanwhile the rental's payout became due too: the retry of the extension's leaves it to the job.
    if (kind === "payout") expect(await owePayouts(ctx.db, clock)).toBe(1);

    // "Retry now": this movement is made, from the extension's charge and under its key, and nothing else is.
    const answer = await retryHeld(ctx, cookie, { intent: "retry", kind, id: owed.id });
    expect(answer.location).toBe("/admin/held-money");
    expect(await toastOf(answer.headers, ctx.context.env)).toMatchObject({ type: "success" });
    expect(await movementRow(ctx, kind, owed.id)).toMatchObject({ status: MOVEMENT_WIRE[kind].made, lastError: null });
    expect(c.madeOnTheWire()).toEqual([{ key: owed.key, source: owed.source }]);
    if (kind === "payout") {
      const rental = await ctx.db
        .select()
        .from(payouts)
        .where(eq(payouts.idempotencyKey, `payout-${owed.bookingId}`));
      expect(rental).toEqual([expect.objectContaining({ status: "scheduled", attempts: 0 })]);
    }
    expect(await heldPage(ctx, cookie)).toEqual([]);
    expect(await countHeldMoney(ctx.db)).toBe(0);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, adminId))).toHaveLength(1);
  });
});
