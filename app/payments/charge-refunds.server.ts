// Refunds of a given charge or of one of its line items (decision 035, 2026-11-29): the statement that writes one down
// (refunds.server.ts#owedRefund hands a refund that names its charge or line item here), its ledger key, and what is
// left to give back of a charge or line item. The sending, the events and the retries are refunds.server.ts's, the
// same for every charge; the amount is pricing/refund-amounts.ts#lineItemRefund's.
import { eq, sql, type SQL } from "drizzle-orm";
import type { ChargePurpose, RefundKind } from "#db/enums";
import { chargeLineItems, charges, refunds } from "#db/schema";
import type { Db } from "~/db.server";

/** `refund-<base>-<kind>[-<line item position>]`: the one shape of a refund's ledger key. */
export const refundKeyOf = (base: string, kind: RefundKind, linePosition?: number | null) =>
  `refund-${base}-${kind}${linePosition === null || linePosition === undefined ? "" : `-${linePosition}`}`;

/**
 * The ledger's key of a refund of a charge (or of one of its line items): the rental charge's keeps the booking's
 * key of before charges (`refund-<booking>-<kind>`), so the rows and Stripe's memory of those keys still match; any
 * other charge's is its own key's (`refund-<charge key>-<kind>`); a line item's adds its position. `owedChargeRefund`
 * writes the same in SQL.
 */
export function ledgerRefundKey(input: {
  bookingId: string;
  kind: RefundKind;
  charge: { purpose: ChargePurpose; idempotencyKey: string };
  linePosition?: number | null;
}) {
  const base = input.charge.purpose === "rental" ? input.bookingId : input.charge.idempotencyKey;
  return refundKeyOf(base, input.kind, input.linePosition);
}

/** A refund to write down (refunds.server.ts#owedRefund). */
export interface ChargeRefundInput {
  bookingId: string;
  kind: RefundKind;
  amount: number;
  now: Date;
  /** An SQL condition the insert also needs (e.g. that the change owing it took place in the same batch). */
  onlyIf?: SQL;
  /** Given when the caller's batch also refers to the refund (a payout reversal of an admin's refund). */
  id?: string;
  /** An admin's reason (kind `admin`). */
  reason?: string | null;
  /** The charge it gives back (part of); the line item's, or the booking's rental charge when neither is given. */
  chargeId?: string;
  /** The one line item it gives back (part of), of `chargeId` if given. */
  lineItemId?: string;
}

/**
 * The statement that writes down a refund of a given charge or line item: its key made from the charge's (as
 * ledgerRefundKey), and written only if the charge is the booking's, the line item the charge's, and the amount no
 * more than is left of either after every refund made or owed of it (and `onlyIf` holds). A second one of the same
 * kind of the same charge (or line item) is ignored (the unique indexes).
 */
export function owedChargeRefund(db: Db, input: ChargeRefundInput) {
  const { bookingId, kind, amount, now } = input;
  const chargeId = input.chargeId
    ? sql`${input.chargeId}`
    : sql`(select l.charge_id from ${chargeLineItems} l where l.id = ${input.lineItemId ?? null})`;
  const line = input.lineItemId ?? null;
  const left = (paid: SQL, of: SQL) =>
    sql`${amount} <= ${paid} - (select coalesce(sum(r.amount), 0) from ${refunds} r where ${of})`;
  const conditions = [
    sql`c.id = ${chargeId}`,
    sql`c.booking_id = ${bookingId}`,
    left(sql`c.amount`, sql`r.charge_id = c.id`),
    ...(line ? [sql`li.id is not null`, left(sql`li.amount`, sql`r.line_item_id = li.id`)] : []),
    ...(input.onlyIf ? [input.onlyIf] : []),
  ];
  // The table's columns in order (id … succeeded_at, reason, created_at, reissues, charge_id, line_item_id).
  return db
    .insert(refunds)
    .select(
      sql`select ${input.id ?? crypto.randomUUID()}, ${bookingId}, ${kind}, ${amount}, 'pending',
        'refund-' || (case when c.purpose = 'rental' then c.booking_id else c.idempotency_key end) || '-' || ${kind}
          || coalesce('-' || li.position, ''),
        0, null, null, null, null, ${input.reason ?? null}, ${now.getTime()}, 0, c.id, li.id
      from ${charges} c left join ${chargeLineItems} li on li.id = ${line} and li.charge_id = c.id
      where ${sql.join(conditions, sql` and `)}`,
    )
    .onConflictDoNothing();
}

/**
 * What was paid of a charge (or of one of its line items) and what its refunds, made or owed, gave back of it: what
 * pricing/refund-amounts.ts#lineItemRefund bounds a new refund by. Null when there is no such charge or line item.
 */
export async function findRefunded(db: Db, of: { chargeId: string } | { lineItemId: string }) {
  const [row] =
    "chargeId" in of
      ? await db
          .select({
            amount: charges.amount,
            // Raw names: in a select from one table drizzle leaves the outer column unqualified.
            refunded: sql<number>`(select coalesce(sum(r.amount), 0) from ${refunds} r where r.charge_id = "charges"."id")`,
          })
          .from(charges)
          .where(eq(charges.id, of.chargeId))
      : await db
          .select({
            amount: chargeLineItems.amount,
            refunded: sql<number>`(select coalesce(sum(r.amount), 0) from ${refunds} r where r.line_item_id = "charge_line_items"."id")`,
          })
          .from(chargeLineItems)
          .where(eq(chargeLineItems.id, of.lineItemId));
  return row ? { amount: row.amount, refunded: Number(row.refunded) } : null;
}
