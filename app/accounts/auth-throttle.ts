// The per-account sign-in delay, as a rule (the database side is auth-throttle.server.ts).
//
// Failures on one account count from every address together, so rotating addresses buys nothing. The first few
// are free (a person mistyping); after that each further attempt waits a delay since the last counted one, doubling
// to a cap: a growing delay, never a long lock.

export const ACCOUNT_THROTTLE = {
  /** Counted failures allowed back to back before any delay. */
  freeFailures: 5,
  /** The wait after the last free failure; it doubles with each further failure… */
  firstDelayMs: 30_000,
  /** …up to this cap: the longest the owner waits after anyone's last counted failure. */
  maxDelayMs: 15 * 60_000,
  /** A quiet day forgets the failures: the next attempt starts the count again. */
  memoryMs: 24 * 60 * 60_000,
} as const;

/** How long the account waits, since its last counted attempt, after this many counted failures. */
export function accountDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = ACCOUNT_THROTTLE;
  if (failures < freeFailures) return 0;
  // The exponent stops growing once the cap is reached, so a huge count cannot overflow to Infinity or NaN.
  const doublings = Math.min(failures - freeFailures, 32);
  return Math.min(maxDelayMs, firstDelayMs * 2 ** doublings);
}

/** The counts at which the delay is still below the cap, with their delays; every higher count waits the cap. */
export function accountDelaySteps(): { failures: number; delayMs: number }[] {
  const steps: { failures: number; delayMs: number }[] = [];
  for (let failures = ACCOUNT_THROTTLE.freeFailures; ; failures++) {
    const delayMs = accountDelayMs(failures);
    if (delayMs >= ACCOUNT_THROTTLE.maxDelayMs) return steps;
    steps.push({ failures, delayMs });
  }
}

/** Whole seconds for a Retry-After header: never 0 while something is still being waited for. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
