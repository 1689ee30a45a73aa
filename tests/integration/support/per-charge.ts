// A completed trip with more than one charge, for the tests of refunds and payouts per charge (per-charge-*.test.ts):
// three days at 40 € with a 200 € deposit, paid through the Stripe fake's checkout (its card saved) and captured,
// the deposit returned and the claim window closing a day after the trip; its host can receive transfers. Later
// charges are made as the app makes them, off-session with the saved card (payments/charges.server.ts#chargeLater):
// two more days at 45 € (`extension`), or fuel the host paid for (`reimbursement`).
import { eq } from "drizzle-orm";
import { charges } from "#db/schema";
import { chargeLater } from "~/payments/charges.server";
import { handleAccountEvent, startOnboarding } from "~/payouts/payout-accounts.server";
import { extensionLineItems, reimbursementLineItems } from "~/pricing/line-items";
import type { TestContext } from "./context";
import { createBooking, createCar, createUser } from "./factories";
import type { FakeStripe } from "./fake-stripe";
import { ORIGIN } from "./routes";
import { capturedPayment } from "./stripe";

const HOUR = 3_600_000;
const COMPLETED = new Date(Date.UTC(2026, 11, 13, 9));
const WINDOW_ENDS = new Date(COMPLETED.getTime() + 24 * HOUR);
const TOTAL = 12_000 + 240 + 400 + 20_000;

/** Two more days at 45 €: 90 € for the host, 1.80 € of it the platform's fee (88.20 € the host's share). */
export const EXTENSION = extensionLineItems({ days: 2, dayRate: 4_500, insurancePerDay: null });

/** The test's context and fake, read when called (each test makes its own). */
export interface PerChargeWorld {
  ctx: () => TestContext;
  fake: () => FakeStripe;
}

export async function completedTrip(world: PerChargeWorld) {
  const ctx = world.ctx();
  const fake = world.fake();
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  const car = await createCar(ctx, host.id, { dailyPrice: 4_000, depositAmount: 20_000 });
  await startOnboarding(ctx.context, host.id, ORIGIN);
  const accountId = [...fake.accounts.keys()].at(-1)!;
  await handleAccountEvent(ctx.context, fake.updateAccount(accountId, "enabled"));
  const id = crypto.randomUUID();
  const intentId = await capturedPayment(ctx.context, fake, id, TOTAL);
  await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "completed", {
    id,
    startDate: "2026-12-10",
    endDate: "2026-12-13",
    totalDays: 3,
    dailyRate: 4_000,
    subtotal: 12_000,
    platformFee: 240,
    paymentProcessorFee: 400,
    hostEarnings: 11_760,
    depositAmount: 20_000,
    totalAmount: TOTAL,
    paymentStatus: "captured",
    depositStatus: "returned",
    stripePaymentIntentId: intentId,
    completedAt: COMPLETED,
    claimWindowEndsAt: WINDOW_ENDS,
  });
  /** During the claim window: the trip is over, its rental not yet payable. */
  const now = new Date(COMPLETED.getTime() + HOUR);
  const charge = async (made: { chargeId: string }) =>
    (await ctx.db.select().from(charges).where(eq(charges.id, made.chargeId)))[0]!;
  return {
    id,
    intentId,
    hostId: host.id,
    total: TOTAL,
    now,
    /** The claim window has closed: the rental, and the extension with it, are payable. */
    payableAt: new Date(WINDOW_ENDS.getTime() + 60_000),
    /** The extension's charge, captured off-session (key `extension-<booking>-1`). */
    extension: async () =>
      charge(
        await chargeLater(ctx.context, ORIGIN, {
          bookingId: id,
          purpose: "extension",
          items: EXTENSION,
          key: `extension-${id}-1`,
          description: "Two more days",
          captureLater: false,
          now,
        }),
      ),
    /** `amount` cents of fuel the host paid for, charged back to the renter (key `reimbursement-<booking>-fuel`). */
    reimbursement: async (amount: number) =>
      charge(
        await chargeLater(ctx.context, ORIGIN, {
          bookingId: id,
          purpose: "reimbursement",
          items: reimbursementLineItems({ amount, receiver: "host" }),
          key: `reimbursement-${id}-fuel`,
          description: "Fuel",
          captureLater: false,
          now,
        }),
      ),
  };
}
