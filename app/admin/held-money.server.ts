// /admin/held-money: every movement of money held for an admin, of every kind, in one list — refunds, payouts and
// payout reversals the scheduled job gave up on, or that Stripe refused in a way a new attempt would not mend (the one
// "held" state of payments/money-runner.server.ts). An admin reads Stripe's reason, mends what is needed and retries:
// the retry is the kind's own (admin/claims.server.ts#retryRefund, admin/payout-admin.server.ts#retryPayout), so it
// is audited and tells the host as those do. The per-kind pages (/admin/claims, /admin/payouts) also list what is
// failing and still retried on its own.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, sql } from "drizzle-orm";
import type { RefundKind } from "#db/enums";
import { payoutReversals, payouts, refunds } from "#db/schema";
import type { Admin } from "~/admin/audit.server";
import { retryRefund } from "~/admin/claims.server";
import { retryPayout, type RetryOutcome } from "~/admin/payout-admin.server";
import type { Db } from "~/db.server";
import type { MovementKind } from "~/payments/money-attempts";
import { heldForAdmin } from "~/payments/money-runner.server";

type Context = Pick<AppLoadContext, "db" | "env">;

/** The most of each kind listed (a longer list is a bigger problem than a page solves). */
export const HELD_SHOWN = 100;

export interface HeldMovement {
  kind: MovementKind;
  id: string;
  bookingId: string;
  amount: number;
  attempts: number;
  lastError: string | null;
  /** When the movement was owed. */
  since: Date;
  /** A refund's kind (cancellation, deposit, admin …). */
  refundKind?: RefundKind;
  /** A refund Stripe accepted and then could not make (its next attempt is a new refund). */
  acceptedThenFailed?: boolean;
}

/** Every held movement, oldest first (they have waited longest). */
export async function listHeldMoney(db: Db): Promise<HeldMovement[]> {
  const [heldRefunds, heldPayouts, heldReversals] = await Promise.all([
    db
      .select({
        id: refunds.id,
        bookingId: refunds.bookingId,
        amount: refunds.amount,
        attempts: refunds.attempts,
        lastError: refunds.lastError,
        since: refunds.createdAt,
        refundKind: refunds.kind,
        reissues: refunds.reissues,
      })
      .from(refunds)
      .where(heldForAdmin(refunds))
      .orderBy(asc(refunds.createdAt))
      .limit(HELD_SHOWN),
    db
      .select({
        id: payouts.id,
        bookingId: payouts.bookingId,
        amount: sql<number>`coalesce(${payouts.sentAmount}, ${payouts.amount})`,
        attempts: payouts.attempts,
        lastError: payouts.lastError,
        since: payouts.createdAt,
      })
      .from(payouts)
      .where(heldForAdmin(payouts))
      .orderBy(asc(payouts.createdAt))
      .limit(HELD_SHOWN),
    db
      .select({
        id: payoutReversals.id,
        bookingId: payouts.bookingId,
        amount: payoutReversals.amount,
        attempts: payoutReversals.attempts,
        lastError: payoutReversals.lastError,
        since: payoutReversals.createdAt,
      })
      .from(payoutReversals)
      .innerJoin(payouts, eq(payouts.id, payoutReversals.payoutId))
      .where(heldForAdmin(payoutReversals))
      .orderBy(asc(payoutReversals.createdAt))
      .limit(HELD_SHOWN),
  ]);
  const all: HeldMovement[] = [
    ...heldRefunds.map(({ reissues, ...row }) => ({
      ...row,
      kind: "refund" as const,
      acceptedThenFailed: reissues > 0,
    })),
    ...heldPayouts.map((row) => ({ ...row, amount: Number(row.amount), kind: "payout" as const })),
    ...heldReversals.map((row) => ({ ...row, kind: "reversal" as const })),
  ];
  return all.sort((a, b) => a.since.getTime() - b.since.getTime() || a.id.localeCompare(b.id));
}

/** How many movements are held, of every kind: the admin tab's badge. */
export async function countHeldMoney(db: Db) {
  const count = (table: typeof refunds | typeof payouts | typeof payoutReversals) =>
    sql`(select count(*) from ${table} where ${heldForAdmin(table)})`;
  const [row] = await db
    .select({ count: sql<number>`${count(refunds)} + ${count(payouts)} + ${count(payoutReversals)}` })
    .from(sql`(select 1)`);
  return Number(row?.count ?? 0);
}

export type HeldRetryOutcome =
  | { kind: "gone" }
  /** The refund was sent again: made, on its way, or failed again (with Stripe's reason). */
  | { kind: "refund"; bookingId: string; status: "succeeded" | "processing" | "failed"; reason: string }
  | RetryOutcome;

/**
 * An admin's retry of one held movement, by the kind's own retry. A reversal is retried through its payout (which
 * sends the payout's due reversals); gone when the movement is no longer held or failed (made meanwhile).
 */
export async function retryHeld(
  context: Context,
  admin: Admin,
  input: { kind: MovementKind; id: string; now: Date; origin: string },
): Promise<HeldRetryOutcome> {
  const { db } = context;
  if (input.kind === "refund") {
    const [refund] = await db.select({ bookingId: refunds.bookingId }).from(refunds).where(eq(refunds.id, input.id));
    if (!refund) return { kind: "gone" };
    const retried = await retryRefund(context, admin, { refundId: input.id, now: input.now, origin: input.origin });
    if (!retried) return { kind: "gone" };
    const [after] = await db
      .select({ status: refunds.status, lastError: refunds.lastError })
      .from(refunds)
      .where(eq(refunds.id, input.id));
    const status = after?.status === "succeeded" || after?.status === "processing" ? after.status : "failed";
    return { kind: "refund", bookingId: refund.bookingId, status, reason: after?.lastError ?? "" };
  }
  let payoutId = input.id;
  if (input.kind === "reversal") {
    const [reversal] = await db
      .select({ payoutId: payoutReversals.payoutId })
      .from(payoutReversals)
      .where(eq(payoutReversals.id, input.id));
    if (!reversal) return { kind: "gone" };
    payoutId = reversal.payoutId;
  }
  return retryPayout(context, admin, { payoutId, now: input.now, origin: input.origin });
}
