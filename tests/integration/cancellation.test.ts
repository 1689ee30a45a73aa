// Cancellation terms (decision 022) against a real libSQL file and the Stripe fake: the listing's policy saved by the edit
// form and copied into a booking request; the cancel page's figure is the refund the POST writes down and sends, for
// each policy before and after its deadline and for the host; a figure gone stale is refused with nothing written;
// strangers get 403; the host's cancellations of confirmed bookings are counted on their public profile.
//
// The page reads the real clock, so the bookings' dates are chosen around it: ten days ahead is before every
// policy's deadline, today (pickup at 10:00 Vilnius today, or already past) after every one.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, cars, refunds } from "#db/schema";
import { fromCar } from "~/cars/listing-car-values";
import { findCarForOwner } from "~/cars/own-listings.server";
import { findPublicProfile } from "~/profiles/public-profile.server";
import { action as bookAction } from "~/routes/_cars+/car.$id.book";
import { action as editAction } from "~/routes/_my-listings+/my-listings.$carId.edit";
import { action as listAction, loader as listLoader } from "~/routes/_bookings+/bookings";
import { action as cancelAction, loader as cancelLoader } from "~/routes/_bookings+/bookings_.$bookingId_.cancel";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { formatMoney } from "~/utils/format";
import { takeToast } from "~/utils/toast.server";
import { createTestContext, type TestContext } from "./support/context";
import { changedTables, fingerprint } from "./support/db-fingerprint";
import { createBooking, createCar, createUser, sessionCookieFor, setRentalStripeIds } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { callRoute, cookieFrom, formRequest, getRequest } from "./support/routes";
import { capturedPayment, stripeEnv } from "./support/stripe";

const today = vilniusDay();
const day = (n: number) => addDays(today, n);

// A paid booking of three days: 3 × 50 € rental, 18 € insurance, 3 € platform fee, 5 € processing, 200 € deposit.
const AMOUNTS = {
  totalDays: 3,
  dailyRate: 5000,
  subtotal: 15000,
  insuranceCost: 1800,
  platformFee: 300,
  paymentProcessorFee: 500,
  hostEarnings: 14700,
  depositAmount: 20000,
  totalAmount: 37600,
};
/** What the policy leaves after its deadline: everything but the first day (50 €) and the platform fee (3 €). */
const LATE = 37600 - 5000 - 300;
/** "No cancellation": the deposit and the insurance. */
const DEPOSIT_AND_INSURANCE = 20000 + 1800;

type Policy = "24_hours" | "48_hours" | "72_hours" | "no_cancellation";
type Person = { id: string; cookie: string };
type Preview = {
  kind: string;
  role: string;
  refund?: { refund: number; paid: number; kept: number; terms: { kind: string } };
  afterDeadline?: number | null;
};
type PageData = { expectedRefund: number; preview: Preview; booking: { policy: Policy } };
type ActionData = { error?: { title: string; message: string; amount?: string } };

let fake: FakeStripe;
let ctx: TestContext;
let host: Person;
let renter: Person;
let stranger: Person;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(async () => {
  ctx = await createTestContext(stripeEnv(fake, "whsec_cancellation"));
  const person = async (options: Parameters<typeof createUser>[1]) => {
    const { id } = await createUser(ctx, options);
    return { id, cookie: await sessionCookieFor(ctx, id) };
  };
  host = await person({ isHost: true, verified: true, fullName: "Jonas Savininkas" });
  renter = await person({ verified: true, fullName: "Rūta Nuomininkė" });
  stranger = await person({ fullName: "Pašalinis" });
});
afterEach(() => ctx.close());

/** A confirmed booking paid through the fake (its payment captured), under `policy`, starting `start`. */
async function paidBooking(policy: Policy, start: string) {
  const car = await createCar(ctx, host.id, { make: "Volvo", model: "XC60", cancellationPolicy: policy });
  const id = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "confirmed", {
    ...AMOUNTS,
    startDate: start,
    endDate: addDays(start, 3),
    cancellationPolicy: policy,
    paymentStatus: "captured",
    depositStatus: "held",
    confirmedAt: new Date(),
  });
  // The payment taken through the fake's checkout and captured, as the host's confirm does.
  const paymentIntent = await capturedPayment(ctx.context, fake, id, AMOUNTS.totalAmount);
  await setRentalStripeIds(ctx, id, { stripePaymentIntentId: paymentIntent });
  return { id, carId: car.id, paymentIntent };
}

