// "Pay now": the renter who left the checkout goes back to it from My Bookings or /booking-cancelled, while the
// request waits for its payment and within its payment window; never a second charge
// (app/bookings/booking-checkout.server.ts).
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bookings, profiles } from "#db/schema";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { PAYMENT_WINDOW_MS } from "~/bookings/booking-rules";
import { stripeClient } from "~/payments/gateway.server";
import { action as bookAction } from "~/routes/_cars+/car.$id.book";
import { loader as cancelledLoader } from "~/routes/_bookings+/booking-cancelled";
import { action as listAction, loader as listLoader } from "~/routes/_bookings+/bookings";
import { action as standInAction } from "~/routes/_dev+/dev.checkout.$sessionId";
import { createTestContext, type TestContext } from "./support/context";
import { bookingWithPayment, createCar, createUser, sessionCookieFor } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { deliverWebhook, stripeEnv } from "./support/stripe";
import { ORIGIN, callRoute, formRequest, getRequest } from "./support/routes";

const day = (n: number) => addDays(vilniusDay(), n);
const WEBHOOK_SECRET = "whsec_pay_now";

async function people(ctx: TestContext) {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  const stranger = await createUser(ctx, { verified: true });
  await ctx.db.update(profiles).set({ dateOfBirth: "1990-05-05" }).where(eq(profiles.id, renter.id));
  const car = await createCar(ctx, host.id, { dailyPrice: 5000 });
  return {
    host,
    renter,
    car,
    hostCookie: await sessionCookieFor(ctx, host.id),
    renterCookie: await sessionCookieFor(ctx, renter.id),
    strangerCookie: await sessionCookieFor(ctx, stranger.id),
  };
}
type People = Awaited<ReturnType<typeof people>>;

/** The renter's request, its checkout opened and left: the booking's id and the checkout's address. */
async function leftCheckout(ctx: TestContext, p: People) {
  const opened = await callRoute(
    bookAction,
    formRequest(
      `/car/${p.car.id}/book`,
      { start: day(10), end: day(13), period: "daily", insurance: "none", pickup: "car-location", dropoff: "same" },
      { cookie: p.renterCookie },
    ),
    ctx.context,
    { id: p.car.id },
  );
  expect(opened.status).toBe(303);
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.carId, p.car.id));
  return { id: row!.id, url: opened.location! };
}

const payNow = (ctx: TestContext, cookie: string, bookingId: string) =>
  callRoute<{ error?: { message: string } }>(
    listAction,
    formRequest("/bookings", { intent: "pay", bookingId }, { cookie }),
    ctx.context,
  );

/** The booking with its rental charge's Stripe ids (decision 035). */
const bookingRow = async (ctx: TestContext, id: string) => (await bookingWithPayment(ctx, { id }))!;

