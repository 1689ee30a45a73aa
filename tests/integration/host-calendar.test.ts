// The host's calendar (decision 018) against a real libSQL file: the edit page's month, blocking and unblocking days,
// a block refused over a booking or a waiting request (the message names it), other people refused, bad input
// refused with nothing written; the database's own guard (migration 0010) both ways; and a renter's request refused
// on a blocked day.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, carBlockedDays, profiles } from "#db/schema";
import type { CalendarDay, CalendarMonth } from "~/bookings/availability-rules";
import { applyBookingAction } from "~/bookings/booking-actions.server";
import { addDays, addMonths, vilniusDay } from "~/utils/calendar-days";
import { insertBookingRequest } from "~/bookings/booking-queries.server";
import { action as bookAction, loader as bookLoader } from "~/routes/_cars+/car.$id.book";
import { loader as carLoader } from "~/routes/_cars+/car.$id";
import { action as editAction, loader as editLoader } from "~/routes/_my-listings+/my-listings.$carId.edit";
import { takeToast } from "~/utils/toast.server";
import { createTestContext, type TestContext } from "./support/context";
import { bookingRequest, createBooking, createCar, createSignedInUser } from "./support/factories";
import { callRoute, cookieFrom, formRequest, getRequest } from "./support/routes";

const today = vilniusDay();
const day = (n: number) => addDays(today, n);
/** A month ahead with every day in the future, whatever today is: its days are `on(1)` ... */
const ahead = addMonths(today, 2).slice(0, 7);
const on = (date: number) => `${ahead}-${String(date).padStart(2, "0")}`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function hostWithCar(overrides: Parameters<typeof createCar>[2] = {}) {
  const host = await createSignedInUser(ctx, { verified: true, isHost: true });
  const car = await createCar(ctx, host.id, { dailyPrice: 5000, ...overrides });
  return { host, car };
}

const blockedOf = async (carId: string) =>
  (await ctx.db.select({ day: carBlockedDays.day }).from(carBlockedDays).where(eq(carBlockedDays.carId, carId)))
    .map((row) => row.day)
    .sort();

type CalendarAnswer = {
  calendar?: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  hold?: { kind: string; startDate: string; endDate: string };
};

function post(carId: string, cookie: string, fields: Record<string, string | string[]>) {
  return callRoute<CalendarAnswer>(
    editAction,
    formRequest(`/my-listings/${carId}/edit`, fields, { cookie }),
    ctx.context,
    { carId },
  );
}

const statesOf = (month: CalendarMonth) =>
  Object.fromEntries(
    month.weeks
      .flat()
      .filter((d): d is CalendarDay => d !== null)
      .map((d) => [d.day, d.state]),
  );

