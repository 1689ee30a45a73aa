// The lifecycle's table (app/bookings/booking-lifecycle.ts, docs/decisions/034) applied by its one function
// (booking-transition.server.ts) against a real database: for every row, a booking at its from-state moves to its
// to-state with the row's stamps and nothing else, and the row's effects come back in order; for every refusal (another
// status, a payment or deposit state outside the guard, a flag already raised, a payment changed since it was read)
// nothing moves. A row that splits the deposit by what a claim kept is given what it kept, and writes the split.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BOOKING_STATUSES,
  DEPOSIT_STATUSES,
  PAYMENT_STATUSES,
  type BookingStatus,
  type DepositStatus,
  type PaymentStatus,
} from "#db/enums";
import { bookings } from "#db/schema";
import { LIFECYCLE, type TransitionName } from "~/bookings/booking-lifecycle";
import { type LifecycleTransition } from "~/bookings/lifecycle-shape";
import { applyTransition } from "~/bookings/booking-transition.server";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser } from "./support/factories";

let ctx: TestContext;
let parties: { carId: string; renterId: string; ownerId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  parties = { carId: (await createCar(ctx, host.id, { dailyPrice: 4000 })).id, renterId: renter.id, ownerId: host.id };
});
afterAll(() => ctx.close());

let week = 0;
/** A booking on days of its own (a week apart: the overlap trigger never refuses a move here). */
async function bookingAt(state: { status: BookingStatus; payment: PaymentStatus; deposit: DepositStatus }) {
  week += 1;
  const day = (offset: number) => new Date(Date.UTC(2031, 0, 5 + week * 7 + offset)).toISOString().slice(0, 10);
  const id = await createBooking(ctx, parties, state.status, {
    startDate: day(0),
    endDate: day(3),
    depositAmount: 20_000,
    totalAmount: 32_640,
    paymentStatus: state.payment,
    depositStatus: state.deposit,
    stripePaymentIntentId: `pi_lifecycle_${week}`,
  });
  return read(id);
}
/** What a claim keeps of the 200 € deposit, for the rows that split it: the rest goes back. */
const KEPT = 5_000;
const read = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** A state the row starts from: its status, the first payment and deposit states its guard allows. */
const startOf = (row: LifecycleTransition) => ({
  status: row.from,
  payment: row.payment?.[0] ?? (row.from === "pending" ? "authorized" : "captured"),
  deposit: row.deposit?.[0] ?? (row.from === "completed" ? "held" : "none"),
});

const apply = (row: LifecycleTransition, booking: Awaited<ReturnType<typeof read>>, now: Date, more = {}) =>
  applyTransition(ctx.db, row.name as TransitionName, {
    which: eq(bookings.id, booking.id),
    booking,
    by: row.actor === "host" ? "host" : "renter",
    cancelledBy: row.actor === "host" || row.actor === "renter" ? booking.renterId : undefined,
    kept: row.depositTo === "split" ? KEPT : undefined,
    now,
    ...more,
  });

describe.each(LIFECYCLE.map((row) => [row.name, row] as [string, LifecycleTransition]))("%s", (_name, row) => {
  it(`moves ${row.from} → ${row.to} with its stamps, and returns its effects`, async () => {
    const start = startOf(row);
    const before = await bookingAt(start);
    const now = new Date(Date.UTC(2031, 5, 1, 12));
    const applied = await apply(row, before, now);
    expect(applied.moved.map((moved) => moved.id)).toEqual([before.id]);
    expect(applied.effects).toEqual(row.effects);
    const after = await read(before.id);
    const returnsDeposit = row.effects.some((effect) => effect.do === "return_deposit");
    expect(after).toMatchObject({
      status: row.to,
      paymentStatus: row.paymentTo ?? start.payment,
      depositStatus:
        row.depositTo === "split"
          ? "partly_kept"
          : row.depositTo
            ? row.depositTo
            : returnsDeposit && start.payment === "captured" && start.deposit === "held"
              ? "returned"
              : start.deposit,
      cancelReason: row.cancelReason ?? null,
    });
    if (row.depositTo === "split") expect(after.depositKept).toBe(KEPT);
    if (row.stamp) expect(after[row.stamp]).toEqual(now);
    if (row.once) expect(after[row.once]).toEqual(now);
    else expect(after.updatedAt).toEqual(now);
  });

  const refusals: { what: string; state: Parameters<typeof bookingAt>[0]; seen?: PaymentStatus; flagged?: true }[] = [
    ...BOOKING_STATUSES.filter((status) => status !== row.from).map((status) => ({
      what: `a booking ${status}`,
      state: { ...startOf(row), status },
    })),
    ...PAYMENT_STATUSES.filter((payment) => row.payment && !row.payment.includes(payment)).map((payment) => ({
      what: `a payment ${payment}`,
      state: { ...startOf(row), payment },
    })),
    ...DEPOSIT_STATUSES.filter((deposit) => row.deposit && !row.deposit.includes(deposit)).map((deposit) => ({
      what: `a deposit ${deposit}`,
      state: { ...startOf(row), deposit },
    })),
    {
      what: "a payment changed since it was read",
      state: startOf(row),
      seen: PAYMENT_STATUSES.find((payment) => payment !== startOf(row).payment)!,
    },
    ...(row.once ? [{ what: "its flag already raised", state: startOf(row), flagged: true as const }] : []),
  ];
  it.each(refusals)("refuses $what: nothing moves", async ({ state, seen, flagged }) => {
    const before = await bookingAt(state);
    if (flagged && row.once) {
      await ctx.db
        .update(bookings)
        .set({ [row.once]: new Date(0) })
        .where(eq(bookings.id, before.id));
    }
    const now = new Date(Date.UTC(2031, 5, 1, 12));
    const applied = await apply(row, before, now, seen ? { seen: { paymentStatus: seen } } : {});
    expect(applied.moved).toEqual([]);
    const after = await read(before.id);
    expect(after).toMatchObject({
      status: state.status,
      paymentStatus: state.payment,
      depositStatus: state.deposit,
      updatedAt: flagged ? after.updatedAt : before.updatedAt,
    });
  });
});