const open = (bookingId: string, who: Person) =>
  callRoute<PageData>(cancelLoader, getRequest(`/bookings/${bookingId}/cancel`, { cookie: who.cookie }), ctx.context, {
    bookingId,
  });
const cancel = (bookingId: string, who: Person, expectedRefund: string | number) =>
  callRoute<ActionData>(
    cancelAction,
    formRequest(`/bookings/${bookingId}/cancel`, { expectedRefund: String(expectedRefund) }, { cookie: who.cookie }),
    ctx.context,
    { bookingId },
  );
const bookingRow = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refundRows = (bookingId: string) => ctx.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
const refundRequests = (paymentIntent: string) =>
  fake.requests.filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === paymentIntent);

/** Opens the page as `who`, cancels with the figure it showed, and checks the refund written and sent is that one. */
async function cancelAsShown(bookingId: string, paymentIntent: string, who: Person) {
  const page = await open(bookingId, who);
  expect(page.status).toBe(200);
  const shown = page.data.expectedRefund;
  expect(page.data.preview.refund?.refund).toBe(shown);
  const result = await cancel(bookingId, who, shown);
  expect(result.status).toBe(303);
  expect(await bookingRow(bookingId)).toMatchObject({ status: "cancelled", depositStatus: "returned" });
  const [refund] = await refundRows(bookingId);
  expect(refund).toMatchObject({ kind: "cancellation", amount: shown, status: "succeeded" });
  const sent = refundRequests(paymentIntent);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    body: { amount: String(shown) },
    idempotencyKey: `refund-${bookingId}-cancellation`,
  });
  return { page: page.data, result };
}

describe("the renter's cancel page shows the refund the cancellation makes", () => {
  it.each(["24_hours", "48_hours", "72_hours"] as const)(
    "%s before the deadline: everything back, and what comes back after it",
    async (policy) => {
      const { id, paymentIntent } = await paidBooking(policy, day(10));
      const { page, result } = await cancelAsShown(id, paymentIntent, renter);
      expect(page.preview).toMatchObject({
        kind: "paid",
        role: "renter",
        refund: { refund: AMOUNTS.totalAmount, paid: AMOUNTS.totalAmount, kept: 0, terms: { kind: "full" } },
        afterDeadline: LATE,
      });
      expect(page.booking.policy).toBe(policy);
      expect(result.location).toBe("/bookings?tab=cancelled");
      const { toast } = await takeToast(getRequest("/", { cookie: cookieFrom(result.headers) }), ctx.context.env);
      expect(toast).toMatchObject({
        title: "bookings:toasts.cancelled",
        description: "bookings:cancelPage.toastRefund",
        values: { amount: formatMoney(AMOUNTS.totalAmount, "lt") },
      });
    },
  );

  it.each(["24_hours", "48_hours", "72_hours"] as const)(
    "%s after the deadline: the first day and the platform fee are kept",
    async (policy) => {
      const { id, paymentIntent } = await paidBooking(policy, today);
      const { page } = await cancelAsShown(id, paymentIntent, renter);
      expect(page.preview).toMatchObject({
        refund: { refund: LATE, paid: AMOUNTS.totalAmount, kept: 5300, terms: { kind: "late" } },
        afterDeadline: null,
      });
    },
  );

  it.each([10, 0])("no cancellation (start in %i days): only the deposit and the insurance", async (offset) => {
    const { id, paymentIntent } = await paidBooking("no_cancellation", day(offset));
    const { page } = await cancelAsShown(id, paymentIntent, renter);
    expect(page.preview.refund).toMatchObject({ refund: DEPOSIT_AND_INSURANCE, terms: { kind: "no_cancellation" } });
  });

  it("the list then shows the booking cancelled with its refund", async () => {
    const { id, paymentIntent } = await paidBooking("48_hours", today);
    await cancelAsShown(id, paymentIntent, renter);
    const list = await callRoute<{ bookings: { id: string; status: string; refundAmount: number | null }[] }>(
      listLoader,
      getRequest("/bookings?tab=cancelled", { cookie: renter.cookie }),
      ctx.context,
    );
    expect(list.data.bookings.find((b) => b.id === id)).toMatchObject({ status: "cancelled", refundAmount: LATE });
  });
});

