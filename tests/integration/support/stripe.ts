// Tests against Stripe's fake (fake-stripe.ts): the Worker's settings that point the real SDK at it, and a webhook
// delivered as Stripe delivers one (signed with Stripe's scheme) to POST /webhooks/stripe.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { charges } from "#db/schema";
import type { WorkerEnv } from "~/env.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { action as webhookAction } from "~/routes/_resources+/webhooks.stripe";
import { signWebhook, type FakeStripe } from "./fake-stripe";
import { ORIGIN, callRoute } from "./routes";

/** A test key, the webhook endpoint's secret and the fake's address: pass to createTestContext. */
export const stripeEnv = (fake: FakeStripe, webhookSecret: string): Partial<WorkerEnv> => ({
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: fake.url,
});

/** Posts the event, signed with `secret`; `tamper` changes the body after signing. */
export function deliverWebhook(
  context: AppLoadContext,
  event: object,
  secret: string,
  tamper?: (body: string) => string,
) {
  const { body, signature } = signWebhook(event, secret);
  return callRoute<{ result?: string }>(
    webhookAction,
    new Request(`${ORIGIN}/webhooks/stripe`, {
      method: "POST",
      headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
      body: tamper ? tamper(body) : body,
    }),
    context,
  );
}

/** The booking's rental charge's id and key, which its checkout and capture are made under (decision 035). */
async function rentalChargeKeys(context: AppLoadContext, bookingId: string) {
  const [charge] = await context.db
    .select({ id: charges.id, key: charges.idempotencyKey })
    .from(charges)
    .where(and(eq(charges.bookingId, bookingId), eq(charges.purpose, "rental")));
  return charge ?? { id: `rental-${bookingId}`, key: bookingId };
}

/**
 * A payment of `amount` cents for the booking, paid through the fake as our checkout is paid (a manual-capture
 * checkout, so the card is only held): returns the payment intent's id, for the booking's stripe_payment_intent_id.
 * `context` must point at the fake (stripeEnv).
 */
export async function authorisedPayment(context: AppLoadContext, fake: FakeStripe, bookingId: string, amount: number) {
  const charge = await rentalChargeKeys(context, bookingId);
  const { sessionId } = await getPaymentGateway(context.env, ORIGIN).createCheckout({
    bookingId,
    chargeId: charge.id,
    chargeKey: charge.key,
    lines: [{ name: "Trip", amount }],
    customerEmail: "renter@example.com",
    successUrl: `${ORIGIN}/bookings/${bookingId}`,
    cancelUrl: `${ORIGIN}/bookings/${bookingId}`,
    language: "en",
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  fake.completeSession(sessionId);
  return fake.sessions.get(sessionId)!.payment_intent!;
}

/** As authorisedPayment, and captured (the host confirmed): what a booking needs before money can go back to it. */
export async function capturedPayment(context: AppLoadContext, fake: FakeStripe, bookingId: string, amount: number) {
  const intentId = await authorisedPayment(context, fake, bookingId, amount);
  await getPaymentGateway(context.env, ORIGIN).capture(intentId, (await rentalChargeKeys(context, bookingId)).key);
  return intentId;
}
