// Every payout to a host goes through here (decision 023): the ledger of `payouts` (one per charge: the
// booking's rental, and each later charge that gives the host a share, decision 035) and `payout_reversals` (one per
// refund that takes the host's part back).
//
// - `owePayouts`: the scheduled job writes a payout for each booking that became payable (payout-rules.ts), with the
//   amounts of pricing/payout-amounts.ts: the rental charge's share. It waits (`waiting_for_account`) while its host
//   cannot receive transfers. The later charges' payouts are charge-payouts.server.ts's, sent the same way.
// - `sendDuePayouts`: a due payout is first taken (`sending`, its amount fixed: the amount less reversals not yet
//   sent, which are netted) in one batch, so two job runs cannot both send it; then sent as one Stripe transfer from
//   its charge's payment under its key (`payout-<booking>` for the rental's) with `transfer_group` = the booking (the
//   gateway looks for an earlier transfer by the key first, since Stripe forgets keys after 24 h). A failure is
//   recorded with Stripe's reason and retried with the one runner of payments/money-runner.server.ts (its back-off,
//   its hold for an admin); one left `sending` (the Worker stopped mid-call) is taken up again after a few minutes,
//   under the same key. An admin's retry sends the one payout (`sendPayoutNow`).
// - `sendDueReversals`: a reversal of a paid payout goes to Stripe (Transfer Reversals, key `reversal-<refund>`), once
//   its refund has been made (not while it is owed or on its way).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { bookings, charges, notifications, payoutAccounts, payoutReversals, payouts, refunds } from "#db/schema";
import type { Db } from "~/db.server";
import { chargeOfLedgerRow, movesRentalOf, rentalChargeId, rentalChargeIdOf } from "~/payments/charges.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { attemptMovement, failedAndDue, pendingOrDue, retryNow } from "~/payments/money-runner.server";
import { oweChargePayouts, SETTLING_COLUMNS, writeOwedPayouts, type OwedPayout } from "~/payouts/charge-payouts.server";
import { scheduleWaitingPayouts } from "~/payouts/payout-accounts.server";
import { payableNow } from "~/payouts/payout-rules";
import { addDays, vilniusDay } from "~/utils/calendar-days";

type Context = Pick<AppLoadContext, "db" | "env">;

export const payoutKey = (bookingId: string) => `payout-${bookingId}`;
export const reversalKey = (refundId: string) => `reversal-${refundId}`;
/** A payout still `sending` this long after it was taken was interrupted: it is sent again, under the same key. */
export const SENDING_STALE_MS = 10 * 60_000;
/** How far back the job looks for renters' cancellations that leave the host a share (from their trip's start). */
export const CANCELLATION_LOOKBACK_DAYS = 30;

/** Writes the payouts of bookings that became payable; returns how many were written. */
export async function owePayouts(db: Db, now: Date): Promise<number> {
  const today = vilniusDay(now);
  const candidates = await db
    .select(SETTLING_COLUMNS)
    .from(bookings)
    // The rental charge's payout; the booking's later charges have their own (charge-payouts.server.ts).
    .leftJoin(payouts, eq(payouts.chargeId, rentalChargeId))
    .where(
      and(
        isNull(payouts.id),
        eq(bookings.paymentStatus, "captured"),
        or(
          and(
            eq(bookings.status, "completed"),
            inArray(bookings.depositStatus, ["none", "returned", "partly_kept", "kept"]),
            lte(sql`coalesce(${bookings.claimWindowEndsAt}, ${bookings.completedAt})`, now.getTime()),
          ),
          and(
            eq(bookings.status, "cancelled"),
            eq(bookings.cancelReason, "cancelled_by_renter"),
            lte(bookings.startDate, today),
            gte(bookings.startDate, addDays(today, -CANCELLATION_LOOKBACK_DAYS)),
          ),
        ),
      ),
    )
    .limit(200);
  const owed: OwedPayout[] = [];
  for (const booking of candidates) {
    const payable = payableNow(booking, now);
    if (!payable) continue;
    // The host's share is of the rental charge; its money is what the transfer sends (decision 035).
    owed.push({ booking, payable, key: payoutKey(booking.id), chargeId: rentalChargeIdOf(booking.id) });
  }
  return writeOwedPayouts(db, now, owed);
}

export interface SentPayout {
  payoutId: string;
  bookingId: string;
  hostId: string;
  amount: number;
  ok: boolean;
  error?: string;
  /** The first failure of this payout (the host is told once, not at every retry). */
  firstFailure?: boolean;
}

/** Due: scheduled, failed and past its back-off, or interrupted while sending; only for hosts who can receive. */
function duePayouts(now: Date) {
  return or(
    eq(payouts.status, "scheduled"),
    failedAndDue(payouts, now),
    and(eq(payouts.status, "sending"), lte(payouts.sendingSince, new Date(now.getTime() - SENDING_STALE_MS))),
  );
}

