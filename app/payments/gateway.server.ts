// Money leaves through one interface. With STRIPE_SECRET_KEY: Stripe Checkout with manual capture (the card is
// authorised at checkout, captured when the host confirms, released otherwise, and saved for the charges the renter
// agrees to later, made off-session: decision 035), and Stripe Connect for the hosts' payouts (Express accounts,
// hosted onboarding, separate charges and transfers, decision 023). Without it (the local default): a stand-in whose
// checkout page (/dev/checkout/{session}) and onboarding page (/dev/connect/{account}) feed the same code the webhook
// does, and whose capture, release, refunds, transfers and charges of a saved card succeed at once. The stand-in is
// never built in production (env.server.ts refuses).
import Stripe from "stripe";
import type { PayoutBusinessType } from "#db/enums";
import type { AppEnv } from "~/env.server";
import {
  chargeSavedCardAtStripe,
  savedCardAtStripe,
  type SavedCard,
  type SavedCardChargeInput,
  type SavedCardOutcome,
} from "~/payments/off-session.server";
import { standInId } from "~/payments/stand-in-ids";

export interface CheckoutLine {
  name: string;
  amount: number;
}

export interface CheckoutInput {
  bookingId: string;
  /** The charge the checkout pays (its metadata names it) and the base of its keys (decision 035). */
  chargeId: string;
  chargeKey: string;
  lines: CheckoutLine[];
  /** What paying does (charged now, or only when the host confirms): shown beside Checkout's pay button. */
  note?: string;
  customerEmail: string;
  /** The payer's Stripe Customer, when a checkout of theirs made one: the card is saved to it (decision 035). */
  customerId?: string | null;
  successUrl: string;
  cancelUrl: string;
  language: "lt" | "en";
  expiresAt: Date;
  /** Tells this checkout from the booking's earlier ones (a retry of the same step must reuse its key, another not). */
  attempt?: string;
}

/** Where a checkout stands: open (with the address to send the payer to), paid, or over without a payment. */
export type CheckoutState = { status: "open"; url: string } | { status: "complete" } | { status: "expired" };

export interface PaymentGateway {
  kind: "stripe" | "stand-in";
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  checkoutState(sessionId: string): Promise<CheckoutState>;
  /** Takes the authorised amount. Idempotent per charge (`chargeKey`): a retry never captures twice. */
  capture(paymentIntentId: string, chargeKey: string): Promise<void>;
  /** Lets an uncaptured hold go (idempotent per charge likewise). */
  release(paymentIntentId: string, chargeKey: string): Promise<void>;
  /**
   * Charges the card saved at checkout without the payer (off-session), keyed `charge-<chargeKey>` and looked for
   * first (Stripe forgets keys after 24 h): app/payments/off-session.server.ts.
   */
  chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardOutcome>;
  /** The card a payment was made with (a charge whose card's event has not arrived yet); null if none. */
  savedCard(paymentIntentId: string): Promise<SavedCard | null>;
  /**
   * Gives back `amount` cents of a captured payment (a partial refund when less than was paid; without an amount,
   * all that is left of it). The key makes a retry return the first attempt's refund instead of refunding again
   * (app/payments/refunds.server.ts). Stripe may accept a refund and make it later (`processing`), or answer with one
   * it could not make (`failed`): the outcome says which.
   */
  refund(paymentIntentId: string, input: { amount?: number; idempotencyKey: string }): Promise<RefundOutcome>;
  /** A refund as Stripe has it now (null from the stand-in, whose refunds are made at once). */
  retrieveRefund(refundId: string): Promise<RefundOutcome | null>;
  /** Closes an open checkout so it cannot be paid after the booking was cancelled. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Deletes a payer's Customer and the cards saved to it (their account was deleted); one already gone counts. */
  forgetCustomer(customerId: string): Promise<void>;
  /** Creates a host's Connect Express account (one per user: the key makes a retry return the same account). */
  createConnectAccount(input: ConnectAccountInput): Promise<{ accountId: string }>;
  /** Where the host completes (or updates) their details: Stripe's hosted onboarding, a single-use link. */
  onboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** The account as Stripe has it now (null from the stand-in, whose accounts live only in our table). */
  retrieveConnectAccount(accountId: string): Promise<ConnectAccount | null>;
  /**
   * Sends a host's share to their account: one transfer per booking, `transfer_group` = the booking's id, tied to the
   * booking's charge when there is one. Looked for first by its key (Stripe forgets keys after 24 h), so a retry
   * days later finds the first transfer instead of making a second.
   */
  transfer(input: TransferInput): Promise<{ transferId: string }>;
  /** Takes `amount` cents of a transfer back from the host's account (a refund after the payout). */
  reverseTransfer(
    transferId: string,
    input: { amount: number; idempotencyKey: string; attempt?: number },
  ): Promise<{ reversalId: string }>;
}

