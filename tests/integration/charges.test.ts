// Charges (decision 035) against the wire-format Stripe fake: a booking's rental charge and a second charge of the
// same booking (an extension, as the trip changes will add) are each paid through a checkout and captured on their
// own, under keys of their own; Stripe's webhooks, delivered twice and out of order, move each charge and only the
// rental moves the booking.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookings, chargeLineItems, charges } from "#db/schema";
import { findCharges } from "~/payments/charges.server";
import { getPaymentGateway, type PaymentGateway } from "~/payments/gateway.server";
import { createTestContext, type TestContext } from "./support/context";
import { bookingWithPayment, createBooking, createCar, createUser, rentalChargeRow } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { ORIGIN } from "./support/routes";
import { deliverWebhook, stripeEnv } from "./support/stripe";

const WEBHOOK_SECRET = "whsec_test_charges";
const EXTENSION = 9_000;

let fake: FakeStripe;
let ctx: TestContext;
let gateway: PaymentGateway;

beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
  gateway = getPaymentGateway(ctx.context.env, ORIGIN);
});
afterEach(async () => {
  ctx.close();
  await fake.close();
});

const deliver = async (event: object) =>
  ((await deliverWebhook(ctx.context, event, WEBHOOK_SECRET)).data as { result?: string }).result;

/** A request waiting for its payment, with its rental charge; and a second charge of the same booking. */
async function bookingWithTwoCharges() {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx);
  const car = await createCar(ctx, host.id);
  const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "pending", {
    startDate: "2026-12-20",
    endDate: "2026-12-23",
    paymentStatus: "unpaid",
  });
  const rental = await rentalChargeRow(ctx, bookingId);
  const [extension] = await ctx.db
    .insert(charges)
    .values({
      bookingId,
      purpose: "extension",
      payerId: renter.id,
      amount: EXTENSION,
      idempotencyKey: `extension-${bookingId}`,
    })
    .returning();
  await ctx.db.insert(chargeLineItems).values([
    {
      chargeId: extension!.id,
      code: "rental_days",
      quantity: 2,
      unitAmount: 4_500,
      amount: 9_000,
      payer: "renter",
      receiver: "host",
      position: 0,
    },
  ]);
  return { bookingId, rental, extension: extension! };
}

/** Opens and pays a checkout for a charge through the fake; returns the session's completed event and its intent. */
async function pay(bookingId: string, charge: { id: string; idempotencyKey: string; amount: number }) {
  const { sessionId } = await gateway.createCheckout({
    bookingId,
    chargeId: charge.id,
    chargeKey: charge.idempotencyKey,
    lines: [{ name: "Charge", amount: charge.amount }],
    customerEmail: "renter@example.com",
    successUrl: `${ORIGIN}/ok`,
    cancelUrl: `${ORIGIN}/cancel`,
    language: "en",
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const completed = fake.completeSession(sessionId);
  return { completed, intentId: fake.sessions.get(sessionId)!.payment_intent as string };
}

const chargeRow = async (id: string) => (await ctx.db.select().from(charges).where(eq(charges.id, id)))[0]!;

describe("two charges on one booking", () => {
  it("each is authorised and captured on its own, under its own keys, through duplicated and out-of-order webhooks", async () => {
    const { bookingId, rental, extension } = await bookingWithTwoCharges();
    const first = await pay(bookingId, rental);
    const second = await pay(bookingId, extension);

    const checkoutKeys = fake.requests
      .filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")
      .map((r) => r.idempotencyKey);
    expect(checkoutKeys).toEqual([`checkout-${rental.idempotencyKey}`, `checkout-${extension.idempotencyKey}`]);

    // The extension's authorisation arrives twice and before the rental's; the rental's own arrives twice too.
    expect(await deliver(second.completed)).toBe("handled");
    expect(await deliver(second.completed)).toBe("duplicate");
    expect(await bookingWithPayment(ctx, { id: bookingId })).toMatchObject({ paymentStatus: "unpaid" });
    expect(await chargeRow(extension.id)).toMatchObject({
      status: "authorized",
      stripePaymentIntentId: second.intentId,
    });
    expect(await deliver(first.completed)).toBe("handled");
    expect(await deliver(first.completed)).toBe("duplicate");
    expect(await bookingWithPayment(ctx, { id: bookingId })).toMatchObject({
      paymentStatus: "authorized",
      stripePaymentIntentId: first.intentId,
    });
    expect(await chargeRow(rental.id)).toMatchObject({ status: "authorized", stripePaymentIntentId: first.intentId });

    // Captured each under its own key: a retry of either captures nothing more.
    await gateway.capture(first.intentId, rental.idempotencyKey);
    await gateway.capture(second.intentId, extension.idempotencyKey);
    await gateway.capture(second.intentId, extension.idempotencyKey);
    expect(fake.captureCount(first.intentId)).toBe(1);
    expect(fake.captureCount(second.intentId)).toBe(1);
    const captureKeys = fake.requests.filter((r) => r.path.endsWith("/capture")).map((r) => r.idempotencyKey);
    expect(new Set(captureKeys)).toEqual(
      new Set([`capture-${rental.idempotencyKey}`, `capture-${extension.idempotencyKey}`]),
    );

    // 'succeeded' for the extension, then a late 'authorised' for it: it stays captured; the booking is not moved.
    expect(await deliver(fake.paymentIntentEvent(second.intentId, "payment_intent.succeeded"))).toBe("handled");
    expect(
      await deliver({
        ...fake.paymentIntentEvent(second.intentId, "payment_intent.amount_capturable_updated"),
        id: "evt_late_authorised",
      }),
    ).toBe("handled");
    expect(await chargeRow(extension.id)).toMatchObject({ status: "captured" });
    expect((await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]).toMatchObject({
      paymentStatus: "authorized",
      depositStatus: "none",
    });
    // The rental's capture moves the booking, and its rental charge with it.
    expect(await deliver(fake.paymentIntentEvent(first.intentId, "payment_intent.succeeded"))).toBe("handled");
    expect(await chargeRow(rental.id)).toMatchObject({ status: "captured" });
    expect(await bookingWithPayment(ctx, { id: bookingId })).toMatchObject({ paymentStatus: "captured" });
  });

  it("lists a booking's charges with their line items for its page and admins, oldest first", async () => {
    const { bookingId, rental, extension } = await bookingWithTwoCharges();
    const listed = await findCharges(ctx.db, bookingId);
    expect(listed.map((c) => [c.id, c.purpose, c.amount])).toEqual([
      [rental.id, "rental", rental.amount],
      [extension.id, "extension", EXTENSION],
    ]);
    expect(listed[0]!.items.map((i) => i.code)).toEqual([
      "rental_days",
      "renter_service_fee",
      "payment_processing_fee",
      "host_service_fee",
    ]);
    expect(listed[1]!.items).toEqual([expect.objectContaining({ code: "rental_days", amount: 9_000 })]);
    const [rentalItems] = await Promise.all([
      ctx.db
        .select()
        .from(chargeLineItems)
        .where(and(eq(chargeLineItems.chargeId, rental.id))),
    ]);
    expect(rentalItems.filter((i) => i.payer === "renter").reduce((sum, i) => sum + i.amount, 0)).toBe(rental.amount);
  });
});