/**
 * Takes one due payout for sending, in one batch: reversals not yet sent are netted (only when its amount is not yet
 * fixed), and its sent amount is fixed. Returns the amount to send, or null when another run took it.
 */
async function takePayout(db: Db, payoutId: string, now: Date): Promise<number | null> {
  const takeable = and(eq(payouts.id, payoutId), duePayouts(now));
  const [, taken] = await db.batch([
    db
      .update(payoutReversals)
      .set({ status: "netted", succeededAt: now })
      .where(
        and(
          eq(payoutReversals.payoutId, payoutId),
          inArray(payoutReversals.status, ["pending", "failed"]),
          sql`exists (select 1 from ${payouts} where ${takeable} and ${payouts.sentAmount} is null)`,
        ),
      ),
    db
      .update(payouts)
      .set({
        status: "sending",
        sendingSince: now,
        updatedAt: now,
        sentAmount: sql`coalesce(${payouts.sentAmount}, max(0, ${payouts.amount} - (select coalesce(sum(r.amount), 0) from ${payoutReversals} r where r.payout_id = ${payouts.id} and r.status = 'netted')))`,
      })
      .where(takeable)
      .returning({ sentAmount: payouts.sentAmount }),
  ]);
  return taken[0]?.sentAmount ?? null;
}

/** Sends the due payouts (the job), or only those of `bookingIds`, whatever their back-off. */
export function sendDuePayouts(context: Context, now: Date, origin: string, bookingIds?: string[]) {
  return sendPayouts(context, now, origin, bookingIds ? inArray(payouts.bookingId, bookingIds) : undefined);
}

/** Sends one payout if it is due (an admin's retry made it so), and no other payout of its booking. */
export async function sendPayoutNow(context: Context, now: Date, origin: string, payoutId: string) {
  const [sent] = await sendPayouts(context, now, origin, eq(payouts.id, payoutId));
  return sent ?? null;
}

async function sendPayouts(context: Context, now: Date, origin: string, which: SQL | undefined) {
  const { db } = context;
  const gateway = getPaymentGateway(context.env, origin);
  const rows = await db
    .select({
      id: payouts.id,
      bookingId: payouts.bookingId,
      hostId: payouts.hostId,
      attempts: payouts.attempts,
      idempotencyKey: payouts.idempotencyKey,
      destination: payoutAccounts.stripeAccountId,
      paymentIntentId: charges.stripePaymentIntentId,
    })
    .from(payouts)
    .innerJoin(payoutAccounts, and(eq(payoutAccounts.userId, payouts.hostId), eq(payoutAccounts.status, "enabled")))
    .leftJoin(charges, chargeOfLedgerRow(payouts))
    .where(and(duePayouts(now), which))
    .orderBy(asc(payouts.settledAt))
    .limit(100);
  const sent: SentPayout[] = [];
  for (const row of rows) {
    const amount = await takePayout(db, row.id, now);
    if (amount === null) continue;
    const base = { payoutId: row.id, bookingId: row.bookingId, hostId: row.hostId, amount };
    const result = await attemptMovement(db, now, {
      ledger: payouts,
      stillThis: and(eq(payouts.id, row.id), eq(payouts.status, "sending"))!,
      attempts: row.attempts,
      what: "payout",
      id: row.id,
      stamp: { updatedAt: now },
      // Everything was taken back before it went: nothing to transfer.
      send: async () =>
        amount === 0
          ? null
          : (
              await gateway.transfer({
                bookingId: row.bookingId,
                destination: row.destination,
                amount,
                idempotencyKey: row.idempotencyKey,
                paymentIntentId: row.paymentIntentId,
                attempt: row.attempts + 1,
                description: `Ratai booking ${row.bookingId.slice(0, 8).toUpperCase()}`,
              })
            ).transferId,
      sent: (transferId) => ({
        set: { status: "paid", stripeTransferId: transferId, paidAt: now, nextAttemptAt: null },
      }),
    });
    sent.push(
      result.ok
        ? { ...base, ok: true }
        : { ...base, ok: false, error: result.error, firstFailure: result.attempts === 1 },
    );
  }
  return sent;
}

