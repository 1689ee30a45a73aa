// Every change of a booking's status that the other party must act on or know about sends exactly one e-mail, in the
// recipient's stored language, over the local mailbox (dev_mailbox); a replayed event or a second run of the job
// sends nothing more. README.md's "Booking e-mails" table is this file's list of cases.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bookings, devMailbox, profiles } from "#db/schema";
import { expireBookings } from "~/bookings/booking-expiry.server";
import { cancelConfirmedBooking, cancelPreview, expectedRefundOf } from "~/bookings/cancel-booking.server";
import { REFUND_BANK_DAYS } from "~/bookings/deposit-return";
import { formatDate, formatMoney } from "~/utils/format";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import type { BookingEmailTemplate } from "~/bookings/booking-notices.server";
import en from "~/locales/en/email.json";
import lt from "~/locales/lt/email.json";
import { handlePaymentEvent } from "~/bookings/booking-payments.server";
import type { PaymentEvent } from "~/payments/fulfilment.server";
import { action as bookAction } from "~/routes/_cars+/car.$id.book";
import { action as listAction } from "~/routes/_bookings+/bookings";
import { action as standInAction } from "~/routes/_dev+/dev.checkout.$sessionId";
import { findTripBooking, submitTripForm } from "~/trips/trip-records.server";
import { tripTimes } from "~/bookings/trip-rules";
import sharp from "sharp";
import { cancelOnItsPage } from "./support/cancel-page";
import { createTestContext, type TestContext } from "./support/context";
import {
  bookingWithPayment,
  createBooking,
  createCar,
  createUser,
  sessionCookieFor,
  type RentalStripeIds,
} from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { stripeEnv } from "./support/stripe";
import { ORIGIN, callRoute, formRequest } from "./support/routes";

const today = vilniusDay();
const day = (n: number) => addDays(today, n);
const CAR = "Toyota Corolla";
const LOCALES = { en, lt };

type Language = "lt" | "en";

/** The subject a template has in a language, with this file's car in it. */
const subject = (language: Language, template: BookingEmailTemplate) =>
  LOCALES[language].booking[template].subject.replace("{{car}}", CAR);

async function parties(ctx: TestContext, languages: { host: Language; renter: Language }) {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  // Signing in records the language of the sign-in; the languages are chosen after it.
  const hostCookie = await sessionCookieFor(ctx, host.id);
  const renterCookie = await sessionCookieFor(ctx, renter.id);
  await ctx.db.update(profiles).set({ preferredLanguage: languages.host }).where(eq(profiles.id, host.id));
  await ctx.db
    .update(profiles)
    .set({ preferredLanguage: languages.renter, dateOfBirth: "1990-05-05" })
    .where(eq(profiles.id, renter.id));
  const car = await createCar(ctx, host.id, { dailyPrice: 5000 });
  let offset = 10;
  return {
    host,
    renter,
    car,
    languages,
    hostCookie,
    renterCookie,
    /** A booking of the car on days of its own, in the given state. */
    async booking(
      status: "pending" | "confirmed",
      extra: Partial<typeof bookings.$inferInsert> & RentalStripeIds = {},
      renterId = renter.id,
    ) {
      offset += 4;
      return createBooking(ctx, { carId: car.id, renterId, ownerId: host.id }, status, {
        startDate: day(offset),
        endDate: day(offset + 2),
        paymentStatus: status === "pending" ? "authorized" : "captured",
        stripePaymentIntentId: `pi_standin_${offset}`,
        ...extra,
      });
    },
  };
}

type Parties = Awaited<ReturnType<typeof parties>>;

/** The renter asks for the car (the checkout opened, not paid), in their language, which their e-mails keep. */
function requestBooking(ctx: TestContext, p: Parties) {
  return callRoute(
    bookAction,
    formRequest(
      `/car/${p.car.id}/book?lng=${p.languages.renter}`,
      { start: day(10), end: day(13), period: "daily", insurance: "none", pickup: "car-location", dropoff: "same" },
      { cookie: p.renterCookie },
    ),
    ctx.context,
    { id: p.car.id },
  );
}

