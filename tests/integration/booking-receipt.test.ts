// The pages the checkout returns to (/booking-success, /booking-cancelled) against a real libSQL file: who may see a
// booking (its renter and its owner, nobody else), what the page says in each payment state, and that it re-checks
// by itself only while the payment is unconfirmed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingInsurance, carImages } from "#db/schema";
import { findReceipt } from "~/bookings/booking-receipt.server";
import { loader as cancelledLoader } from "~/routes/_bookings+/booking-cancelled";
import { loader as successLoader } from "~/routes/_bookings+/booking-success";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import { callRoute, getRequest } from "./support/routes";

type Person = { id: string; email: string; cookie: string };

let ctx: TestContext;
let host: Person;
let renter: Person;
let stranger: Person;
let carId: string;
let bareCarId: string;

async function person(options: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(ctx, options);
  return { id: user.id, email: user.email, cookie: await sessionCookieFor(ctx, user.id) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  host = await person({ fullName: "Rūta Savininkė", verified: true, isHost: true });
  renter = await person({ fullName: "Jonas Nuomininkas", verified: true });
  stranger = await person({ fullName: "Kitas Žmogus", verified: true });
  carId = (await createCar(ctx, host.id, { make: "Škoda", model: "Octavia", year: 2021, location: "Kaunas" })).id;
  bareCarId = (await createCar(ctx, host.id, { make: "Toyota", model: "Yaris", year: 2019, location: "Vilnius" })).id;
  // The primary photo comes first on the page even though the owner ordered another one before it.
  await ctx.db.insert(carImages).values([
    { carId, storageKey: "cars/second", width: 1200, height: 900, sortOrder: 0, isPrimary: false },
    { carId, storageKey: "cars/primary", width: 1600, height: 1200, sortOrder: 1, isPrimary: true },
  ]);
});
afterAll(() => ctx.close());

const parties = () => ({ carId, renterId: renter.id, ownerId: host.id });