describe("Pay now with the local stand-in checkout", () => {
  let ctx: TestContext;
  let p: People;
  beforeEach(async () => {
    ctx = await createTestContext();
    p = await people(ctx);
  });
  afterEach(() => ctx.close());

  it("is offered to the renter of a left checkout, takes them back to it, and pays the same booking", async () => {
    const { id, url } = await leftCheckout(ctx, p);
    const sessionId = url.split("/").pop()!;
    const back = await callRoute(
      standInAction,
      formRequest(`/dev/checkout/${sessionId}`, { intent: "cancel" }, { cookie: p.renterCookie }),
      ctx.context,
      { sessionId },
    );
    expect(back.location).toBe(`/booking-cancelled?booking_id=${id}`);

    const list = await callRoute<{ bookings: { id: string; payBy: number | null }[] }>(
      listLoader,
      getRequest("/bookings", { cookie: p.renterCookie }),
      ctx.context,
    );
    const created = (await bookingRow(ctx, id)).createdAt.getTime();
    expect(list.data.bookings.find((b) => b.id === id)?.payBy).toBe(created + PAYMENT_WINDOW_MS);
    const page = await callRoute<{ booking: { payBy: number | null } }>(
      cancelledLoader,
      getRequest(`/booking-cancelled?booking_id=${id}`, { cookie: p.renterCookie }),
      ctx.context,
    );
    expect(page.data.booking.payBy).toBe(created + PAYMENT_WINDOW_MS);

    const resumed = await payNow(ctx, p.renterCookie, id);
    expect(resumed).toMatchObject({ status: 303, location: url });
    expect((await payNow(ctx, p.renterCookie, id)).location).toBe(url);
    await callRoute(
      standInAction,
      formRequest(`/dev/checkout/${sessionId}`, { intent: "pay" }, { cookie: p.renterCookie }),
      ctx.context,
      { sessionId },
    );
    expect(await bookingRow(ctx, id)).toMatchObject({ status: "pending", paymentStatus: "authorized" });
    // Paid: nothing more to pay; a late click shows how the booking stands.
    expect((await payNow(ctx, p.renterCookie, id)).location).toBe(`${ORIGIN}/booking-success?booking_id=${id}`);
  });

  it("only for the renter: the host and strangers get 403, an unknown booking 404, and nothing changes", async () => {
    const { id } = await leftCheckout(ctx, p);
    const before = await bookingRow(ctx, id);
    expect((await payNow(ctx, p.hostCookie, id)).status).toBe(403);
    expect((await payNow(ctx, p.strangerCookie, id)).status).toBe(403);
    expect((await payNow(ctx, p.renterCookie, "no-such-booking")).status).toBe(404);
    expect(await bookingRow(ctx, id)).toEqual(before);
    const host = await callRoute<{ bookings: { id: string }[] }>(
      listLoader,
      getRequest("/bookings?role=host", { cookie: p.hostCookie }),
      ctx.context,
    );
    expect(host.data.bookings.map((b) => b.id)).not.toContain(id);
  });

  it("not once the payment window is over, nor for a cancelled request", async () => {
    const { id } = await leftCheckout(ctx, p);
    await ctx.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - PAYMENT_WINDOW_MS - 60_000) })
      .where(eq(bookings.id, id));
    const late = await payNow(ctx, p.renterCookie, id);
    expect(late).toMatchObject({ status: 409, data: { error: { message: "bookings:errors.payClosed" } } });
    const list = await callRoute<{ bookings: { id: string; payBy: number | null }[] }>(
      listLoader,
      getRequest("/bookings", { cookie: p.renterCookie }),
      ctx.context,
    );
    expect(list.data.bookings.find((b) => b.id === id)?.payBy).toBeNull();

    await ctx.db.update(bookings).set({ createdAt: new Date() }).where(eq(bookings.id, id));
    await callRoute(
      listAction,
      formRequest("/bookings", { intent: "cancel", bookingId: id }, { cookie: p.renterCookie }),
      ctx.context,
    );
    expect((await payNow(ctx, p.renterCookie, id)).status).toBe(409);
  });
});