export interface ConnectAccountInput {
  userId: string;
  email: string;
  businessType: PayoutBusinessType;
  /** The name the host trades under (a company's), for Stripe's business profile. */
  businessName: string | null;
  language: "lt" | "en";
}

/** The part of a Stripe Account we read (Stripe.Account satisfies it); app/payouts/account-status.ts reads it. */
export interface ConnectAccount {
  id: string;
  details_submitted?: boolean;
  payouts_enabled?: boolean;
  charges_enabled?: boolean;
  capabilities?: { transfers?: string } | null;
  requirements?: {
    currently_due?: string[] | null;
    past_due?: string[] | null;
    pending_verification?: string[] | null;
    disabled_reason?: string | null;
  } | null;
  metadata?: Record<string, string> | null;
}

export interface TransferInput {
  bookingId: string;
  destination: string;
  amount: number;
  idempotencyKey: string;
  /** The booking's payment: its charge becomes the transfer's source_transaction (funds move when it settles). */
  paymentIntentId: string | null;
  description: string;
  /** Which attempt of the ledger's this is (1 for the first): see attemptKey. */
  attempt?: number;
}

/** The metadata entry of a Stripe transfer that names its idempotency key (the payouts ledger's payout). */
export const PAYOUT_KEY_METADATA = "payout_key";

export function stripeClient(config: Extract<AppEnv["stripe"], { kind: "stripe" }>): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === "http:" ? 80 : 443)),
      protocol: api.protocol === "http:" ? "http" : "https",
    }),
  });
}

/**
 * The Idempotency-Key of one attempt at a ledger's transfer or reversal. Stripe saves a refused request's answer
 * under its key for 24 hours and replays it, so a retry after a refusal (insufficient balance, an account not yet
 * able to receive) under the same key would fail the same way for a day whatever changed. Each retry after a
 * recorded failure asks under a key of its own; what keeps it to one transfer is the lookup by the ledger's key in
 * the metadata first. An attempt interrupted before its outcome was written keeps its number, so its key.
 */
export const attemptKey = (key: string, attempt = 1) => (attempt > 1 ? `${key}-attempt-${attempt}` : key);

/** The metadata entry of a Stripe refund that names its idempotency key (the refunds ledger's refund). */
export const REFUND_KEY_METADATA = "refund_key";

/** The part of a Stripe Refund we read (Stripe.Refund satisfies it). */
export interface StripeRefundObject {
  id: string;
  status: string | null;
  failure_reason?: string | null;
  metadata?: Record<string, string> | null;
}

/**
 * Where a Stripe refund stands, for the ledger: made, accepted and not yet made (Stripe's `pending` and
 * `requires_action`), or not made and never to be (`failed`, `canceled`), with Stripe's reason.
 */
export interface RefundOutcome {
  refundId: string;
  state: "succeeded" | "processing" | "failed";
  failureReason: string | null;
}

export function refundOutcome(refund: StripeRefundObject): RefundOutcome {
  const state =
    refund.status === "succeeded"
      ? "succeeded"
      : refund.status === "failed" || refund.status === "canceled"
        ? "failed"
        : "processing";
  const failureReason =
    state === "failed" ? (refund.failure_reason ?? (refund.status === "canceled" ? "canceled" : "unknown")) : null;
  return { refundId: refund.id, state, failureReason };
}