describe("the edit page's calendar", () => {
  it("shows the owner's month: booked, blocked and requested days apart", async () => {
    const { host, car } = await hostWithCar();
    const renter = await createSignedInUser(ctx);
    const parties = { carId: car.id, renterId: renter.id, ownerId: host.id };
    await createBooking(ctx, parties, "confirmed", { startDate: on(3), endDate: on(5), totalDays: 2 });
    await createBooking(ctx, parties, "pending", {
      startDate: on(8),
      endDate: on(9),
      totalDays: 1,
      paymentStatus: "authorized",
    });
    await ctx.db.insert(carBlockedDays).values({ carId: car.id, day: on(6) });
    const result = await callRoute<{ calendar: { month: CalendarMonth; range: object } }>(
      editLoader,
      getRequest(`/my-listings/${car.id}/edit?month=${ahead}&from=${on(6)}&to=${on(7)}`, { cookie: host.cookie }),
      ctx.context,
      { carId: car.id },
    );
    expect(result.status).toBe(200);
    const states = statesOf(result.data.calendar.month);
    expect(states[on(3)]).toBe("booked");
    expect(states[on(4)]).toBe("booked");
    expect(states[on(5)]).toBe("free"); // the return day
    expect(states[on(6)]).toBe("blocked");
    expect(states[on(7)]).toBe("free");
    expect(states[on(8)]).toBe("pending");
    expect(result.data.calendar.range).toEqual({ from: on(6), to: on(7) });
  });

  it("a sale listing has no calendar, and its block is refused", async () => {
    const { host, car } = await hostWithCar({ listingType: "sale", dailyPrice: null, salePrice: 1500000 });
    const page = await callRoute<{ calendar: unknown }>(
      editLoader,
      getRequest(`/my-listings/${car.id}/edit`, { cookie: host.cookie }),
      ctx.context,
      { carId: car.id },
    );
    expect(page.data.calendar).toBeNull();
    const result = await post(car.id, host.cookie, { intent: "block", from: day(5), to: day(6) });
    expect(result.status).toBe(400);
    expect(result.data.calendar?.error?.[""]).toEqual(["listings:calendar.errors.notRental"]);
    expect(await blockedOf(car.id)).toEqual([]);
  });

  it("blocks a range (both days included), keeps days blocked twice once, and unblocks part of it", async () => {
    const { host, car } = await hostWithCar();
    const blocked = await post(car.id, host.cookie, { intent: "block", from: day(20), to: day(23) });
    expect(blocked.status).toBe(302);
    expect(blocked.location).toBe(`/my-listings/${car.id}/edit?month=${day(20).slice(0, 7)}#calendar`);
    const { toast } = await takeToast(getRequest("/", { cookie: cookieFrom(blocked.headers) }), ctx.context.env);
    expect(toast?.title).toBe("toasts.daysBlocked");
    expect(await blockedOf(car.id)).toEqual([day(20), day(21), day(22), day(23)]);

    expect((await post(car.id, host.cookie, { intent: "block", from: day(22), to: day(24) })).status).toBe(302);
    expect(await blockedOf(car.id)).toEqual([day(20), day(21), day(22), day(23), day(24)]);

    const unblocked = await post(car.id, host.cookie, { intent: "unblock", from: day(21), to: day(22) });
    expect(unblocked.status).toBe(302);
    expect(await blockedOf(car.id)).toEqual([day(20), day(23), day(24)]);
  });

  it("refuses to block days a booking holds, naming it, and writes nothing", async () => {
    const { host, car } = await hostWithCar();
    const renter = await createSignedInUser(ctx);
    await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "confirmed", {
      startDate: day(12),
      endDate: day(15),
    });
    const result = await post(car.id, host.cookie, { intent: "block", from: day(10), to: day(12) });
    expect(result.status).toBe(409);
    expect(result.data.calendar?.error?.from).toEqual(["listings:calendar.errors.booked"]);
    expect(result.data.hold).toEqual({ kind: "booked", startDate: day(12), endDate: day(15) });
    expect(result.data.calendar?.initialValue).toMatchObject({ from: day(10), to: day(12) });
    expect(await blockedOf(car.id)).toEqual([]);
    // The return day is free again: the car is back that morning.
    expect((await post(car.id, host.cookie, { intent: "block", from: day(15), to: day(16) })).status).toBe(302);
    expect(await blockedOf(car.id)).toEqual([day(15), day(16)]);
  });

  it("refuses to block days of a request waiting for the host's answer", async () => {
    const { host, car } = await hostWithCar();
    const renter = await createSignedInUser(ctx);
    await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "pending", {
      startDate: day(30),
      endDate: day(33),
      paymentStatus: "authorized",
    });
    const result = await post(car.id, host.cookie, { intent: "block", from: day(32), to: day(40) });
    expect(result.status).toBe(409);
    expect(result.data.calendar?.error?.from).toEqual(["listings:calendar.errors.requested"]);
    expect(result.data.hold?.kind).toBe("requested");
    expect(await blockedOf(car.id)).toEqual([]);
  });

  it("refuses bad ranges with the message at the field, keeping what was typed, writing nothing", async () => {
    const { host, car } = await hostWithCar();
    const cases: [Record<string, string>, string, string][] = [
      [{ from: day(5), to: day(3) }, "to", "listings:calendar.errors.toBeforeFrom"],
      [{ from: day(-1), to: day(3) }, "from", "listings:calendar.errors.past"],
      [{ from: day(3), to: day(400) }, "to", "listings:calendar.errors.tooFar"],
      [{ from: "2026-02-30", to: day(3) }, "from", "listings:calendar.errors.invalidDate"],
      [{ from: "", to: day(3) }, "from", "listings:calendar.errors.fromRequired"],
    ];
    for (const [fields, field, message] of cases) {
      for (const intent of ["block", "unblock"]) {
        const result = await post(car.id, host.cookie, { intent, ...fields });
        expect(result.status, `${intent} ${JSON.stringify(fields)}`).toBe(400);
        expect(result.data.calendar?.error?.[field]).toEqual([message]);
        if (fields.from) expect(result.data.calendar?.initialValue?.from).toBe(fields.from);
      }
    }
    expect(await blockedOf(car.id)).toEqual([]);
  });

  it("refuses everyone but the owner: a stranger and an admin get 403, a guest signs in; nothing changes", async () => {
    const { car } = await hostWithCar();
    await ctx.db.insert(carBlockedDays).values({ carId: car.id, day: day(9) });
    const stranger = await createSignedInUser(ctx);
    const admin = await createSignedInUser(ctx, { isAdmin: true });
    for (const cookie of [stranger.cookie, admin.cookie]) {
      expect((await post(car.id, cookie, { intent: "block", from: day(5), to: day(6) })).status).toBe(403);
      expect((await post(car.id, cookie, { intent: "unblock", from: day(9), to: day(9) })).status).toBe(403);
    }
    const guest = await post(car.id, "", { intent: "block", from: day(5), to: day(6) });
    expect(guest.location).toContain("/auth/signin");
    expect(await blockedOf(car.id)).toEqual([day(9)]);
  });
});

