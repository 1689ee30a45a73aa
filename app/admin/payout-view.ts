// What the admins' payout pages need in the browser too (decision 023): the list's filters, and the refund form's
// limits and wording choices. The queries are payouts.server.ts's; the refund is admin/admin-refunds.server.ts's.
import { PAYOUT_STATUSES, type PayoutStatus } from "#db/enums";

/** The list's filter: one state, or all of them (failed first). */
export type PayoutFilter = PayoutStatus | "all";
export const PAYOUT_FILTERS = ["all", ...PAYOUT_STATUSES] as const;

/** Anything but a known state (none, or a hand-edited address) shows all of them, failed first. */
export function readPayoutFilter(value: string | null): PayoutFilter {
  return (PAYOUT_STATUSES as readonly string[]).includes(value ?? "") ? (value as PayoutStatus) : "all";
}

/** The longest reason an admin may give for a refund (it is shown to both parties). */
export const REFUND_REASON_MAX = 2000;

/**
 * How a host's part of a refund comes back: by a transfer reversal (the payout was sent), netted (it was not yet
 * taken for sending: its transfer goes smaller), reversed after its transfer (taken, its amount fixed, not through),
 * or not at all (no payout yet).
 */
export type TakeBack = "reversal" | "netted" | "after_transfer" | "none";
