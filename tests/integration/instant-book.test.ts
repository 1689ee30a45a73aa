// Instant book (decision 023) against a real libSQL file and Stripe's fake: a request is marked instant by the rule
// (booking-request.ts#instantBookFor) when it is written; its authorised card confirms it through the host's confirm
// (capture, deposit held, overlap guard), telling both; others stay requests; /rentals filters by it; the car page
// says whether this renter books at once.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, carBlockedDays, cars, devMailbox, notifications, profiles } from "#db/schema";
import en from "~/locales/en/email.json";
import lt from "~/locales/lt/email.json";
import bookingsEn from "~/locales/en/bookings.json";
import bookingsLt from "~/locales/lt/bookings.json";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { action as bookAction, loader as bookLoader } from "~/routes/_cars+/car.$id.book";
import { loader as carLoader } from "~/routes/_cars+/car.$id";
import { loader as rentalsLoader } from "~/routes/_cars+/rentals";
import { loader as successLoader } from "~/routes/_bookings+/booking-success";
import { action as standInAction, loader as standInLoader } from "~/routes/_dev+/dev.checkout.$sessionId";
import { action as editAction } from "~/routes/_my-listings+/my-listings.$carId.edit";
import { createTestContext, type TestContext } from "./support/context";
import { bookingWithPayment, createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { deliverWebhook, stripeEnv } from "./support/stripe";
import { callRoute, formRequest, getRequest } from "./support/routes";

const today = vilniusDay();
const day = (n: number) => addDays(today, n);
const WEBHOOK_SECRET = "whsec_test_instant";

/** A renter signed in, verified or not, with a date of birth on the profile. */
async function renter(ctx: TestContext, verified: boolean, dateOfBirth = "1990-05-05") {
  const user = await createUser(ctx, { verified });
  await ctx.db.update(profiles).set({ dateOfBirth }).where(eq(profiles.id, user.id));
  return { ...user, cookie: await sessionCookieFor(ctx, user.id) };
}

async function people(ctx: TestContext) {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const hostCookie = await sessionCookieFor(ctx, host.id);
  // Signing in records the language of the sign-in: the host's e-mails in English are chosen after it.
  await ctx.db.update(profiles).set({ preferredLanguage: "en" }).where(eq(profiles.id, host.id));
  const instantCar = await createCar(ctx, host.id, { dailyPrice: 5000, depositAmount: 20000, instantBook: true });
  const plainCar = await createCar(ctx, host.id, { dailyPrice: 5000, depositAmount: 20000 });
  return {
    host: { ...host, cookie: hostCookie },
    verified: await renter(ctx, true),
    unverified: await renter(ctx, false),
    instantCar,
    plainCar,
  };
}

type People = Awaited<ReturnType<typeof people>>;

const choice = (start: number, end: number) => ({
  start: day(start),
  end: day(end),
  period: "daily",
  insurance: "none",
  pickup: "car-location",
  dropoff: "same",
});

function book(ctx: TestContext, carId: string, cookie: string, fields: Record<string, string>) {
  return callRoute(bookAction, formRequest(`/car/${carId}/book`, fields, { cookie }), ctx.context, { id: carId });
}

/** The booking with its rental charge's Stripe ids (decision 035). */
const bookingOf = async (ctx: TestContext, id: string) => (await bookingWithPayment(ctx, { id }))!;

const noticesOf = (ctx: TestContext, userId: string) =>
  ctx.db.select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, userId));

const subjectsTo = async (ctx: TestContext, email: string) =>
  (await ctx.db.select().from(devMailbox).where(eq(devMailbox.to, email))).map((mail) => mail.subject);

/** A template's subject in a language: the renter's is the language they booked in (Lithuanian here), the host's English. */
const subject = (template: keyof typeof en.booking, language: "en" | "lt" = "en") =>
  ((language === "en" ? en : lt).booking[template] as { subject: string }).subject.replace("{{car}}", "Toyota Corolla");