describe("the database guards blocked days (migration 0010)", () => {
  it("refuses a blocked day under a confirmed booking, and a request or booking over a blocked day", async () => {
    const { host, car } = await hostWithCar();
    const renter = await createSignedInUser(ctx);
    const parties = { carId: car.id, renterId: renter.id, ownerId: host.id };
    await createBooking(ctx, parties, "confirmed", { startDate: day(40), endDate: day(42) });
    await expect(ctx.db.insert(carBlockedDays).values({ carId: car.id, day: day(41) })).rejects.toThrow();
    await ctx.db.insert(carBlockedDays).values({ carId: car.id, day: day(50) });
    for (const status of ["pending", "confirmed", "active"] as const) {
      await expect(
        createBooking(ctx, parties, status, { startDate: day(49), endDate: day(51), totalDays: 2 }),
      ).rejects.toThrow();
    }
    // A cancelled booking holds nothing, and a booking that ends on the blocked day (returned that morning) is fine.
    await createBooking(ctx, parties, "cancelled", { startDate: day(49), endDate: day(51) });
    await createBooking(ctx, parties, "confirmed", { startDate: day(48), endDate: day(50) });
  });

  it("refuses a request over a blocked day in the request's own statement", async () => {
    const { host, car } = await hostWithCar();
    const renter = await createSignedInUser(ctx);
    await ctx.db.insert(carBlockedDays).values({ carId: car.id, day: day(61) });
    const parties = { carId: car.id, ownerId: host.id, renterId: renter.id };
    expect(await insertBookingRequest(ctx.db, bookingRequest(parties, day(60), day(63)))).toBeNull();
    expect(await insertBookingRequest(ctx.db, bookingRequest(parties, day(62), day(65)))).not.toBeNull();
  });

  it("a request paid for after the host blocked its days cannot be confirmed: the host is told why", async () => {
    const { host, car } = await hostWithCar();
    const renter = await createSignedInUser(ctx);
    // The checkout was open (unpaid) when the host blocked the days; the card was authorised afterwards.
    const id = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "pending", {
      startDate: day(70),
      endDate: day(73),
    });
    expect((await post(car.id, host.cookie, { intent: "block", from: day(71), to: day(71) })).status).toBe(302);
    await ctx.db.update(bookings).set({ paymentStatus: "authorized" }).where(eq(bookings.id, id));
    const outcome = await applyBookingAction(ctx.context, {
      bookingId: id,
      userId: host.id,
      action: "confirm",
      origin: "http://ratai.test",
    });
    expect(outcome).toMatchObject({ ok: false, status: 409, error: "bookings:errors.blockedByHost" });
    const [row] = await ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
    expect(row?.status).toBe("pending");
  });
});

describe("renters and blocked days", () => {
  async function renterAndCar() {
    const { host, car } = await hostWithCar();
    const renter = await createSignedInUser(ctx, { verified: true });
    await ctx.db.update(profiles).set({ dateOfBirth: "1990-05-05" }).where(eq(profiles.id, renter.id));
    return { host, car, renter };
  }
  const choice = (start: string, end: string) => ({
    start,
    end,
    period: "daily",
    insurance: "none",
    pickup: "car-location",
    dropoff: "same",
  });

  it("the booking request is refused on a blocked day, with the spec's message, the day named and no row written", async () => {
    const { car, renter } = await renterAndCar();
    await ctx.db.insert(carBlockedDays).values({ carId: car.id, day: day(11) });
    const result = await callRoute<{ formIssue?: { title: string; message: string; days?: string[] } }>(
      bookAction,
      formRequest(`/car/${car.id}/book`, choice(day(10), day(13)), { cookie: renter.cookie }),
      ctx.context,
      { id: car.id },
    );
    expect(result.status).toBe(400);
    expect(result.data.formIssue).toEqual({
      title: "bookings:errors.conflictTitle",
      message: "bookings:errors.unavailable",
      days: [day(11)],
    });
    expect(await ctx.db.select().from(bookings).where(eq(bookings.carId, car.id))).toEqual([]);
  });

  it("the booking and car pages show a blocked day as unavailable, like a booked one, and never as blocked", async () => {
    const { host, car, renter } = await renterAndCar();
    const other = await createSignedInUser(ctx);
    await createBooking(ctx, { carId: car.id, renterId: other.id, ownerId: host.id }, "confirmed", {
      startDate: on(3),
      endDate: on(4),
      totalDays: 1,
    });
    await ctx.db.insert(carBlockedDays).values([
      { carId: car.id, day: on(5) },
      { carId: car.id, day: on(6) },
    ]);
    const month = ahead;
    const book = await callRoute<{ month: CalendarMonth }>(
      bookLoader,
      getRequest(`/car/${car.id}/book?month=${month}`, { cookie: renter.cookie }),
      ctx.context,
      { id: car.id },
    );
    const page = await callRoute<{ calendar: CalendarMonth }>(
      carLoader,
      getRequest(`/car/${car.id}?month=${month}`),
      ctx.context,
      { id: car.id },
    );
    for (const calendar of [book.data.month, page.data.calendar]) {
      const states = statesOf(calendar);
      expect(states[on(3)]).toBe("unavailable");
      expect(states[on(5)]).toBe("unavailable");
      expect(states[on(6)]).toBe("unavailable");
      expect(states[on(7)]).toBe("free");
      expect(JSON.stringify(calendar)).not.toContain("blocked");
    }
    await ctx.settled();
  });
});
