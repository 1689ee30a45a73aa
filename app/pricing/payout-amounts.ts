// What a host is paid for a booking, and what a later refund takes back from them (decision 023). The one
// place these amounts are computed: the payouts job writes `payoutFor`, the statement shows `statementLine`, the
// admin's refund form proposes `suggestedHostPart` and bounds it by `reversible`. Cents.
//
// A trip that took place:          host share = host_earnings (the rental less the platform's fee)
//                                  + what a claim kept of the deposit
// A renter's cancellation:         the part of the rental the policy kept (refund-amounts.ts#cancellationRefund:
//                                  the first day's rate after the deadline, all of it with "no cancellation"),
//                                  less the platform's fee in the same proportion; nothing for a full refund
// A host's cancellation, a request that never became a booking: nothing.
// An admin's refund after settlement: the admin chooses how much of it comes out of the host's payout, at most
// what is left of it (`reversible`); the platform covers the rest.
// A charge after the rental (decision 035, 2026-11-29): its own payout, `chargePayout`: what its line items give the
// host less what the host pays of them (line-items.ts#chargeTotals), each host line less what was refunded of it;
// or the payout of one line item (a reimbursement's host line), `lineItemPayout`: the line less its refunds.
import { chargeTotals, type LineItem } from "~/pricing/line-items";
import { refundable, type CancellationTerms, type PaidBooking } from "~/pricing/refund-amounts";

export interface PayoutBooking extends PaidBooking {
  hostEarnings: number;
  depositKept: number;
}

/** How the booking ended, as far as the host's pay goes. */
export type PayoutOutcome = { kind: "trip" } | { kind: "cancelled_by_renter"; terms: CancellationTerms };

export interface PayoutAmount {
  /** The rental the share is of: the subtotal for a trip, the part a cancellation kept. */
  gross: number;
  /** The host's part of the rental. */
  hostShare: number;
  /** What a claim kept of the deposit (trips only). */
  claimKept: number;
  /** The two together: what the transfer carries, before any reversal. */
  amount: number;
}

/** Of the rental (the subtotal), what the renter's cancellation left unrefunded. */
function rentalKept(booking: PaidBooking, terms: CancellationTerms): number {
  if (terms.kind === "full") return 0;
  if (terms.kind === "no_cancellation") return booking.subtotal;
  return Math.min(booking.dailyRate, booking.subtotal);
}

export function payoutFor(booking: PayoutBooking, outcome: PayoutOutcome): PayoutAmount {
  if (outcome.kind === "trip") {
    const hostShare = Math.max(0, booking.hostEarnings);
    const claimKept = Math.max(0, booking.depositKept);
    return { gross: booking.subtotal, hostShare, claimKept, amount: hostShare + claimKept };
  }
  const kept = rentalKept(booking, outcome.terms);
  const hostShare = booking.subtotal > 0 ? Math.round((kept * booking.hostEarnings) / booking.subtotal) : 0;
  return { gross: kept, hostShare, claimKept: 0, amount: hostShare };
}

/** A line item of a charge as its payout reads it: who pays and receives it, and what was refunded of it. */
export interface PaidLine extends Pick<LineItem, "amount" | "payer" | "receiver"> {
  /** What line-item refunds gave back of it (made or owed). */
  refunded: number;
}

/** A host line less what was refunded of it: what the host keeps of it. */
const keptOf = (line: PaidLine) =>
  line.receiver === "host" ? { ...line, amount: refundable(line.amount, line.refunded) } : line;

/**
 * The host's payout of a charge other than the rental: gross is what its lines give the host, each less what was
 * refunded of it; the share is that less what the host pays (its service fee), as chargeTotals sums them. A refund of
 * the charge as a whole, or of a line the platform receives, is the platform's to cover.
 */
export function chargePayout(lines: readonly PaidLine[]): PayoutAmount {
  const kept = lines.map(keptOf);
  const gross = kept.filter((line) => line.receiver === "host").reduce((sum, line) => sum + line.amount, 0);
  const hostShare = Math.min(gross, Math.max(0, chargeTotals(kept).hostShare));
  return { gross, hostShare, claimKept: 0, amount: hostShare };
}

/** The payout of one line item the host receives (a reimbursement's host line): the line less its refunds. */
export function lineItemPayout(line: PaidLine): PayoutAmount {
  const amount = line.receiver === "host" ? keptOf(line).amount : 0;
  return { gross: amount, hostShare: amount, claimKept: 0, amount };
}

/** What can still be taken back from a payout: its amount less what reversals have taken (or are taking). */
export function reversible(payout: { amount: number }, reversed: number): number {
  return Math.max(0, payout.amount - reversed);
}

/**
 * The host's part of an admin's refund, proposed in proportion to what the host got of what the renter paid for the
 * rental (the total less the deposit), never more than is left of the payout.
 */
export function suggestedHostPart(
  refund: number,
  booking: { totalAmount: number; depositAmount: number },
  payout: { amount: number },
  reversed: number,
): number {
  const rentalPaid = booking.totalAmount - booking.depositAmount;
  if (refund <= 0 || rentalPaid <= 0) return 0;
  const share = Math.round((refund * Math.min(payout.amount, rentalPaid)) / rentalPaid);
  return Math.min(share, reversible(payout, reversed), refund);
}

/** One booking's line of a host's statement: the rental, the platform's fee, the host's share, adjustments, net. */
export interface StatementLine {
  /** The rental the host's share is of (payoutFor's gross). */
  gross: number;
  /** The platform's fee taken from the host's side (gross − host share). */
  platformFee: number;
  hostShare: number;
  claimKept: number;
  /** Taken back after refunds (reversed, or netted before sending). */
  reversed: number;
  /** What reaches the host: amount − reversed. */
  net: number;
}

export function statementLine(payout: PayoutAmount, reversed: number): StatementLine {
  const taken = Math.min(reversed, payout.amount);
  return {
    gross: payout.gross,
    platformFee: Math.max(0, payout.gross - payout.hostShare),
    hostShare: payout.hostShare,
    claimKept: payout.claimKept,
    reversed: taken,
    net: payout.amount - taken,
  };
}

/** Sums statement lines (a month's totals). */
export function statementTotals(lines: StatementLine[]): StatementLine {
  const sum = (pick: (l: StatementLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    gross: sum((l) => l.gross),
    platformFee: sum((l) => l.platformFee),
    hostShare: sum((l) => l.hostShare),
    claimKept: sum((l) => l.claimKept),
    reversed: sum((l) => l.reversed),
    net: sum((l) => l.net),
  };
}