describe("Pay now with Stripe", () => {
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
  const sessionsOf = (bookingId: string) =>
    [...fake.sessions.values()].filter((s) => s.metadata.booking_id === bookingId);

  it("reuses the open checkout: two clicks at once open nothing new; its session ends at the payment deadline", async () => {
    const { id, url } = await leftCheckout(ctx, p);
    const [session] = sessionsOf(id);
    const created = (await bookingRow(ctx, id)).createdAt.getTime();
    expect(session!.expires_at).toBe(Math.floor((created + PAYMENT_WINDOW_MS) / 1000));
    const clicks = await Promise.all([payNow(ctx, p.renterCookie, id), payNow(ctx, p.renterCookie, id)]);
    expect(clicks.map((c) => c.location)).toEqual([url, url]);
    expect(sessionsOf(id)).toHaveLength(1);
  });

  it("opens one new checkout when the last is over; the stale one's expiry is ignored and the new one pays", async () => {
    const { id } = await leftCheckout(ctx, p);
    const [old] = sessionsOf(id);
    // The session ended at Stripe (its expiry webhook not here yet): two clicks at once make one new session.
    const expired = fake.expireSession(old!.id);
    const clicks = await Promise.all([payNow(ctx, p.renterCookie, id), payNow(ctx, p.renterCookie, id)]);
    const fresh = sessionsOf(id).filter((s) => s.id !== old!.id);
    expect(fresh).toHaveLength(1);
    expect(clicks.map((c) => c.location)).toEqual([fresh[0]!.url, fresh[0]!.url]);
    expect((await bookingRow(ctx, id)).stripeCheckoutSessionId).toBe(fresh[0]!.id);

    expect((await deliver(expired)).data.result).toBe("handled");
    expect(await bookingRow(ctx, id)).toMatchObject({ status: "pending", paymentStatus: "unpaid" });

    expect((await deliver(fake.completeSession(fresh[0]!.id))).data.result).toBe("handled");
    const paid = await bookingRow(ctx, id);
    expect(paid).toMatchObject({
      status: "pending",
      paymentStatus: "authorized",
      stripeCheckoutSessionId: fresh[0]!.id,
    });
    // The current checkout's expiry, by contrast, ends an unpaid request.
    const other = await leftCheckout(ctx, { ...p, car: await createCar(ctx, p.host.id) });
    await deliver(fake.expireSession(sessionsOf(other.id)[0]!.id));
    expect(await bookingRow(ctx, other.id)).toMatchObject({ status: "cancelled", cancelReason: "payment_failed" });
  });

  it("a checkout already paid (webhook on its way) sends the renter to the success page, opening nothing", async () => {
    const { id } = await leftCheckout(ctx, p);
    fake.completeSession(sessionsOf(id)[0]!.id);
    expect((await payNow(ctx, p.renterCookie, id)).location).toBe(`${ORIGIN}/booking-success?booking_id=${id}`);
    expect(sessionsOf(id)).toHaveLength(1);
  });

  it("should two checkouts of one booking both be paid, the second payment is released, never captured", async () => {
    const { id } = await leftCheckout(ctx, p);
    const first = sessionsOf(id)[0]!;
    // A second open session for the booking, as no path of ours makes one.
    const config = ctx.context.env.stripe;
    if (config.kind !== "stripe") throw new Error("Stripe is configured in this test");
    await stripeClient(config).checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 100, product_data: { name: "x" } } }],
      payment_intent_data: { capture_method: "manual", metadata: { booking_id: id } },
      metadata: { booking_id: id },
      success_url: `${ORIGIN}/`,
    });
    const second = sessionsOf(id).find((s) => s.id !== first.id)!;
    await deliver(fake.completeSession(first.id));
    await deliver(fake.completeSession(second.id));
    const row = await bookingRow(ctx, id);
    expect(row.stripePaymentIntentId).toBe(fake.sessions.get(first.id)!.payment_intent);
    expect(fake.paymentIntents.get(fake.sessions.get(second.id)!.payment_intent!)!.status).toBe("canceled");
    expect(fake.paymentIntents.get(row.stripePaymentIntentId!)!.status).toBe("requires_capture");
  });

  it("Stripe unreachable: a message, nothing changed", async () => {
    const { id } = await leftCheckout(ctx, p);
    const before = await bookingRow(ctx, id);
    fake.failNext(/\/v1\/checkout\/sessions\//, 0);
    fake.failNext(/\/v1\/checkout\/sessions\//, 0);
    const result = await payNow(ctx, p.renterCookie, id);
    expect(result).toMatchObject({ status: 502, data: { error: { message: "bookings:errors.paymentSetup" } } });
    expect(vi.mocked(console.error)).toHaveBeenCalledWith("checkout could not be reopened", id, expect.anything());
    vi.mocked(console.error).mockClear();
    expect(await bookingRow(ctx, id)).toEqual(before);
  });
});
