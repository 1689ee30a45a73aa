// The scheduled side of bookings (wrangler.toml's cron → app/jobs.server.ts):
// - a request the host has not answered in 24 hours expires and its card hold is released;
// - a checkout left unfinished for 2 hours (the payment window; its checkout sessions end then too) stops being a
//   request;
// - a card still held for a cancelled booking (a release that failed before) is released; refunds owed are sent by
//   trip-jobs.server.ts with the rest of the money after a booking.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, lt } from "drizzle-orm";
import { bookings } from "#db/schema";
import { sendBookingNotices } from "~/bookings/booking-notices.server";
import { PAYMENT_WINDOW_MS, REQUEST_ANSWER_HOURS } from "~/bookings/booking-rules";
import { cancelUnpaidRequests } from "~/payments/fulfilment.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { rentalSessionId } from "~/payments/charges.server";
import { SETTLEMENT_COLUMNS, returnMoney } from "~/payments/settle.server";

const HOUR_MS = 3_600_000;

export async function expireBookings(context: Pick<AppLoadContext, "db" | "env">, now: Date, origin: string) {
  const { db } = context;
  const gateway = getPaymentGateway(context.env, origin);
  const expired = await db
    .update(bookings)
    .set({ status: "cancelled", cancelReason: "expired", cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(bookings.status, "pending"),
        eq(bookings.paymentStatus, "authorized"),
        lt(bookings.createdAt, new Date(now.getTime() - REQUEST_ANSWER_HOURS * HOUR_MS)),
      ),
    )
    .returning(SETTLEMENT_COLUMNS);
  const abandoned = await cancelUnpaidRequests(
    db,
    lt(bookings.createdAt, new Date(now.getTime() - PAYMENT_WINDOW_MS)),
    now,
  ).returning({ id: bookings.id, sessionId: rentalSessionId });
  for (const row of abandoned) {
    if (row.sessionId) await gateway.expireCheckout(row.sessionId).catch((e) => console.error("expire checkout", e));
  }
  // Every cancelled booking that still holds a card, the just-expired requests included.
  const owed = await db
    .select(SETTLEMENT_COLUMNS)
    .from(bookings)
    .where(and(eq(bookings.status, "cancelled"), eq(bookings.paymentStatus, "authorized")));
  await returnMoney(db, gateway, owed);
  await sendBookingNotices(
    context,
    expired.flatMap((row) => [
      { bookingId: row.id, type: "booking_expired" as const, to: "renter" as const, email: true },
      { bookingId: row.id, type: "booking_expired" as const, to: "host" as const, email: true },
    ]),
    origin,
    now,
  );
  return { expired: expired.length, abandoned: abandoned.length, settled: owed.length };
}
