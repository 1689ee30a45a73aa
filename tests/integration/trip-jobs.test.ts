// The trips' scheduled job (app/bookings/trip-jobs.server.ts) with a fixed clock, through the same entry the cron
// uses (app/jobs.server.ts#runScheduledJobs): the overdue check-in is flagged once, a deposit goes back only after
// its claim window and only once, never while a claim stands, and the renter is told when it went. Payments use the
// local stand-in gateway (every refund succeeds at once); refunds.test.ts covers Stripe's failures and retries.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, damageClaims, devMailbox, notifications, refunds } from "#db/schema";
import { runScheduledJobs } from "~/jobs.server";
import lt from "~/locales/lt/email.json";
import { tripTimes } from "~/bookings/trip-rules";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser } from "./support/factories";

const HOUR = 3_600_000;
let ctx: TestContext;
let host: { id: string; email: string };
let renter: { id: string; email: string };
let carId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  host = await createUser(ctx, { isHost: true, verified: true });
  renter = await createUser(ctx, { verified: true });
  carId = (await createCar(ctx, host.id, { dailyPrice: 4000 })).id;
});
afterAll(() => ctx.close());

let week = 0;
/** A booking on days of its own (a week apart, so none overlap), with a 500 € deposit taken with the payment. */
async function booking(status: "confirmed" | "completed", extra: Partial<typeof bookings.$inferInsert> = {}) {
  week += 1;
  const start = new Date(Date.UTC(2026, 0, 5 + week * 7)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(2026, 0, 8 + week * 7)).toISOString().slice(0, 10);
  return createBooking(ctx, { carId, renterId: renter.id, ownerId: host.id }, status, {
    startDate: start,
    endDate: end,
    depositAmount: 50_000,
    totalAmount: 62_640,
    paymentStatus: "captured",
    stripePaymentIntentId: `pi_standin_${week}`,
    depositStatus: "held",
    ...extra,
  });
}

const readBooking = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refundsOf = (id: string) => ctx.db.select().from(refunds).where(eq(refunds.bookingId, id));
/** Who was notified of `type` about this booking. */
async function noticesOf(id: string, type: "trip_check_in_overdue" | "deposit_returned") {
  const rows = await ctx.db
    .select({ userId: notifications.userId, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.type, type));
  return rows.filter((row) => (row.data as { booking_id?: string } | null)?.booking_id === id).map((row) => row.userId);
}
/** E-mails to the address whose subject is the template's, whatever the car's name. */
async function mailTo(email: string, template: string) {
  const [before, after] = template.split("{{car}}") as [string, string];
  const mails = await ctx.db.select().from(devMailbox).where(eq(devMailbox.to, email));
  return mails.filter((mail) => mail.subject.startsWith(before) && mail.subject.endsWith(after)).length;
}

describe("an overdue check-in", () => {
  it("is flagged to both parties once, 24 hours after the start, and the booking stays confirmed", async () => {
    const id = await booking("confirmed");
    const { start } = tripTimes(await readBooking(id));
    await runScheduledJobs(ctx.context, new Date(start + 24 * HOUR - 60_000));
    expect((await readBooking(id)).checkInOverdueAt).toBeNull();
    expect(await noticesOf(id, "trip_check_in_overdue")).toEqual([]);

    const at = new Date(start + 24 * HOUR + 60_000);
    await runScheduledJobs(ctx.context, at);
    await runScheduledJobs(ctx.context, new Date(at.getTime() + HOUR));
    const row = await readBooking(id);
    expect(row.status).toBe("confirmed");
    expect(row.checkInOverdueAt?.getTime()).toBe(at.getTime());
    expect((await noticesOf(id, "trip_check_in_overdue")).sort()).toEqual([host.id, renter.id].sort());
  });
});

