// When a booking's host share becomes payable (decision 023). Pure, so the job, the tests and the pages read
// one rule. The amounts are app/pricing/payout-amounts.ts's.
//
// - A trip: completed, its payment captured, its deposit settled (not held, not under a claim), and its claim window
//   closed: payable when the window closed (for a trip without a window, at its completion).
// - A renter's cancellation of a paid booking: payable from the trip's start (the handover), for the part of the rental
//   the policy kept; nothing when it was refunded in full.
// - Anything else (a host's cancellation, a request that never became a booking, a trip under way): never.
//
// A booking's later charges are paid out on their own (decision 035, 2026-11-29), each only once captured:
// - an extension (or an add-on): days of the same trip, so with the booking's settlement, as its rental is (the
//   claim window covers them as well); never for a booking that did not end as a trip;
// - a reimbursement of what the host spent for the renter: the host's money already, nothing a claim could change, so
//   once captured; its payout is the transfer of its host line. One to the platform pays the host nothing.
import type { BookingStatus, ChargePurpose, DepositStatus, PaymentStatus } from "#db/enums";
import { tripTimes } from "~/bookings/trip-rules";
import {
  chargePayout,
  lineItemPayout,
  payoutFor,
  type PaidLine,
  type PayoutAmount,
  type PayoutBooking,
  type PayoutOutcome,
} from "~/pricing/payout-amounts";
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

/** A booking's charge other than the rental, as its payout reads it. */
export interface SettlingCharge<L extends PaidLine = PaidLine> {
  purpose: ChargePurpose;
  status: PaymentStatus;
  items: readonly L[];
}

/** From when a charge other than the rental is payable to the host (see the top); null while it is not. */
export function chargeSettlement(
  charge: Pick<SettlingCharge, "purpose" | "status">,
  booking: SettlingBooking,
  now: Date | number,
): { settledAt: number } | null {
  if (charge.status !== "captured") return null;
  switch (charge.purpose) {
    case "extension":
    case "add_on": {
      const settled = settlement(booking);
      return settled?.outcome.kind === "trip" ? { settledAt: settled.settledAt } : null;
    }
    case "reimbursement":
      // Payable from the capture; the job writes it on its first run after, dated then.
      return { settledAt: new Date(now).getTime() };
    // The rental is settlement()'s; a reservation is a sale's, not a booking's host share.
    case "rental":
    case "reservation":
      return null;
  }
}

/** The one line item a charge's payout is the transfer of (a reimbursement's host line); null: the charge's share. */
export function payoutLineOf<L extends Pick<PaidLine, "receiver">>(charge: {
  purpose: ChargePurpose;
  items: readonly L[];
}): L | null {
  if (charge.purpose !== "reimbursement") return null;
  const host = charge.items.filter((item) => item.receiver === "host");
  return host.length === 1 ? host[0]! : null;
}

/**
 * The payout a charge other than the rental owes its host now: its amounts, from when, and the line item it is of
 * (null: the charge's share); null when nothing is owed yet.
 */
export function chargePayableNow<L extends PaidLine>(
  charge: SettlingCharge<L>,
  booking: SettlingBooking,
  now: Date | number,
): (PayoutAmount & { settledAt: number; line: L | null }) | null {
  const settled = chargeSettlement(charge, booking, now);
  if (!settled || settled.settledAt > new Date(now).getTime()) return null;
  const line = payoutLineOf(charge);
  const amount = line ? lineItemPayout(line) : chargePayout(charge.items);
  return amount.amount > 0 ? { ...amount, settledAt: settled.settledAt, line } : null;
}
