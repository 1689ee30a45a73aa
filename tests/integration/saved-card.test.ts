// The card saved at checkout and the charges made with it later, without the renter (decision 035, 2026-11-29),
// against the wire-format Stripe fake and the local stand-in: the request's checkout asks Stripe to save the card
// (`setup_future_usage=off_session`) to a Customer it makes, which the payment's events record on the rental charge
// and the renter's profile, and the renter's next checkout reuses; a second charge of the booking (chargeLater) is
// made off-session with that card, authorised and captured on its own under keys of its own, through duplicated and
// out-of-order webhooks, once however often it is asked for; a declined card or a bank asking for authentication
// fails that charge with the reason and leaves the rental as it was.
import { and, eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookings, chargeLineItems, charges, profiles, users } from "#db/schema";
import { chargeLater } from "~/payments/charges.server";
import { getPaymentGateway, stripeClient, type PaymentGateway } from "~/payments/gateway.server";
import { extensionLineItems, reimbursementLineItems } from "~/pricing/line-items";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { action as bookAction } from "~/routes/_cars+/car.$id.book";
import { action as standInAction } from "~/routes/_dev+/dev.checkout.$sessionId";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, rentalChargeRow, sessionCookieFor } from "./support/factories";
import { startFakeStripe, type FakeEvent, type FakeStripe } from "./support/fake-stripe";
import { ORIGIN, callRoute, formRequest } from "./support/routes";
import { deliverWebhook, stripeEnv } from "./support/stripe";

const WEBHOOK_SECRET = "whsec_saved_card";
const day = (n: number) => addDays(vilniusDay(), n);

let fake: FakeStripe;
let ctx: TestContext;
let gateway: PaymentGateway;

async function people() {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  await ctx.db.update(profiles).set({ dateOfBirth: "1990-05-05" }).where(eq(profiles.id, renter.id));
  const car = await createCar(ctx, host.id, { dailyPrice: 4_500 });
  return { host, renter, car, renterCookie: await sessionCookieFor(ctx, renter.id) };
}
type People = Awaited<ReturnType<typeof people>>;

/** The renter's request of the car's days `from`–`to` (from today), through the booking page's action. */
async function request(p: People, from: number, to: number) {
  const opened = await callRoute(
    bookAction,
    formRequest(
      `/car/${p.car.id}/book`,
      { start: day(from), end: day(to), period: "daily", insurance: "none", pickup: "car-location", dropoff: "same" },
      { cookie: p.renterCookie },
    ),
    ctx.context,
    { id: p.car.id },
  );
  expect(opened.status).toBe(303);
  const sessionId = opened.location!.split("/").pop()!;
  const [charge] = await ctx.db.select().from(charges).where(eq(charges.stripeCheckoutSessionId, sessionId));
  return { bookingId: charge!.bookingId, sessionId };
}

const deliver = async (event: object) =>
  ((await deliverWebhook(ctx.context, event, WEBHOOK_SECRET)).data as { result?: string }).result;

/** The renter pays the checkout; returns its payment intent and the two events Stripe sends, in Stripe's order. */
function pay(sessionId: string) {
  const before = fake.events.length;
  const completed = fake.completeSession(sessionId);
  const intentId = fake.sessions.get(sessionId)!.payment_intent!;
  const authorised = fake.events.slice(before).find((e) => e.type === "payment_intent.amount_capturable_updated")!;
  return { intentId, completed, authorised };
}

const checkoutBodies = () =>
  fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").map((r) => r.body);
const offSessionRequests = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
const chargeRow = async (id: string) => (await ctx.db.select().from(charges).where(eq(charges.id, id)))[0]!;
const bookingRow = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const customerOf = async (userId: string) =>
  (await ctx.db.select({ id: profiles.stripeCustomerId }).from(profiles).where(eq(profiles.id, userId)))[0]!.id;
const eventsOf = (intentId: string) =>
  fake.events.filter((e) => (e.data.object as { id?: string }).id === intentId) as FakeEvent[];

