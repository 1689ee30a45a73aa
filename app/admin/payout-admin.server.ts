// The admins' side of host payouts (decision 023): every payout by state at /admin/payouts, the failed
// ones with Stripe's reason and "Retry now", the failed reversals; and a booking's money page (every movement of its
// money in time order). The ledger and the sending are the payouts area's (payouts.server.ts); an admin's refund is
// admin/admin-refunds.server.ts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, eq, sql } from "drizzle-orm";
import { notifications, payoutReversals, payouts, profiles } from "#db/schema";
import { auditInsert, type Admin } from "~/admin/audit.server";
import { PAYOUT_FILTERS, type PayoutFilter } from "~/admin/payout-view";
import type { ChargePurpose, LineItemCode } from "#db/enums";
import type { Db } from "~/db.server";
import type { LineItem } from "~/pricing/line-items";
import type { MoneyCase } from "~/admin/admin-refunds.server";
import { bookingReference } from "~/bookings/booking-rules";
import { retryPayoutNow, sendDueReversals, sendPayoutNow } from "~/payouts/payouts.server";
import type { ToastInput } from "~/utils/toast.server";

type Context = Pick<AppLoadContext, "db" | "env">;

export const PAYOUTS_SHOWN = 200;

/** Failed first (they need someone), then those on their way, then the waiting, then the paid. */
const STATE_ORDER = sql`case ${payouts.status} when 'failed' then 0 when 'sending' then 1 when 'scheduled' then 2 when 'waiting_for_account' then 3 else 4 end`;

/** The newest PAYOUTS_SHOWN payouts of one state, or of all (failed first), with their host. */
export function listPayouts(db: Db, filter: PayoutFilter) {
  return db
    .select({
      id: payouts.id,
      bookingId: payouts.bookingId,
      hostId: payouts.hostId,
      hostName: profiles.fullName,
      // A company host's name and company number, for the admins' list (profiles/display-name.ts#companyOf).
      hostAccountType: profiles.accountType,
      hostCompanyName: profiles.companyName,
      hostCompanyNumber: profiles.companyNumber,
      amount: payouts.amount,
      sentAmount: payouts.sentAmount,
      status: payouts.status,
      attempts: payouts.attempts,
      lastError: payouts.lastError,
      nextAttemptAt: payouts.nextAttemptAt,
      stripeTransferId: payouts.stripeTransferId,
      settledAt: payouts.settledAt,
      paidAt: payouts.paidAt,
    })
    .from(payouts)
    .leftJoin(profiles, eq(profiles.id, payouts.hostId))
    .where(filter === "all" ? undefined : eq(payouts.status, filter))
    .orderBy(STATE_ORDER, desc(payouts.settledAt), desc(payouts.id))
    .limit(PAYOUTS_SHOWN);
}

/** How many payouts are in each state (the tabs' counts). */
export async function payoutCounts(db: Db): Promise<Record<PayoutFilter, number>> {
  const rows = await db
    .select({ status: payouts.status, count: sql<number>`count(*)` })
    .from(payouts)
    .groupBy(payouts.status);
  const counts = Object.fromEntries(PAYOUT_FILTERS.map((f) => [f, 0])) as Record<PayoutFilter, number>;
  for (const row of rows) {
    counts[row.status] = Number(row.count);
    counts.all += Number(row.count);
  }
  return counts;
}

/** Payouts and reversals that failed: the admin tab's badge. */
export async function countFailedPayouts(db: Db) {
  const [row] = await db
    .select({
      count: sql<number>`(select count(*) from ${payouts} where ${payouts.status} = 'failed') + (select count(*) from ${payoutReversals} where ${payoutReversals.status} = 'failed')`,
    })
    .from(sql`(select 1)`);
  return Number(row?.count ?? 0);
}

/** Reversals Stripe refused (or could not be reached for), oldest first: taking a host's part back is stuck. */
export function listFailedReversals(db: Db) {
  return db
    .select({
      id: payoutReversals.id,
      payoutId: payoutReversals.payoutId,
      bookingId: payouts.bookingId,
      amount: payoutReversals.amount,
      attempts: payoutReversals.attempts,
      lastError: payoutReversals.lastError,
      nextAttemptAt: payoutReversals.nextAttemptAt,
    })
    .from(payoutReversals)
    .innerJoin(payouts, eq(payouts.id, payoutReversals.payoutId))
    .where(eq(payoutReversals.status, "failed"))
    .orderBy(asc(payoutReversals.createdAt))
    .limit(100);
}

