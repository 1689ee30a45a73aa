// Throttling sign-in and sign-up, so that guessing is slow and a shared address (a phone carrier's NAT, an office)
// never locks out the people behind it.
//
// Sign-in, three counters in rate_limits, all taken in one conditional statement before the password is checked
// (so parallel guesses cannot slip past a limit), given back when the password proves right:
// - per account, from every address together (`signin-account:<email>`): the first five failures are free, then
//   each attempt waits a delay since the last counted one, doubling from 30 s to a cap of 15 min (auth-throttle.ts);
// - per account and network (`signin:<network>:<email>`): the spec's 5 per 5 minutes, for one person mistyping;
// - per network (`signin-network:<network>`): 300 failures an hour, so only a flood from one place is stopped.
// An e-mail that has no account is counted the same way, so a refusal never tells whether an account exists.
//
// Refused attempts are not counted anywhere and do not move the delay. That bounds what an attacker can do to the
// owner: to keep an account waiting they must spend a real, counted guess each time the delay runs out (at the cap,
// one every 15 minutes, under a hundred a day), and the owner's wait after the attacker's last guess is at most the
// cap; a quiet day forgets the count. Waiting out a determined attacker is the price; the alternative, a lock
// until someone acts, would hand them the owner's account to close at will.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { ACCOUNT_THROTTLE, accountDelayMs, accountDelaySteps } from "~/accounts/auth-throttle";
import { RATE_LIMITS, releaseRateLimit, reserveRateLimit } from "~/accounts/rate-limit.server";
import type { Db } from "~/db.server";

/** Which limit refused, from the narrowest: each has its own message. */
export type SignInRefusal = "accountAndNetwork" | "account" | "network";

export interface SignInAttempt {
  email: string;
  network: string;
  /** The per-network window this attempt was counted in, to give it back when the password is right. */
  networkWindow: number | null;
}

export type SignInGate =
  { allowed: true; attempt: SignInAttempt } | { allowed: false; refusal: SignInRefusal; retryAfterMs: number };

const keys = (email: string, network: string) => ({
  network: `signin-network:${network}`,
  accountAndNetwork: `signin:${network}:${email}`,
  account: `signin-account:${email}`,
});

/**
 * Counts a sign-in attempt against every limit, or refuses it without counting it anywhere. `email` is the parsed,
 * lower-cased address; `network` is clientNetwork(request).
 *
 * One write batch (one round trip, decision 002): a single conditional statement counts the attempt on all three
 * counters only if none of them refuses (its condition is read before any of its rows is written: SQLite reads an
 * INSERT's SELECT from its own table whole before writing), then the counters are read in the same transaction, to
 * tell a refusal's limit and wait. So parallel guesses cannot slip past a limit, and a refused attempt counts nowhere.
 */
export async function admitSignIn(db: Db, email: string, network: string, now = Date.now()): Promise<SignInGate> {
  const key = keys(email, network);
  const windowed = [
    { key: key.network, rule: RATE_LIMITS.signInPerNetwork, refusal: "network" },
    { key: key.accountAndNetwork, rule: RATE_LIMITS.signIn, refusal: "accountAndNetwork" },
  ] as const;
  const { freeFailures, memoryMs } = ACCOUNT_THROTTLE;
  const forgetBefore = now - memoryMs;
  const windowFull = ({ key: limitKey, rule }: (typeof windowed)[number]) =>
    sql`exists (select 1 from rate_limits where key = ${limitKey}
      and window_start > ${now - rule.windowMs} and count >= ${rule.limit})`;
  const accountWaiting = sql`exists (select 1 from rate_limits where key = ${key.account}
    and count >= ${freeFailures} and window_start > ${forgetBefore} and window_start > ${accountWaitedSince(now)})`;
  // The start of a window that has run out, per windowed key (the account's counter has no window: see takeAccountTurn).
  const expiredBefore = sql`case rate_limits.key ${sql.join(
    windowed.map((limit) => sql`when ${limit.key} then ${now - limit.rule.windowMs}`),
    sql` `,
  )} end`;
  const [counted, held] = await db.batch([
    db.all<{ key: string; window_start: number }>(sql`
      insert into rate_limits (key, window_start, count)
      select k, ${now}, 1 from (select ${key.network} as k union all select ${key.accountAndNetwork}
        union all select ${key.account})
      where not ${windowFull(windowed[0])} and not ${windowFull(windowed[1])} and not ${accountWaiting}
      on conflict (key) do update set
        count = case
          when rate_limits.key = ${key.account} then
            case when rate_limits.window_start <= ${forgetBefore} then 1 else rate_limits.count + 1 end
          when rate_limits.window_start <= ${expiredBefore} then 1
          else rate_limits.count + 1 end,
        window_start = case
          when rate_limits.key = ${key.account} or rate_limits.window_start <= ${expiredBefore} then ${now}
          else rate_limits.window_start end
      returning key, window_start`),
    db.all<{ key: string; count: number; window_start: number }>(
      sql`select key, count, window_start from rate_limits
        where key in (${key.network}, ${key.accountAndNetwork}, ${key.account})`,
    ),
  ]);
  const networkRow = counted.find((row) => row.key === key.network);
  if (networkRow) {
    return { allowed: true, attempt: { email, network, networkWindow: Number(networkRow.window_start) } };
  }
  // Refused: nothing was written, so the counters read are the ones that refused; the narrowest's message wins.
  const rowOf = (limitKey: string) => held.find((row) => row.key === limitKey);
  for (const limit of windowed) {
    const row = rowOf(limit.key);
    const windowStart = Number(row?.window_start);
    if (row && windowStart > now - limit.rule.windowMs && Number(row.count) >= limit.rule.limit) {
      return { allowed: false, refusal: limit.refusal, retryAfterMs: windowStart + limit.rule.windowMs - now };
    }
  }
  const account = rowOf(key.account);
  const retryAfterMs = account ? Number(account.window_start) + accountDelayMs(Number(account.count)) - now : 0;
  return { allowed: false, refusal: "account", retryAfterMs: Math.max(0, retryAfterMs) };
}

