// Every refund to a renter goes through here (decision 022). A refund is first written down (`owedRefund`), in the
// same batch as the change that owes it, so the change and the debt stand or fall together; then it is sent to
// Stripe (`sendRefunds`) under its own idempotency key, one per booking and kind, so a retry, a second click or a
// second job run can never refund twice. A refund Stripe refused or could not be reached for is `failed` and due
// again after a back-off; the scheduled job sends what is due (`sendDueRefunds`) and admins see what is stuck.
// The amounts come from app/pricing/refund-amounts.ts.
import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { RefundKind } from "#db/enums";
import { bookings, refunds } from "#db/schema";
import type { Db } from "~/db.server";
import type { PaymentGateway } from "~/payments/gateway.server";

/** Minutes to wait after the 1st, 2nd, ... failed attempt; the last one repeats. */
export const REFUND_BACKOFF_MINUTES = [10, 30, 120, 360, 1440] as const;
/**
 * After this many failed attempts (about a week at the daily step) the job stops: a refund Stripe keeps refusing
 * (a card refundable no more, a charge refunded in full in Stripe's dashboard) waits for an admin's retry instead of
 * failing every day for ever (`next_attempt_at` null on a failed refund).
 */
export const MAX_AUTOMATIC_REFUND_ATTEMPTS = 12;

export const refundKey = (bookingId: string, kind: RefundKind) => `refund-${bookingId}-${kind}`;

/** When a refund that failed `attempts` times is due again. */
export function nextAttempt(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_AUTOMATIC_REFUND_ATTEMPTS) return null;
  const minutes = REFUND_BACKOFF_MINUTES[Math.min(attempts, REFUND_BACKOFF_MINUTES.length) - 1] ?? 0;
  return new Date(now.getTime() + minutes * 60_000);
}

/**
 * The statement that writes a refund down, for the batch of the change that owes it; null when nothing is owed.
 * A second one of the same kind for the same booking is ignored (the unique index), so only the first counts.
 * `onlyIf` is an SQL condition the insert also needs (e.g. that the status change in the same batch took place).
 */
export function owedRefund(
  db: Db,
  input: {
    bookingId: string;
    kind: RefundKind;
    amount: number;
    now: Date;
    onlyIf?: SQL;
    /** Given when the caller's batch also refers to the refund (a payout reversal of an admin's refund). */
    id?: string;
    /** An admin's reason (kind `admin`). */
    reason?: string | null;
  },
) {
  if (input.amount <= 0) return null;
  const values = {
    id: input.id ?? crypto.randomUUID(),
    bookingId: input.bookingId,
    kind: input.kind,
    amount: input.amount,
    status: "pending" as const,
    idempotencyKey: refundKey(input.bookingId, input.kind),
    reason: input.reason ?? null,
    createdAt: input.now,
  };
  if (!input.onlyIf) return db.insert(refunds).values(values).onConflictDoNothing();
  // INSERT ... SELECT ... WHERE: written only when the condition holds at that moment of the batch. The select's
  // values follow the table's columns in order (id … succeeded_at, reason, created_at).
  const v = values;
  return db
    .insert(refunds)
    .select(
      sql`select ${v.id}, ${v.bookingId}, ${v.kind}, ${v.amount}, ${v.status}, ${v.idempotencyKey}, 0, null, null, null, null, ${v.reason}, ${input.now.getTime()} where ${input.onlyIf}`,
    )
    .onConflictDoNothing();
}

export interface SentRefund {
  id: string;
  bookingId: string;
  kind: RefundKind;
  amount: number;
  ok: boolean;
  error?: string;
}

const REFUND_COLUMNS = {
  id: refunds.id,
  bookingId: refunds.bookingId,
  kind: refunds.kind,
  amount: refunds.amount,
  status: refunds.status,
  attempts: refunds.attempts,
  idempotencyKey: refunds.idempotencyKey,
  paymentIntentId: bookings.stripePaymentIntentId,
};

/** Sends the unsent refunds of these bookings now (after the change that owes them), whatever their back-off. */
export async function sendBookingRefunds(db: Db, gateway: PaymentGateway, bookingIds: string[], now = new Date()) {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select(REFUND_COLUMNS)
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(inArray(refunds.bookingId, bookingIds), ne(refunds.status, "succeeded")))
    .orderBy(asc(refunds.createdAt));
  return send(db, gateway, rows, now);
}

/** The scheduled job: sends every refund not yet made whose back-off is over. */
export async function sendDueRefunds(db: Db, gateway: PaymentGateway, now: Date) {
  const rows = await db
    .select(REFUND_COLUMNS)
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(
      or(
        eq(refunds.status, "pending"),
        and(eq(refunds.status, "failed"), isNotNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(100);
  return send(db, gateway, rows, now);
}

async function send(
  db: Db,
  gateway: PaymentGateway,
  rows: Array<{
    id: string;
    bookingId: string;
    kind: RefundKind;
    amount: number;
    attempts: number;
    idempotencyKey: string;
    paymentIntentId: string | null;
  }>,
  now: Date,
): Promise<SentRefund[]> {
  const sent: SentRefund[] = [];
  for (const row of rows) {
    const attempts = row.attempts + 1;
    try {
      if (!row.paymentIntentId) throw new Error("The booking has no payment to refund");
      // A refund owed from before the ledger (migration 0016) keeps the key its earlier attempts used, and their
      // request: the whole payment, without an amount. Stripe answers a key reused with other parameters with an
      // error, never with the refund it already made, so asking again differently would fail for good.
      const legacy = row.idempotencyKey !== refundKey(row.bookingId, row.kind);
      const { refundId } = await gateway.refund(row.paymentIntentId, {
        ...(!legacy && { amount: row.amount }),
        idempotencyKey: row.idempotencyKey,
      });
      await db
        .update(refunds)
        .set({
          status: "succeeded",
          attempts,
          stripeRefundId: refundId,
          succeededAt: now,
          lastError: null,
          nextAttemptAt: null,
        })
        .where(and(eq(refunds.id, row.id), ne(refunds.status, "succeeded")));
      sent.push({ id: row.id, bookingId: row.bookingId, kind: row.kind, amount: row.amount, ok: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error("refund failed; the scheduled job retries", row.id, message);
      await db
        .update(refunds)
        .set({
          status: "failed",
          attempts,
          lastError: message.slice(0, 500),
          nextAttemptAt: nextAttempt(attempts, now),
        })
        .where(and(eq(refunds.id, row.id), ne(refunds.status, "succeeded")));
      sent.push({
        id: row.id,
        bookingId: row.bookingId,
        kind: row.kind,
        amount: row.amount,
        ok: false,
        error: message,
      });
    }
  }
  return sent;
}

/** A booking's refunds, for its page and for admins. */
export async function findRefunds(db: Db, bookingId: string) {
  return db
    .select({
      id: refunds.id,
      kind: refunds.kind,
      amount: refunds.amount,
      status: refunds.status,
      attempts: refunds.attempts,
      lastError: refunds.lastError,
      nextAttemptAt: refunds.nextAttemptAt,
      succeededAt: refunds.succeededAt,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(eq(refunds.bookingId, bookingId))
    .orderBy(asc(refunds.createdAt));
}

/** Makes a failed refund due now (an admin's "retry"); true when there was one to retry. */
export async function retryRefundNow(db: Db, refundId: string, now: Date) {
  const rows = await db
    .update(refunds)
    .set({ nextAttemptAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "failed")))
    .returning({ bookingId: refunds.bookingId });
  return rows[0] ?? null;
}
