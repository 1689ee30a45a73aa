// Stripe's webhook signature, checked on the raw body before an event is read (POST /webhooks/stripe).
import Stripe from "stripe";
import type { AppEnv } from "~/env.server";
import { stripeClient } from "~/payments/gateway.server";

/**
 * Verifies a webhook's signature on the raw body (Stripe's scheme: HMAC-SHA256 with a 5-minute tolerance).
 * STRIPE_WEBHOOK_SECRET may list several secrets, comma-separated: the platform's endpoint and the Connect endpoint
 * (events of the hosts' accounts) are two endpoints in Stripe, each with its own secret, delivering to the same URL.
 */
export async function verifyStripeWebhook(
  config: Extract<AppEnv["stripe"], { kind: "stripe" }>,
  rawBody: string,
  signature: string,
): Promise<Stripe.Event> {
  if (!config.webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
  const client = stripeClient(config);
  const secrets = config.webhookSecret
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  let failure: unknown = new Error("No webhook secret matched");
  for (const secret of secrets) {
    try {
      return await client.webhooks.constructEventAsync(
        rawBody,
        signature,
        secret,
        undefined,
        Stripe.createSubtleCryptoProvider(),
      );
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
