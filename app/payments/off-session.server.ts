// Charging the card a renter saved at checkout, without them (Stripe's off-session payments; decision 035,
// 2026-11-29): the gateway's half with Stripe (gateway.server.ts wires it), and what Stripe's answers mean for a charge.
// The renter agreed at checkout that the card is kept for the charges they agree to later (a trip's extension, a
// reimbursement); Stripe may still decline the card, or the bank ask the renter to authenticate the payment
// (`authentication_required`), which no one can do off-session: the charge then fails with that reason and the
// renter pays it themselves.
import Stripe from "stripe";

export interface SavedCardChargeInput {
  /** The charge paid (its metadata names it) and the base of its key: `charge-<key>`. */
  chargeId: string;
  chargeKey: string;
  bookingId: string;
  /** The card, and the Stripe Customer it is saved to. */
  customerId: string;
  paymentMethodId: string;
  amount: number;
  description: string;
  /** Authorised only, captured later under `capture-<key>` (as the rental is), or captured at once. */
  captureLater: boolean;
}

/** What came of an off-session payment: held, taken, on its way (Stripe's `processing`), or refused with the reason. */
export type SavedCardOutcome =
  | { state: "authorized" | "captured" | "processing"; intentId: string }
  | { state: "failed"; intentId: string | null; failureReason: string };

/** A saved card: the payment method and the Customer it is saved to (null where Stripe does not say). */
export interface SavedCard {
  customerId: string | null;
  paymentMethodId: string;
}

/** The metadata entry of an off-session payment that names its idempotency key. */
export const CHARGE_KEY_METADATA = "charge_key";

/** Stripe's smallest charge in euros: 50 cents. */
export const STRIPE_MINIMUM_CENTS = 50;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The part of a Stripe PaymentIntent we read (Stripe.PaymentIntent satisfies it). */
interface IntentObject {
  id: string;
  status: string;
  last_payment_error?: { code?: string; decline_code?: string } | null;
}

/** What an off-session payment intent's state means for its charge. */
export function intentOutcome(intent: IntentObject): SavedCardOutcome {
  if (intent.status === "requires_capture") return { state: "authorized", intentId: intent.id };
  if (intent.status === "succeeded") return { state: "captured", intentId: intent.id };
  if (intent.status === "processing") return { state: "processing", intentId: intent.id };
  const error = intent.last_payment_error;
  return { state: "failed", intentId: intent.id, failureReason: error?.decline_code ?? error?.code ?? intent.status };
}

export async function chargeSavedCardAtStripe(stripe: Stripe, input: SavedCardChargeInput): Promise<SavedCardOutcome> {
  const key = `charge-${input.chargeKey}`;
  // Stripe forgets an idempotency key after 24 hours, and a charge retried later than that (its outcome not written
  // down) would be made again. So the payment carries its key in its metadata and is first looked for among the
  // Customer's payments; one found is the answer whatever its state, as a refund's is (refunds.server.ts).
  const made = await stripe.paymentIntents.list({ customer: input.customerId, limit: 100 });
  const earlier = made.data.find((intent) => intent.metadata?.[CHARGE_KEY_METADATA] === key);
  if (earlier) return intentOutcome(earlier);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: "eur",
        customer: input.customerId,
        payment_method: input.paymentMethodId,
        off_session: true,
        confirm: true,
        capture_method: input.captureLater ? "manual" : "automatic",
        transfer_group: input.bookingId,
        description: input.description,
        metadata: { booking_id: input.bookingId, charge_id: input.chargeId, [CHARGE_KEY_METADATA]: key },
      },
      { idempotencyKey: key },
    );
    return intentOutcome(intent);
  } catch (error) {
    // A decline, or the bank asking for authentication: Stripe answers 402 with the payment intent it left
    // `requires_payment_method`, and keeps that answer under the key.
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    return {
      state: "failed",
      intentId: error.payment_intent?.id ?? null,
      failureReason: error.decline_code ?? error.code ?? "card_declined",
    };
  }
}

/** The card a payment was made with, as Stripe has it: for a charge whose card's event has not arrived yet. */
export async function savedCardAtStripe(stripe: Stripe, paymentIntentId: string): Promise<SavedCard | null> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const paymentMethodId = idOf(intent.payment_method);
  return paymentMethodId ? { customerId: idOf(intent.customer), paymentMethodId } : null;
}