export type RetryOutcome =
  | { kind: "gone" }
  | { kind: "paid"; bookingId: string; amount: number }
  | { kind: "failed"; bookingId: string; reason: string }
  /** Made due, but not sent now: the host's account cannot receive transfers (the job sends it once it can). */
  | { kind: "waiting"; bookingId: string }
  | { kind: "reversed"; bookingId: string }
  | { kind: "reversalFailed"; bookingId: string; reason: string };

/**
 * "Retry now": makes the failed payout (or its failed reversals) due and sends it at once, so the admin sees the
 * outcome; the audit log records the retry. The host hears of a payout sent this way as of one the job sent.
 */
export async function retryPayout(
  context: Context,
  admin: Admin,
  input: { payoutId: string; now: Date; origin: string },
): Promise<RetryOutcome> {
  const { db } = context;
  const due = await retryPayoutNow(db, input.payoutId, input.now);
  if (!due) return { kind: "gone" };
  const { bookingId } = due;
  await auditInsert(
    db,
    admin,
    { action: "retry_payout", targetType: "payout", targetId: input.payoutId, details: { booking: bookingId } },
    input.now,
  );
  // This payout only: the booking's other charges' payouts keep to the job's schedule.
  const sent = await sendPayoutNow(context, input.now, input.origin, input.payoutId);
  if (sent?.ok) {
    await db.insert(notifications).values({
      userId: sent.hostId,
      type: "payout_sent",
      data: { booking_id: bookingId, amount: sent.amount },
      createdAt: input.now,
    });
  }
  // A reversal waits for its payout's transfer: after a successful retry it can go too. The job's sender sends every
  // due reversal; this payout's are picked from its answer.
  const ours = await db
    .select({ id: payoutReversals.id })
    .from(payoutReversals)
    .where(eq(payoutReversals.payoutId, input.payoutId));
  const ids = new Set(ours.map((r) => r.id));
  const reversed = (await sendDueReversals(context, input.now, input.origin)).filter((r) => ids.has(r.id));
  if (sent) {
    return sent.ok
      ? { kind: "paid", bookingId, amount: sent.amount }
      : { kind: "failed", bookingId, reason: sent.error ?? "" };
  }
  const failedReversal = reversed.find((r) => !r.ok);
  if (failedReversal) return { kind: "reversalFailed", bookingId, reason: failedReversal.error ?? "" };
  if (reversed.length > 0) return { kind: "reversed", bookingId };
  return { kind: "waiting", bookingId };
}

/** What an admin is told of a payout's retry (the toast on the page they retried from). */
export function retryToast(outcome: Exclude<RetryOutcome, { kind: "gone" }>): ToastInput {
  const reference = bookingReference(outcome.bookingId);
  const reason = "reason" in outcome ? outcome.reason.slice(0, 200) : "";
  switch (outcome.kind) {
    case "paid":
      return { type: "success", title: "admin:payouts.toasts.paid", values: { reference } };
    case "failed":
      return { type: "error", title: "admin:payouts.toasts.failed", values: { reference, reason } };
    case "reversed":
      return { type: "success", title: "admin:payouts.toasts.reversed", values: { reference } };
    case "reversalFailed":
      return { type: "error", title: "admin:payouts.toasts.reversalFailed", values: { reference, reason } };
    case "waiting":
      return { type: "info", title: "admin:payouts.toasts.waiting", values: { reference } };
  }
}

/** Which charge a refund or payout moves, and which of its line items (null: the charge as a whole). */
export interface MovedCharge {
  /** The charge's purpose (null: a charge the page does not have, never so since every row names one). */
  chargePurpose: ChargePurpose | null;
  lineItem: LineItemCode | null;
}

/** One movement of a booking's money, for its money page, in time order (`at` in ms; null: not dated, last). */
export type MoneyEvent =
  | {
      kind: "payment";
      at: number | null;
      /** The charge's purpose: the rental, or a later charge (an extension, a reimbursement …). */
      purpose: ChargePurpose;
      amount: number;
      status: string;
      /** What it is made of, and who receives each part (decision 035). */
      items: Pick<LineItem, "code" | "quantity" | "unitAmount" | "amount" | "receiver">[];
    }
  | { kind: "depositHeld"; at: number | null; amount: number }
  | { kind: "depositSettled"; at: number | null; status: string; kept: number; returned: number }
  | ({
      kind: "refund";
      at: number;
      id: string;
      refundKind: string;
      amount: number;
      status: string;
      attempts: number;
      error: string | null;
      reason: string | null;
      stripeId: string | null;
      doneAt: number | null;
    } & MovedCharge)
  | ({
      kind: "payout";
      at: number;
      id: string;
      amount: number;
      sentAmount: number | null;
      status: string;
      attempts: number;
      error: string | null;
      nextAttemptAt: number | null;
      transferId: string | null;
      paidAt: number | null;
    } & MovedCharge)
  | {
      kind: "reversal";
      forFailedRefund: boolean;
      at: number;
      id: string;
      amount: number;
      status: string;
      attempts: number;
      error: string | null;
      stripeId: string | null;
      doneAt: number | null;
    };