describe("instant book through Stripe (webhooks signed, the real SDK against the fake)", () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let p: People;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
    p = await people(ctx);
  });
  afterEach(() => ctx.close());

  const deliver = (event: object) => deliverWebhook(ctx.context, event, WEBHOOK_SECRET);

  /** The renter's request for the car's days, its checkout opened; returns the booking and the paid checkout's event. */
  async function request(carId: string, who: { cookie: string }, start: number, end: number) {
    const opened = await book(ctx, carId, who.cookie, choice(start, end));
    expect(opened.status).toBe(303);
    const sessionId = [...fake.sessions.keys()].pop()!;
    const row = await bookingWithPayment(ctx, { checkoutSessionId: sessionId });
    return { id: row!.id, instantBook: row!.instantBook, completed: () => fake.completeSession(sessionId) };
  }

  it("marks the request instant only for a verified renter on an instant-book listing", async () => {
    expect((await request(p.instantCar.id, p.verified, 10, 13)).instantBook).toBe(true);
    expect((await request(p.instantCar.id, p.unverified, 20, 23)).instantBook).toBe(false);
    expect((await request(p.plainCar.id, p.verified, 10, 13)).instantBook).toBe(false);
    // The age rule counts too, on the verified date of birth only (decision 031): a verified renter without one
    // gives it in the dialog for the age rule, and sends a request; the date stays off the verified profile.
    await ctx.db.update(profiles).set({ dateOfBirth: null }).where(eq(profiles.id, p.verified.id));
    const withAge = await book(ctx, p.instantCar.id, p.verified.cookie, {
      ...choice(30, 33),
      dateOfBirth: "1991-02-03",
    });
    expect(withAge.status).toBe(303);
    const [given] = await ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.carId, p.instantCar.id), eq(bookings.startDate, day(30))));
    expect(given!.instantBook).toBe(false);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, p.verified.id));
    expect(profile!.dateOfBirth).toBeNull();
  });

  it("Stripe Checkout says what paying does: charged at once when instant, only on the host's confirm otherwise", async () => {
    const noteOf = () => {
      const created = fake.requests.filter((r) => r.path === "/v1/checkout/sessions" && r.method === "POST").pop()!;
      return (created.body.custom_text as { submit: { message: string } }).submit.message;
    };
    await request(p.instantCar.id, p.verified, 10, 13);
    // The renter books in Lithuanian (the default), as the checkout's lines are.
    expect(noteOf()).toBe(bookingsLt.instantBook.instant);
    await request(p.instantCar.id, p.unverified, 20, 23);
    expect(noteOf()).toBe(bookingsLt.instantBook.request);
    const english = await callRoute(
      bookAction,
      formRequest(`/car/${p.plainCar.id}/book?lng=en`, choice(30, 33), { cookie: p.verified.cookie }),
      ctx.context,
      { id: p.plainCar.id },
    );
    expect(english.status).toBe(303);
    expect(noteOf()).toBe(bookingsEn.instantBook.request);
  });

  it("the host turning instant book off before the request is written makes it a request", async () => {
    await ctx.db.update(cars).set({ instantBook: false }).where(eq(cars.id, p.instantCar.id));
    expect((await request(p.instantCar.id, p.verified, 10, 13)).instantBook).toBe(false);
  });

  it("an authorised instant booking is confirmed without the host: captured once, deposit held, both told", async () => {
    const booked = await request(p.instantCar.id, p.verified, 10, 13);
    expect((await deliver(booked.completed())).data.result).toBe("handled");
    const row = await bookingOf(ctx, booked.id);
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "captured", depositStatus: "held" });
    expect(row.confirmedAt).not.toBeNull();
    expect(fake.captureCount(row.stripePaymentIntentId!)).toBe(1);
    expect((await noticesOf(ctx, p.verified.id)).map((n) => n.type)).toEqual(["booking_confirmed"]);
    // The host hears of a confirmed booking, never of a request to answer.
    expect((await noticesOf(ctx, p.host.id)).map((n) => n.type)).toEqual(["booking_confirmed"]);
    expect(await subjectsTo(ctx, p.verified.email)).toEqual([subject("booking_instant_confirmed", "lt")]);
    expect(await subjectsTo(ctx, p.host.email)).toEqual([subject("booking_instant_host")]);
    // The success page says confirmed, and that it was booked instantly.
    const page = await callRoute<{ phase: string; booking: { instantBook: boolean } }>(
      successLoader,
      getRequest(`/booking-success?booking_id=${booked.id}`, { cookie: p.verified.cookie }),
      ctx.context,
    );
    expect(page.data).toMatchObject({ phase: "confirmed", booking: { instantBook: true } });
  });

  it("an unverified renter on the same listing stays a pending request for the host to answer", async () => {
    const booked = await request(p.instantCar.id, p.unverified, 10, 13);
    await deliver(booked.completed());
    const row = await bookingOf(ctx, booked.id);
    expect(row).toMatchObject({ status: "pending", paymentStatus: "authorized", instantBook: false });
    expect(fake.captureCount(row.stripePaymentIntentId!)).toBe(0);
    expect((await noticesOf(ctx, p.host.id)).map((n) => n.type)).toEqual(["booking_requested"]);
    expect(await noticesOf(ctx, p.unverified.id)).toEqual([]);
    const page = await callRoute<{ phase: string }>(
      successLoader,
      getRequest(`/booking-success?booking_id=${booked.id}`, { cookie: p.unverified.cookie }),
      ctx.context,
    );
    expect(page.data.phase).toBe("requested");
  });

  it("confirming declines the overlapping requests as the host's confirm does", async () => {
    const waiting = await request(p.instantCar.id, p.unverified, 11, 14);
    await deliver(waiting.completed());
    const booked = await request(p.instantCar.id, p.verified, 10, 13);
    await deliver(booked.completed());
    expect((await bookingOf(ctx, booked.id)).status).toBe("confirmed");
    const declined = await bookingOf(ctx, waiting.id);
    expect(declined).toMatchObject({ status: "cancelled", cancelReason: "overlapped", paymentStatus: "released" });
    expect(fake.cancelCount(declined.stripePaymentIntentId!)).toBe(1);
    expect((await noticesOf(ctx, p.unverified.id)).map((n) => n.type)).toEqual(["booking_declined"]);
  });

  it("days taken meanwhile: the overlap guard refuses the confirm, the hold is released and both are told", async () => {
    const booked = await request(p.instantCar.id, p.verified, 10, 13);
    // Another booking of the same days confirmed while this checkout was open (written past the request's check).
    const other = await createUser(ctx);
    await createBooking(ctx, { carId: p.instantCar.id, renterId: other.id, ownerId: p.host.id }, "confirmed", {
      startDate: day(11),
      endDate: day(12),
      paymentStatus: "captured",
    });
    expect((await deliver(booked.completed())).data.result).toBe("handled");
    const row = await bookingOf(ctx, booked.id);
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "overlapped", paymentStatus: "released" });
    expect(fake.captureCount(row.stripePaymentIntentId!)).toBe(0);
    expect(fake.cancelCount(row.stripePaymentIntentId!)).toBe(1);
    expect((await noticesOf(ctx, p.verified.id)).map((n) => n.type)).toEqual(["booking_declined"]);
    expect((await noticesOf(ctx, p.host.id)).map((n) => n.type)).toEqual(["booking_cancelled"]);
    expect(await subjectsTo(ctx, p.verified.email)).toEqual([subject("booking_instant_taken", "lt")]);
    expect(await subjectsTo(ctx, p.host.email)).toEqual([]);
  });

  it("days the host blocked meanwhile end it the same way", async () => {
    const booked = await request(p.instantCar.id, p.verified, 10, 13);
    await ctx.db.insert(carBlockedDays).values({ carId: p.instantCar.id, day: day(12) });
    await deliver(booked.completed());
    const row = await bookingOf(ctx, booked.id);
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "overlapped", paymentStatus: "released" });
    expect(fake.captureCount(row.stripePaymentIntentId!)).toBe(0);
  });

  it("a duplicated checkout.session.completed confirms and captures once, also when both arrive together", async () => {
    const booked = await request(p.instantCar.id, p.verified, 10, 13);
    const event = booked.completed();
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.data.result).sort()).toEqual(["duplicate", "duplicate", "handled"]);
    // The same payment told again under another event id (Stripe's retry, or the intent's own event).
    await deliver({ ...event, id: `${event.id}_again` });
    const row = await bookingOf(ctx, booked.id);
    await deliver(fake.paymentIntentEvent(row.stripePaymentIntentId!, "payment_intent.amount_capturable_updated"));
    expect(await bookingOf(ctx, booked.id)).toMatchObject({ status: "confirmed", paymentStatus: "captured" });
    expect(fake.captureCount(row.stripePaymentIntentId!)).toBe(1);
    expect((await noticesOf(ctx, p.host.id)).map((n) => n.type)).toEqual(["booking_confirmed"]);
    expect((await noticesOf(ctx, p.verified.id)).map((n) => n.type)).toEqual(["booking_confirmed"]);
  });
});

