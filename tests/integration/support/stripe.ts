// Tests against Stripe's fake (fake-stripe.ts): the Worker's settings that point the real SDK at it, and a webhook
// delivered as Stripe delivers one (signed with Stripe's scheme) to POST /webhooks/stripe.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { WorkerEnv } from "~/env.server";
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