/** Sends the due reversals of paid payouts (pending, or failed and past their back-off). */
export async function sendDueReversals(context: Context, now: Date, origin: string) {
  const { db } = context;
  const gateway = getPaymentGateway(context.env, origin);
  const rows = await db
    .select({
      id: payoutReversals.id,
      amount: payoutReversals.amount,
      attempts: payoutReversals.attempts,
      idempotencyKey: payoutReversals.idempotencyKey,
      transferId: payouts.stripeTransferId,
    })
    .from(payoutReversals)
    .innerJoin(payouts, eq(payouts.id, payoutReversals.payoutId))
    // Only money the renter has been given back is taken from the host: not a refund still owed or on its way, nor
    // one Stripe accepted and could not make (decision 022, 2026-11-28).
    .innerJoin(refunds, and(eq(refunds.id, payoutReversals.refundId), eq(refunds.status, "succeeded")))
    .where(and(eq(payouts.status, "paid"), isNotNull(payouts.stripeTransferId), pendingOrDue(payoutReversals, now)))
    .orderBy(asc(payoutReversals.createdAt))
    .limit(100);
  const results: { id: string; ok: boolean; error?: string }[] = [];
  for (const row of rows) {
    const result = await attemptMovement(db, now, {
      ledger: payoutReversals,
      stillThis: and(eq(payoutReversals.id, row.id), ne(payoutReversals.status, "succeeded"))!,
      attempts: row.attempts,
      what: "payout reversal",
      id: row.id,
      send: () =>
        gateway.reverseTransfer(row.transferId!, {
          amount: row.amount,
          idempotencyKey: row.idempotencyKey,
          attempt: row.attempts + 1,
        }),
      sent: ({ reversalId }) => ({
        set: { status: "succeeded", stripeReversalId: reversalId, succeededAt: now, nextAttemptAt: null },
      }),
    });
    results.push(result.ok ? { id: row.id, ok: true } : { id: row.id, ok: false, error: result.error });
  }
  return results;
}

/**
 * What the host hears of their payouts: each one sent, and the first failure of each (with Stripe's reason). A payout
 * that refunds took back in full before it went sends nothing, and is not announced as money on its way.
 */
async function notifyHosts(db: Db, sent: SentPayout[], now: Date) {
  const told = sent.filter((s) => (s.ok && s.amount > 0) || s.firstFailure);
  if (told.length === 0) return;
  await db.insert(notifications).values(
    told.map((s) => ({
      userId: s.hostId,
      type: s.ok ? ("payout_sent" as const) : ("payout_failed" as const),
      data: { booking_id: s.bookingId, amount: s.amount, ...(s.error && { reason: s.error.slice(0, 200) }) },
      createdAt: now,
    })),
  );
}

/** The scheduled job's part for payouts (app/jobs.server.ts): owe, follow accounts, send, reverse. */
export async function runPayoutJobs(context: Context, now: Date, origin: string) {
  const { db } = context;
  await owePayouts(db, now);
  await oweChargePayouts(db, now);
  await db.batch([...scheduleWaitingPayouts(db, now)]);
  const sent = await sendDuePayouts(context, now, origin);
  await notifyHosts(db, sent, now);
  const reversed = await sendDueReversals(context, now, origin);
  return { sent, reversed };
}

/** Makes a failed payout (or reversal) due now: an admin's retry. Returns the booking, or null if none failed. */
export async function retryPayoutNow(db: Db, payoutId: string, now: Date) {
  const [payout] = await retryNow(db, payouts, eq(payouts.id, payoutId), now, { updatedAt: now }).returning({
    bookingId: payouts.bookingId,
  });
  const reversals = await retryNow(db, payoutReversals, eq(payoutReversals.payoutId, payoutId), now).returning({
    id: payoutReversals.id,
  });
  if (payout) return payout;
  if (reversals.length === 0) return null;
  const [row] = await db.select({ bookingId: payouts.bookingId }).from(payouts).where(eq(payouts.id, payoutId));
  return row ?? null;
}

/**
 * A booking's payout (of its rental charge: the host's share of the trip) and its reversals, for the booking's page
 * and for admins (null before it is settled).
 */
export async function findPayout(db: Db, bookingId: string) {
  const rental = and(eq(payouts.bookingId, bookingId), movesRentalOf(payouts.chargeId, bookingId));
  // The payout and its reversals at once, the reversals by a subquery of its id: one round trip.
  const [[payout], reversals] = await Promise.all([
    db.select().from(payouts).where(rental).limit(1),
    db
      .select()
      .from(payoutReversals)
      .where(inArray(payoutReversals.payoutId, db.select({ id: payouts.id }).from(payouts).where(rental).limit(1)))
      .orderBy(asc(payoutReversals.createdAt)),
  ]);
  if (!payout) return null;
  return { payout, reversals };
}

/** Every payout of a booking (one per charge), oldest first, and all their reversals: the admins' money page. */
export async function findPayouts(db: Db, bookingId: string) {
  // The reversals by a subquery of the booking's payouts, in the same turn: one round trip (decision 002).
  const [found, reversals] = await Promise.all([
    db.select().from(payouts).where(eq(payouts.bookingId, bookingId)).orderBy(asc(payouts.createdAt), asc(payouts.id)),
    db
      .select()
      .from(payoutReversals)
      .where(
        inArray(
          payoutReversals.payoutId,
          db.select({ id: payouts.id }).from(payouts).where(eq(payouts.bookingId, bookingId)),
        ),
      )
      .orderBy(asc(payoutReversals.createdAt)),
  ]);
  return { payouts: found, reversals };
}

/** What reversals take (or are taking) back from a payout. */
export const reversedTotal = (reversals: { amount: number }[]) => reversals.reduce((sum, r) => sum + r.amount, 0);
