// What goes back to a renter and what a host keeps, after the booking is paid (decision 022). The one place
// these amounts are computed: the cancel page shows `cancellationRefund` and the refund sends the same figure; the
// deposit's settlement splits it with `depositSettlement` (what a claim comes to is claim-amounts.ts's). Cents.
//
// Cancellation (of a confirmed, paid booking):
//   host cancels                          everything
//   renter, policy 24/48/72 h, before the deadline (the trip's start minus that many hours)   everything
//   renter, after the deadline            everything except the first day's rate and the platform fee
//   renter, "no cancellation"             only the deposit and the insurance
// Claim: up to the deposit, split by depositSettlement; its items are priced in claim-amounts.ts.
// Of one charge or one line item (decision 035, 2026-11-29): what is asked, never more than was paid of it less what
// was already refunded of it (made or owed), `lineItemRefund`.
import type { CANCELLATION_POLICIES } from "#db/enums";

type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
const HOUR_MS = 3_600_000;

/** Hours before the start until which a renter's cancellation refunds everything; null: never. */
export const POLICY_HOURS: Record<CancellationPolicy, number | null> = {
  "24_hours": 24,
  "48_hours": 48,
  "72_hours": 72,
  no_cancellation: null,
};

export interface PaidBooking {
  totalAmount: number;
  depositAmount: number;
  insuranceCost: number;
  platformFee: number;
  /** The day rate the booking was charged (for a weekly or monthly one: the rate of a day beyond the periods). */
  dailyRate: number;
  subtotal: number;
  cancellationPolicy: CancellationPolicy;
}

export type CancellationTerms =
  | { kind: "full"; reason: "host" | "before_deadline" }
  | { kind: "late"; deadline: number }
  | { kind: "no_cancellation" };

export interface CancellationRefund {
  /** What goes back to the renter. */
  refund: number;
  /** Of the total paid. */
  paid: number;
  /** What is not refunded (paid − refund). */
  kept: number;
  terms: CancellationTerms;
  /** Until when a renter's cancellation refunds everything (null: "no cancellation", or a host's cancellation). */
  deadline: number | null;
}

/** When the policy's full refund ends: `start` (the handover) minus the policy's hours; null for no cancellation. */
export function cancellationDeadline(policy: CancellationPolicy, start: number): number | null {
  const hours = POLICY_HOURS[policy];
  return hours === null ? null : start - hours * HOUR_MS;
}

/** What a cancellation now gives back of a paid booking; `start` is the trip's start (trip-rules.ts#tripTimes). */
export function cancellationRefund(
  booking: PaidBooking,
  input: { by: "renter" | "host"; now: Date | number; start: number },
): CancellationRefund {
  const paid = booking.totalAmount;
  const deadline = input.by === "host" ? null : cancellationDeadline(booking.cancellationPolicy, input.start);
  const result = (refund: number, terms: CancellationTerms): CancellationRefund => {
    const bounded = Math.max(0, Math.min(paid, refund));
    return { refund: bounded, paid, kept: paid - bounded, terms, deadline };
  };
  if (input.by === "host") return result(paid, { kind: "full", reason: "host" });
  if (deadline === null) return result(booking.depositAmount + booking.insuranceCost, { kind: "no_cancellation" });
  if (new Date(input.now).getTime() < deadline) return result(paid, { kind: "full", reason: "before_deadline" });
  const firstDay = Math.min(booking.dailyRate, booking.subtotal);
  return result(paid - firstDay - booking.platformFee, { kind: "late", deadline });
}

/** How a deposit ends: what the renter gets back and what the host keeps, from the amount kept under a claim. */
export function depositSettlement(deposit: number, kept: number) {
  const keep = Math.max(0, Math.min(deposit, kept));
  const refund = deposit - keep;
  const status = keep === 0 ? "returned" : refund === 0 ? "kept" : "partly_kept";
  return { refund, kept: keep, status } as const;
}

/** What a claim keeps of the deposit once it stands: its amount (accepted or lapsed) or the admin's decision. */
export function claimKept(claim: { status: string; amount: number; decidedAmount: number | null }): number | null {
  if (claim.status === "accepted" || claim.status === "lapsed") return claim.amount;
  if (claim.status === "decided") return claim.decidedAmount ?? 0;
  return null;
}

/** What is left to give back of what was paid (a charge, or one of its line items) after what was refunded of it. */
export function refundable(paid: number, refunded: number): number {
  return Math.max(0, paid - Math.max(0, refunded));
}

/**
 * A refund of one line item of a charge (or of a charge as a whole): what is asked, bounded by what was paid of it
 * less what was already refunded of it (made, on its way or still owed); 0 when nothing is left.
 */
export function lineItemRefund(line: { amount: number; refunded: number }, asked: number): number {
  if (!Number.isInteger(asked) || asked < 0) throw new RangeError("A refund is a whole number of cents, at least 0");
  return Math.min(asked, refundable(line.amount, line.refunded));
}
