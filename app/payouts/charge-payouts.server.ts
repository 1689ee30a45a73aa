// The payouts of a booking's charges after the rental (decision 035, 2026-11-29): an extension's host share, a
// reimbursement's host line. Each is its own payout, one per charge, written by the scheduled job once the charge is
// payable (payout-rules.ts#chargePayableNow, with the amounts of pricing/payout-amounts.ts) and sent by the same
// sender as the rental's (payouts.server.ts): a Stripe transfer from that charge's payment (`source_transaction` its
// Stripe charge), `transfer_group` the booking, under the key `payout-<charge key>` (and the line item's position for
// the payout of one line item). The rental charge's payout stays payouts.server.ts#owePayouts's, keyed by the booking.
import { and, asc, eq, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import { bookings, chargeLineItems, charges, payouts, refunds } from "#db/schema";
import type { Db } from "~/db.server";
import { scheduleWaitingPayouts } from "~/payouts/payout-accounts.server";
import { chargePayableNow } from "~/payouts/payout-rules";
import type { PayoutAmount } from "~/pricing/payout-amounts";

/** A booking's columns that decide its payouts (payout-rules.ts#settlement and pricing/payout-amounts.ts). */
export const SETTLING_COLUMNS = {
  id: bookings.id,
  ownerId: bookings.ownerId,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  depositStatus: bookings.depositStatus,
  cancelReason: bookings.cancelReason,
  startDate: bookings.startDate,
  endDate: bookings.endDate,
  completedAt: bookings.completedAt,
  cancelledAt: bookings.cancelledAt,
  claimWindowEndsAt: bookings.claimWindowEndsAt,
  totalAmount: bookings.totalAmount,
  depositAmount: bookings.depositAmount,
  depositKept: bookings.depositKept,
  insuranceCost: bookings.insuranceCost,
  platformFee: bookings.platformFee,
  dailyRate: bookings.dailyRate,
  subtotal: bookings.subtotal,
  hostEarnings: bookings.hostEarnings,
  cancellationPolicy: bookings.cancellationPolicy,
};

/** The payout key of a charge other than the rental, or of one of its line items: `payout-<key>[-<position>]`. */
export const chargePayoutKey = (chargeKey: string, linePosition?: number | null) =>
  `payout-${chargeKey}${linePosition === null || linePosition === undefined ? "" : `-${linePosition}`}`;

/** A host line of the charge (`c`) not yet given back in full: something is left to pay out of it. */
const hostLineLeft = sql`exists (select 1 from ${chargeLineItems} li where li.charge_id = ${charges.id}
  and li.receiver = 'host'
  and li.amount > (select coalesce(sum(r.amount), 0) from ${refunds} r where r.line_item_id = li.id))`;

/**
 * Writes the payouts of the charges after the rental that became payable; returns how many were written. The scan
 * asks in SQL what the rule needs at the least (captured, no payout yet, something left for the host, and for an
 * extension a booking completed with its deposit settled and its claim window closed), so what waits does not crowd
 * out what is due; the rule decides.
 */
export async function oweChargePayouts(db: Db, now: Date): Promise<number> {
  const candidates = await db
    .select({
      chargeId: charges.id,
      purpose: charges.purpose,
      status: charges.status,
      key: charges.idempotencyKey,
      booking: SETTLING_COLUMNS,
    })
    .from(charges)
    .innerJoin(bookings, eq(bookings.id, charges.bookingId))
    .leftJoin(payouts, eq(payouts.chargeId, charges.id))
    .where(
      and(
        isNull(payouts.id),
        ne(charges.purpose, "rental"),
        eq(charges.status, "captured"),
        hostLineLeft,
        sql`(${charges.purpose} = 'reimbursement' or (${and(
          inArray(charges.purpose, ["extension", "add_on"]),
          eq(bookings.status, "completed"),
          inArray(bookings.depositStatus, ["none", "returned", "partly_kept", "kept"]),
          lte(sql`coalesce(${bookings.claimWindowEndsAt}, ${bookings.completedAt})`, now.getTime()),
        )}))`,
      ),
    )
    .orderBy(asc(charges.createdAt))
    .limit(200);
  if (candidates.length === 0) return 0;
  const lines = await db
    .select({
      id: chargeLineItems.id,
      chargeId: chargeLineItems.chargeId,
      position: chargeLineItems.position,
      amount: chargeLineItems.amount,
      payer: chargeLineItems.payer,
      receiver: chargeLineItems.receiver,
      // Raw names: in a select from one table drizzle leaves the outer column unqualified.
      refunded: sql<number>`(select coalesce(sum(r.amount), 0) from ${refunds} r where r.line_item_id = "charge_line_items"."id")`,
    })
    .from(chargeLineItems)
    .where(
      inArray(
        chargeLineItems.chargeId,
        candidates.map((c) => c.chargeId),
      ),
    )
    .orderBy(asc(chargeLineItems.position));
  const owed: OwedPayout[] = [];
  for (const charge of candidates) {
    const items = lines
      .filter((line) => line.chargeId === charge.chargeId)
      .map((line) => ({ ...line, refunded: Number(line.refunded) }));
    const payable = chargePayableNow({ ...charge, items }, charge.booking, now);
    if (!payable) continue;
    owed.push({
      booking: charge.booking,
      payable,
      key: chargePayoutKey(charge.key, payable.line?.position),
      chargeId: charge.chargeId,
      lineItemId: payable.line?.id ?? null,
    });
  }
  return writeOwedPayouts(db, now, owed);
}

/** A payout the job found owed: of which booking and host, how much and from when, its key, charge and line item. */
export interface OwedPayout {
  booking: { id: string; ownerId: string };
  payable: PayoutAmount & { settledAt: number };
  key: string;
  /** The charge's id, or an expression of it (the booking's rental charge). */
  chargeId: string | SQL;
  lineItemId?: string | null;
}

/**
 * Writes the payouts the job found owed (the rental's, payouts.server.ts#owePayouts, and the later charges'), each
 * waiting for its host's account, then scheduled at once for hosts who can receive transfers (the same rule as an
 * account change); a payout already written for its charge is left as it is. Returns how many were owed.
 */
export async function writeOwedPayouts(db: Db, now: Date, owed: OwedPayout[]): Promise<number> {
  if (owed.length === 0) return 0;
  const values: SQLiteInsertValue<typeof payouts>[] = owed.map((o) => ({
    id: crypto.randomUUID(),
    bookingId: o.booking.id,
    hostId: o.booking.ownerId,
    gross: o.payable.gross,
    hostShare: o.payable.hostShare,
    claimKept: o.payable.claimKept,
    amount: o.payable.amount,
    status: "waiting_for_account",
    idempotencyKey: o.key,
    chargeId: o.chargeId,
    lineItemId: o.lineItemId ?? null,
    settledAt: new Date(o.payable.settledAt),
    createdAt: now,
    updatedAt: now,
  }));
  await db.batch([db.insert(payouts).values(values).onConflictDoNothing(), ...scheduleWaitingPayouts(db, now)]);
  return values.length;
}
