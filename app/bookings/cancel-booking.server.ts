// Cancelling a confirmed booking from its own page (/bookings/{id}/cancel, decision 022): the page shows what the
// cancellation gives back before anyone presses the button, and the button cancels only if that is still what it
// gives back. Both the page and the POST compute it with `cancellationRefund` (app/pricing/refund-amounts.ts), the
// call applyBookingAction makes when it writes the refund down; the POST hands applyBookingAction the same `now`,
// so the amount checked is the amount refunded.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { applyBookingAction, type BookingActionOutcome } from "~/bookings/booking-actions.server";
import { findTransition, type BookingRole } from "~/bookings/booking-rules";
import { tripTimes } from "~/bookings/trip-rules";
import { cancellationDeadline, cancellationRefund, type CancellationRefund } from "~/pricing/refund-amounts";
import type { bookings } from "#db/schema";

type Booking = typeof bookings.$inferSelect;

export type CancelPreview =
  /** A confirmed, paid booking: what its cancellation by this party gives back now. */
  | {
      kind: "paid";
      role: BookingRole;
      refund: CancellationRefund;
      /** The renter, before the deadline: what they would get back once it has passed. */
      afterDeadline: number | null;
    }
  /** Confirmed, but nothing was captured: nothing to give back. */
  | { kind: "unpaid"; role: BookingRole }
  /** A request waiting for the host: cancelled (or declined) from My Bookings, where the hold is simply released. */
  | { kind: "pending"; role: BookingRole }
  /** Active, completed or cancelled: nothing to cancel. */
  | { kind: "closed"; role: BookingRole };

/** What the cancel page shows a party of the booking now. */
export function cancelPreview(booking: Booking, role: BookingRole, now: Date): CancelPreview {
  if (booking.status === "pending") return { kind: "pending", role };
  if (booking.status !== "confirmed" || !findTransition(booking, "cancel", role, now)) return { kind: "closed", role };
  if (booking.paymentStatus !== "captured") return { kind: "unpaid", role };
  const start = tripTimes(booking).start;
  const refund = cancellationRefund(booking, { by: role, now, start });
  const deadline = role === "renter" ? cancellationDeadline(booking.cancellationPolicy, start) : null;
  const afterDeadline =
    refund.terms.kind === "full" && deadline !== null
      ? cancellationRefund(booking, { by: role, now: deadline, start }).refund
      : null;
  return { kind: "paid", role, refund, afterDeadline };
}

/** The amount the page promised, which the POST must still give back. */
export const expectedRefundOf = (preview: CancelPreview) => (preview.kind === "paid" ? preview.refund.refund : 0);

export type CancelOutcome =
  | BookingActionOutcome
  | { ok: false; status: 409; error: `bookings:cancelPage.${"pending" | "closed"}`; title: string }
  /** The refund is not what the page showed (the deadline passed meanwhile): nothing was written. */
  | { ok: false; status: 409; error: "bookings:cancelPage.errors.refundChanged"; title: string; refund: number };

/**
 * Cancels the booking for `userId` if the refund computed now is `expectedRefund` (cents), the figure the page
 * showed; otherwise refuses with the new figure and writes nothing.
 */
export async function cancelConfirmedBooking(
  context: Pick<AppLoadContext, "db" | "env">,
  input: { booking: Booking; role: BookingRole; userId: string; expectedRefund: number; origin: string; now?: Date },
): Promise<CancelOutcome> {
  const now = input.now ?? new Date();
  const preview = cancelPreview(input.booking, input.role, now);
  const refund = expectedRefundOf(preview);
  // Only what the page offers: a pending request is cancelled from My Bookings, a closed booking not at all.
  if (preview.kind === "pending" || preview.kind === "closed") {
    return {
      ok: false,
      status: 409,
      error: `bookings:cancelPage.${preview.kind}`,
      title: "bookings:errors.cancelFailed",
    };
  }
  if (preview.kind === "paid" && refund !== input.expectedRefund) {
    return {
      ok: false,
      status: 409,
      error: "bookings:cancelPage.errors.refundChanged",
      title: "bookings:cancelPage.errors.refundChangedTitle",
      refund,
    };
  }
  return applyBookingAction(context, {
    bookingId: input.booking.id,
    userId: input.userId,
    action: "cancel",
    origin: input.origin,
    now,
    previewed: true,
  });
}
