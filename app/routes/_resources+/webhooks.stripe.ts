// POST /webhooks/stripe: Stripe's events, verified by signature on the raw body before anything is read, then handed
// to the one fulfilment path (app/payments/fulfilment.server.ts), which deduplicates them by id and never assumes
// their order. Exempt from the Origin check (utils/request-origin.server.ts): the signature is its proof. 404 when
// Stripe is not configured (locally the stand-in checkout feeds fulfilment instead).
import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { handlePaymentEvent, type PaymentEvent } from "~/payments/fulfilment.server";
import { verifyStripeWebhook } from "~/payments/gateway.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const stripe = context.env.stripe;
  if (stripe.kind !== "stripe") return data({ error: "Not found" }, { status: 404 });
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const signature = request.headers.get("Stripe-Signature");
  const body = await request.text();
  if (!signature) return data({ error: "Missing signature" }, { status: 400 });
  let event: PaymentEvent;
  try {
    event = (await verifyStripeWebhook(stripe, body, signature)) as unknown as PaymentEvent;
  } catch {
    return data({ error: "Invalid signature" }, { status: 400 });
  }
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  // A thrown error answers 500, the event's id stays unrecorded, and Stripe delivers it again.
  const result = await handlePaymentEvent(context, event, origin);
  return data({ received: true, result });
}

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405 });
}
