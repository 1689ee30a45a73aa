// An admin's refund of a booking whose payment was captured (decision 023), with the host's part taken back
// from their payout. What the money page shows and bounds:
//
//   refund     ≤ what is left refundable of the payment: the total less every refund made or owed
//   host part  ≤ the refund, and ≤ what is left of the payout (payout-amounts.ts#reversible); proposed by
//                suggestedHostPart (in proportion to what the host got of the rental)
//   platform   = refund − host part
//
// How the host's part comes back depends on where the payout is: sent (paid) → a Stripe transfer reversal, sent now;
// not yet taken for sending (waiting or scheduled) → netted, its transfer goes that much smaller (the payout job);
// taken, its amount fixed, but not through (failed, or sending) → reversed once the transfer is made (the job).
// A booking not yet settled has no payout to take from: the host's part is 0 and the platform covers the refund
// (the payout, written at settlement, is the host's full share). An admin who wants the host to bear part waits for
// the settlement; the page says so.
//
// One admin refund per booking: the refunds ledger's unique (charge, kind), the charge being the booking's rental
// charge (what the page bounds and refunds; a later charge's refunds are its own). The refund, the reversal and the
// audit line are written in one batch, the refund only while the bounds still hold at that moment (a second click, or
// two admins at once, write nothing the second time), the other two only if the refund was written.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { alias } from "drizzle-orm/sqlite-core";
import { and, asc, eq, sql } from "drizzle-orm";
import { bookings, cars, profiles, refunds } from "#db/schema";
import { auditInsert, type Admin } from "~/admin/audit.server";
import type { TakeBack } from "~/admin/payout-view";
import type { Db } from "~/db.server";
import { findCharges, movesRentalOf, rentalChargeIdOf } from "~/payments/charges.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { owedRefund, sendBookingRefunds } from "~/payments/refunds.server";
import { findPayouts, reversalKey, reversedTotal, sendDueReversals } from "~/payouts/payouts.server";
import { reversible, suggestedHostPart } from "~/pricing/payout-amounts";

type Context = Pick<AppLoadContext, "db" | "env">;

const host = alias(profiles, "host");
const renter = alias(profiles, "renter");

/**
 * A booking's money: its charges with their line items, the payment, its refunds, its deposit, its payouts (one per
 * charge) and their reversals; `payout` and `reversals` are the rental charge's, which an admin's refund takes from.
 */
export async function findMoneyCase(db: Db, bookingId: string) {
  // Everything by the booking's id at once (what hangs off its charges and payouts by subqueries): one round trip.
  const [[booking], rows, paidOut, charged] = await Promise.all([
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        totalAmount: bookings.totalAmount,
        depositAmount: bookings.depositAmount,
        depositStatus: bookings.depositStatus,
        depositKept: bookings.depositKept,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        createdAt: bookings.createdAt,
        confirmedAt: bookings.confirmedAt,
        completedAt: bookings.completedAt,
        cancelledAt: bookings.cancelledAt,
        claimWindowEndsAt: bookings.claimWindowEndsAt,
        car: { make: cars.make, model: cars.model },
        hostId: bookings.ownerId,
        hostName: host.fullName,
        renterId: bookings.renterId,
        renterName: renter.fullName,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .leftJoin(host, eq(host.id, bookings.ownerId))
      .leftJoin(renter, eq(renter.id, bookings.renterId))
      .where(eq(bookings.id, bookingId))
      .limit(1),
    db
      .select({
        id: refunds.id,
        kind: refunds.kind,
        amount: refunds.amount,
        status: refunds.status,
        attempts: refunds.attempts,
        lastError: refunds.lastError,
        nextAttemptAt: refunds.nextAttemptAt,
        stripeRefundId: refunds.stripeRefundId,
        succeededAt: refunds.succeededAt,
        reason: refunds.reason,
        createdAt: refunds.createdAt,
        chargeId: refunds.chargeId,
        lineItemId: refunds.lineItemId,
      })
      .from(refunds)
      .where(eq(refunds.bookingId, bookingId))
      .orderBy(asc(refunds.createdAt)),
    findPayouts(db, bookingId),
    findCharges(db, bookingId),
  ]);
  if (!booking) return null;
  const rentalId = charged.find((charge) => charge.purpose === "rental")?.id ?? null;
  const payout = paidOut.payouts.find((p) => p.chargeId === rentalId) ?? null;
  return {
    booking,
    charges: charged,
    refunds: rows,
    payout,
    reversals: payout ? paidOut.reversals.filter((r) => r.payoutId === payout.id) : [],
    payouts: paidOut.payouts,
    allReversals: paidOut.reversals,
  };
}

export type MoneyCase = NonNullable<Awaited<ReturnType<typeof findMoneyCase>>>;

export interface RefundBounds {
  captured: boolean;
  /** What refunds of the rental charge gave back or owe. */
  refunded: number;
  /** The total less every refund made or owed. */
  refundable: number;
  /** What is left of the payout to take back (0 without one). */
  reversible: number;
  takeBack: TakeBack;
  /** The booking's admin refund, when it has one (there can be only one). */
  adminRefundId: string | null;
}

/** The refunds of the booking's rental charge: what an admin's refund here is bounded by (a later charge's are not). */
const rentalRefunds = (c: MoneyCase) => {
  const rentalId = c.charges.find((charge) => charge.purpose === "rental")?.id;
  return c.refunds.filter((r) => r.chargeId === null || r.chargeId === rentalId);
};