/** A request paid through its checkout, both of Stripe's events delivered: its booking, intent, card and key. */
async function paidRequest(p: People, from = 10, to = 13) {
  const { bookingId, sessionId } = await request(p, from, to);
  const { intentId, completed, authorised } = pay(sessionId);
  expect(await deliver(completed)).toBe("handled");
  expect(await deliver(authorised)).toBe("handled");
  const rental = await rentalChargeRow(ctx, bookingId);
  return { bookingId, intentId, rental };
}

const EXTENSION = extensionLineItems({ days: 2, dayRate: 4_500, insurancePerDay: null });
const extension = (bookingId: string, key = `extension-${bookingId}-1`, captureLater = true) =>
  chargeLater(ctx.context, ORIGIN, {
    bookingId,
    purpose: "extension",
    items: EXTENSION,
    key,
    description: "Two more days",
    captureLater,
    now: new Date(),
  });

describe("with Stripe", () => {
  beforeEach(async () => {
    fake = await startFakeStripe();
    ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
    gateway = getPaymentGateway(ctx.context.env, ORIGIN);
  });
  afterEach(async () => {
    ctx.close();
    await fake.close();
  });

  it("saves the card at checkout to a Customer of the renter's, which their next checkout reuses", async () => {
    const p = await people();
    const first = await request(p, 10, 13);
    const [opened] = checkoutBodies();
    expect(opened).toMatchObject({
      customer_creation: "always",
      customer_email: p.renter.email,
      payment_intent_data: { capture_method: "manual", setup_future_usage: "off_session" },
    });
    expect(opened).not.toHaveProperty("customer");

    // Stripe's events in either order, each twice: the Customer and the card land once, on the charge they paid.
    const { intentId, completed, authorised } = pay(first.sessionId);
    const customerId = fake.sessions.get(first.sessionId)!.customer!;
    const paymentMethodId = fake.paymentIntents.get(intentId)!.payment_method!;
    expect(fake.paymentMethods.get(paymentMethodId)!.customer).toBe(customerId);
    expect(await deliver(authorised)).toBe("handled");
    expect(await deliver(completed)).toBe("handled");
    expect(await deliver(completed)).toBe("duplicate");
    expect(await deliver(authorised)).toBe("duplicate");
    expect(await rentalChargeRow(ctx, first.bookingId)).toMatchObject({
      status: "authorized",
      stripePaymentIntentId: intentId,
      stripeCustomerId: customerId,
      stripePaymentMethodId: paymentMethodId,
    });
    expect(await customerOf(p.renter.id)).toBe(customerId);

    // The next checkout saves its card to the same Customer, and makes none.
    const second = await request(p, 20, 23);
    const reopened = checkoutBodies()[1]!;
    expect(reopened).toMatchObject({
      customer: customerId,
      payment_intent_data: { setup_future_usage: "off_session" },
    });
    expect(reopened).not.toHaveProperty("customer_creation");
    expect(reopened).not.toHaveProperty("customer_email");
    const next = pay(second.sessionId);
    expect(fake.customers.size).toBe(1);
    // The session's event first this time, then the intent's.
    await deliver(next.completed);
    await deliver(next.authorised);
    expect(await rentalChargeRow(ctx, second.bookingId)).toMatchObject({
      stripeCustomerId: customerId,
      stripePaymentMethodId: fake.paymentIntents.get(next.intentId)!.payment_method,
    });
    expect(await customerOf(p.renter.id)).toBe(customerId);
  });

  it("makes the renter a new Customer when theirs was deleted at Stripe, and keeps that one", async () => {
    const p = await people();
    const first = await paidRequest(p);
    fake.customers.delete(first.rental.stripeCustomerId!);
    const second = await request(p, 20, 23);
    const [refused, made] = checkoutBodies().slice(1);
    expect(refused).toMatchObject({ customer: first.rental.stripeCustomerId });
    expect(made).toMatchObject({ customer_creation: "always" });
    const next = pay(second.sessionId);
    await deliver(next.completed);
    const replacement = fake.sessions.get(second.sessionId)!.customer!;
    expect(replacement).not.toBe(first.rental.stripeCustomerId);
    expect(await customerOf(p.renter.id)).toBe(replacement);
  });

  it("charges a booking twice, each charge authorised and captured on its own under its own keys", async () => {
    const p = await people();
    const { bookingId, intentId: rentalIntent, rental } = await paidRequest(p);
    const before = fake.events.length;
    const outcome = await extension(bookingId);
    expect(outcome).toMatchObject({ status: "authorized", failureReason: null });
    const second = await chargeRow(outcome.chargeId);
    expect(second).toMatchObject({
      bookingId,
      purpose: "extension",
      payerId: p.renter.id,
      idempotencyKey: `extension-${bookingId}-1`,
      stripeCustomerId: rental.stripeCustomerId,
      stripePaymentMethodId: rental.stripePaymentMethodId,
    });
    const items = await ctx.db
      .select()
      .from(chargeLineItems)
      .where(eq(chargeLineItems.chargeId, second.id))
      .orderBy(chargeLineItems.position);
    expect(
      items.map(({ code, quantity, unitAmount, amount, payer, receiver }) => ({
        code,
        quantity,
        unitAmount,
        amount,
        payer,
        receiver,
      })),
    ).toEqual(EXTENSION);
    expect(second.amount).toBe(EXTENSION.filter((i) => i.payer === "renter").reduce((sum, i) => sum + i.amount, 0));

    // What was asked of Stripe: the saved card, off-session, held, grouped with the booking's money.
    const [made] = offSessionRequests();
    expect(made!.idempotencyKey).toBe(`charge-${second.idempotencyKey}`);
    expect(made!.body).toMatchObject({
      amount: String(second.amount),
      currency: "eur",
      customer: rental.stripeCustomerId,
      payment_method: rental.stripePaymentMethodId,
      off_session: "true",
      confirm: "true",
      capture_method: "manual",
      transfer_group: bookingId,
      metadata: { booking_id: bookingId, charge_id: second.id },
    });

    // Captured each under its own key; a retry captures nothing more.
    await gateway.capture(rentalIntent, rental.idempotencyKey);
    await gateway.capture(second.stripePaymentIntentId!, second.idempotencyKey);
    await gateway.capture(second.stripePaymentIntentId!, second.idempotencyKey);
    expect(fake.captureCount(rentalIntent)).toBe(1);
    expect(fake.captureCount(second.stripePaymentIntentId!)).toBe(1);
    const keys = fake.requests.filter((r) => r.method === "POST").map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(
      new Set([
        `checkout-${rental.idempotencyKey}`,
        `charge-${second.idempotencyKey}`,
        `capture-${rental.idempotencyKey}`,
        `capture-${second.idempotencyKey}`,
      ]),
    );

    // The second charge's events, captured before held and each twice, move it alone; the rental's, late and out of
    // order, move the booking.
    const [held, taken] = eventsOf(second.stripePaymentIntentId!).filter((e) => fake.events.indexOf(e) >= before);
    expect([held!.type, taken!.type]).toEqual(["payment_intent.amount_capturable_updated", "payment_intent.succeeded"]);
    expect(await deliver(taken!)).toBe("handled");
    expect(await deliver(held!)).toBe("handled");
    expect(await deliver(taken!)).toBe("duplicate");
    expect(await chargeRow(second.id)).toMatchObject({ status: "captured", failureReason: null });
    expect(await bookingRow(bookingId)).toMatchObject({ paymentStatus: "authorized", depositStatus: "none" });
    const rentalCaptured = eventsOf(rentalIntent).find((e) => e.type === "payment_intent.succeeded")!;
    expect(await deliver(rentalCaptured)).toBe("handled");
    expect(await deliver(rentalCaptured)).toBe("duplicate");
    expect(await bookingRow(bookingId)).toMatchObject({ paymentStatus: "captured" });
    expect(await chargeRow(rental.id)).toMatchObject({ status: "captured", stripePaymentIntentId: rentalIntent });
    expect(await chargeRow(second.id)).toMatchObject({
      status: "captured",
      stripePaymentIntentId: second.stripePaymentIntentId,
    });
  });

  it("charges once however often it is asked, also after Stripe forgot the key", async () => {
    const p = await people();
    const { bookingId } = await paidRequest(p);
    const first = await extension(bookingId, `extension-${bookingId}-1`, false);
    expect(first.status).toBe("captured");
    expect(await extension(bookingId, `extension-${bookingId}-1`, false)).toEqual(first);
    expect(offSessionRequests()).toHaveLength(1);
    const made = await chargeRow(first.chargeId);

    // Stripe made the payment but its answer was never written (the Worker stopped), and a day later Stripe has
    // forgotten the key: the payment is found by its key in its metadata, not made again.
    await ctx.db
      .update(charges)
      .set({ status: "unpaid", stripePaymentIntentId: null })
      .where(eq(charges.id, first.chargeId));
    fake.forgetIdempotencyKeys();
    expect(await extension(bookingId, `extension-${bookingId}-1`, false)).toEqual(first);
    expect(offSessionRequests()).toHaveLength(1);
    expect(await chargeRow(first.chargeId)).toMatchObject({ stripePaymentIntentId: made.stripePaymentIntentId });
    expect((await ctx.db.select().from(charges).where(eq(charges.bookingId, bookingId))).length).toBe(2);

    // Another change of the same booking is another charge, under another key.
    const fuelCharge = (amount: number) =>
      chargeLater(ctx.context, ORIGIN, {
        bookingId,
        purpose: "reimbursement",
        items: reimbursementLineItems({ amount, receiver: "host" }),
        key: `reimbursement-${bookingId}-fuel`,
        description: "Fuel",
        captureLater: false,
        now: new Date(),
      });
    const fuel = await fuelCharge(6_150);
    expect(fuel).toMatchObject({ status: "captured" });
    expect(fuel.chargeId).not.toBe(first.chargeId);
    expect(offSessionRequests().map((r) => r.idempotencyKey)).toEqual([
      `charge-extension-${bookingId}-1`,
      `charge-reimbursement-${bookingId}-fuel`,
    ]);
    // A key is one charge's: another charge under it is refused.
    await expect(fuelCharge(999)).rejects.toThrow(/another charge/);
  });

  it.each([
    ["card_declined", "generic_decline"],
    ["insufficient_funds", "insufficient_funds"],
    ["authentication_required", "authentication_required"],
  ] as const)("fails the charge when the card answers %s, and leaves the rental as it was", async (answer, reason) => {
    const p = await people();
    const { bookingId, intentId: rentalIntent, rental } = await paidRequest(p);
    const bookingBefore = await bookingRow(bookingId);
    fake.cardAnswers(rental.stripePaymentMethodId!, answer);
    const before = fake.events.length;
    const outcome = await extension(bookingId);
    expect(outcome).toMatchObject({ status: "failed", failureReason: reason });
    const failed = await chargeRow(outcome.chargeId);
    expect(fake.paymentIntents.get(failed.stripePaymentIntentId!)).toMatchObject({
      status: "requires_payment_method",
    });

    // Stripe's event of the failure, twice, and a stale one of the rental: nothing moves further.
    const [failure] = fake.events.slice(before);
    expect(failure!.type).toBe("payment_intent.payment_failed");
    expect(await deliver(failure!)).toBe("handled");
    expect(await deliver(failure!)).toBe("duplicate");
    expect(await chargeRow(outcome.chargeId)).toMatchObject({ status: "failed", failureReason: reason });
    expect(await bookingRow(bookingId)).toEqual(bookingBefore);
    expect(await chargeRow(rental.id)).toEqual(rental);
    expect(fake.captureCount(rentalIntent)).toBe(0);
    expect(fake.cancelCount(rentalIntent)).toBe(0);

    // Asked again, the failed charge is not tried again: the renter pays it themselves.
    expect(await extension(bookingId)).toEqual(outcome);
    expect(offSessionRequests()).toHaveLength(1);
  });

  it("fails as no_saved_card for a booking paid before cards were saved, charging nothing", async () => {
    const p = await people();
    // A checkout as the release before opened it: no Customer, the card not kept.
    const config = ctx.context.env.stripe;
    if (config.kind !== "stripe") throw new Error("the test's Stripe is the fake");
    const session = await stripeClient(config).checkout.sessions.create({
      mode: "payment",
      line_items: [
        { quantity: 1, price_data: { currency: "eur", unit_amount: 12_640, product_data: { name: "Trip" } } },
      ],
      payment_intent_data: { capture_method: "manual" },
      success_url: `${ORIGIN}/ok`,
    });
    fake.completeSession(session.id);
    const bookingId = await createBooking(
      ctx,
      { carId: p.car.id, renterId: p.renter.id, ownerId: p.host.id },
      "confirmed",
      {
        paymentStatus: "captured",
        stripePaymentIntentId: fake.sessions.get(session.id)!.payment_intent!,
      },
    );
    expect(await extension(bookingId)).toMatchObject({ status: "failed", failureReason: "no_saved_card" });
    expect(offSessionRequests()).toHaveLength(0);
  });

  it("charges nothing to the card of a renter who deleted their account since", async () => {
    const p = await people();
    const { bookingId } = await paidRequest(p);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, p.renter.id));
    expect(await extension(bookingId)).toMatchObject({ status: "failed", failureReason: "no_saved_card" });
    expect(offSessionRequests()).toHaveLength(0);
  });

  it("takes the card from Stripe when its payment's event has not come yet", async () => {
    const p = await people();
    const { bookingId, sessionId } = await request(p, 10, 13);
    const { intentId, completed } = pay(sessionId);
    // Only the checkout's event so far: the Customer, not the card.
    await deliver(completed);
    const rental = await rentalChargeRow(ctx, bookingId);
    expect(rental).toMatchObject({ stripePaymentMethodId: null, stripeCustomerId: expect.stringMatching(/^cus_/) });
    expect(await extension(bookingId)).toMatchObject({ status: "authorized" });
    const card = fake.paymentIntents.get(intentId)!.payment_method;
    expect(await rentalChargeRow(ctx, bookingId)).toMatchObject({ stripePaymentMethodId: card });
    expect(offSessionRequests()[0]!.body).toMatchObject({ payment_method: card, customer: rental.stripeCustomerId });
  });
});