// Confirmed and active bookings of one car may not overlap (a database trigger): each gets a week of its own.
let week = 0;
function ownDates() {
  week += 1;
  const start = new Date(Date.UTC(2030, 0, 1 + week * 7));
  const end = new Date(start.getTime() + 3 * 86_400_000);
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

function success(query: string, cookie?: string) {
  return callRoute<SuccessData>(successLoader, getRequest(`/booking-success${query}`, { cookie }), ctx.context);
}
function cancelled(query: string, cookie?: string) {
  return callRoute<CancelledData>(cancelledLoader, getRequest(`/booking-cancelled${query}`, { cookie }), ctx.context);
}

interface SuccessData {
  title: string;
  phase: string;
  booking: {
    id: string;
    reference: string;
    role: string;
    paymentStatus: string;
    cancelReason: string | null;
    car: { make: string; model: string; year: number; location: string; image: { storageKey: string } | null };
    insurance: { name: string; totalCost: number } | null;
    host: { name: string | null; email: string | null };
    renterId?: string;
    ownerId?: string;
  };
  moments: { requestedAt: string; confirmedAt: string | null; cancelledAt: string | null };
  pending: { checkUrl: string; checksLeft: number; refreshUrl: string | null } | null;
  // error payloads
  message?: string;
  signIn?: boolean;
  action?: { to: string; label: string };
}

interface CancelledData {
  title: string;
  booking: {
    carId: string;
    make: string;
    model: string;
    startDate: string;
    endDate: string;
    totalDays: number;
    totalAmount: number;
    image: { storageKey: string } | null;
    retryTo: string | null;
  } | null;
}

describe("findReceipt", () => {
  it("gives the renter and the owner the booking with its car, first photo, insurance and host", async () => {
    const id = await createBooking(ctx, parties(), "pending", {
      paymentStatus: "authorized",
      insuranceCost: 4500,
      pickupLocation: "Kauno autobusų stotis",
      specialRequests: "Vaikiška kėdutė",
    });
    await ctx.db
      .insert(bookingInsurance)
      .values({ bookingId: id, packageName: "Standard Coverage", dailyCost: 1500, totalCost: 4500 });

    const forRenter = await findReceipt(ctx.db, id, renter.id);
    expect(forRenter).toMatchObject({
      id,
      role: "renter",
      status: "pending",
      paymentStatus: "authorized",
      totalDays: 3,
      dailyRate: 4000,
      pickupLocation: "Kauno autobusų stotis",
      specialRequests: "Vaikiška kėdutė",
      car: {
        id: carId,
        make: "Škoda",
        model: "Octavia",
        year: 2021,
        location: "Kaunas",
        image: { storageKey: "cars/primary", width: 1600, height: 1200 },
      },
      insurance: { packageName: "Standard Coverage", totalCost: 4500 },
      host: { name: "Rūta Savininkė", email: host.email },
    });
    // Nothing of the parties' ids or payment references leaves the module.
    expect(forRenter).not.toHaveProperty("renterId");
    expect(forRenter).not.toHaveProperty("stripePaymentIntentId");

    expect(await findReceipt(ctx.db, id, host.id)).toMatchObject({ id, role: "host" });
  });

  it("has nothing for anyone else, for an unknown id or an empty one", async () => {
    const id = await createBooking(ctx, parties(), "pending");
    expect(await findReceipt(ctx.db, id, stranger.id)).toBeNull();
    expect(await findReceipt(ctx.db, crypto.randomUUID(), renter.id)).toBeNull();
    expect(await findReceipt(ctx.db, "", renter.id)).toBeNull();
    expect(await findReceipt(ctx.db, id, "")).toBeNull();
  });

  it("reads a car without photos and a booking without insurance", async () => {
    const id = await createBooking(ctx, { ...parties(), carId: bareCarId }, "pending");
    expect(await findReceipt(ctx.db, id, renter.id)).toMatchObject({
      car: { make: "Toyota", image: null },
      insurance: null,
    });
  });
});

describe("/booking-success: who may see it", () => {
  it("asks a guest to sign in (the sign-in-required state, which brings them back)", async () => {
    const id = await createBooking(ctx, parties(), "pending", { paymentStatus: "authorized" });
    const guest = await success(`?booking_id=${id}`);
    expect(guest).toMatchObject({ status: 401, thrown: true, data: { signIn: true } });
  });

  it("says 'No booking ID provided' without a booking_id", async () => {
    for (const query of ["", "?booking_id=", "?booking_id=%20%20&session_id=cs_test_1"]) {
      const result = await success(query, renter.cookie);
      expect(result).toMatchObject({
        status: 400,
        thrown: true,
        data: { title: "payment:missingId.title", action: { to: "/bookings", label: "payment:notFound.action" } },
      });
    }
  });

  it("shows Booking Not Found, alike, for an unknown booking and for someone else's", async () => {
    const id = await createBooking(ctx, parties(), "confirmed", {
      ...ownDates(),
      paymentStatus: "captured",
      confirmedAt: new Date(),
    });
    const unknown = await success(`?booking_id=${crypto.randomUUID()}`, renter.cookie);
    const foreign = await success(`?booking_id=${id}`, stranger.cookie);
    const expected = {
      status: 404,
      thrown: true,
      data: {
        title: "payment:notFound.title",
        message: "payment:notFound.text",
        action: { to: "/bookings", label: "payment:notFound.action" },
      },
    };
    expect(unknown).toMatchObject(expected);
    expect(foreign).toMatchObject(expected);
    expect(foreign.data).toEqual(unknown.data);
  });

  it("shows the renter and the host the booking, and tells the host it is theirs to manage", async () => {
    const id = await createBooking(ctx, parties(), "pending", { paymentStatus: "authorized" });
    const forRenter = await success(`?booking_id=${id}&session_id=cs_test_abc`, renter.cookie);
    expect(forRenter.status).toBe(200);
    expect(forRenter.data.booking).toMatchObject({ id, role: "renter", reference: id.slice(0, 8).toUpperCase() });
    expect(forRenter.data.booking).not.toHaveProperty("renterId");
    expect(forRenter.data.booking).not.toHaveProperty("ownerId");
    const forHost = await success(`?booking_id=${id}`, host.cookie);
    expect(forHost.data.booking).toMatchObject({ id, role: "host" });
  });
});

describe("/booking-success: each payment state, honestly", () => {
  it("before the webhook: 'Loading Booking Details', checking again by itself", async () => {
    const id = await createBooking(ctx, parties(), "pending", { paymentStatus: "unpaid" });
    const result = await success(`?booking_id=${id}&session_id=cs_test_1&lng=en`, renter.cookie);
    expect(result.data).toMatchObject({ title: "Loading Booking Details", phase: "processing" });
    expect(result.data.pending).toEqual({
      checkUrl: `/booking-success?booking_id=${id}&session_id=cs_test_1&lng=en&check=1`,
      refreshUrl: `/booking-success?booking_id=${id}&session_id=cs_test_1&lng=en&check=1`,
      checksLeft: 40,
    });

    // The checks count themselves in the address and stop after two minutes' worth.
    const later = await success(`?booking_id=${id}&lng=en&check=39`, renter.cookie);
    expect(later.data.pending).toMatchObject({
      checksLeft: 1,
      refreshUrl: `/booking-success?booking_id=${id}&lng=en&check=40`,
    });
    const last = await success(`?booking_id=${id}&lng=en&check=40`, renter.cookie);
    expect(last.data.pending).toMatchObject({ checksLeft: 0, refreshUrl: null });
    const forged = await success(`?booking_id=${id}&lng=en&check=-5`, renter.cookie);
    expect(forged.data.pending).toMatchObject({ checksLeft: 40 });
  });

  it("card authorised, host not yet answered: 'Request Sent', and no more checking", async () => {
    const id = await createBooking(ctx, parties(), "pending", { paymentStatus: "authorized" });
    const result = await success(`?booking_id=${id}&lng=en&check=3`, renter.cookie);
    expect(result.data).toMatchObject({ title: "Request Sent", phase: "requested", pending: null });
    // The host's e-mail is given once they have said yes.
    expect(result.data.booking.host).toEqual({ name: "Rūta Savininkė", email: null });
    expect(result.data.moments.confirmedAt).toBeNull();
    expect(result.data.moments.requestedAt).toMatch(/\d{4}/);
  });

  it("confirmed and captured: 'Booking Confirmed', with the host's e-mail and the time in Vilnius", async () => {
    const id = await createBooking(ctx, parties(), "confirmed", {
      ...ownDates(),
      paymentStatus: "captured",
      confirmedAt: new Date("2024-02-20T10:05:00Z"),
    });
    const result = await success(`?booking_id=${id}&lng=en`, renter.cookie);
    expect(result.data).toMatchObject({ title: "Booking Confirmed", phase: "confirmed", pending: null });
    expect(result.data.booking.host).toEqual({ name: "Rūta Savininkė", email: host.email });
    expect(result.data.booking.paymentStatus).toBe("captured");
    // 10:05 UTC is 12:05 in Vilnius in February.
    expect(result.data.moments.confirmedAt).toMatch(/20 February 2024.*12:05/);

    const lt = await success(`?booking_id=${id}`, renter.cookie);
    expect(lt.data.title).toBe("Užsakymas patvirtintas");
    expect(lt.data.moments.confirmedAt).toMatch(/2024 m\. vasario 20 d\..*12:05/);
  });

  it("active and completed bookings read as confirmed; without confirmed_at it says 'Just now'", async () => {
    for (const status of ["active", "completed"] as const) {
      const id = await createBooking(ctx, parties(), status, { ...ownDates(), paymentStatus: "captured" });
      const result = await success(`?booking_id=${id}&lng=en`, renter.cookie);
      expect(result.data).toMatchObject({ title: "Booking Confirmed", phase: "confirmed" });
      expect(result.data.moments.confirmedAt).toBe("Just now");
    }
  });

  it("cancelled: 'Booking Cancelled' with the reason, the hold returned", async () => {
    const cases = [
      { overrides: { cancelReason: "declined", paymentStatus: "released" }, reason: "declined" },
      { overrides: { cancelReason: "expired", paymentStatus: "released" }, reason: "expired" },
      { overrides: { cancelReason: "payment_failed", paymentStatus: "failed" }, reason: "payment_failed" },
      {
        overrides: { cancelReason: "cancelled_by_renter", paymentStatus: "authorized" },
        reason: "cancelled_by_renter",
      },
    ] as const;
    for (const { overrides, reason } of cases) {
      const id = await createBooking(ctx, parties(), "cancelled", { ...overrides, cancelledAt: new Date() });
      const result = await success(`?booking_id=${id}&lng=en`, renter.cookie);
      expect(result.data).toMatchObject({
        title: "Booking Cancelled",
        phase: "cancelled",
        pending: null,
        booking: { cancelReason: reason, paymentStatus: overrides.paymentStatus },
      });
      expect(result.data.moments.cancelledAt).toMatch(/\d{4}/);
      expect(result.data.booking.host.email).toBeNull();
    }
  });

  it("a pending request whose payment failed is not left 'loading' forever", async () => {
    const id = await createBooking(ctx, parties(), "pending", { paymentStatus: "failed" });
    const result = await success(`?booking_id=${id}&lng=en`, renter.cookie);
    expect(result.data).toMatchObject({
      title: "Booking Cancelled",
      phase: "cancelled",
      pending: null,
      booking: { cancelReason: "payment_failed" },
    });
  });
});

describe("/booking-cancelled", () => {
  it("asks a guest to sign in", async () => {
    const guest = await cancelled(`?booking_id=${crypto.randomUUID()}`);
    expect(guest).toMatchObject({ status: 401, thrown: true, data: { signIn: true } });
  });

  it("shows the renter the cancelled booking and a way to try the payment again for the same dates", async () => {
    const id = await createBooking(ctx, parties(), "pending", {
      paymentStatus: "unpaid",
      startDate: "2031-05-10",
      endDate: "2031-05-14",
      totalDays: 4,
    });
    const result = await cancelled(`?booking_id=${id}&lng=en`, renter.cookie);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      title: "Payment Cancelled",
      booking: {
        carId,
        make: "Škoda",
        model: "Octavia",
        startDate: "2031-05-10",
        endDate: "2031-05-14",
        totalDays: 4,
        totalAmount: 12640,
        image: { storageKey: "cars/primary" },
        retryTo: `/car/${carId}/book?start=2031-05-10&end=2031-05-14`,
      },
    });
  });

  it("shows the host the booking but no payment to retry", async () => {
    const id = await createBooking(ctx, parties(), "cancelled", {
      paymentStatus: "failed",
      cancelReason: "payment_failed",
    });
    const result = await cancelled(`?booking_id=${id}`, host.cookie);
    expect(result.data.booking).toMatchObject({ carId, retryTo: null });
  });

  it("is silent about a booking it cannot show: someone else's, an unknown one, none at all", async () => {
    const id = await createBooking(ctx, parties(), "pending", { paymentStatus: "unpaid" });
    for (const [query, cookie] of [
      [`?booking_id=${id}`, stranger.cookie],
      [`?booking_id=${crypto.randomUUID()}`, renter.cookie],
      ["", renter.cookie],
    ] as const) {
      const result = await cancelled(query, cookie);
      expect(result).toMatchObject({ status: 200, thrown: false, data: { booking: null } });
    }
  });

  it("sends a booking that was paid after all to the success page instead of saying nothing was charged", async () => {
    const id = await createBooking(ctx, parties(), "pending", { paymentStatus: "authorized" });
    const result = await cancelled(`?booking_id=${id}`, renter.cookie);
    expect(result).toMatchObject({ status: 302, location: `/booking-success?booking_id=${id}` });
  });
});
