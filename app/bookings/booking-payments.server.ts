// A payment event, from Stripe's webhook or the local stand-in checkout: payments apply it to the booking's payment
// (payments/fulfilment.server.ts), and bookings decide who hears of what came of it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray } from "drizzle-orm";
import { bookings } from "#db/schema";
import { confirmInstantBooking } from "~/bookings/booking-actions.server";
import { sendBookingNotices, type BookingNotice } from "~/bookings/booking-notices.server";
import { applyPaymentEvent, type FulfilmentResult, type PaymentEvent } from "~/payments/fulfilment.server";

/** The host hears of a request once its card is authorised; both parties hear of a request whose hold lapsed. */
const NOTICE: Record<"request_authorised" | "request_lapsed", Omit<BookingNotice, "bookingId">> = {
  request_lapsed: { type: "booking_expired", to: "both", email: true },
  request_authorised: { type: "booking_requested", to: "host", email: true },
};

export async function handlePaymentEvent(
  context: Pick<AppLoadContext, "db" | "env">,
  event: PaymentEvent,
  origin: string,
  now = new Date(),
): Promise<FulfilmentResult> {
  const { result, outcomes } = await applyPaymentEvent(context, event, origin, now);
  if (result !== "handled") return result;
  // An authorised instant booking is not a request for the host to answer: it is confirmed now, by the host's own
  // confirm (capture, deposit, overlap guard), which tells both parties itself.
  const instant = await instantBookings(
    context,
    outcomes.filter((outcome) => outcome.happened === "request_authorised").map((outcome) => outcome.bookingId),
  );
  for (const bookingId of instant) {
    try {
      await confirmInstantBooking(context, { bookingId, origin, now });
    } catch (error) {
      console.error("instant booking not confirmed", bookingId, error);
    }
  }
  // After the write; a failure here is never retried by replaying the event.
  const notices = outcomes
    .filter(({ bookingId, happened }) => !(happened === "request_authorised" && instant.has(bookingId)))
    .map(({ bookingId, happened }) => ({ bookingId, ...NOTICE[happened] }));
  try {
    await sendBookingNotices(context, notices, origin, now);
  } catch (error) {
    console.error("booking notices after a payment event", event.id, error);
  }
  return result;
}

/** Which of these bookings were booked instantly (bookings.instant_book, set when the renter asked). */
async function instantBookings(context: Pick<AppLoadContext, "db">, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await context.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.instantBook, true)));
  return new Set(rows.map((row) => row.id));
}
