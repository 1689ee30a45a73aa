// The trips' scheduled job (app/trips/trip-jobs.server.ts) with a fixed clock, through the same entry the cron
// uses (app/jobs.server.ts#runScheduledJobs): the overdue check-in is flagged once, a deposit goes back only after
// its claim window and only once, never while a claim stands, and the renter is told when it went. The return
// clock: an active trip with no check-out is flagged once at end + 24 h and completed at end + 48 h, its deposit
// back in the same run; a claim on an odometer jump nobody confirmed goes to an admin instead of lapsing. Payments use the
// local stand-in gateway (every refund succeeds at once); refunds.test.ts covers Stripe's failures and retries.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, damageClaims, devMailbox, notifications, profiles, refunds, tripRecords } from "#db/schema";
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
async function booking(
  status: "confirmed" | "active" | "completed",
  extra: Partial<typeof bookings.$inferInsert> = {},
) {
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
async function noticesOf(
  id: string,
  type:
    "trip_check_in_overdue" | "deposit_returned" | "trip_check_out_overdue" | "trip_auto_completed" | "claim_referred",
) {
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

describe("the return clock: an active trip nobody checked out", () => {
  const hostTrips = async () =>
    (await ctx.db.select().from(profiles).where(eq(profiles.id, host.id)))[0]!.totalBookings;

  it("is flagged to both once at end + 24 h, then completed at end + 48 h with the deposit returned in that run", async () => {
    const id = await booking("active");
    const { end } = tripTimes(await readBooking(id));
    await runScheduledJobs(ctx.context, new Date(end + 24 * HOUR - 60_000));
    expect((await readBooking(id)).checkOutOverdueAt).toBeNull();
    expect(await noticesOf(id, "trip_check_out_overdue")).toEqual([]);

    const flaggedAt = new Date(end + 24 * HOUR + 60_000);
    await runScheduledJobs(ctx.context, flaggedAt);
    await runScheduledJobs(ctx.context, new Date(end + 30 * HOUR));
    expect(await readBooking(id)).toMatchObject({ status: "active", depositStatus: "held" });
    expect((await readBooking(id)).checkOutOverdueAt?.getTime()).toBe(flaggedAt.getTime());
    expect((await noticesOf(id, "trip_check_out_overdue")).sort()).toEqual([host.id, renter.id].sort());
    expect(await mailTo(renter.email, lt.booking.trip_check_out_overdue.subject)).toBe(1);
    expect(await mailTo(host.email, lt.booking.trip_check_out_overdue.subject)).toBe(1);

    await runScheduledJobs(ctx.context, new Date(end + 48 * HOUR - 60_000));
    expect((await readBooking(id)).status).toBe("active");
    const trips = await hostTrips();
    const completedAt = new Date(end + 48 * HOUR + 60_000);
    await runScheduledJobs(ctx.context, completedAt);
    await runScheduledJobs(ctx.context, new Date(completedAt.getTime() + HOUR));
    const row = await readBooking(id);
    expect(row).toMatchObject({ status: "completed", depositStatus: "returned", depositKept: 0 });
    expect(row.completedAt?.getTime()).toBe(completedAt.getTime());
    // The claim window closed with the completion: nothing records the car as it came back.
    expect(row.claimWindowEndsAt?.getTime()).toBe(end + 48 * HOUR);
    expect(await hostTrips()).toBe(trips + 1);
    expect((await noticesOf(id, "trip_auto_completed")).sort()).toEqual([host.id, renter.id].sort());
    expect(await mailTo(host.email, lt.booking.trip_auto_completed.subject)).toBe(1);
    expect(await refundsOf(id)).toEqual([
      expect.objectContaining({ kind: "deposit", amount: 50_000, status: "succeeded" }),
    ]);
    expect(await noticesOf(id, "deposit_returned")).toEqual([renter.id]);
  });

  it("past both moments when the job first looks: completed, and told only that", async () => {
    const id = await booking("active");
    const { end } = tripTimes(await readBooking(id));
    await runScheduledJobs(ctx.context, new Date(end + 72 * HOUR));
    expect((await readBooking(id)).status).toBe("completed");
    expect(await noticesOf(id, "trip_check_out_overdue")).toEqual([]);
    expect((await noticesOf(id, "trip_auto_completed")).sort()).toEqual([host.id, renter.id].sort());
  });

  it("leaves a trip that was checked out meanwhile as its check-out left it", async () => {
    const id = await booking("completed", { depositStatus: "held" });
    const { end } = tripTimes(await readBooking(id));
    await ctx.db
      .update(bookings)
      .set({ completedAt: new Date(end + 30 * HOUR), claimWindowEndsAt: new Date(end + 48 * HOUR) })
      .where(eq(bookings.id, id));
    await runScheduledJobs(ctx.context, new Date(end + 47 * HOUR));
    expect((await readBooking(id)).checkOutOverdueAt).toBeNull();
    expect(await noticesOf(id, "trip_auto_completed")).toEqual([]);
    expect((await readBooking(id)).completedAt?.getTime()).toBe(end + 30 * HOUR);
  });
});

describe("a claim on an odometer jump nobody confirmed", () => {
  /** A completed trip checked out with `km` driven by the host, and the host's claim for its excess, unanswered. */
  async function claimedTrip(km: number, confirmed: boolean) {
    const id = await booking("completed", { depositStatus: "claimed" });
    const { start, end } = tripTimes(await readBooking(id));
    await ctx.db
      .update(bookings)
      .set({ completedAt: new Date(end) })
      .where(eq(bookings.id, id));
    await ctx.db.insert(tripRecords).values([
      {
        bookingId: id,
        kind: "check_in",
        recordedBy: host.id,
        odometerKm: 50_215,
        fuelLevel: 8,
        recordedAt: new Date(start),
      },
      {
        bookingId: id,
        kind: "check_out",
        recordedBy: host.id,
        odometerKm: 50_215 + km,
        fuelLevel: 8,
        recordedAt: new Date(end),
        confirmedBy: confirmed ? renter.id : null,
        confirmedAt: confirmed ? new Date(end + HOUR) : null,
      },
    ]);
    const respondBy = new Date(end + 80 * HOUR);
    await ctx.db.insert(damageClaims).values({
      bookingId: id,
      filedBy: host.id,
      description: "Over the allowance",
      amount: 50_000,
      categories: ["excess_km"],
      excessKm: km - 600,
      respondBy,
    });
    return { id, respondBy };
  }
  const claimOf = async (id: string) =>
    (await ctx.db.select().from(damageClaims).where(eq(damageClaims.bookingId, id)))[0]!;

  it("does not stand by the renter's silence: at 72 hours it goes to an admin, and both are told", async () => {
    const { id, respondBy } = await claimedTrip(49_784, false);
    await runScheduledJobs(ctx.context, new Date(respondBy.getTime() - 60_000));
    expect((await claimOf(id)).status).toBe("awaiting_renter");

    await runScheduledJobs(ctx.context, new Date(respondBy.getTime() + 60_000));
    await runScheduledJobs(ctx.context, new Date(respondBy.getTime() + HOUR));
    expect(await claimOf(id)).toMatchObject({ status: "disputed", respondedAt: null, decidedAt: null });
    expect(await readBooking(id)).toMatchObject({ depositStatus: "claimed", depositKept: 0 });
    expect(await refundsOf(id)).toEqual([]);
    expect((await noticesOf(id, "claim_referred")).sort()).toEqual([host.id, renter.id].sort());
    expect(await mailTo(renter.email, lt.booking.claim_referred.subject)).toBe(1);
  });

  it("stands as before when the renter confirmed the check-out, or the distance was plausible", async () => {
    for (const [km, confirmed] of [
      [49_784, true],
      [3_000, false],
    ] as const) {
      const { id, respondBy } = await claimedTrip(km, confirmed);
      await runScheduledJobs(ctx.context, new Date(respondBy.getTime() + 60_000));
      expect((await claimOf(id)).status).toBe("lapsed");
      expect(await readBooking(id)).toMatchObject({ depositStatus: "kept", depositKept: 50_000 });
      expect(await noticesOf(id, "claim_referred")).toEqual([]);
    }
  });
});