describe("instant book with the local stand-in checkout", () => {
  let ctx: TestContext;
  let p: People;
  beforeAll(async () => {
    ctx = await createTestContext();
    p = await people(ctx);
  });
  afterAll(() => ctx.close());

  it("Pay confirms the instant booking by the same path", async () => {
    const opened = await book(ctx, p.instantCar.id, p.verified.cookie, choice(10, 13));
    const sessionId = opened.location!.split("/").pop()!;
    const paid = await callRoute(
      standInAction,
      formRequest(`/dev/checkout/${sessionId}`, { intent: "pay" }, { cookie: p.verified.cookie }),
      ctx.context,
      { sessionId },
    );
    expect(paid.location).toMatch(/^\/booking-success\?booking_id=/);
    const row = await bookingWithPayment(ctx, { checkoutSessionId: sessionId });
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "captured", instantBook: true });
    expect((await noticesOf(ctx, p.host.id)).map((n) => n.type)).toEqual(["booking_confirmed"]);
  });

  it("the stand-in checkout says what paying does, from the booking's own instant_book", async () => {
    const page = async (who: { cookie: string }, carId: string, start: number) => {
      const opened = await book(ctx, carId, who.cookie, choice(start, start + 3));
      const sessionId = opened.location!.split("/").pop()!;
      return (
        await callRoute<{ instantBook: boolean; open: boolean }>(
          standInLoader,
          getRequest(`/dev/checkout/${sessionId}`, { cookie: who.cookie }),
          ctx.context,
          { sessionId },
        )
      ).data;
    };
    expect(await page(p.verified, p.instantCar.id, 50)).toMatchObject({ instantBook: true, open: true });
    expect(await page(p.unverified, p.instantCar.id, 60)).toMatchObject({ instantBook: false, open: true });
  });

  it("the review step says whether the booking is confirmed at once or a request", async () => {
    const review = async (carId: string, cookie: string) =>
      (
        await callRoute<{ step: number; evaluation: { instantBook: boolean } }>(
          bookLoader,
          getRequest(`/car/${carId}/book?${new URLSearchParams({ ...choice(40, 43), step: "review" })}`, { cookie }),
          ctx.context,
          { id: carId },
        )
      ).data;
    expect(await review(p.instantCar.id, p.verified.cookie)).toMatchObject({
      step: 2,
      evaluation: { instantBook: true },
    });
    expect(await review(p.instantCar.id, p.unverified.cookie)).toMatchObject({
      step: 2,
      evaluation: { instantBook: false },
    });
    expect((await review(p.plainCar.id, p.verified.cookie)).evaluation.instantBook).toBe(false);
  });

  it("the car page tells each viewer whether they book at once, and why not", async () => {
    const viewer = async (carId: string, cookie?: string) =>
      (
        await callRoute<{ car: { instantBook: boolean }; viewer: { instantBook: string | null } }>(
          carLoader,
          getRequest(`/car/${carId}`, cookie ? { cookie } : {}),
          ctx.context,
          { id: carId },
        )
      ).data;
    expect(await viewer(p.instantCar.id, p.verified.cookie)).toMatchObject({
      car: { instantBook: true },
      viewer: { instantBook: "instant" },
    });
    expect((await viewer(p.instantCar.id, p.unverified.cookie)).viewer.instantBook).toBe("unverified");
    const young = await renter(ctx, true, "2010-01-01");
    expect((await viewer(p.instantCar.id, young.cookie)).viewer.instantBook).toBe("age");
    expect((await viewer(p.instantCar.id)).viewer.instantBook).toBeNull();
    expect((await viewer(p.instantCar.id, p.host.cookie)).viewer.instantBook).toBeNull();
    expect((await viewer(p.plainCar.id, p.verified.cookie)).viewer.instantBook).toBeNull();
  });

  it("/rentals?instant=1 lists only instant-book cars; other values are ignored, never an error", async () => {
    const rentals = async (query: string) => {
      const result = await callRoute<{ listings: { cars: { id: string; instantBook: boolean }[] } }>(
        rentalsLoader,
        getRequest(`/rentals${query}`),
        ctx.context,
      );
      expect(result.status, query).toBe(200);
      return result.data.listings.cars.map((car) => car.id);
    };
    const all = await rentals("");
    expect(all).toEqual(expect.arrayContaining([p.instantCar.id, p.plainCar.id]));
    expect(await rentals("?instant=1")).toEqual([p.instantCar.id]);
    for (const bad of ["?instant=yes", "?instant=0", "?instant=", "?instant=%00", "?instant=true"]) {
      expect((await rentals(bad)).sort(), bad).toEqual([...all].sort());
    }
  });

  it("the host turns it on and off on the edit page; a sale-only listing never has it", async () => {
    const listing = {
      intent: "save",
      make: "Toyota",
      model: "Corolla",
      year: "2020",
      mileage: "45000",
      location: "Vilnius",
      category: "suv",
      fuelType: "hybrid",
      transmission: "automatic",
      dailyPrice: "50",
    };
    const save = async (carId: string, fields: Record<string, string>) => {
      const result = await callRoute(
        editAction,
        formRequest(`/my-listings/${carId}/edit`, fields, { cookie: p.host.cookie }),
        ctx.context,
        { carId },
      );
      expect(result.status).toBe(302);
      const [car] = await ctx.db.select({ instantBook: cars.instantBook }).from(cars).where(eq(cars.id, carId));
      return car!.instantBook;
    };
    expect(await save(p.plainCar.id, { ...listing, instantBook: "on" })).toBe(true);
    expect(await save(p.plainCar.id, listing)).toBe(false);
    const sale = await createCar(ctx, p.host.id, { listingType: "sale", dailyPrice: null, salePrice: 1_500_000 });
    expect(await save(sale.id, { ...listing, dailyPrice: "", salePrice: "15000", instantBook: "on" })).toBe(false);
  });
});
