// The one function that writes a booking's status (docs/decisions/034): a row of the lifecycle's table
// (booking-lifecycle.ts) applied as ONE conditional write — `where status = <the row's from> and <its guard>`, and,
// for a person's action, `and payment_status = <what the action read>` (the `stillAt` of the old actions) — so of two
// people pressing at once only one wins and the loser finds nothing moved. What the transition owes is written in the
// same batch, conditional on the move (a refund by the policy, the deposit held or split and its refund, the overlapping
// requests declined, the host's counts); the rest of its effects are returned for the runner (booking-effects.server.ts).
// app/bookings/lifecycle-writers.test.ts fails if any other module writes `bookings.status` or the deposit's state.
import { and, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { PaymentStatus } from "#db/enums";
import { bookings, cars, profiles } from "#db/schema";
import { transitionNamed, type TransitionName } from "~/bookings/booking-lifecycle";
import { WITH_THE_WRITE, type Effect, type LifecycleTransition } from "~/bookings/lifecycle-shape";
import { claimWindowEnd, tripTimes } from "~/bookings/trip-rules";
import type { Db } from "~/db.server";
import { rentalChargeKey, rentalIntentId, rentalSessionId } from "~/payments/charges.server";
import { owedRefund } from "~/payments/refunds.server";
import { DEPOSIT_HELD_ON_CAPTURE } from "~/payments/settle.server";
import { cancellationRefund, depositSettlement, type PaidBooking } from "~/pricing/refund-amounts";

/** What a transition's write returns of each booking it moved: what its effects need. */
const MOVED_COLUMNS = {
  id: bookings.id,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  // The booking's rental charge's (decision 035).
  stripePaymentIntentId: rentalIntentId,
  checkoutSessionId: rentalSessionId,
  chargeKey: rentalChargeKey,
};

export interface MovedBooking {
  id: string;
  status: (typeof bookings.$inferSelect)["status"];
  paymentStatus: PaymentStatus;
  stripePaymentIntentId: string | null;
  checkoutSessionId: string | null;
  /** The base of the rental charge's gateway keys. */
  chargeKey: string | null;
}

/**
 * What the effects written with the move read of the booking (one booking): the refund by the policy its prices, the
 * counts its car or host, the claim window its dates, the deposit's split its deposit. Each effect checks that what it
 * needs was given.
 */
export type TransitionBooking = { id: string } & Partial<
  PaidBooking & {
    startDate: string;
    endDate: string;
    carId: string;
    ownerId: string;
    hostEarnings: number;
    paymentStatus: PaymentStatus;
  }
>;
type FullBooking = Required<TransitionBooking>;

function needs<K extends keyof FullBooking>(
  row: LifecycleTransition,
  booking: TransitionBooking | undefined,
  keys: K[],
): Pick<FullBooking, K> & TransitionBooking {
  const missing = booking ? keys.filter((key) => booking[key] === undefined) : keys;
  if (!booking || missing.length > 0)
    throw new Error(`${row.name}: its effects need the booking's ${missing.join(", ")}`);
  return booking as Pick<FullBooking, K> & TransitionBooking;
}

export interface TransitionInput {
  /** Which bookings: one by its id, or a sweep's condition (the status and the row's guard are added). */
  which: SQL;
  /** The payment state the caller read: the write takes place only if it is still the same. */
  seen?: { paymentStatus: PaymentStatus };
  /** The rest of the guard, checked by the database: a deadline passed, a record written in this batch. */
  when?: SQL;
  /** Who pressed the button, for a cancellation. */
  cancelledBy?: string;
  now: Date;
  /** One booking, for the effects written with the move. */
  booking?: TransitionBooking;
  /** The party whose action it is, for refund_by_policy (a host's cancellation refunds everything). */
  by?: "renter" | "host";
  /**
   * What a claim keeps of the deposit (pricing/refund-amounts.ts#claimKept), for a row that splits it (`depositTo:
   * "split"`): the rest goes back to the renter.
   */
  kept?: number;
  /** Statements before the move in its batch (a trip record the move's `when` looks for). */
  before?: BatchItem<"sqlite">[];
  /** Statements after the move in its batch (photos, an audit line), conditional on it themselves. */
  after?: BatchItem<"sqlite">[];
}

export interface AppliedTransition {
  transition: LifecycleTransition;
  /** The bookings the write moved (none: the guard no longer held, someone else won). */
  moved: MovedBooking[];
  /** The row's effects, in its order: the runner carries out what is left of each after the write. */
  effects: readonly Effect[];
  /** The payment state the caller read (conditions such as "was_paid" read it). */
  seen?: { paymentStatus: PaymentStatus };
  /** A refund (by the policy, or the deposit's) was written down with the move, to be sent. */
  refundOwed: boolean;
  /** The pending requests a confirm declined in its batch (transition `overlapped`), with its effects to run. */
  overlapped: AppliedTransition | null;
  /** What the statements given as `after` returned, in their order. */
  afterResults: unknown[];
}

/** How a row that settles the deposit splits it: all back when nothing is kept, else by what the claim kept. */
function splitOf(row: LifecycleTransition, input: TransitionInput) {
  const { depositAmount } = needs(row, input.booking, ["depositAmount"]);
  const kept = row.depositTo === "split" ? input.kept : 0;
  if (kept === undefined) throw new Error(`${row.name}: its split needs what the claim kept`);
  const split = depositSettlement(depositAmount, kept);
  if (row.depositTo !== "split" && split.status !== row.depositTo) {
    throw new Error(`${row.name}: a deposit settled to ${row.depositTo} keeps nothing`);
  }
  return split;
}
type Split = ReturnType<typeof splitOf>;

/** The conditional write of a row: its to-state where the booking still is at its from-state and its guard holds. */
function moveStatement(db: Db, row: LifecycleTransition, input: TransitionInput, split?: Split) {
  const { now } = input;
  const set: SQLiteUpdateSetSource<typeof bookings> = {};
  if (row.to !== row.from) set.status = row.to;
  if (row.paymentTo) set.paymentStatus = row.paymentTo;
  if (row.depositTo && row.depositTo !== "split") set.depositStatus = row.depositTo;
  if (split) {
    set.depositStatus = split.status;
    set.depositKept = split.kept;
  }
  if (row.cancelReason) set.cancelReason = row.cancelReason;
  if (input.cancelledBy) set.cancelledBy = input.cancelledBy;
  if (row.stamp) set[row.stamp] = now;
  if (row.once) set[row.once] = now;
  // A flag raised once changes nothing else of the booking: its moment is the flag itself.
  else set.updatedAt = now;
  const has = (name: Effect["do"]) => row.effects.some((effect) => effect.do === name);
  // Every cancellation of a paid booking refunds the deposit within the policy's refund (refund-amounts.ts).
  if (has("return_deposit")) {
    set.depositStatus = sql`case when ${bookings.paymentStatus} = 'captured' and ${bookings.depositStatus} = 'held' then 'returned' else ${bookings.depositStatus} end`;
  }
  // Paid with the rest, the deposit is held from the capture on, where the booking has one (decision 022).
  if (has("hold_deposit")) set.depositStatus = DEPOSIT_HELD_ON_CAPTURE;
  if (has("open_claim_window")) {
    // From the check-out; a trip completed without one has nothing to claim on, and its window closes now.
    const dates = needs(row, input.booking, ["startDate", "endDate"]);
    set.claimWindowEndsAt = claimWindowEnd(dates, row.action === "check_out" ? now : null);
  }
  return db
    .update(bookings)
    .set(set)
    .where(
      and(
        input.which,
        eq(bookings.status, row.from),
        row.payment ? inArray(bookings.paymentStatus, [...row.payment]) : undefined,
        input.seen ? eq(bookings.paymentStatus, input.seen.paymentStatus) : undefined,
        row.deposit ? inArray(bookings.depositStatus, [...row.deposit]) : undefined,
        row.once ? isNull(bookings[row.once]) : undefined,
        input.when,
      ),
    )
    .returning(MOVED_COLUMNS);
}

/** This booking is where the row left it, at this moment: the condition of what is written with the move. */
const movedNow = (row: LifecycleTransition, bookingId: string, now: Date): SQL => {
  const at =
    row.stamp === "confirmedAt" ? "confirmed_at" : row.stamp === "completedAt" ? "completed_at" : "cancelled_at";
  return sql`exists (select 1 from bookings as b where b.id = ${bookingId} and b.status = ${row.to} and ${sql.raw(`b.${at}`)} = ${now.getTime()})`;
};

/**
 * The host's completed trips and earnings, counted with the change that completed this one (a check-out, or the job's
 * completion of a trip nobody checked out): only if the booking was completed at `now` and `onlyIf` holds.
 */
function countCompletedTrip(
  db: Db,
  booking: { id: string; ownerId: string; hostEarnings: number },
  now: Date,
  onlyIf: SQL | undefined,
) {
  return db
    .update(profiles)
    .set({
      totalBookings: sql`${profiles.totalBookings} + 1`,
      totalEarnings: sql`${profiles.totalEarnings} + ${booking.hostEarnings}`,
    })
    .where(
      and(
        eq(profiles.id, booking.ownerId),
        sql`exists (select 1 from bookings as b where b.id = ${booking.id} and b.status = 'completed' and b.completed_at = ${now.getTime()})`,
        onlyIf ?? sql`1 = 1`,
      ),
    );
}

/**
 * Applies a row of the lifecycle: its move and what it owes in one batch; returns what moved and the effects left for
 * the runner. Throws what the database throws (the overlap and blocked-days triggers refuse a confirm as an error).
 */
export async function applyTransition(
  db: Db,
  name: TransitionName,
  input: TransitionInput,
): Promise<AppliedTransition> {
  const row = transitionNamed(name);
  const { now, booking } = input;
  const split = row.effects.some((effect) => effect.do === "settle_deposit") ? splitOf(row, input) : undefined;
  const move = moveStatement(db, row, input, split);
  const owed: BatchItem<"sqlite">[] = [];
  let overlapped: { row: LifecycleTransition; at: number } | null = null;
  let refundOwed = false;
  for (const effect of row.effects) {
    if (!WITH_THE_WRITE.has(effect.do)) continue;
    switch (effect.do) {
      case "decline_overlapping": {
        // The pending requests for the same days, only if the confirm took place.
        const b = needs(row, booking, ["carId"]);
        const declined = transitionNamed("overlapped");
        overlapped = { row: declined, at: 1 + owed.length };
        owed.push(
          moveStatement(db, declined, {
            which: and(
              eq(bookings.carId, b.carId),
              ne(bookings.id, b.id),
              sql`${bookings.startDate} < ${b.endDate} and ${b.startDate} < ${bookings.endDate}`,
              sql`exists (select 1 from bookings as b where b.id = ${b.id} and b.status = 'confirmed')`,
            )!,
            now,
          }),
        );
        break;
      }
      case "count_booking": {
        const b = needs(row, booking, ["carId"]);
        owed.push(
          db
            .update(cars)
            .set({ bookingCount: sql`${cars.bookingCount} + 1` })
            .where(and(eq(cars.id, b.carId), movedNow(row, b.id, now))),
        );
        break;
      }
      case "refund_by_policy": {
        // A paid booking gives back what its cancellation policy says (a host's cancellation: everything).
        const b = needs(row, booking, [
          "startDate",
          "endDate",
          "paymentStatus",
          "totalAmount",
          "depositAmount",
          "insuranceCost",
          "platformFee",
          "dailyRate",
          "subtotal",
          "cancellationPolicy",
        ]);
        const paid = (input.seen?.paymentStatus ?? b.paymentStatus) === "captured";
        if (!paid) break;
        const refund = cancellationRefund(b, { by: input.by ?? "renter", now, start: tripTimes(b).start });
        const statement = owedRefund(db, {
          bookingId: b.id,
          kind: "cancellation",
          amount: refund.refund,
          now,
          onlyIf: movedNow(row, b.id, now),
        });
        if (statement) {
          owed.push(statement);
          refundOwed = true;
        }
        break;
      }
      case "settle_deposit": {
        // The renter's part of the deposit, written down only if this move split it at this moment.
        const b = needs(row, booking, ["depositAmount"]);
        const statement = owedRefund(db, {
          bookingId: b.id,
          kind: "deposit",
          amount: split!.refund,
          now,
          onlyIf: sql`exists (select 1 from bookings as b where b.id = ${b.id} and b.deposit_status = ${split!.status} and b.updated_at = ${now.getTime()})`,
        });
        if (statement) {
          owed.push(statement);
          refundOwed = true;
        }
        break;
      }
      case "count_completed_trip":
        owed.push(countCompletedTrip(db, needs(row, booking, ["ownerId", "hostEarnings"]), now, input.when));
        break;
      // Written by the move itself (moveStatement).
      case "hold_deposit":
      case "return_deposit":
      case "open_claim_window":
        break;
    }
  }
  const before = input.before ?? [];
  const after = input.after ?? [];
  const statements = [...before, move, ...owed, ...after];
  const results =
    statements.length === 1
      ? [await move]
      : ((await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[]);
  const moved = results[before.length] as MovedBooking[];
  const applied: AppliedTransition = {
    transition: row,
    moved,
    effects: row.effects,
    seen: input.seen,
    refundOwed,
    overlapped: null,
    afterResults: results.slice(statements.length - after.length),
  };
  if (overlapped) {
    const declinedRow: LifecycleTransition = overlapped.row;
    applied.overlapped = {
      transition: declinedRow,
      moved: results[before.length + overlapped.at] as MovedBooking[],
      effects: declinedRow.effects,
      refundOwed: false,
      overlapped: null,
      afterResults: [],
    };
  }
  return applied;
}
