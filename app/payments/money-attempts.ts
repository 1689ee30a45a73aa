// When a movement of money that failed is tried again: one back-off and one limit for every kind (refunds, payouts,
// reversals, charges), after which a movement waits for an admin ("held": failed with nothing due). Decision 022.

/** Minutes to wait after the 1st, 2nd, ... failed attempt; the last one repeats. */
export const BACKOFF_MINUTES = [10, 30, 120, 360, 1440] as const;

/**
 * After this many failed attempts (about a week at the daily step) the job stops: a movement Stripe keeps refusing
 * (a card refundable no more, a charge refunded in full in Stripe's dashboard, a closed connected account) waits for
 * an admin's retry instead of failing every day for ever (`next_attempt_at` null on a failed row).
 */
export const MAX_AUTOMATIC_ATTEMPTS = 12;

/** When a movement that failed `attempts` times is due again; null once it is held for an admin. */
export function nextAttempt(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_AUTOMATIC_ATTEMPTS) return null;
  const minutes = BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length) - 1] ?? 0;
  return new Date(now.getTime() + minutes * 60_000);
}

/** The kinds of movement the runner (money-runner.server.ts) sends, as admins see them listed together. */
export const MOVEMENT_KINDS = ["refund", "payout", "reversal"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
