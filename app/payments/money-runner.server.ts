// The one runner for movements of money that are sent, fail, are tried again and, in the end, wait for an admin:
// refunds (payments/refunds.server.ts), payouts and their reversals (payouts/payouts.server.ts). Each movement is a
// ledger row with the same four columns — status, attempts, last_error, next_attempt_at — and the runner is the only
// code that writes what an attempt came to:
// - sent: the caller's columns for a movement made (or on its way), the attempt counted, the last error cleared;
// - refused or unreachable: `failed`, Stripe's reason, and the next attempt after the one back-off
//   (payments/money-attempts.ts), or none once the automatic attempts are spent;
// - held for an admin: `failed` with nothing due (`heldForAdmin`), whether the job gave up or Stripe's answer means the
//   same request would fail again (a refund Stripe accepted and could not make). Only an admin's retry (`retryNow`)
//   makes it due again; /admin/money lists every held movement of every kind (admin/held-money.server.ts).
// Every write is conditional on the row being still the one the attempt took (`stillThis`), so a webhook or a second
// run that moved it meanwhile is never overwritten. Decision 022 (refunds), 023 (payouts), 035 (charges).
import { and, eq, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import { payoutReversals, payouts, refunds } from "#db/schema";
import type { Db } from "~/db.server";
import { nextAttempt, type MovementKind } from "~/payments/money-attempts";

/** The ledgers the runner writes: every one has status, attempts, last_error and next_attempt_at. */
export type MovementLedger = typeof refunds | typeof payouts | typeof payoutReversals;

export const LEDGERS: Record<MovementKind, MovementLedger> = {
  refund: refunds,
  payout: payouts,
  reversal: payoutReversals,
};

/** Failed with nothing due: the one "held for an admin" state, of every kind. */
export const heldForAdmin = (ledger: MovementLedger): SQL =>
  and(eq(ledger.status, "failed"), isNull(ledger.nextAttemptAt))!;

/** Failed and past its back-off: the job tries it again. */
export const failedAndDue = (ledger: MovementLedger, now: Date): SQL =>
  and(eq(ledger.status, "failed"), isNotNull(ledger.nextAttemptAt), lte(ledger.nextAttemptAt, now))!;

/** Never sent, or failed and past its back-off (for ledgers whose first state is `pending`). */
export const pendingOrDue = (ledger: typeof refunds | typeof payoutReversals, now: Date): SQL =>
  or(eq(ledger.status, "pending"), failedAndDue(ledger, now))!;

/** Failed and not held: sent again whatever its back-off when someone asks for it now (after the change that owes it). */
export const failedNotHeld = (ledger: MovementLedger): SQL =>
  and(eq(ledger.status, "failed"), isNotNull(ledger.nextAttemptAt))!;

/** What a movement's answer means for its row: the columns to write, and whether it is held for an admin. */
export interface SentColumns {
  set: Record<string, unknown>;
  /** Stripe answered, but with a failure the same request would meet again: the row waits for an admin. */
  held?: string;
}

export interface Attempt<T> {
  ledger: MovementLedger;
  /** The row, while it is still as the attempt took it: no write lands once something else moved it. */
  stillThis: SQL;
  /** Attempts made before this one. */
  attempts: number;
  /** For the log: what moves ("refund", "payout", "payout reversal") and the row's id. */
  what: string;
  id: string;
  send: () => Promise<T>;
  /** The row's columns once Stripe answered. */
  sent: (value: T) => SentColumns;
  /** Columns every write of this ledger also sets (a payout's updated_at). */
  stamp?: Record<string, unknown>;
}

export type AttemptResult<T> =
  { ok: true; value: T } | { ok: false; error: string; held: boolean; attempts: number; value?: T };

/** The longest reason kept from Stripe's answer. */
export const ERROR_MAX = 500;

/** One attempt at one movement: sends it, and writes what came of it. Never throws for a refusal of Stripe's. */
export async function attemptMovement<T>(db: Db, now: Date, attempt: Attempt<T>): Promise<AttemptResult<T>> {
  const attempts = attempt.attempts + 1;
  // The ledgers share these columns; drizzle types each table's `set` on its own, hence the one cast here.
  const write = (set: Record<string, unknown>) =>
    db
      .update(attempt.ledger)
      .set({ ...set, ...attempt.stamp } as never)
      .where(attempt.stillThis);
  let value: T;
  try {
    value = await attempt.send();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const next = nextAttempt(attempts, now);
    const then = next ? "the scheduled job retries" : "it waits for an admin";
    console.error(`${attempt.what} failed; ${then}`, attempt.id, message);
    await write({ status: "failed", attempts, lastError: message.slice(0, ERROR_MAX), nextAttemptAt: next });
    return { ok: false, error: message, held: next === null, attempts };
  }
  const { set, held } = attempt.sent(value);
  if (held !== undefined) {
    console.error(`${attempt.what} failed after Stripe accepted it; it waits for an admin`, attempt.id, held);
    await write({ ...set, attempts, status: "failed", lastError: held.slice(0, ERROR_MAX), nextAttemptAt: null });
    return { ok: false, error: held, held: true, attempts, value };
  }
  await write({ ...set, attempts, lastError: null });
  return { ok: true, value };
}

/** An admin's retry: makes a failed movement (held or waiting for its back-off) due now; the rows it moved. */
export function retryNow(db: Db, ledger: MovementLedger, which: SQL, now: Date, stamp?: Record<string, unknown>) {
  return db
    .update(ledger)
    .set({ nextAttemptAt: now, ...stamp } as never)
    .where(and(which, eq(ledger.status, "failed")));
}
