// The admins' side of damage claims and refunds (decision 022): the queue at /admin/claims (disputed claims first, the
// longest waiting first, then the others by status), a claim's decision with its audit line, and the refunds that
// failed, with "retry now". The claim's rules and its settlement are the bookings area's (damage-claims.server.ts);
// the money is the payments area's (refunds.server.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, eq, sql } from "drizzle-orm";
import { bookings, cars, damageClaims, refunds } from "#db/schema";
import { auditInsert, type Admin } from "~/admin/audit.server";
import { decideClaim } from "~/claims/damage-claims.server";
import type { Db } from "~/db.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { retryRefundNow, sendBookingRefunds } from "~/payments/refunds.server";

type Context = Pick<AppLoadContext, "db" | "env">;

/** Disputed first, then awaiting, then the settled ones. */
const STATUS_ORDER = sql`case ${damageClaims.status} when 'disputed' then 0 when 'awaiting_renter' then 1 when 'lapsed' then 2 when 'accepted' then 3 else 4 end`;

/** The claims queue: the newest 200, disputed ones first (oldest dispute first), then by status and date. */
export function listClaims(db: Db) {
  return db
    .select({
      id: damageClaims.id,
      bookingId: damageClaims.bookingId,
      status: damageClaims.status,
      amount: damageClaims.amount,
      categories: damageClaims.categories,
      respondedAt: damageClaims.respondedAt,
      createdAt: damageClaims.createdAt,
      deposit: bookings.depositAmount,
      car: { make: cars.make, model: cars.model },
    })
    .from(damageClaims)
    .innerJoin(bookings, eq(bookings.id, damageClaims.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .orderBy(
      STATUS_ORDER,
      sql`case when ${damageClaims.status} = 'disputed' then ${damageClaims.respondedAt} end asc`,
      desc(damageClaims.createdAt),
    )
    .limit(200);
}

/** How many disputed claims wait for an admin (the tab's badge). */
export async function countDisputedClaims(db: Db) {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(damageClaims)
    .where(eq(damageClaims.status, "disputed"));
  return Number(row?.count ?? 0);
}

/** The booking a claim is about, as SQL (a subquery), so the admin's claim page reads the case in one round trip. */
export function claimBookingIdSql(claimId: string) {
  return sql`(select ${damageClaims.bookingId} from ${damageClaims} where ${damageClaims.id} = ${claimId})`;
}

/** An admin's decision, settled by the bookings area, with its audit line in the same batch. */
export function decideClaimAsAdmin(
  context: Context,
  admin: Admin,
  input: { claimId: string; amount: number; reason: string; now: Date; origin: string },
) {
  return decideClaim(context, {
    ...input,
    adminId: admin.id,
    audit: (onlyIf) =>
      auditInsert(
        context.db,
        admin,
        {
          action: "decide_claim",
          targetType: "claim",
          targetId: input.claimId,
          details: { amount: input.amount, reason: input.reason },
        },
        input.now,
        onlyIf,
      ),
  });
}

/**
 * Refunds that failed and wait for the job's next attempt (or an admin's retry), oldest first; among them those
 * Stripe accepted and then could not make (`reissues` > 0, nothing due), which only an admin's retry sends again.
 */
export function listFailedRefunds(db: Db) {
  return db
    .select({
      id: refunds.id,
      bookingId: refunds.bookingId,
      kind: refunds.kind,
      amount: refunds.amount,
      attempts: refunds.attempts,
      lastError: refunds.lastError,
      nextAttemptAt: refunds.nextAttemptAt,
      reissues: refunds.reissues,
    })
    .from(refunds)
    .where(eq(refunds.status, "failed"))
    .orderBy(asc(refunds.createdAt))
    .limit(100);
}

/**
 * "Retry now": makes the failed refund due and sends its booking's refunds at once; the audit log records the retry.
 * False when there was no such failed refund (it succeeded meanwhile, or never failed).
 */
export async function retryRefund(
  context: Context,
  admin: Admin,
  input: { refundId: string; now: Date; origin: string },
) {
  const { db } = context;
  const due = await retryRefundNow(db, input.refundId, input.now);
  if (!due) return false;
  await auditInsert(
    db,
    admin,
    { action: "retry_refund", targetType: "refund", targetId: input.refundId, details: { booking: due.bookingId } },
    input.now,
  );
  await sendBookingRefunds(db, getPaymentGateway(context.env, input.origin), [due.bookingId], input.now);
  return true;
}