function stripeGateway(config: Extract<AppEnv["stripe"], { kind: "stripe" }>): PaymentGateway {
  const stripe = stripeClient(config);
  return {
    kind: "stripe",
    async createCheckout(input) {
      const key = `checkout-${input.chargeKey}${input.attempt ? `-${input.attempt}` : ""}`;
      const open = (customerId: string | null, idempotencyKey: string) =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: input.lines.map((line) => ({
              quantity: 1,
              price_data: { currency: "eur", unit_amount: line.amount, product_data: { name: line.name } },
            })),
            payment_intent_data: {
              capture_method: "manual",
              // The card is kept for the charges the renter agrees to later (decision 035): Checkout says so, and
              // saves it to the renter's Customer, made by this checkout when they have none yet.
              setup_future_usage: "off_session",
              metadata: { booking_id: input.bookingId, charge_id: input.chargeId },
            },
            ...(input.note ? { custom_text: { submit: { message: input.note } } } : {}),
            metadata: { booking_id: input.bookingId, charge_id: input.chargeId },
            client_reference_id: input.bookingId,
            ...(customerId
              ? { customer: customerId }
              : { customer_email: input.customerEmail, customer_creation: "always" as const }),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            locale: input.language,
          },
          { idempotencyKey },
        );
      let session;
      try {
        session = await open(input.customerId ?? null, key);
      } catch (error) {
        // The renter's Customer was deleted at Stripe (by hand, in the dashboard): a new one is made, else they
        // could never pay again.
        const gone = error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
        if (!gone || error.param !== "customer" || !input.customerId) throw error;
        session = await open(null, `${key}-new-customer`);
      }
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { sessionId: session.id, url: session.url };
    },
    async checkoutState(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === "open" && session.url) return { status: "open", url: session.url };
      return { status: session.status === "complete" ? "complete" : "expired" };
    },
    async capture(paymentIntentId, chargeKey) {
      await stripe.paymentIntents.capture(paymentIntentId, {}, { idempotencyKey: `capture-${chargeKey}` });
    },
    async release(paymentIntentId, chargeKey) {
      try {
        await stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey: `release-${chargeKey}` });
      } catch (error) {
        // Already canceled (Stripe lets holds lapse after about 7 days): the money is free either way.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
        if (intent.status !== "canceled") throw error;
      }
    },
    chargeSavedCard: (input) => chargeSavedCardAtStripe(stripe, input),
    savedCard: (paymentIntentId) => savedCardAtStripe(stripe, paymentIntentId),
    async refund(paymentIntentId, { amount, idempotencyKey }) {
      // Stripe forgets an idempotency key after 24 hours, and a refund retried later than that (its success not
      // written down, the job away) would be made again. So each refund carries its key in its metadata, and is first
      // looked for among the payment's refunds. A refund without an amount is asked for exactly as before the ledger
      // (no metadata), so that the key its earlier attempts used still matches their request.
      // A refund found under the key is the answer whatever its state: one that failed is reported as failed (the
      // ledger then asks anew under another key), never made again under this one.
      const tagged = amount !== undefined;
      if (tagged) {
        const made = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
        const mine = made.data.filter((r) => r.metadata?.[REFUND_KEY_METADATA] === idempotencyKey);
        const earlier = mine.find((r) => refundOutcome(r).state !== "failed") ?? mine[0];
        if (earlier) return refundOutcome(earlier);
      }
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          ...(tagged && { amount, metadata: { [REFUND_KEY_METADATA]: idempotencyKey } }),
        },
        { idempotencyKey },
      );
      // Stripe answers a refund it could not make at once with status 'failed' or 'canceled' rather than an error,
      // and one it will make later with 'pending' (or 'requires_action').
      return refundOutcome(refund);
    },
    async retrieveRefund(refundId) {
      return refundOutcome(await stripe.refunds.retrieve(refundId));
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Completed or already expired: nothing is open any more.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },
    async forgetCustomer(customerId) {
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing"))
          throw error;
      }
    },
    async createConnectAccount(input) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          country: "LT",
          email: input.email,
          business_type: input.businessType,
          capabilities: { transfers: { requested: true } },
          // Lithuanian accounts receive transfers from an EU platform under the full service agreement.
          ...(input.businessName && { business_profile: { name: input.businessName } }),
          settings: { payouts: { schedule: { interval: "daily" } } },
          metadata: { user_id: input.userId },
        },
        { idempotencyKey: `account-${input.userId}` },
      );
      return { accountId: account.id };
    },
    async onboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        refresh_url: refreshUrl,
        return_url: returnUrl,
        collection_options: { fields: "eventually_due" },
      });
      return { url: link.url };
    },
    async retrieveConnectAccount(accountId) {
      return (await stripe.accounts.retrieve(accountId)) as ConnectAccount;
    },
    async transfer(input) {
      const made = await stripe.transfers.list({ transfer_group: input.bookingId, limit: 100 });
      const earlier = made.data.find((t) => t.metadata?.[PAYOUT_KEY_METADATA] === input.idempotencyKey);
      if (earlier) return { transferId: earlier.id };
      let sourceTransaction: string | undefined;
      if (input.paymentIntentId) {
        const intent = await stripe.paymentIntents.retrieve(input.paymentIntentId);
        const charge = intent.latest_charge;
        sourceTransaction = typeof charge === "string" ? charge : charge?.id;
      }
      const transfer = await stripe.transfers.create(
        {
          amount: input.amount,
          currency: "eur",
          destination: input.destination,
          transfer_group: input.bookingId,
          description: input.description,
          ...(sourceTransaction && { source_transaction: sourceTransaction }),
          metadata: { booking_id: input.bookingId, [PAYOUT_KEY_METADATA]: input.idempotencyKey },
        },
        { idempotencyKey: attemptKey(input.idempotencyKey, input.attempt) },
      );
      return { transferId: transfer.id };
    },
    async reverseTransfer(transferId, { amount, idempotencyKey, attempt }) {
      const made = await stripe.transfers.listReversals(transferId, { limit: 100 });
      const earlier = made.data.find((r) => r.metadata?.[PAYOUT_KEY_METADATA] === idempotencyKey);
      if (earlier) return { reversalId: earlier.id };
      const reversal = await stripe.transfers.createReversal(
        transferId,
        { amount, metadata: { [PAYOUT_KEY_METADATA]: idempotencyKey } },
        { idempotencyKey: attemptKey(idempotencyKey, attempt) },
      );
      return { reversalId: reversal.id };
    },
  };
}