/** The mail each party has received, as [party, subject], oldest first. */
async function mailOf(ctx: TestContext, p: Parties) {
  const rows = await ctx.db.select().from(devMailbox).orderBy(devMailbox.createdAt);
  return rows.map((row) => [
    row.to === p.host.email ? "host" : row.to === p.renter.email ? "renter" : row.to,
    row.subject,
  ]);
}

function act(ctx: TestContext, cookie: string, bookingId: string, intent: string) {
  return callRoute(listAction, formRequest("/bookings", { intent, bookingId }, { cookie }), ctx.context);
}

describe.each([
  { host: "lt", renter: "en" },
  { host: "en", renter: "lt" },
] as const)("booking e-mails (host reads $host, renter $renter)", (languages) => {
  let ctx: TestContext;
  let p: Parties;
  const to = (party: "host" | "renter", template: BookingEmailTemplate) => [party, subject(languages[party], template)];
  let jpeg: Uint8Array<ArrayBuffer>;
  beforeEach(async () => {
    ctx = await createTestContext();
    p = await parties(ctx, languages);
    jpeg = new Uint8Array(
      await sharp({ create: { width: 32, height: 24, channels: 3, background: "#58a" } })
        .jpeg()
        .toBuffer(),
    );
  });
  afterEach(() => ctx.close());

  it("requested: the paid request e-mails the host once; a replayed payment event sends nothing more", async () => {
    const opened = await requestBooking(ctx, p);
    const sessionId = opened.location!.split("/").pop()!;
    // An unfinished checkout is nobody's news.
    expect(await mailOf(ctx, p)).toEqual([]);
    const paid = await callRoute(
      standInAction,
      formRequest(`/dev/checkout/${sessionId}`, { intent: "pay" }, { cookie: p.renterCookie }),
      ctx.context,
      { sessionId },
    );
    expect(paid.status).toBe(303);
    expect(await mailOf(ctx, p)).toEqual([to("host", "booking_requested")]);
    const row = await bookingWithPayment(ctx, { checkoutSessionId: sessionId });
    const replay: PaymentEvent = {
      id: "evt_replay_authorised",
      type: "payment_intent.amount_capturable_updated",
      data: { object: { id: row!.stripePaymentIntentId, object: "payment_intent", metadata: { booking_id: row!.id } } },
    };
    await handlePaymentEvent(ctx.context, replay, ORIGIN);
    await handlePaymentEvent(ctx.context, replay, ORIGIN);
    expect(await mailOf(ctx, p)).toHaveLength(1);
  });

  it("confirmed, with the overlapping request it declines: each renter is e-mailed once", async () => {
    const other = await createUser(ctx);
    const id = await p.booking("pending");
    const [mine] = await ctx.db.select().from(bookings).where(eq(bookings.id, id));
    await createBooking(ctx, { carId: p.car.id, renterId: other.id, ownerId: p.host.id }, "pending", {
      startDate: mine!.startDate,
      endDate: mine!.endDate,
      paymentStatus: "authorized",
      stripePaymentIntentId: "pi_standin_other",
    });
    expect((await act(ctx, p.hostCookie, id, "confirm")).status).toBe(303);
    expect((await act(ctx, p.hostCookie, id, "confirm")).status).toBe(409);
    // The other renter never chose a language: Lithuanian, the default.
    expect(await mailOf(ctx, p)).toEqual(
      expect.arrayContaining([to("renter", "booking_confirmed"), [other.email, subject("lt", "booking_declined")]]),
    );
    expect(await mailOf(ctx, p)).toHaveLength(2);
  });

  it("declined: the renter is e-mailed", async () => {
    const id = await p.booking("pending");
    expect((await act(ctx, p.hostCookie, id, "decline")).status).toBe(303);
    expect(await mailOf(ctx, p)).toEqual([to("renter", "booking_declined")]);
  });

  it("cancelled by the renter: the host is e-mailed, for a request and for a confirmed booking", async () => {
    const request = await p.booking("pending");
    const confirmed = await p.booking("confirmed");
    expect((await act(ctx, p.renterCookie, request, "cancel")).status).toBe(303);
    expect((await cancelOnItsPage(ctx.context, p.renterCookie, confirmed)).result.status).toBe(303);
    // The paid booking's renter has their refund in writing too (the next test reads it).
    expect(await mailOf(ctx, p)).toEqual([
      to("host", "booking_cancelled_by_renter"),
      to("host", "booking_cancelled_by_renter"),
      to("renter", "booking_cancelled_by_you"),
    ]);
  });

  it("a renter who cancels a paid booking on its page is e-mailed the refund it shows, once", async () => {
    const id = await p.booking("confirmed", { totalAmount: 62_640, depositAmount: 50_000, dailyRate: 4_000 });
    const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, id));
    // After the free cancellation: the first day and the platform fee are kept, as the cancel page says.
    const now = new Date(Date.parse(`${booking!.startDate}T00:00:00Z`) - 3_600_000);
    const preview = cancelPreview(booking!, "renter", now);
    const refund = expectedRefundOf(preview);
    expect(refund).toBe(62_640 - 4_000 - 240);
    const cancel = () =>
      cancelConfirmedBooking(ctx.context, {
        booking: booking!,
        role: "renter",
        userId: p.renter.id,
        expectedRefund: refund,
        origin: ORIGIN,
        now,
      });
    expect(await cancel()).toMatchObject({ ok: true });
    expect(await cancel()).toMatchObject({ ok: false });
    expect(await mailOf(ctx, p)).toEqual([
      to("host", "booking_cancelled_by_renter"),
      to("renter", "booking_cancelled_by_you"),
    ]);
    const language = languages.renter;
    const [mail] = await ctx.db.select().from(devMailbox).where(eq(devMailbox.to, p.renter.email));
    for (const said of [
      formatMoney(refund, language),
      formatMoney(62_640, language),
      formatMoney(4_240, language),
      formatDate(now, language, "long"),
      `${REFUND_BANK_DAYS.from}–${REFUND_BANK_DAYS.to}`,
    ]) {
      expect(mail!.text).toContain(said);
    }
    const [hostMail] = await ctx.db.select().from(devMailbox).where(eq(devMailbox.to, p.host.email));
    expect(hostMail!.text).toContain(formatMoney(refund, languages.host));
  });

  it("cancelled by the renter before paying: nobody is e-mailed (the host never heard of it)", async () => {
    const unpaid = await p.booking("pending", { paymentStatus: "unpaid", stripePaymentIntentId: null });
    expect((await act(ctx, p.renterCookie, unpaid, "cancel")).status).toBe(303);
    expect(await mailOf(ctx, p)).toEqual([]);
  });

  it("cancelled by the host: the renter is e-mailed", async () => {
    const id = await p.booking("confirmed");
    expect((await cancelOnItsPage(ctx.context, p.hostCookie, id)).result.status).toBe(303);
    expect(await mailOf(ctx, p)).toEqual([to("renter", "booking_cancelled")]);
  });

  it("the trip: each record and each answer e-mails both parties, in their languages, with the trip page's link", async () => {
    const id = await p.booking("confirmed");
    const booking = (await findTripBooking(ctx.db, id))!;
    const { start, end } = tripTimes(booking);
    const photo = new File([jpeg], "side.jpg", { type: "image/jpeg" });
    const form = (fields: Record<string, string>, photos = false) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      if (photos) for (const side of ["photoFront", "photoBack", "photoLeft", "photoRight"]) data.append(side, photo);
      return data;
    };
    const submit = async (userId: string, fields: Record<string, string>, at: number, photos = false) => {
      const current = (await findTripBooking(ctx.db, id))!;
      const outcome = await submitTripForm(ctx.context, {
        booking: current,
        userId,
        formData: form(fields, photos),
        origin: ORIGIN,
        now: new Date(at),
      });
      expect(outcome.ok).toBe(true);
    };
    const record = { intent: "record", odometerKm: "1000", fuelLevel: "8", note: "" };
    await submit(p.host.id, { ...record, kind: "check_in" }, start, true);
    await submit(p.renter.id, { intent: "confirm", kind: "check_in" }, start + 60_000);
    await submit(p.renter.id, { ...record, kind: "check_out", odometerKm: "1300" }, end, true);
    await submit(p.host.id, { intent: "disagree", kind: "check_out", disagreement: "Fuel was low" }, end + 60_000);
    const both = (template: BookingEmailTemplate) => [to("host", template), to("renter", template)];
    const mail = await mailOf(ctx, p);
    expect([...mail].sort()).toEqual(
      [
        ...both("trip_check_in"),
        ...both("trip_record_confirmed"),
        ...both("trip_check_out"),
        ...both("trip_record_disputed"),
      ].sort(),
    );
    const rows = await ctx.db.select().from(devMailbox);
    expect(rows.every((row) => row.text.includes(`${ORIGIN}/bookings/${id}`))).toBe(true);
  });

  it("the host's old 'complete' button is gone: refused, nobody e-mailed", async () => {
    const id = await p.booking("confirmed");
    expect((await act(ctx, p.hostCookie, id, "complete")).status).toBe(400);
    expect(await mailOf(ctx, p)).toEqual([]);
  });

  it("expired after 24 hours: renter and host are e-mailed once, however often the job runs", async () => {
    await p.booking("pending", { createdAt: new Date(Date.now() - 25 * 3_600_000) });
    await expireBookings(ctx.context, new Date(), ORIGIN);
    await expireBookings(ctx.context, new Date(), ORIGIN);
    expect(await mailOf(ctx, p)).toEqual(
      expect.arrayContaining([to("renter", "booking_expired"), to("host", "booking_expired_host")]),
    );
    expect(await mailOf(ctx, p)).toHaveLength(2);
  });

  it("the card hold lapsing at Stripe ends a waiting request (both e-mailed), and is no news for one already ended", async () => {
    const waiting = await p.booking("pending", { stripePaymentIntentId: "pi_lapsed" });
    const canceled = (id: string, intent: string): PaymentEvent => ({
      id: `evt_canceled_${intent}`,
      type: "payment_intent.canceled",
      data: { object: { id: intent, object: "payment_intent", metadata: { booking_id: id } } },
    });
    await handlePaymentEvent(ctx.context, canceled(waiting, "pi_lapsed"), ORIGIN);
    expect(await mailOf(ctx, p)).toEqual(
      expect.arrayContaining([to("renter", "booking_expired"), to("host", "booking_expired_host")]),
    );
    // A declined request whose release we asked for: Stripe's answer arrives while the row still says authorised.
    const declined = await p.booking("pending", { stripePaymentIntentId: "pi_declined" });
    await ctx.db
      .update(bookings)
      .set({ status: "cancelled", cancelReason: "declined", cancelledAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, declined));
    await handlePaymentEvent(ctx.context, canceled(declined, "pi_declined"), ORIGIN);
    expect(await mailOf(ctx, p)).toHaveLength(2);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, declined));
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "declined", paymentStatus: "released" });
  });
});

describe("a confirm whose capture fails", () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    ctx = await createTestContext(stripeEnv(fake, "whsec_test"));
  });
  afterEach(() => ctx.close());

  it.each(["lt", "en"] as const)("tells the renter (reading %s) that the payment failed, once", async (language) => {
    const p = await parties(ctx, { host: language === "lt" ? "en" : "lt", renter: language });
    const opened = await requestBooking(ctx, p);
    expect(opened.status).toBe(303);
    const sessionId = [...fake.sessions.keys()].pop()!;
    await handlePaymentEvent(ctx.context, fake.completeSession(sessionId) as unknown as PaymentEvent, ORIGIN);
    const row = await bookingWithPayment(ctx, { checkoutSessionId: sessionId });
    await ctx.db.delete(devMailbox);
    fake.failNext(/\/capture$/, 402, { type: "card_error", code: "card_declined", message: "Declined" });
    expect((await act(ctx, p.hostCookie, row!.id, "confirm")).status).toBe(502);
    vi.mocked(console.error).mockClear();
    expect(await mailOf(ctx, p)).toEqual([["renter", subject(language, "booking_payment_failed")]]);
  });
});