describe("the host's cancel page", () => {
  it("says the renter gets everything back, whatever the policy and the time, and the profile counts it", async () => {
    const { id, paymentIntent } = await paidBooking("no_cancellation", today);
    expect((await findPublicProfile(ctx.db, host.id))?.hostCancellations).toBe(0);
    const { page, result } = await cancelAsShown(id, paymentIntent, host);
    expect(page.preview).toMatchObject({
      role: "host",
      refund: { refund: AMOUNTS.totalAmount, kept: 0, terms: { kind: "full", reason: "host" } },
    });
    expect(result.location).toBe("/bookings?role=host&tab=cancelled");
    expect(await bookingRow(id)).toMatchObject({ cancelReason: "cancelled_by_host", cancelledBy: host.id });
    expect((await findPublicProfile(ctx.db, host.id))?.hostCancellations).toBe(1);
  });

  it("counts only confirmed bookings the host cancelled: not the renter's, not declined or unanswered requests", async () => {
    const car = await createCar(ctx, host.id);
    const parties = { carId: car.id, renterId: renter.id, ownerId: host.id };
    await createBooking(ctx, parties, "cancelled", { cancelReason: "cancelled_by_renter", confirmedAt: new Date() });
    await createBooking(ctx, parties, "cancelled", { cancelReason: "declined" });
    await createBooking(ctx, parties, "cancelled", { cancelReason: "cancelled_by_host" });
    expect((await findPublicProfile(ctx.db, host.id))?.hostCancellations).toBe(0);
    await createBooking(ctx, parties, "cancelled", { cancelReason: "cancelled_by_host", confirmedAt: new Date() });
    expect((await findPublicProfile(ctx.db, host.id))?.hostCancellations).toBe(1);
  });
});