/** The local checkout: a page of ours stands where Stripe's hosted one would. */
export const STAND_IN_CHECKOUT_PATH = "/dev/checkout/";
/** The local onboarding: a page of ours stands where Stripe's hosted Connect onboarding would. */
export const STAND_IN_CONNECT_PATH = "/dev/connect/";

function standInGateway(origin: string): PaymentGateway {
  return {
    kind: "stand-in",
    async createCheckout() {
      const sessionId = standInId("cs");
      return { sessionId, url: `${origin}${STAND_IN_CHECKOUT_PATH}${sessionId}` };
    },
    // The stand-in keeps no sessions: its page takes a payment while the booking still waits for one.
    async checkoutState(sessionId) {
      return { status: "open", url: `${origin}${STAND_IN_CHECKOUT_PATH}${sessionId}` };
    },
    async capture() {},
    async release() {},
    // A saved card always pays at once; the card is the one the stand-in's checkout "saved" with the payment.
    async chargeSavedCard(input) {
      return { state: input.captureLater ? "authorized" : "captured", intentId: standInId("pi") };
    },
    async savedCard(paymentIntentId) {
      return { customerId: null, paymentMethodId: standInId("pm", paymentIntentId.split("_").at(-1)) };
    },
    async refund() {
      return { refundId: standInId("re"), state: "succeeded", failureReason: null };
    },
    async retrieveRefund() {
      return null;
    },
    async expireCheckout() {},
    async forgetCustomer() {},
    async createConnectAccount() {
      return { accountId: standInId("acct") };
    },
    // The stand-in page feeds `account.updated` to the same handler Stripe's webhook does, then returns the host to
    // `returnUrl` (app/routes/_dev+/dev.connect.$accountId.tsx).
    async onboardingLink({ accountId, returnUrl }) {
      return { url: `${origin}${STAND_IN_CONNECT_PATH}${accountId}?return=${encodeURIComponent(returnUrl)}` };
    },
    async retrieveConnectAccount() {
      return null;
    },
    async transfer() {
      return { transferId: standInId("tr") };
    },
    async reverseTransfer() {
      return { reversalId: standInId("trr") };
    },
  };
}

export function getPaymentGateway(env: AppEnv, origin: string): PaymentGateway {
  return env.stripe.kind === "stripe" ? stripeGateway(env.stripe) : standInGateway(origin);
}