describe("the deposit after check-out", () => {
  it("is held through the claim window, then refunded in full exactly once, and the renter is told", async () => {
    const checkedOut = new Date("2026-02-01T10:00:00Z");
    const windowEnds = new Date(checkedOut.getTime() + 24 * HOUR);
    const id = await booking("completed", { completedAt: checkedOut, claimWindowEndsAt: windowEnds });

    await runScheduledJobs(ctx.context, new Date(windowEnds.getTime() - 60_000));
    expect((await readBooking(id)).depositStatus).toBe("held");
    expect(await refundsOf(id)).toEqual([]);

    const after = new Date(windowEnds.getTime() + 60_000);
    await runScheduledJobs(ctx.context, after);
    await runScheduledJobs(ctx.context, new Date(after.getTime() + HOUR));
    expect(await readBooking(id)).toMatchObject({ depositStatus: "returned", depositKept: 0 });
    const [refund, ...more] = await refundsOf(id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      kind: "deposit",
      amount: 50_000,
      status: "succeeded",
      idempotencyKey: `refund-${id}-deposit`,
      attempts: 1,
    });
    expect(refund!.succeededAt?.getTime()).toBe(after.getTime());
    expect(await noticesOf(id, "deposit_returned")).toEqual([renter.id]);
    // One e-mail, in the renter's language (Lithuanian, the default).
    expect(await mailTo(renter.email, lt.booking.deposit_returned.subject)).toBe(1);
  });

  it("is not returned while a claim stands on it", async () => {
    const checkedOut = new Date("2026-03-01T10:00:00Z");
    const windowEnds = new Date(checkedOut.getTime() + 24 * HOUR);
    const id = await booking("completed", {
      completedAt: checkedOut,
      claimWindowEndsAt: windowEnds,
      depositStatus: "claimed",
    });
    await ctx.db.insert(damageClaims).values({
      bookingId: id,
      filedBy: host.id,
      description: "A scratch on the rear bumper",
      amount: 12_000,
      categories: ["damage"],
      respondBy: new Date(checkedOut.getTime() + 96 * HOUR),
    });
    await runScheduledJobs(ctx.context, new Date(windowEnds.getTime() + HOUR));
    expect((await readBooking(id)).depositStatus).toBe("claimed");
    expect(await refundsOf(id)).toEqual([]);
  });

  it("under a claim the renter left unanswered for 72 hours: the claim lapses and stands, the rest goes back", async () => {
    const checkedOut = new Date("2026-03-10T10:00:00Z");
    const id = await booking("completed", {
      completedAt: checkedOut,
      claimWindowEndsAt: new Date(checkedOut.getTime() + 24 * HOUR),
      depositStatus: "claimed",
    });
    const respondBy = new Date(checkedOut.getTime() + 80 * HOUR);
    await ctx.db.insert(damageClaims).values({
      bookingId: id,
      filedBy: host.id,
      description: "312 km over the allowance",
      amount: 6_240,
      categories: ["excess_km"],
      excessKm: 312,
      respondBy,
    });
    await runScheduledJobs(ctx.context, new Date(respondBy.getTime() - 60_000));
    expect((await readBooking(id)).depositStatus).toBe("claimed");

    await runScheduledJobs(ctx.context, new Date(respondBy.getTime() + 60_000));
    const [claim] = await ctx.db.select().from(damageClaims).where(eq(damageClaims.bookingId, id));
    expect(claim!.status).toBe("lapsed");
    expect(await readBooking(id)).toMatchObject({ depositStatus: "partly_kept", depositKept: 6_240 });
    expect(await refundsOf(id)).toEqual([
      expect.objectContaining({ kind: "deposit", amount: 50_000 - 6_240, status: "succeeded" }),
    ]);
  });

  it("leaves bookings without a deposit alone", async () => {
    const checkedOut = new Date("2026-04-01T10:00:00Z");
    const id = await booking("completed", {
      depositAmount: 0,
      totalAmount: 12_640,
      depositStatus: "none",
      completedAt: checkedOut,
      claimWindowEndsAt: new Date(checkedOut.getTime() + 24 * HOUR),
    });
    await runScheduledJobs(ctx.context, new Date(checkedOut.getTime() + 48 * HOUR));
    expect((await readBooking(id)).depositStatus).toBe("none");
    expect(await refundsOf(id)).toEqual([]);
  });
});
