// The return clock on the trip's record action and page (trip-rules.ts, decision 022, 2026-11-29), against a real
// libSQL file with an injected `now`. The case that was seen: a trip that ended 2026-11-27 at 10:00, checked out by
// the host alone 43 hours later with the odometer at 99,999 against 50,215 at check-in. Now that check-out keeps the
// car's state and moves no clock (24 late hours at most, the claim window closing at end + 48 h), and the jump waits
// for the renter's confirmation before the claim form proposes it. Also: a booking that never became a trip shows no
// records, and the timeline says what a settled deposit came to.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, damageClaims, devMailbox, refunds, tripRecords } from "#db/schema";
import { findClaimCase } from "~/claims/claim-case.server";
import { findTripPage } from "~/trips/trip-page.server";
import { findTripBooking, submitTripForm } from "~/trips/trip-records.server";
import { tripTimes } from "~/bookings/trip-rules";
import lt from "~/locales/lt/email.json";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser } from "./support/factories";
import { createActiveTrip } from "./support/trips";
import { ORIGIN } from "./support/routes";

const HOUR = 3_600_000;
const TRIP = { startDate: "2026-11-24", endDate: "2026-11-27" };
const { end } = tripTimes(TRIP);

let ctx: TestContext;
let jpeg: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  ctx = await createTestContext();
  jpeg = new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(() => ctx.close());

const activeTrip = () => createActiveTrip(ctx, TRIP);

function checkOutForm(odometerKm: number) {
  const form = new FormData();
  form.append("intent", "record");
  form.append("kind", "check_out");
  form.append("odometerKm", String(odometerKm));
  form.append("fuelLevel", "4");
  for (const side of ["photoFront", "photoBack", "photoLeft", "photoRight"]) {
    form.append(side, new File([jpeg], `${side}.jpg`, { type: "image/jpeg" }));
  }
  return form;
}

async function checkOut(id: string, userId: string, odometerKm: number, now: Date) {
  const booking = (await findTripBooking(ctx.db, id))!;
  return submitTripForm(ctx.context, { booking, userId, formData: checkOutForm(odometerKm), origin: ORIGIN, now });
}

const bookingRow = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const page = (id: string, userId: string, now: Date) =>
  findTripPage(ctx.db, { bookingId: id, userId, isAdmin: false, now });

describe("a check-out after the return deadline", () => {
  it("keeps the car's state but moves no clock: 24 late hours at most, the claim window closing at end + 48 h", async () => {
    const { id, host, renter } = await activeTrip();
    const at = new Date(end + 43 * HOUR);
    const outcome = await checkOut(id, host.id, 99_999, at);
    expect(outcome.ok).toBe(true);

    const row = await bookingRow(id);
    expect(row.status).toBe("completed");
    expect(row.completedAt?.getTime()).toBe(at.getTime());
    // Not at + 24 h (2026-11-30): 24 hours after the deadline.
    expect(row.claimWindowEndsAt?.getTime()).toBe(end + 48 * HOUR);
    const [record] = await ctx.db
      .select()
      .from(tripRecords)
      .where(eq(tripRecords.bookingId, id))
      .then((rows) => rows.filter((r) => r.kind === "check_out"));
    expect(record).toMatchObject({ odometerKm: 99_999, fuelLevel: 4, recordedBy: host.id });

    const seen = await page(id, renter.id, new Date(end + 44 * HOUR));
    expect(seen.measures).toMatchObject({ kmDriven: 49_784, hoursLate: 24 });
    expect(seen.clock).toMatchObject({ checkOutAfterDeadline: true, overdue: false, autoCompleted: false });
    expect(seen.deposit.heldUntil).toBe(end + 48 * HOUR);
    // The e-mail (in the renter's language, Lithuanian by default) says the clock did not move.
    const mails = await ctx.db.select().from(devMailbox).where(eq(devMailbox.to, renter.email));
    expect(mails.map((mail) => mail.subject)).toContain(
      lt.booking.trip_check_out_late.subject.replace("{{car}}", `${seen.car.make} ${seen.car.model}`),
    );
  });

  it("is open to the renter too until the trip completes, and a check-out in time still counts from itself", async () => {
    const { id, renter } = await activeTrip();
    expect((await checkOut(id, renter.id, 50_900, new Date(end + 30 * HOUR))).ok).toBe(true);
    expect((await bookingRow(id)).claimWindowEndsAt?.getTime()).toBe(end + 48 * HOUR);

    const onTime = await activeTrip();
    expect((await checkOut(onTime.id, onTime.renter.id, 50_900, new Date(end + 2 * HOUR))).ok).toBe(true);
    expect((await bookingRow(onTime.id)).claimWindowEndsAt?.getTime()).toBe(end + 26 * HOUR);
    expect((await page(onTime.id, onTime.host.id, new Date(end + 3 * HOUR))).measures.hoursLate).toBe(2);
  });

  it("is refused to both once the trip would be completed (end + 48 h), with nothing written", async () => {
    const { id, host, renter } = await activeTrip();
    for (const user of [host, renter]) {
      const refused = await checkOut(id, user.id, 50_900, new Date(end + 48 * HOUR));
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.result.error?.[""]).toEqual(["trips:errors.notOpen"]);
    }
    expect((await bookingRow(id)).status).toBe("active");
    expect((await ctx.db.select().from(tripRecords).where(eq(tripRecords.bookingId, id))).length).toBe(1);
  });
});