describe("with the local stand-in", () => {
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.close());

  it("saves the renter's Customer with the stand-in's payment and charges the booking's card at once", async () => {
    const p = await people();
    const { bookingId, sessionId } = await request(p, 10, 13);
    const paid = await callRoute(
      standInAction,
      formRequest(`/dev/checkout/${sessionId}`, { intent: "pay" }, { cookie: p.renterCookie }),
      ctx.context,
      { sessionId },
    );
    expect(paid.status).toBe(303);
    const customerId = await customerOf(p.renter.id);
    expect(customerId).toMatch(/^cus_standin_/);
    expect(await rentalChargeRow(ctx, bookingId)).toMatchObject({ status: "authorized", stripeCustomerId: customerId });

    const outcome = await extension(bookingId, `extension-${bookingId}-1`, false);
    expect(outcome).toMatchObject({ status: "captured", failureReason: null });
    const charge = await chargeRow(outcome.chargeId);
    expect(charge).toMatchObject({
      stripeCustomerId: customerId,
      stripePaymentMethodId: expect.stringMatching(/^pm_standin_/),
      stripePaymentIntentId: expect.stringMatching(/^pi_standin_/),
    });
    expect(await rentalChargeRow(ctx, bookingId)).toMatchObject({
      status: "authorized",
      stripePaymentMethodId: charge.stripePaymentMethodId,
    });
    expect(await extension(bookingId, `extension-${bookingId}-1`, false)).toEqual(outcome);
    const [again] = await ctx.db
      .select()
      .from(charges)
      .where(and(eq(charges.bookingId, bookingId), eq(charges.purpose, "extension")));
    expect(again!.id).toBe(outcome.chargeId);
  });
});

it("README's webhook setup subscribes to every event a charge made with the saved card sends", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const enabled = new Set([...readme.matchAll(/enabled_events\[\]=([a-z_.]+)/g)].map((m) => m[1]));
  const sent = [
    "payment_intent.amount_capturable_updated",
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "payment_intent.canceled",
  ];
  expect(sent.filter((type) => !enabled.has(type))).toEqual([]);
});
