// Money follows the booking's state, never the other way round: the status changes first, in the database, and then
// the payment is settled. A settlement that fails (Stripe unreachable) is retried by the scheduled sweep, which
// looks for cancelled bookings that still hold or took money (booking-expiry.server.ts).
import { and, eq } from "drizzle-orm";
import type { PaymentStatus } from "#db/enums";
import { bookings } from "#db/schema";
import type { Db } from "~/db.server";
import type { PaymentGateway } from "~/payments/gateway.server";

/** What settling needs of a booking: select or return these columns and hand the rows to returnMoney. */
export const SETTLEMENT_COLUMNS = {
  id: bookings.id,
  paymentStatus: bookings.paymentStatus,
  stripePaymentIntentId: bookings.stripePaymentIntentId,
};

export interface SettledBooking {
  id: string;
  paymentStatus: PaymentStatus;
  stripePaymentIntentId: string | null;
}

/** Gives the renter's money back: an authorised hold is released, a captured payment refunded in full. */
export async function returnMoney(db: Db, gateway: PaymentGateway, rows: SettledBooking[]) {
  for (const row of rows) {
    const held = row.paymentStatus === "authorized" || row.paymentStatus === "captured";
    if (!held || !row.stripePaymentIntentId) continue;
    try {
      if (row.paymentStatus === "authorized") await gateway.release(row.stripePaymentIntentId, row.id);
      else await gateway.refund(row.stripePaymentIntentId, row.id);
      await db
        .update(bookings)
        .set({ paymentStatus: "released", updatedAt: new Date() })
        .where(and(eq(bookings.id, row.id), eq(bookings.paymentStatus, row.paymentStatus)));
    } catch (error) {
      console.error("payment not returned yet; the scheduled sweep retries", row.id, error);
    }
  }
}
