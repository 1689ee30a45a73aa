// When a booking's host share becomes payable (issue 18, decision 023). Pure, so the job, the tests and the pages read
// one rule. The amounts are app/pricing/payout-amounts.ts's.
//
// - A trip: completed, its payment captured, its deposit settled (not held, not under a claim), and its claim window
//   closed: payable when the window closed (for a trip without a window, at its completion).
// - A renter's cancellation of a paid booking: payable from the trip's start (the handover), for the part of the rental
//   the policy kept; nothing when it was refunded in full.
// - Anything else (a host's cancellation, a request that never became a booking, a trip under way): never.
import type { BookingStatus, DepositStatus, PaymentStatus } from "#db/enums";
import { tripTimes } from "~/bookings/trip-rules";
import { payoutFor, type PayoutAmount, type PayoutBooking, type PayoutOutcome } from "~/pricing/payout-amounts";
import { cancellationRefund } from "~/pricing/refund-amounts";

export interface SettlingBooking extends PayoutBooking {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  depositStatus: DepositStatus;
  cancelReason: string | null;
  startDate: string;
  endDate: string;
  completedAt: Date | null;
  cancelledAt: Date | null;
  claimWindowEndsAt: Date | null;
}

const UNSETTLED_DEPOSITS: DepositStatus[] = ["held", "claimed"];

/** How the booking ended for the host's pay and from when it is payable; null when it never is. */
export function settlement(booking: SettlingBooking): { outcome: PayoutOutcome; settledAt: number } | null {
  if (booking.paymentStatus !== "captured") return null;
  if (booking.status === "completed") {
    if (UNSETTLED_DEPOSITS.includes(booking.depositStatus)) return null;
    const settledAt = booking.claimWindowEndsAt ?? booking.completedAt;
    return settledAt ? { outcome: { kind: "trip" }, settledAt: settledAt.getTime() } : null;
  }
  if (booking.status === "cancelled" && booking.cancelReason === "cancelled_by_renter" && booking.cancelledAt) {
    const { start } = tripTimes(booking);
    const { terms } = cancellationRefund(booking, { by: "renter", now: booking.cancelledAt, start });
    if (terms.kind === "full") return null;
    return { outcome: { kind: "cancelled_by_renter", terms }, settledAt: start };
  }
  return null;
}

/** The payout a booking owes its host now: its amounts and when it became payable; null when nothing is owed yet. */
export function payableNow(
  booking: SettlingBooking,
  now: Date | number,
): (PayoutAmount & { settledAt: number }) | null {
  const settled = settlement(booking);
  if (!settled || settled.settledAt > new Date(now).getTime()) return null;
  const amount = payoutFor(booking, settled.outcome);
  return amount.amount > 0 ? { ...amount, settledAt: settled.settledAt } : null;
}