/** Every movement of the booking's money: the payments, the deposit, the refunds, the payouts and their reversals. */
export function moneyEvents(c: MoneyCase): MoneyEvent[] {
  const { booking } = c;
  const moved = (row: { chargeId: string | null; lineItemId: string | null }): MovedCharge => {
    const charge = c.charges.find((ch) => ch.id === row.chargeId);
    return {
      chargePurpose: charge?.purpose ?? null,
      lineItem: charge?.items.find((item) => item.id === row.lineItemId)?.code ?? null,
    };
  };
  const paidAt = (booking.confirmedAt ?? booking.createdAt).getTime();
  // One payment per charge: the rental's when the booking was confirmed (it was captured then), a later one when made.
  const events: MoneyEvent[] = c.charges.map((charge) => ({
    kind: "payment",
    at: charge.purpose === "rental" ? paidAt : charge.createdAt.getTime(),
    purpose: charge.purpose,
    amount: charge.amount,
    status: charge.status,
    items: charge.items.map(({ code, quantity, unitAmount, amount, receiver }) => ({
      code,
      quantity,
      unitAmount,
      amount,
      receiver,
    })),
  }));
  if (booking.depositAmount > 0 && booking.depositStatus !== "none") {
    events.push({ kind: "depositHeld", at: paidAt, amount: booking.depositAmount });
  }
  if (["returned", "partly_kept", "kept"].includes(booking.depositStatus)) {
    const refund = c.refunds.find((r) => r.kind === "deposit");
    events.push({
      kind: "depositSettled",
      at: refund?.createdAt.getTime() ?? booking.claimWindowEndsAt?.getTime() ?? booking.completedAt?.getTime() ?? null,
      status: booking.depositStatus,
      kept: booking.depositKept,
      returned: booking.depositAmount - booking.depositKept,
    });
  }
  for (const r of c.refunds) {
    events.push({
      kind: "refund",
      at: r.createdAt.getTime(),
      id: r.id,
      refundKind: r.kind,
      amount: r.amount,
      // A failed refund with nothing due waits for an admin (Stripe accepted it and could not make it, or the job
      // gave up): `held`, told apart from one the job will retry.
      status: r.status === "failed" && r.nextAttemptAt === null ? "held" : r.status,
      attempts: r.attempts,
      error: r.lastError,
      reason: r.reason,
      stripeId: r.stripeRefundId,
      doneAt: r.succeededAt?.getTime() ?? null,
      ...moved(r),
    });
  }
  for (const p of c.payouts) {
    events.push({
      kind: "payout",
      at: p.createdAt.getTime(),
      id: p.id,
      amount: p.amount,
      sentAmount: p.sentAmount,
      status: p.status,
      attempts: p.attempts,
      error: p.lastError,
      nextAttemptAt: p.nextAttemptAt?.getTime() ?? null,
      transferId: p.stripeTransferId,
      paidAt: p.paidAt?.getTime() ?? null,
      ...moved(p),
    });
  }
  for (const r of c.allReversals) {
    const refund = c.refunds.find((f) => f.id === r.refundId);
    events.push({
      kind: "reversal",
      // Taken back from the host for a refund that failed afterwards (Stripe said succeeded, then failed): the admin
      // must know the renter is still owed the refund.
      forFailedRefund: r.status === "succeeded" && refund?.status === "failed",
      at: r.createdAt.getTime(),
      id: r.id,
      amount: r.amount,
      status: r.status,
      attempts: r.attempts,
      error: r.lastError,
      stripeId: r.stripeReversalId,
      doneAt: r.succeededAt?.getTime() ?? null,
    });
  }
  // Stable: events of the same moment keep the order above (payments, deposit, refunds, payouts, reversals).
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => (a.event.at ?? Infinity) - (b.event.at ?? Infinity) || a.index - b.index)
    .map(({ event }) => event);
}