describe("an odometer jump nobody confirmed", () => {
  it("is held on the page and left out of the claim form's proposal until the renter confirms the check-out", async () => {
    const { id, host, renter } = await activeTrip();
    const at = new Date(end + 43 * HOUR);
    expect((await checkOut(id, host.id, 99_999, at)).ok).toBe(true);
    const now = new Date(end + 44 * HOUR);

    const held = await page(id, host.id, now);
    // 49,784 km in 4 days (the start to the deadline): over 1,500 km a day; the renter has to confirm.
    expect(held.odometer).toMatchObject({
      kmDriven: 49_784,
      days: 4,
      plausible: false,
      held: true,
      confirmer: "renter",
    });
    const proposed = (await findClaimCase(ctx.db, id, now))!;
    expect(proposed.windowOpen).toBe(true);
    expect(proposed.measures.excessKm).toBe(49_784 - 600);
    expect(proposed.suggestion).toMatchObject({ excessKm: 0, excessKmAmount: 0, lateHours: 24 });

    const booking = (await findTripBooking(ctx.db, id))!;
    const confirm = new FormData();
    confirm.append("intent", "confirm");
    confirm.append("kind", "check_out");
    expect(
      (await submitTripForm(ctx.context, { booking, userId: renter.id, formData: confirm, origin: ORIGIN, now })).ok,
    ).toBe(true);
    expect((await page(id, host.id, now)).odometer).toMatchObject({ plausible: false, held: false });
    expect((await findClaimCase(ctx.db, id, now))!.suggestion.excessKm).toBe(49_784 - 600);
  });

  it("is not held when it is plausible for the days driven", async () => {
    const { id, host } = await activeTrip();
    expect((await checkOut(id, host.id, 50_215 + 3_000, new Date(end))).ok).toBe(true);
    const seen = await page(id, host.id, new Date(end + HOUR));
    expect(seen.odometer).toMatchObject({ kmDriven: 3_000, plausible: true, held: false });
    expect((await findClaimCase(ctx.db, id, new Date(end + HOUR)))!.suggestion.excessKm).toBe(2_400);
  });
});

describe("the trip page around the clock", () => {
  it("past the deadline with no check-out, tells both what the clock does; completed by the job, says so", async () => {
    const { id, host, renter } = await activeTrip();
    const before = await page(id, renter.id, new Date(end + 23 * HOUR));
    expect(before.clock.overdue).toBe(false);
    const overdue = await page(id, renter.id, new Date(end + 25 * HOUR));
    expect(overdue.clock).toMatchObject({
      overdue: true,
      deadline: end + 24 * HOUR,
      completesAt: end + 48 * HOUR,
    });
    expect(overdue.steps.check_out).toEqual({ state: "open" });
    // During the trip the page says when the claim window closes at the latest.
    expect(overdue.deposit.latestClaimEnd).toBe(end + 48 * HOUR);
    // From end + 48 h the check-out is closed and the page says the trip completes without it (the job's next run).
    const due = await page(id, host.id, new Date(end + 48 * HOUR));
    expect(due.steps.check_out).toEqual({ state: "closed" });
    expect(due.clock).toMatchObject({ overdue: false, autoCompleted: true });
  });

  it("a cancelled booking shows no records; the timeline says what a settled deposit came to", async () => {
    const host = await createUser(ctx, { isHost: true, verified: true });
    const renter = await createUser(ctx);
    const car = await createCar(ctx, host.id);
    const cancelled = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "cancelled", {
      startDate: "2026-10-01",
      endDate: "2026-10-04",
      cancelledAt: new Date("2026-09-20T10:00:00Z"),
    });
    expect((await page(cancelled, renter.id, new Date("2026-11-01"))).isTrip).toBe(false);

    const settled = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "completed", {
      startDate: "2026-09-01",
      endDate: "2026-09-04",
      totalAmount: 42_640,
      depositAmount: 30_000,
      depositStatus: "partly_kept",
      depositKept: 2_500,
      paymentStatus: "captured",
      completedAt: new Date("2026-09-04T07:00:00Z"),
    });
    const decidedAt = new Date("2026-09-08T10:00:00Z");
    await ctx.db.insert(damageClaims).values({
      bookingId: settled,
      filedBy: host.id,
      description: "Over the mileage",
      amount: 4_000,
      categories: ["excess_km"],
      status: "decided",
      decidedAmount: 2_500,
      decidedAt,
      respondBy: new Date("2026-09-08T07:00:00Z"),
    });
    await ctx.db.insert(refunds).values({
      bookingId: settled,
      kind: "deposit",
      amount: 27_500,
      status: "succeeded",
      idempotencyKey: `refund-${settled}-deposit`,
      succeededAt: decidedAt,
    });
    const seen = await page(settled, renter.id, new Date("2026-11-01"));
    expect(seen.isTrip).toBe(true);
    expect(seen.timeline.map((step) => step.event)).not.toContain("deposit_returned");
    expect(seen.timeline).toContainEqual({
      event: "deposit_partly_kept",
      at: decidedAt.getTime(),
      amounts: { kept: 2_500, returned: 27_500 },
    });
  });
});
