// POST /webhooks/stripe: Stripe's events, verified by signature on the raw body before anything is read, then handed
// to the one path for their kind, which deduplicates them by id and never assumes their order: a host's payout
// account's (`account.*`, app/payouts/payout-accounts.server.ts), a refund's (`refund.*`, `charge.refund.updated`:
// the refunds ledger, app/payments/refunds.server.ts) or a booking's payment (app/payments/fulfilment.server.ts). Exempt from the Origin check (utils/request-origin.server.ts): the signature is its proof. 404 when
// Stripe is not configured (locally the stand-in checkout feeds fulfilment instead). Every answer is a real Response:
// from a route without a component, Remix sends a `data()` result as a plain 200 (Stripe would take a refused
// delivery as done); tests/e2e/resource-routes.spec.ts checks the statuses over HTTP.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handlePaymentEvent } from "~/bookings/booking-payments.server";
import type { PaymentEvent } from "~/payments/fulfilment.server";
import { verifyStripeWebhook } from "~/payments/webhook-signature.server";
import { REFUND_EVENT_TYPES, applyRefundEvent } from "~/payments/refunds.server";
import { handleAccountEvent, type AccountEvent } from "~/payouts/payout-accounts.server";

function answer(body: object, status: number, headers: HeadersInit = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const stripe = context.env.stripe;
  if (stripe.kind !== "stripe") return answer({ error: "Not found" }, 404);
  if (request.method !== "POST") return answer({ error: "Method not allowed" }, 405, { Allow: "POST" });
  const signature = request.headers.get("Stripe-Signature");
  const body = await request.text();
  if (!signature) return answer({ error: "Missing signature" }, 400);
  let event: PaymentEvent & AccountEvent;
  try {
    event = (await verifyStripeWebhook(stripe, body, signature)) as unknown as PaymentEvent & AccountEvent;
  } catch {
    return answer({ error: "Invalid signature" }, 400);
  }
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  // A thrown error answers 500, the event's id stays unrecorded, and Stripe delivers it again.
  const result = event.type.startsWith("account.")
    ? await handleAccountEvent(context, event)
    : REFUND_EVENT_TYPES.has(event.type)
      ? (await applyRefundEvent(context.db, event)).result
      : await handlePaymentEvent(context, event, origin);
  return answer({ received: true, result }, 200);
}

export function loader() {
  return answer({ error: "Method not allowed" }, 405, { Allow: "POST" });
}