export function refundBounds(c: MoneyCase): RefundBounds {
  const owed = rentalRefunds(c).reduce((sum, r) => sum + r.amount, 0);
  const { payout } = c;
  const takeBack: TakeBack = !payout
    ? "none"
    : payout.status === "paid"
      ? "reversal"
      : payout.sentAmount === null
        ? "netted"
        : "after_transfer";
  return {
    captured: c.booking.paymentStatus === "captured",
    refunded: owed,
    refundable: Math.max(0, c.booking.totalAmount - owed),
    reversible: payout ? reversible(payout, reversedTotal(c.reversals)) : 0,
    takeBack,
    adminRefundId: rentalRefunds(c).find((r) => r.kind === "admin")?.id ?? null,
  };
}

/** The host's part proposed for a refund of `amount` cents. */
export function proposedHostPart(c: MoneyCase, amount: number): number {
  if (!c.payout) return 0;
  return suggestedHostPart(amount, c.booking, c.payout, reversedTotal(c.reversals));
}

/** What a refund of `amount` with `hostPart` taken back comes to: the review the admin confirms. */
export function refundPlan(c: MoneyCase, amount: number, hostPart: number | null) {
  const bounds = refundBounds(c);
  const part = hostPart ?? proposedHostPart(c, amount);
  return { amount, hostPart: part, platform: amount - part, takeBack: bounds.takeBack, proposed: hostPart === null };
}

export type AdminRefundResult =
  | {
      ok: true;
      refundId: string;
      refundSent: boolean;
      /** Where the refund stands: made, on its way, owed (the job retries), or held for an admin. */
      refundState: "succeeded" | "processing" | "owed" | "held";
      reversalSent: boolean | null;
    }
  | { ok: false; error: "duplicate" | "changed" | "notCaptured" };

/**
 * Writes the admin's refund (and the host's part, and the audit line) in one batch, then sends the refund, and the
 * reversal if the payout was sent; what fails there is retried by the scheduled job.
 */
export async function refundAsAdmin(
  context: Context,
  admin: Admin,
  input: { bookingId: string; amount: number; hostPart: number; reason: string; now: Date; origin: string },
): Promise<AdminRefundResult> {
  const { db } = context;
  const { bookingId, amount, hostPart, reason, now } = input;
  const found = await findMoneyCase(db, bookingId);
  if (!found) return { ok: false, error: "changed" };
  const bounds = refundBounds(found);
  if (bounds.adminRefundId) return { ok: false, error: "duplicate" };
  if (!bounds.captured) return { ok: false, error: "notCaptured" };
  const payout = hostPart > 0 ? found.payout : null;
  if (hostPart > 0 && !payout) return { ok: false, error: "changed" };

  const refundId = crypto.randomUUID();
  const reversalId = crypto.randomUUID();
  // The bounds, again at the moment of writing: the payment still captured and enough of it left, and (with a host
  // part) enough of the payout left. Checked above too, for a friendly answer; this is what makes it safe.
  const stillBounded = sql.join(
    [
      sql`exists (select 1 from bookings b where b.id = ${bookingId} and b.payment_status = 'captured'
        and b.total_amount - (select coalesce(sum(r.amount), 0) from refunds r where r.booking_id = ${bookingId}
          and (r.charge_id = ${rentalChargeIdOf(bookingId)} or r.charge_id is null))
          >= ${amount})`,
      ...(payout
        ? [
            sql`(select p.amount - coalesce((select sum(x.amount) from payout_reversals x where x.payout_id = p.id), 0)
              from payouts p where p.id = ${payout.id}) >= ${hostPart}`,
          ]
        : []),
    ],
    sql` and `,
  );
  const written = sql`exists (select 1 from refunds where id = ${refundId})`;
  const refund = owedRefund(db, { bookingId, kind: "admin", amount, now, onlyIf: stillBounded, id: refundId, reason });
  if (!refund) return { ok: false, error: "changed" };
  await db.batch([
    refund,
    ...(payout
      ? [
          db.run(sql`insert into payout_reversals (id, payout_id, refund_id, amount, status, idempotency_key, attempts, created_at)
            select ${reversalId}, ${payout.id}, ${refundId}, ${hostPart}, 'pending', ${reversalKey(refundId)}, 0, ${now.getTime()}
            where ${written}`),
        ]
      : []),
    auditInsert(
      db,
      admin,
      {
        action: "refund_booking",
        targetType: "booking",
        targetId: bookingId,
        details: { amount, hostPart, reason },
      },
      now,
      written,
    ),
  ]);
  const [made] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!made) {
    const [other] = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(eq(refunds.bookingId, bookingId), movesRentalOf(refunds.chargeId, bookingId), eq(refunds.kind, "admin")),
      )
      .limit(1);
    return { ok: false, error: other ? "duplicate" : "changed" };
  }

  const gateway = getPaymentGateway(context.env, input.origin);
  const sent = await sendBookingRefunds(db, gateway, [bookingId], now);
  const mine = sent.find((s) => s.id === refundId);
  const refundSent = mine?.ok ?? false;
  const refundState = !mine || mine.status === "failed" ? (mine?.held ? "held" : "owed") : mine.status;
  let reversalSent: boolean | null = null;
  // The host's part is taken back once the refund is made (a refund on its way: by the job, when it is).
  if (payout?.status === "paid" && sent.find((s) => s.id === refundId)?.status === "succeeded") {
    const reversed = await sendDueReversals(context, now, input.origin);
    reversalSent = reversed.find((r) => r.id === reversalId)?.ok ?? false;
  }
  return { ok: true, refundId, refundSent, refundState, reversalSent };
}
