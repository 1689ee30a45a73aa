// A payment event, from Stripe's webhook or the local stand-in checkout: payments apply it to the booking's payment
// (payments/fulfilment.server.ts), and bookings decide who hears of what came of it.
import type { AppLoadContext } from "@remix-run/cloudflare";
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
  // After the write; a failure here is never retried by replaying the event.
  const notices = outcomes.map(({ bookingId, happened }) => ({ bookingId, ...NOTICE[happened] }));
  try {
    await sendBookingNotices(context, notices, origin, now);
  } catch (error) {
    console.error("booking notices after a payment event", event.id, error);
  }
  return result;
}
