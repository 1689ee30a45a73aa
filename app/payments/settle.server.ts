// Money follows the booking's state, never the other way round: the status changes first, in the database, and then
// the payment is settled. Here: an authorised hold is released. A release that fails (Stripe unreachable) is retried
// by the scheduled sweep, which looks for cancelled bookings that still hold a card (booking-expiry.server.ts).
// Money already taken goes back as a refund written down first (refunds.server.ts), never from here.
import { and, eq, sql } from "drizzle-orm";
import type { PaymentStatus } from "#db/enums";
import { bookings } from "#db/schema";
import type { Db } from "~/db.server";
import { rentalChargeKey, rentalIntentId } from "~/payments/charges.server";
import type { PaymentGateway } from "~/payments/gateway.server";

/**
 * The deposit_status a booking takes when its payment is captured: the deposit, paid with the rest, is held until
 * the trip is settled (decision 022). Set it with paymentStatus 'captured', wherever that is written.
 */
export const DEPOSIT_HELD_ON_CAPTURE = sql`case when ${bookings.depositAmount} > 0 and ${bookings.depositStatus} = 'none' then 'held' else ${bookings.depositStatus} end`;

/** What settling needs of a booking: select or return these columns and hand the rows to returnMoney. */
export const SETTLEMENT_COLUMNS = {
  id: bookings.id,
  paymentStatus: bookings.paymentStatus,
  stripePaymentIntentId: rentalIntentId,
  chargeKey: rentalChargeKey,
};

export interface SettledBooking {
  id: string;
  paymentStatus: PaymentStatus;
  /** The booking's rental charge: its payment intent and the base of its keys. */
  stripePaymentIntentId: string | null;
  chargeKey: string | null;
}

/** Lets the card holds of cancelled requests go; rows whose payment was captured are left to their refund. */
export async function returnMoney(db: Db, gateway: PaymentGateway, rows: SettledBooking[]) {
  for (const row of rows) {
    if (row.paymentStatus !== "authorized" || !row.stripePaymentIntentId) continue;
    try {
      await gateway.release(row.stripePaymentIntentId, row.chargeKey ?? row.id);
      await db
        .update(bookings)
        .set({ paymentStatus: "released", updatedAt: new Date() })
        .where(and(eq(bookings.id, row.id), eq(bookings.paymentStatus, row.paymentStatus)));
    } catch (error) {
      console.error("payment not returned yet; the scheduled sweep retries", row.id, error);
    }
  }
}
