// Every e-mail about money states the amount, the date and what happens next, in the reader's language and as the
// pages format them (README "Booking e-mails"): the charge on a confirm, the hold released on a decline, the refund
// of a host's cancellation, the deposit returned by the job, and a claim — what it asks, until when to answer, what
// the deposit comes to. Before, the claim e-mail had no amount and no deadline, and "deposit returned" no amount.
// Against a real libSQL file with the local stand-in gateway (refunds made at once); each is sent once.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookings, devMailbox, profiles, tripRecords } from "#db/schema";
import { applyBookingAction } from "~/bookings/booking-actions.server";
import { answerClaim, fileClaim } from "~/claims/damage-claims.server";
import { REFUND_BANK_DAYS } from "~/bookings/deposit-return";
import { HOUR_MS, claimAnswerDeadline, tripTimes } from "~/bookings/trip-rules";
import { runTripJobs } from "~/trips/trip-jobs.server";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser } from "./support/factories";
import { ORIGIN } from "./support/routes";

const BANK_DAYS = `${REFUND_BANK_DAYS.from}–${REFUND_BANK_DAYS.to}`;
const TOTAL = 62_640;
const DEPOSIT = 50_000;

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

describe.each(["lt", "en"] as const)("money e-mails to a reader of %s", (language) => {
  const money = (cents: number) => formatMoney(cents, language);
  const day = (at: Date | number) => formatDate(at, language, "long");

  async function parties() {
    const host = await createUser(ctx, { isHost: true, verified: true });
    const renter = await createUser(ctx, { verified: true });
    for (const id of [host.id, renter.id]) {
      await ctx.db.update(profiles).set({ preferredLanguage: language }).where(eq(profiles.id, id));
    }
    const car = await createCar(ctx, host.id, { dailyPrice: 4_000, depositAmount: DEPOSIT });
    const booking = (status: "pending" | "confirmed" | "completed", extra: Partial<typeof bookings.$inferInsert>) =>
      createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, status, {
        startDate: "2030-05-01",
        endDate: "2030-05-04",
        totalAmount: TOTAL,
        depositAmount: DEPOSIT,
        stripePaymentIntentId: "pi_standin_money",
        ...extra,
      });
    return { host, renter, booking };
  }
  /** The texts of the e-mails sent to the address. */
  const mailsTo = async (email: string) =>
    (await ctx.db.select().from(devMailbox).where(eq(devMailbox.to, email))).map((mail) => mail.text);

  it("a confirm: the amount charged, the date, the deposit and how it comes back", async () => {
    const p = await parties();
    const id = await p.booking("pending", { paymentStatus: "authorized" });
    const now = new Date("2030-04-01T09:00:00Z");
    expect(
      await applyBookingAction(ctx.context, {
        bookingId: id,
        userId: p.host.id,
        action: "confirm",
        origin: ORIGIN,
        now,
      }),
    ).toMatchObject({ ok: true });
    const [text] = await mailsTo(p.renter.email);
    for (const said of [money(TOTAL), money(DEPOSIT), day(now), BANK_DAYS]) expect(text).toContain(said);
  });

  it("a decline: the hold of the amount released, and when", async () => {
    const p = await parties();
    const id = await p.booking("pending", { paymentStatus: "authorized" });
    const now = new Date("2030-04-01T09:00:00Z");
    await applyBookingAction(ctx.context, { bookingId: id, userId: p.host.id, action: "decline", origin: ORIGIN, now });
    const [text] = await mailsTo(p.renter.email);
    for (const said of [money(TOTAL), day(now)]) expect(text).toContain(said);
  });

  it("a host's cancellation: all that was paid refunded, from when, and the bank's days", async () => {
    const p = await parties();
    const id = await p.booking("confirmed", { paymentStatus: "captured", depositStatus: "held" });
    const now = new Date("2030-04-01T09:00:00Z");
    await applyBookingAction(ctx.context, {
      bookingId: id,
      userId: p.host.id,
      action: "cancel",
      origin: ORIGIN,
      now,
      previewed: true, // as the cancel page hands it on (a confirmed booking is cancelled only there)
    });
    const [text] = await mailsTo(p.renter.email);
    for (const said of [money(TOTAL), day(now), BANK_DAYS]) expect(text).toContain(said);
  });

  it("a claim: what it asks, until when to answer, what comes back; the answer and the deposit returned", async () => {
    const p = await parties();
    const trip = { startDate: "2030-05-01", endDate: "2030-05-04" };
    const end = tripTimes(trip).end;
    const checkedOut = new Date(end);
    const id = await p.booking("completed", {
      paymentStatus: "captured",
      depositStatus: "held",
      completedAt: checkedOut,
      claimWindowEndsAt: new Date(end + 24 * HOUR_MS),
    });
    await ctx.db.insert(tripRecords).values([
      { bookingId: id, kind: "check_in", odometerKm: 1_000, fuelLevel: 8, recordedAt: new Date(end - 72 * HOUR_MS) },
      { bookingId: id, kind: "check_out", odometerKm: 1_500, fuelLevel: 8, recordedAt: checkedOut },
    ]);
    const filedAt = new Date(end + HOUR_MS);
    const filed = await fileClaim(ctx.context, {
      bookingId: id,
      userId: p.host.id,
      claim: { description: "Seats to clean", amount: 12_000, categories: ["cleaning"], photos: [] },
      now: filedAt,
      origin: ORIGIN,
    });
    expect(filed).toEqual({ ok: true });
    const [claimMail] = await mailsTo(p.renter.email);
    for (const said of [
      money(12_000),
      money(DEPOSIT),
      money(DEPOSIT - 12_000),
      day(filedAt),
      formatDateTime(claimAnswerDeadline(filedAt), language),
    ]) {
      expect(claimMail).toContain(said);
    }

    const answeredAt = new Date(filedAt.getTime() + HOUR_MS);
    await answerClaim(ctx.context, {
      bookingId: id,
      userId: p.renter.id,
      answer: { intent: "accept" },
      now: answeredAt,
      origin: ORIGIN,
    });
    const [answerMail] = await mailsTo(p.host.email);
    for (const said of [money(12_000), money(DEPOSIT - 12_000), day(answeredAt)]) expect(answerMail).toContain(said);
  });

  it("the deposit returned by the job: the amount, the date and the bank's days, once", async () => {
    const p = await parties();
    const checkedOut = new Date("2030-05-04T07:00:00Z");
    const id = await p.booking("completed", {
      paymentStatus: "captured",
      depositStatus: "held",
      completedAt: checkedOut,
      claimWindowEndsAt: new Date(checkedOut.getTime() + 24 * HOUR_MS),
    });
    const now = new Date(checkedOut.getTime() + 25 * HOUR_MS);
    await runTripJobs(ctx.context, now, ORIGIN);
    await runTripJobs(ctx.context, new Date(now.getTime() + HOUR_MS), ORIGIN);
    const mails = await mailsTo(p.renter.email);
    expect(mails).toHaveLength(1);
    for (const said of [money(DEPOSIT), day(now), BANK_DAYS]) expect(mails[0]).toContain(said);
    expect((await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.depositStatus).toBe("returned");
  });
});
