// How a deposit ends (decision 022): the booking's deposit_status and deposit_kept set from what is kept, and the
// rest written down as owed back to the renter, in the caller's batch. The job uses it for a deposit nobody claimed,
// a claim's settlement for what the claim kept (damage-claims.server.ts).
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DepositStatus } from "#db/enums";
import { bookings } from "#db/schema";
import type { Db } from "~/db.server";
import { owedRefund } from "~/payments/refunds.server";
import { depositSettlement } from "~/pricing/refund-amounts";

/**
 * The statements that settle a booking's deposit, for one `db.batch`: the booking moves from `from` to the split's
 * status (only if it is still at `from` and `when` holds), and the refund of the rest is written only if that move
 * took place in this batch (the booking stamped with `now`). Send the refund after the batch.
 */
export function settleDeposit(
  db: Db,
  input: { bookingId: string; deposit: number; kept: number; from: DepositStatus; now: Date; when?: SQL },
) {
  const split = depositSettlement(input.deposit, input.kept);
  const settle = db
    .update(bookings)
    .set({ depositStatus: split.status, depositKept: split.kept, updatedAt: input.now })
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.depositStatus, input.from), input.when))
    .returning({ id: bookings.id });
  const refund = owedRefund(db, {
    bookingId: input.bookingId,
    kind: "deposit",
    amount: split.refund,
    now: input.now,
    onlyIf: sql`exists (select 1 from bookings as b where b.id = ${input.bookingId} and b.deposit_status = ${split.status} and b.updated_at = ${input.now.getTime()})`,
  });
  return { split, settle, refund };
}