describe("refusals write nothing", () => {
  it("a figure gone stale (the deadline passed while the page was open): 409 with the new figure", async () => {
    const { id, paymentIntent } = await paidBooking("24_hours", today);
    const before = await fingerprint(ctx.client);
    // The page was opened before the deadline: it promised everything back.
    const result = await cancel(id, renter, AMOUNTS.totalAmount);
    expect(result.status).toBe(409);
    expect(result.data.error).toEqual({
      title: "bookings:cancelPage.errors.refundChangedTitle",
      message: "bookings:cancelPage.errors.refundChanged",
      amount: formatMoney(LATE, "lt"),
    });
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
    expect(refundRequests(paymentIntent)).toHaveLength(0);
    // Reloaded, the page shows the new figure, and confirming that one cancels.
    expect((await open(id, renter)).data.expectedRefund).toBe(LATE);
    expect((await cancel(id, renter, LATE)).status).toBe(303);
  });

  it("a figure that is not whole cents: 400, nothing written", async () => {
    const { id } = await paidBooking("48_hours", day(10));
    const before = await fingerprint(ctx.client);
    for (const bad of ["", "-1", "376.00", "1e5", "abc"]) {
      const result = await cancel(id, renter, bad);
      expect(result.status, bad).toBe(400);
      expect(result.data.error?.message).toBe("bookings:cancelPage.errors.expectedRefund");
    }
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });

  it("someone who is not a party: 403 on the page and the POST, nothing shown or written", async () => {
    const { id, paymentIntent } = await paidBooking("48_hours", day(10));
    const before = await fingerprint(ctx.client);
    const page = await open(id, stranger);
    expect(page.status).toBe(403);
    expect(JSON.stringify(page.data)).not.toContain("Volvo");
    expect((await cancel(id, stranger, AMOUNTS.totalAmount)).status).toBe(403);
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
    expect(refundRequests(paymentIntent)).toHaveLength(0);
    expect((await open(crypto.randomUUID(), renter)).status).toBe(404);
  });

  it.each(["renter", "host"] as const)(
    "My Bookings' POST cannot cancel a confirmed booking (the %s): 409, nothing written; its cancel page can",
    async (who) => {
      const { id, paymentIntent } = await paidBooking("24_hours", day(10));
      const person = who === "host" ? host : renter;
      const before = await fingerprint(ctx.client);
      const result = await callRoute<ActionData>(
        listAction,
        formRequest("/bookings", { intent: "cancel", bookingId: id }, { cookie: person.cookie }),
        ctx.context,
      );
      expect(result.status).toBe(409);
      expect(result.data.error).toEqual({
        title: "bookings:errors.cancelFailed",
        message: "bookings:errors.cancelOnItsPage",
      });
      expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
      expect(refundRequests(paymentIntent)).toHaveLength(0);
      await cancelAsShown(id, paymentIntent, person);
    },
  );

  it.each([
    ["pending", "pending"],
    ["active", "closed"],
    ["completed", "closed"],
    ["cancelled", "closed"],
  ] as const)("a %s booking: the page says why (%s) and the POST is refused", async (status, kind) => {
    const car = await createCar(ctx, host.id);
    const id = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, status, {
      startDate: day(10),
      endDate: day(13),
      paymentStatus: status === "pending" ? "authorized" : "captured",
    });
    expect((await open(id, renter)).data.preview).toEqual({ kind, role: "renter" });
    const before = await fingerprint(ctx.client);
    const result = await cancel(id, renter, 0);
    expect(result.status).toBe(409);
    expect(result.data.error?.message).toBe(`bookings:cancelPage.${kind}`);
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });
});

describe("the listing's policy", () => {
  it("is saved by the edit form and copied into the booking request; a later change leaves the booking's", async () => {
    const car = await createCar(ctx, host.id, { dailyPrice: 5000, status: "approved" });
    const values = fromCar((await findCarForOwner(ctx.db, car.id))!, []) as Record<string, unknown>;
    const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string")) as Record<
      string,
      string
    >;
    const edit = (policy: string) =>
      callRoute<{ result?: { error?: Record<string, string[]> } }>(
        editAction,
        formRequest(
          `/my-listings/${car.id}/edit`,
          { ...fields, intent: "save", cancellationPolicy: policy },
          {
            cookie: host.cookie,
          },
        ),
        ctx.context,
        { carId: car.id },
      );
    const policyOfCar = async () =>
      (await ctx.db.select({ p: cars.cancellationPolicy }).from(cars).where(eq(cars.id, car.id)))[0]!.p;

    // Not one of the four: its message at the field, the car unchanged.
    const refused = await edit("free_for_all");
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.cancellationPolicy).toEqual(["listings:cancellationPolicy.error"]);
    expect(await policyOfCar()).toBe("24_hours");

    expect((await edit("72_hours")).status).toBeLessThan(400);
    expect(await policyOfCar()).toBe("72_hours");

    const booked = await callRoute(
      bookAction,
      formRequest(
        `/car/${car.id}/book`,
        {
          start: day(10),
          end: day(13),
          period: "daily",
          insurance: "none",
          pickup: "car-location",
          dropoff: "same",
          dateOfBirth: "1990-05-05",
        },
        { cookie: renter.cookie },
      ),
      ctx.context,
      { id: car.id },
    );
    expect(booked.status).toBe(303);
    const [request] = await ctx.db.select().from(bookings).where(eq(bookings.carId, car.id));
    expect(request!.cancellationPolicy).toBe("72_hours");

    await edit("no_cancellation");
    expect(await policyOfCar()).toBe("no_cancellation");
    expect((await bookingRow(request!.id)).cancellationPolicy).toBe("72_hours");
  });
});