/**
 * The password was right (whether or not the address is confirmed yet): the attempt was no failure. The account's
 * failures are forgotten, from this network and from everywhere, and the network gets its place back.
 */
export async function forgetSignInFailures(db: Db, attempt: SignInAttempt) {
  await db.batch(signInFailuresForgotten(db, attempt));
}

/** forgetSignInFailures's writes, for a batch of the caller's (sign-in writes them with the new session). */
export function signInFailuresForgotten(db: Db, attempt: SignInAttempt) {
  const key = keys(attempt.email, attempt.network);
  return [
    db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(
        and(
          eq(rateLimits.key, key.network),
          eq(rateLimits.windowStart, attempt.networkWindow ?? -1),
          gt(rateLimits.count, 0),
        ),
      ),
    db.delete(rateLimits).where(inArray(rateLimits.key, [key.accountAndNetwork, key.account])),
  ] as const;
}

/**
 * A reset by e-mail proves the owner: their account's wait ends with it, whatever someone else's guesses built up.
 */
export async function forgetAccountSignInDelay(db: Db, userId: string) {
  await db.run(sql`
    delete from rate_limits where key = (select ${"signin-account:"} || email from users where id = ${userId})`);
}

/**
 * The account's row holds the counted failures (`count`) and when the last one was let through (`window_start`). The
 * latest last-attempt time that has waited long enough, for each count below the cap, then for the cap: an attempt
 * is let through (and counted) only if the row's time is at or before it, the first five failures aside, and a
 * refused attempt leaves the row as it was, so it neither counts nor restarts the delay.
 */
function accountWaitedSince(now: number) {
  return sql`case ${sql.join(
    accountDelaySteps().map(({ failures, delayMs }) => sql`when rate_limits.count = ${failures} then ${now - delayMs}`),
    sql` `,
  )} else ${now - ACCOUNT_THROTTLE.maxDelayMs} end`;
}

export type SignUpGate = { allowed: true } | { allowed: false; refusal: "email" | "network"; retryAfterMs: number };

/**
 * Sign-up: the spec's 5 attempts per 5 minutes per e-mail address (when the form carries a well-formed one), and
 * per network a cap for a shared address, 100 an hour. A refused attempt is not counted.
 */
export async function admitSignUp(
  db: Db,
  email: string | null,
  network: string,
  now = Date.now(),
): Promise<SignUpGate> {
  const networkKey = `signup-network:${network}`;
  const perNetwork = await reserveRateLimit(db, networkKey, RATE_LIMITS.signUpPerNetwork, now);
  if (!perNetwork.allowed) return { allowed: false, refusal: "network", retryAfterMs: perNetwork.retryAfterMs };
  if (email === null) return { allowed: true };
  const perEmail = await reserveRateLimit(db, `signup:${email}`, RATE_LIMITS.signUp, now);
  if (perEmail.allowed) return { allowed: true };
  await releaseRateLimit(db, networkKey, perNetwork.windowStart);
  return { allowed: false, refusal: "email", retryAfterMs: perEmail.retryAfterMs };
}
