// A local Stripe for integration tests: a node:http server with the slice of Stripe's v1 API that booking payments
// use, in Stripe's wire format, so the real `stripe` SDK is pointed at it (host, port, protocol) and our code meets
// Stripe's form encoding, error classes, idempotency and webhook signatures without the network.
//
// API: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire,
// POST and GET /v1/payment_intents (off-session, below), GET /v1/payment_intents/:id,
// POST /v1/payment_intents/:id/capture, POST /v1/payment_intents/:id/cancel,
// GET /v1/refunds, POST /v1/refunds (all or part of a captured payment, several times until nothing is left; more than is left is
// refused with `amount_too_large`; each refund updates the charge's `amount_refunded` and `refunded` and emits
// `refund.created` and `charge.refunded`), GET /v1/refunds/:id. Refunds are made at once (`succeeded`) unless a test
// asks for Stripe's other answers (`answerRefundsWith`: `pending`, made later, or `failed` at once); `settleRefund`
// then makes or fails one as Stripe would days later (a closed card), with the events Stripe sends for it
// (`refund.updated`, `refund.failed`, `charge.refund.updated`), which tests sign and post.
// Connect (the hosts' payouts): POST /v1/accounts (Express), GET /v1/accounts/:id, POST /v1/account_links,
// POST /v1/transfers, GET /v1/transfers (by transfer_group or destination), GET /v1/transfers/:id,
// POST and GET /v1/transfers/:id/reversals (until nothing is left of the transfer: `amount_reversed`, `reversed`).
// Tests move an account along (`updateAccount`: details submitted, requirements, payouts and the transfers
// capability), which emits `account.updated` with `account` set as Connect events have; a transfer needs a
// destination whose transfers capability is active and, with `source_transaction`, a captured charge it fits in.
// A session's `url` is GET /pay/:id on the fake: a page whose Pay button completes the session and redirects to
// `success_url`, so browser journeys can pass through checkout.
// Saved cards (decision 035): a session with `customer_creation=always` (or an existing `customer`) and
// `payment_intent_data[setup_future_usage]` saves the card it is paid with: completing it makes the Customer (in
// `customers`) and the card's payment method (in `paymentMethods`, attached to that Customer), named by the session
// (`customer`) and its payment intent (`customer`, `payment_method`). POST /v1/payment_intents charges such a card
// off-session (`confirm=true`, `off_session=true`): held or captured at once, or, as a test asks per card
// (`cardAnswers`), declined (`card_declined`, `insufficient_funds`) or in need of the renter's authentication
// (`authentication_required`): Stripe's 402 card_error with the intent left `requires_payment_method`, saved under
// the key, and `payment_intent.payment_failed`. GET /v1/payment_intents lists a Customer's payments, newest first.
// DELETE /v1/customers/:id deletes a Customer and detaches its cards (Stripe's `{ id, object, deleted: true }`); a
// Customer not there is Stripe's 404 `resource_missing`.
//
// A parameter the fake does not know is refused with Stripe's `parameter_unknown`, never ignored: a test must not
// pass because the fake dropped what real Stripe would act on (or reject).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type Param = string | Param[] | { [key: string]: Param };
export type Params = { [key: string]: Param };

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  allowed_payment_method_types: string[] | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  /** The Customer the session saves its card to: given, or made when it completes (`customer_creation=always`). */
  customer: string | null;
  customer_creation: "always" | "if_required" | null;
  customer_email: string | null;
  /** Texts Checkout shows; ours is only `submit` (beside the pay button). */
  custom_text: {
    after_submit: null;
    shipping_address: null;
    submit: { message: string } | null;
    terms_of_service_acceptance: null;
  };
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string | null;
  url: string | null;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic" | "automatic_async" | "manual";
  created: number;
  currency: string;
  latest_charge: string;
  livemode: false;
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: "on_session" | "off_session" | null;
  description: string | null;
  transfer_group: string | null;
  /** Why the last attempt to pay failed (a declined card, authentication needed); null otherwise. */
  last_payment_error: StripeErrorBody | null;
  status: "requires_payment_method" | "requires_capture" | "succeeded" | "canceled";
}

/** A Stripe Customer, as a completed checkout with `customer_creation=always` makes one. */
export interface FakeCustomer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  livemode: false;
  metadata: Record<string, string>;
}

/** A card, saved to a Customer by a checkout with `setup_future_usage`, or used once (no Customer). */
export interface FakePaymentMethod {
  id: string;
  object: "payment_method";
  card: { brand: "visa"; last4: string; exp_month: number; exp_year: number };
  created: number;
  customer: string | null;
  livemode: false;
  type: "card";
}

/** What a saved card does when charged off-session: pays, is declined, or needs the renter to authenticate. */
export type CardAnswer = "pays" | "card_declined" | "insufficient_funds" | "authentication_required";

/** The charge behind a payment intent: what was captured of it and what has been refunded since. */
export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  /** True only once the whole captured amount has been refunded. */
  refunded: boolean;
  status: "succeeded";
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: null;
  status: "pending" | "requires_action" | "succeeded" | "failed" | "canceled";
  /** Only on a refund that failed: why (`expired_or_canceled_card`, `lost_or_stolen_card`, `declined`, `unknown`…). */
  failure_reason?: string;
  /** Only on a refund that failed: the balance transaction that gave the money back to the platform's balance. */
  failure_balance_transaction?: string;
}

/** How Stripe ends a refund it accepted: made, failed with a reason, or canceled. */
export type RefundSettlement = "succeeded" | "canceled" | { failed: string };

export interface FakeEvent<T = object> {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: T };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  /** The connected account the event is about (Connect events only). */
  account?: string;
}

export type TransfersCapability = "inactive" | "pending" | "active";

export interface FakeRequirements {
  currently_due: string[];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
  disabled_reason: string | null;
  current_deadline: number | null;
  errors: never[];
}

/** A connected account (Express), as GET /v1/accounts/:id answers it. */
// A type, not an interface: it passes where an event's object is a Record<string, unknown> (handleAccountEvent).
export type FakeAccount = {
  id: string;
  object: "account";
  business_profile: { name: string | null; url: string | null; mcc: string | null; product_description: string | null };
  business_type: "individual" | "company" | null;
  capabilities: { transfers?: TransfersCapability };
  charges_enabled: boolean;
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  metadata: Record<string, string>;
  payouts_enabled: boolean;
  requirements: FakeRequirements;
  settings: { payouts: { schedule: { interval: string } } };
  type: "express";
};

/** What a test changes of an account (Stripe's verification moving on), or one of the usual stages. */
export type AccountChange =
  | "enabled"
  | "in_review"
  | "details_needed"
  | {
      details_submitted?: boolean;
      payouts_enabled?: boolean;
      charges_enabled?: boolean;
      capabilities?: { transfers?: TransfersCapability };
      requirements?: Partial<FakeRequirements>;
    };

export interface FakeTransferReversal {
  id: string;
  object: "transfer_reversal";
  amount: number;
  balance_transaction: string;
  created: number;
  currency: string;
  destination_payment_refund: string;
  metadata: Record<string, string>;
  source_refund: null;
  transfer: string;
}

export interface FakeTransfer {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  balance_transaction: string;
  created: number;
  currency: string;
  description: string | null;
  destination: string;
  destination_payment: string;
  livemode: false;
  metadata: Record<string, string>;
  reversals: { object: "list"; data: FakeTransferReversal[]; has_more: boolean; total_count: number; url: string };
  /** True once all of the amount has been reversed. */
  reversed: boolean;
  source_transaction: string | null;
  source_type: "card";
  transfer_group: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Params;
  body: Params;
  idempotencyKey: string | null;
}

export interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  param?: string;
  [key: string]: unknown;
}

export type PaymentIntentEventType =
  | "payment_intent.succeeded"
  | "payment_intent.canceled"
  | "payment_intent.amount_capturable_updated"
  | "payment_intent.payment_failed";

export interface FakeStripe {
  readonly port: number;
  /** `http://127.0.0.1:PORT`, the origin of the checkout pages. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly sessions: Map<string, FakeCheckoutSession>;
  readonly paymentIntents: Map<string, FakePaymentIntent>;
  /** By charge id (a payment intent's `latest_charge`). */
  readonly charges: Map<string, FakeCharge>;
  /** Every refund made, in order (replays of an idempotency key and refused refunds are not in it). */
  readonly refunds: FakeRefund[];
  /** Every event the fake's state changes caused, in order; nothing delivers them, tests sign and post them. */
  readonly events: FakeEvent[];
  /** Connected accounts by id. */
  readonly accounts: Map<string, FakeAccount>;
  /** Customers by id (made by completed checkouts with `customer_creation=always`). */
  readonly customers: Map<string, FakeCustomer>;
  /** Payment methods by id (one per completed checkout). */
  readonly paymentMethods: Map<string, FakePaymentMethod>;
  /** What the card does when charged off-session from now on (it pays unless told otherwise). */
  cardAnswers(paymentMethodId: string, answer: CardAnswer): void;
  /** Every transfer made, in order (replays of an idempotency key and refused transfers are not in it). */
  readonly transfers: FakeTransfer[];
  /**
   * Stripe's verification moves the account on (or a test's `change`); returns the `account.updated` event, with
   * `account` set. `created` (Unix seconds) dates the event, so a test can tell an older event from a newer one.
   */
  updateAccount(accountId: string, change: AccountChange, created?: number): FakeEvent<FakeAccount>;
  /**
   * The next transfer (or reversal) Stripe would carry out is refused with `error` (by default Stripe's
   * `balance_insufficient`: "Insufficient funds in Stripe account…"). Unlike `failNext`, the request ran, so, as on
   * Stripe, its outcome is saved under its idempotency key and a repeat within 24 hours gets the same refusal.
   */
  refuseNextTransfer(error?: Partial<StripeErrorBody>): void;
  refuseNextReversal(error?: Partial<StripeErrorBody>): void;
  /** Captures that took effect (replays and refused captures do not count). */
  captureCount(paymentIntentId: string): number;
  cancelCount(paymentIntentId: string): number;
  /** Refunds made of a payment intent's charge. */
  refundCount(paymentIntentId: string): number;
  /**
   * The status Stripe gives the refunds created from now on: `succeeded` (the default, made at once), `pending`
   * (accepted, made later: `settleRefund`), or `{ failed: reason }` (answered with a refund that failed at once).
   */
  answerRefundsWith(status: "succeeded" | "pending" | { failed: string }): void;
  /**
   * Stripe ends a refund: a pending one is made, fails or is canceled; a succeeded one can still fail (card refunds
   * fail up to weeks later). A refund that failed or was canceled gives its amount back to the charge. Returns the
   * events Stripe sends for it, in Stripe's order (`refund.updated`, and for a failure `refund.failed` and
   * `charge.refund.updated`), dated `created` (Unix seconds) when given.
   */
  settleRefund(refundId: string, outcome: RefundSettlement, created?: number): FakeEvent<FakeRefund>[];
  /** The charge of a paid payment intent. */
  chargeOf(paymentIntentId: string): FakeCharge;
  /**
   * The next request whose path matches fails with `status` and Stripe's error JSON; status 0 drops the connection
   * instead (the SDK throws StripeConnectionError). The request is not carried out and its idempotency key stays
   * unused, as when Stripe could not be reached, so a retry with the same key goes through.
   */
  failNext(pathPattern: RegExp, status?: number, error?: Partial<StripeErrorBody>): void;
  /** Stripe keeps an idempotency key for 24 hours: after that a request under it is new. This forgets them all now. */
  forgetIdempotencyKeys(): void;
  /**
   * The customer pays: the payment intent appears (`requires_capture` under manual capture, with
   * `payment_intent_data.metadata`) and the session is complete. Returns the `checkout.session.completed` event.
   */
  completeSession(sessionId: string): FakeEvent<FakeCheckoutSession>;
  /** The session runs out of time. Returns the `checkout.session.expired` event. */
  expireSession(sessionId: string): FakeEvent<FakeCheckoutSession>;
  event<T extends object>(type: string, object: T, account?: string): FakeEvent<T>;
  paymentIntentEvent(paymentIntentId: string, type: PaymentIntentEventType): FakeEvent<FakePaymentIntent>;
  close(): Promise<void>;
}

/** Signs a webhook body the way Stripe does (`Stripe-Signature` header value); `timestamp` in Unix seconds. */
export function signWebhook(
  payload: object | string,
  secret: string,
  timestamp?: number,
): { body: string; signature: string } {
  // Stripe posts events pretty-printed; the signature covers the exact bytes.
  const body = typeof payload === "string" ? payload : JSON.stringify(payload, null, 2);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /** Stripe saves an outcome under the idempotency key only once the endpoint ran, not for refused parameters. */
    readonly ran = false,
  ) {
    super(body.message);
  }
}

function errorBody(type: string, message: string, extra: Partial<StripeErrorBody> = {}): StripeErrorBody {
  // Stripe links every error code to its documentation; the SDK exposes it as `doc_url`.
  const docUrl = extra.code ? `https://stripe.com/docs/error-codes/${extra.code.replaceAll("_", "-")}` : undefined;
  return { type, message, ...(docUrl && { doc_url: docUrl }), ...extra };
}

const invalid = (message: string, extra: Partial<StripeErrorBody> = {}, status = 400) =>
  new ApiError(status, errorBody("invalid_request_error", message, extra));
/** A request Stripe accepted and then refused for the object's state: saved under its idempotency key. */
const refused = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new ApiError(400, errorBody("invalid_request_error", message, extra), true);
const missing = (param: string) => invalid(`Missing required param: ${param}.`, { code: "parameter_missing", param });
const notFound = (object: string, id: string, param: string) =>
  invalid(`No such ${object}: '${id}'`, { code: "resource_missing", param }, 404);

interface SessionExtras {
  productNames: string[];
  captureMethod: FakePaymentIntent["capture_method"];
  paymentIntentMetadata: Record<string, string>;
  futureUsage: FakePaymentIntent["setup_future_usage"];
}

interface StoredResponse {
  request: string;
  status: number;
  body: string;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const extras = new Map<string, SessionExtras>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds: FakeRefund[] = [];
  let refundAnswer: "succeeded" | "pending" | { failed: string } = "succeeded";
  const events: FakeEvent[] = [];
  const counts = new Map<string, number>();
  const faults: Array<{ pattern: RegExp; status: number; error?: Partial<StripeErrorBody> }> = [];
  const idempotent = new Map<string, StoredResponse>();
  const accounts = new Map<string, FakeAccount>();
  const transfers: FakeTransfer[] = [];
  const customers = new Map<string, FakeCustomer>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const cardAnswer = new Map<string, CardAnswer>();
  const refusals: Array<{ kind: "transfer" | "reversal"; error: StripeErrorBody }> = [];
  let origin = "";

  const count = (action: string, id: string) => counts.get(`${action} ${id}`) ?? 0;
  const bump = (action: string, id: string) => counts.set(`${action} ${id}`, count(action, id) + 1);

  function event<T extends object>(type: string, object: T, account?: string, created = now()): FakeEvent<T> {
    return {
      id: randomId("evt_1", 23),
      object: "event",
      ...(account !== undefined && { account }),
      api_version: Stripe.API_VERSION,
      created,
      // A snapshot, as Stripe's are: later changes to the object do not rewrite past events.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  function emit<T extends object>(type: string, object: T, account?: string, at?: number): FakeEvent<T> {
    const created = event(type, object, account, at);
    events.push(created);
    return created;
  }

  function findSession(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) throw notFound("checkout.session", id, "session");
    return session;
  }

  function findIntent(id: string): FakePaymentIntent {
    const intent = paymentIntents.get(id);
    if (!intent) throw notFound("payment_intent", id, "intent");
    return intent;
  }

  function createSession(params: Params): FakeCheckoutSession {
    // Removed in API version 2026-09-30.endive, which stripe 23 pins; Stripe now refuses it as unknown.
    // https://docs.stripe.com/changelog/endive/2026-09-30/remove-payment-method-types-checkout-sessions
    if (params.payment_method_types !== undefined) {
      throw invalid("Received unknown parameter: payment_method_types. Use allowed_payment_method_types.", {
        code: "parameter_unknown",
        param: "payment_method_types",
      });
    }
    allowOnly(params, "", [
      "mode",
      "line_items",
      "payment_intent_data",
      "custom_text",
      "metadata",
      "client_reference_id",
      "customer",
      "customer_creation",
      "customer_email",
      "success_url",
      "cancel_url",
      "expires_at",
      "locale",
      "allowed_payment_method_types",
      "expand",
    ]);
    const mode = asString(params.mode, "mode");
    if (mode === undefined) throw missing("mode");
    if (mode !== "payment") throw invalid(`fake-stripe supports only mode=payment, not ${mode}.`, { param: "mode" });

    const lines = asList(params.line_items, "line_items").map((item, i) => lineItem(item, `line_items[${i}]`));
    const [first] = lines;
    if (!first) throw missing("line_items");
    if (lines.some((line) => line.currency !== first.currency)) {
      throw invalid("All line items must have the same currency.", { param: "line_items" });
    }

    const created = now();
    const expiresAt = asInteger(params.expires_at, "expires_at") ?? created + 24 * 3600;
    if (expiresAt - created < 30 * 60) {
      throw invalid("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", {
        param: "expires_at",
      });
    }
    if (expiresAt - created > 24 * 3600) {
      throw invalid("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", {
        param: "expires_at",
      });
    }

    const customer = asString(params.customer, "customer") ?? null;
    for (const other of ["customer_email", "customer_creation"]) {
      if (customer !== null && params[other] !== undefined) {
        throw invalid(`You may only specify one of these parameters: customer, ${other}.`, { param: other });
      }
    }
    if (customer !== null && !customers.has(customer)) throw notFound("customer", customer, "customer");
    const customerCreation = asString(params.customer_creation, "customer_creation") ?? null;
    if (customerCreation !== null && customerCreation !== "always" && customerCreation !== "if_required") {
      throw invalid(`Invalid customer_creation: must be one of always, if_required`, { param: "customer_creation" });
    }

    const intentData = asObject(params.payment_intent_data, "payment_intent_data", [
      "capture_method",
      "setup_future_usage",
      "metadata",
    ]);
    const futureUsage = asString(intentData?.setup_future_usage, "payment_intent_data[setup_future_usage]") ?? null;
    if (futureUsage !== null && futureUsage !== "on_session" && futureUsage !== "off_session") {
      throw invalid(`Invalid payment_intent_data[setup_future_usage]: must be one of on_session, off_session`, {
        param: "payment_intent_data[setup_future_usage]",
      });
    }
    const captureMethod = asString(intentData?.capture_method, "payment_intent_data[capture_method]") ?? "automatic";
    if (!["automatic", "automatic_async", "manual"].includes(captureMethod)) {
      throw invalid(`Invalid payment_intent_data[capture_method]: ${captureMethod}`, {
        param: "payment_intent_data[capture_method]",
      });
    }

    const customText = asObject(params.custom_text, "custom_text", ["submit"]);
    const submitText = asObject(customText?.submit, "custom_text[submit]", ["message"]);
    const submitMessage = asString(submitText?.message, "custom_text[submit][message]");
    if (submitText && submitMessage === undefined) throw missing("custom_text[submit][message]");
    if (submitMessage !== undefined && submitMessage.length > 1200) {
      throw invalid("Text can be up to 1200 characters in length.", { param: "custom_text[submit][message]" });
    }

    const allowed = params.allowed_payment_method_types
      ? asList(params.allowed_payment_method_types, "allowed_payment_method_types").map(
          (type, i) => asString(type, `allowed_payment_method_types[${i}]`) ?? "",
        )
      : null;
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const id = randomId("cs_test_a1", 56);
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      allowed_payment_method_types: allowed,
      cancel_url: asString(params.cancel_url, "cancel_url") ?? null,
      client_reference_id: asString(params.client_reference_id, "client_reference_id") ?? null,
      created,
      currency: first.currency,
      customer,
      customer_creation: customerCreation as FakeCheckoutSession["customer_creation"],
      customer_email: asString(params.customer_email, "customer_email") ?? null,
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: submitMessage === undefined ? null : { message: submitMessage },
        terms_of_service_acceptance: null,
      },
      expires_at: expiresAt,
      livemode: false,
      locale: asString(params.locale, "locale") ?? null,
      metadata: asMetadata(params.metadata, "metadata"),
      mode: "payment",
      payment_intent: null,
      payment_method_types: allowed ?? ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: asString(params.success_url, "success_url") ?? null,
      url: `${origin}/pay/${id}`,
    };
    sessions.set(id, session);
    extras.set(id, {
      productNames: lines.map((line) => line.name),
      captureMethod: captureMethod as FakePaymentIntent["capture_method"],
      paymentIntentMetadata: asMetadata(intentData?.metadata, "payment_intent_data[metadata]"),
      futureUsage: futureUsage as FakePaymentIntent["setup_future_usage"],
    });
    return session;
  }

  // The customer pays. As on Stripe, the payment intent only exists from here on; with manual capture the money
  // is authorised (intent `requires_capture`) and the session is complete but `unpaid` until it is captured.
  function complete(session: FakeCheckoutSession): FakeEvent<FakeCheckoutSession> {
    if (session.status !== "open") {
      throw new Error(`${session.id} is ${session.status}; only an open session can be paid`);
    }
    const extra = extras.get(session.id)!;
    const manual = extra.captureMethod === "manual";
    // The Customer: the one given, else one made now if asked; the card is saved to it only with setup_future_usage.
    if (session.customer === null && session.customer_creation === "always") {
      const made: FakeCustomer = {
        id: randomId("cus_", 14),
        object: "customer",
        created: now(),
        email: session.customer_email,
        livemode: false,
        metadata: {},
      };
      customers.set(made.id, made);
      session.customer = made.id;
    }
    const card: FakePaymentMethod = {
      id: randomId("pm_1", 23),
      object: "payment_method",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 },
      created: now(),
      customer: extra.futureUsage ? session.customer : null,
      livemode: false,
      type: "card",
    };
    paymentMethods.set(card.id, card);
    const intent: FakePaymentIntent = {
      id: randomId("pi_3", 23),
      object: "payment_intent",
      amount: session.amount_total,
      amount_capturable: manual ? session.amount_total : 0,
      amount_received: manual ? 0 : session.amount_total,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: extra.captureMethod,
      created: now(),
      currency: session.currency,
      latest_charge: randomId("ch_3", 23),
      livemode: false,
      metadata: { ...extra.paymentIntentMetadata },
      customer: session.customer,
      payment_method: card.id,
      setup_future_usage: extra.futureUsage,
      description: null,
      transfer_group: null,
      last_payment_error: null,
      status: manual ? "requires_capture" : "succeeded",
    };
    paymentIntents.set(intent.id, intent);
    chargeFor(intent);
    Object.assign(session, {
      status: "complete",
      payment_status: manual ? "unpaid" : "paid",
      payment_intent: intent.id,
      url: null,
    });
    emit(manual ? "payment_intent.amount_capturable_updated" : "payment_intent.succeeded", intent);
    return emit("checkout.session.completed", session);
  }

  /** The charge behind a payment intent that was paid (held, or captured at once). */
  function chargeFor(intent: FakePaymentIntent) {
    charges.set(intent.latest_charge, {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: 0,
      captured: intent.status === "succeeded",
      created: intent.created,
      currency: intent.currency,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      status: "succeeded",
    });
  }

  /**
   * POST /v1/payment_intents, confirmed at once off-session with a saved card (the only way our code makes one): held
   * (`capture_method=manual`) or captured, or refused as the card was told to answer (`cardAnswers`).
   */
  function createIntent(params: Params): FakePaymentIntent {
    allowOnly(params, "", [
      "amount",
      "currency",
      "customer",
      "payment_method",
      "off_session",
      "confirm",
      "capture_method",
      "transfer_group",
      "description",
      "metadata",
    ]);
    const amount = asInteger(params.amount, "amount");
    if (amount === undefined) throw missing("amount");
    const currency = asString(params.currency, "currency")?.toLowerCase();
    if (!currency) throw missing("currency");
    if (amount < 50) {
      throw invalid(`Amount must be at least €0.50 ${currency}`, { code: "amount_too_small", param: "amount" });
    }
    if (asString(params.confirm, "confirm") !== "true") {
      throw invalid("fake-stripe supports only payment intents confirmed at once (confirm=true).", {
        param: "confirm",
      });
    }
    const offSession = asString(params.off_session, "off_session");
    if (offSession !== undefined && !["true", "false", "one_off", "recurring"].includes(offSession)) {
      throw invalid(`Invalid off_session: ${offSession}`, { param: "off_session" });
    }
    const captureMethod = asString(params.capture_method, "capture_method") ?? "automatic";
    if (!["automatic", "automatic_async", "manual"].includes(captureMethod)) {
      throw invalid(`Invalid capture_method: ${captureMethod}`, { param: "capture_method" });
    }
    const customerId = asString(params.customer, "customer") ?? null;
    if (customerId !== null && !customers.has(customerId)) throw notFound("customer", customerId, "customer");
    const methodId = asString(params.payment_method, "payment_method");
    if (!methodId) throw missing("payment_method");
    const method = paymentMethods.get(methodId);
    if (!method) throw notFound("payment_method", methodId, "payment_method");
    if (method.customer === null) {
      throw invalid(
        "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.",
        { param: "payment_method" },
      );
    }
    if (method.customer !== customerId) {
      throw invalid(
        `The provided PaymentMethod ${method.id} does not belong to the Customer ${customerId ?? "(none)"}.`,
        {
          param: "payment_method",
        },
      );
    }
    const manual = captureMethod === "manual";
    const intent: FakePaymentIntent = {
      id: randomId("pi_3", 23),
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod as FakePaymentIntent["capture_method"],
      created: now(),
      currency,
      latest_charge: randomId("ch_3", 23),
      livemode: false,
      metadata: asMetadata(params.metadata, "metadata"),
      customer: customerId,
      payment_method: method.id,
      setup_future_usage: null,
      description: asString(params.description, "description") ?? null,
      transfer_group: asString(params.transfer_group, "transfer_group") ?? null,
      last_payment_error: null,
      status: "requires_payment_method",
    };
    paymentIntents.set(intent.id, intent);
    const answer = cardAnswer.get(method.id) ?? "pays";
    if (answer !== "pays") {
      const declined = answer !== "authentication_required";
      const error = errorBody(
        "card_error",
        declined ? "Your card was declined." : "Your card was declined. This transaction requires authentication.",
        {
          code: declined ? "card_declined" : "authentication_required",
          decline_code: declined
            ? answer === "card_declined"
              ? "generic_decline"
              : answer
            : "authentication_required",
          charge: intent.latest_charge,
        },
      );
      intent.last_payment_error = { ...error, payment_method: method };
      emit("payment_intent.payment_failed", intent);
      throw new ApiError(402, { ...error, payment_intent: intent, payment_method: method }, true);
    }
    Object.assign(intent, {
      status: manual ? "requires_capture" : "succeeded",
      amount_capturable: manual ? amount : 0,
      amount_received: manual ? 0 : amount,
    });
    chargeFor(intent);
    emit(manual ? "payment_intent.amount_capturable_updated" : "payment_intent.succeeded", intent);
    return intent;
  }

  /** GET /v1/payment_intents: newest first, of one Customer if asked. */
  function listIntents(params: Params): object {
    allowOnly(params, "", ["customer", "limit"]);
    const customer = asString(params.customer, "customer");
    const matching = [...paymentIntents.values()]
      .filter((intent) => customer === undefined || intent.customer === customer)
      .reverse();
    return page(matching, params, "/v1/payment_intents");
  }

  function expire(session: FakeCheckoutSession): FakeEvent<FakeCheckoutSession> {
    if (session.status !== "open") {
      throw refused(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    Object.assign(session, { status: "expired", url: null });
    return emit("checkout.session.expired", session);
  }

  function presentSession(session: FakeCheckoutSession, params: Params): object {
    const expand = asList(params.expand ?? [], "expand").map((path, i) => asString(path, `expand[${i}]`));
    const unknown = expand.find((path) => path !== "payment_intent");
    if (unknown) throw invalid(`This property cannot be expanded (${unknown}).`, { param: "expand" });
    if (expand.length === 0 || !session.payment_intent) return session;
    return { ...session, payment_intent: paymentIntents.get(session.payment_intent) };
  }

  const unexpectedState = (intent: FakePaymentIntent, message: string) =>
    refused(message, { code: "payment_intent_unexpected_state", payment_intent: intent });

  function capture(intent: FakePaymentIntent, params: Params): FakePaymentIntent {
    allowOnly(params, "", []);
    if (intent.status !== "requires_capture") {
      throw unexpectedState(
        intent,
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    bump("capture", intent.id);
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount_capturable, amount_capturable: 0 });
    Object.assign(charges.get(intent.latest_charge)!, { captured: true, amount_captured: intent.amount_received });
    emit("payment_intent.succeeded", intent);
    return intent;
  }

  function cancel(intent: FakePaymentIntent, params: Params): FakePaymentIntent {
    allowOnly(params, "", ["cancellation_reason"]);
    const reasons = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
    const reason = asString(params.cancellation_reason, "cancellation_reason") ?? null;
    if (reason !== null && !reasons.includes(reason)) {
      throw invalid(`Invalid cancellation_reason: must be one of ${reasons.join(", ")}`, {
        param: "cancellation_reason",
      });
    }
    if (intent.status !== "requires_capture") {
      throw unexpectedState(
        intent,
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    }
    bump("cancel", intent.id);
    Object.assign(intent, {
      status: "canceled",
      amount_capturable: 0,
      canceled_at: now(),
      cancellation_reason: reason,
    });
    emit("payment_intent.canceled", intent);
    return intent;
  }

  /** POST /v1/refunds: all or part (`amount`) of what is left of a captured payment; several until none is left. */
  function refund(params: Params): FakeRefund {
    allowOnly(params, "", ["payment_intent", "amount", "metadata"]);
    const intentId = asString(params.payment_intent, "payment_intent");
    if (!intentId) throw missing("payment_intent");
    const intent = findIntent(intentId);
    const charge = charges.get(intent.latest_charge);
    if (intent.status !== "succeeded" || !charge?.captured) {
      throw refused(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: "charge_not_refundable",
      });
    }
    const left = charge.amount_captured - charge.amount_refunded;
    if (left === 0) {
      throw refused(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    }
    const amount = asInteger(params.amount, "amount") ?? left;
    if (amount < 1) throw invalid("This value must be greater than or equal to 1.", { param: "amount" });
    if (amount > left) {
      const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
      const message =
        charge.amount_refunded === 0
          ? `Refund amount (${euros(amount)}) is greater than charge amount (${euros(charge.amount_captured)})`
          : `Refund amount (${euros(amount)}) is greater than unrefunded amount on charge (${euros(left)})`;
      throw refused(message, { code: "amount_too_large", param: "amount" });
    }
    bump("refund", intent.id);
    const created: FakeRefund = {
      id: randomId("re_3", 23),
      object: "refund",
      amount,
      balance_transaction: randomId("txn_3", 23),
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: asMetadata(params.metadata, "metadata"),
      payment_intent: intent.id,
      reason: null,
      status: typeof refundAnswer === "string" ? refundAnswer : "failed",
      ...(typeof refundAnswer === "object" && {
        failure_reason: refundAnswer.failed,
        failure_balance_transaction: randomId("txn_3", 23),
      }),
    };
    refunds.push(created);
    emit("refund.created", created);
    if (created.status !== "failed") {
      Object.assign(charge, { amount_refunded: charge.amount_refunded + amount });
      charge.refunded = charge.amount_refunded === charge.amount_captured;
      emit("charge.refunded", charge);
    }
    return created;
  }

  function findRefund(id: string): FakeRefund {
    const found = refunds.find((r) => r.id === id);
    if (!found) throw notFound("refund", id, "refund");
    return found;
  }

  function settleRefund(id: string, outcome: RefundSettlement, at?: number): FakeEvent<FakeRefund>[] {
    const settled = findRefund(id);
    if (settled.status === "failed" || settled.status === "canceled") {
      throw new Error(`fake-stripe: refund ${id} is ${settled.status} already; Stripe never moves it again`);
    }
    if (outcome === "succeeded") {
      if (settled.status === "succeeded") throw new Error(`fake-stripe: refund ${id} is succeeded already`);
      settled.status = "succeeded";
      return [emit("refund.updated", settled, undefined, at)];
    }
    if (outcome === "canceled" && settled.status === "succeeded") {
      throw new Error(`fake-stripe: a succeeded refund (${id}) cannot be canceled`);
    }
    const charge = charges.get(settled.charge)!;
    charge.amount_refunded -= settled.amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    if (outcome === "canceled") {
      settled.status = "canceled";
      return [emit("refund.updated", settled, undefined, at)];
    }
    Object.assign(settled, {
      status: "failed",
      failure_reason: outcome.failed,
      failure_balance_transaction: randomId("txn_3", 23),
    });
    return [
      emit("refund.updated", settled, undefined, at),
      emit("refund.failed", settled, undefined, at),
      emit("charge.refund.updated", settled, undefined, at),
    ];
  }

  /** GET /v1/refunds?payment_intent=…: the payment's refunds, newest first, in one page of up to `limit` (10). */
  function listRefunds(params: Params): object {
    allowOnly(params, "", ["payment_intent", "limit"]);
    const intentId = asString(params.payment_intent, "payment_intent");
    const limit = asInteger(params.limit, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("This value must be between 1 and 100.", { param: "limit" });
    const matching = refunds.filter((r) => intentId === undefined || r.payment_intent === intentId).reverse();
    return {
      object: "list",
      data: matching.slice(0, limit),
      has_more: matching.length > limit,
      url: "/v1/refunds",
    };
  }

  // ------------------------------------------------------------------ Connect

  function findAccount(id: string, param = "account"): FakeAccount {
    const account = accounts.get(id);
    if (!account) throw notFound("account", id, param);
    return account;
  }

  /** POST /v1/accounts: an Express account, nothing submitted yet, transfers requested (inactive until verified). */
  function createAccount(params: Params): FakeAccount {
    allowOnly(params, "", [
      "type",
      "country",
      "email",
      "business_type",
      "capabilities",
      "business_profile",
      "settings",
      "metadata",
    ]);
    const type = asString(params.type, "type");
    if (type === undefined) throw missing("type");
    if (type !== "express") throw invalid(`fake-stripe supports only type=express, not ${type}.`, { param: "type" });
    const country = asString(params.country, "country") ?? "US";
    if (!/^[A-Z]{2}$/.test(country)) throw invalid(`Country '${country}' is unknown.`, { param: "country" });
    const businessType = asString(params.business_type, "business_type") ?? null;
    if (businessType !== null && businessType !== "individual" && businessType !== "company") {
      throw invalid(`Invalid business_type: must be one of individual, company`, { param: "business_type" });
    }
    const capabilities = asObject(params.capabilities, "capabilities", ["transfers"]);
    const transfers = asObject(capabilities?.transfers, "capabilities[transfers]", ["requested"]);
    const requested = asString(transfers?.requested, "capabilities[transfers][requested]");
    if (requested !== undefined && requested !== "true" && requested !== "false") {
      throw invalid(`Invalid boolean: ${requested}`, { param: "capabilities[transfers][requested]" });
    }
    const profile = asObject(params.business_profile, "business_profile", [
      "name",
      "url",
      "mcc",
      "product_description",
    ]);
    const settings = asObject(params.settings, "settings", ["payouts"]);
    const payouts = asObject(settings?.payouts, "settings[payouts]", ["schedule"]);
    const schedule = asObject(payouts?.schedule, "settings[payouts][schedule]", ["interval"]);
    const interval = asString(schedule?.interval, "settings[payouts][schedule][interval]") ?? "daily";
    if (!["manual", "daily", "weekly", "monthly"].includes(interval)) {
      throw invalid(`Invalid settings[payouts][schedule][interval]: ${interval}`, {
        param: "settings[payouts][schedule][interval]",
      });
    }
    const person = businessType === "company" ? "company" : "individual";
    const account: FakeAccount = {
      id: randomId("acct_1", 16),
      object: "account",
      business_profile: {
        name: asString(profile?.name, "business_profile[name]") ?? null,
        url: asString(profile?.url, "business_profile[url]") ?? null,
        mcc: asString(profile?.mcc, "business_profile[mcc]") ?? null,
        product_description: asString(profile?.product_description, "business_profile[product_description]") ?? null,
      },
      business_type: businessType,
      capabilities: requested === "true" ? { transfers: "inactive" } : {},
      charges_enabled: false,
      country,
      created: now(),
      default_currency: "eur",
      details_submitted: false,
      email: asString(params.email, "email") ?? null,
      metadata: asMetadata(params.metadata, "metadata"),
      payouts_enabled: false,
      requirements: requirements({
        currently_due: [
          "business_profile.url",
          "external_account",
          `${person}.verification.document`,
          "tos_acceptance.date",
        ],
        disabled_reason: "requirements.past_due",
      }),
      settings: { payouts: { schedule: { interval } } },
      type: "express",
    };
    accounts.set(account.id, account);
    return account;
  }

  function requirements(over: Partial<FakeRequirements>): FakeRequirements {
    const currentlyDue = over.currently_due ?? [];
    return {
      currently_due: currentlyDue,
      eventually_due: over.eventually_due ?? currentlyDue,
      past_due: over.past_due ?? [],
      pending_verification: over.pending_verification ?? [],
      disabled_reason: over.disabled_reason ?? null,
      current_deadline: over.current_deadline ?? null,
      errors: [],
    };
  }

  const STAGES = {
    enabled: {
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: true,
      capabilities: { transfers: "active" },
      requirements: requirements({}),
    },
    in_review: {
      details_submitted: true,
      payouts_enabled: false,
      charges_enabled: false,
      capabilities: { transfers: "pending" },
      requirements: requirements({
        pending_verification: ["individual.verification.document"],
        disabled_reason: "requirements.pending_verification",
      }),
    },
    details_needed: {
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
      capabilities: { transfers: "inactive" },
      requirements: requirements({
        currently_due: ["external_account"],
        past_due: ["external_account"],
        disabled_reason: "requirements.past_due",
      }),
    },
  } as const;

  function updateAccount(id: string, change: AccountChange, created?: number): FakeEvent<FakeAccount> {
    const account = findAccount(id);
    const next = typeof change === "string" ? STAGES[change] : change;
    Object.assign(account, {
      ...(next.details_submitted !== undefined && { details_submitted: next.details_submitted }),
      ...(next.payouts_enabled !== undefined && { payouts_enabled: next.payouts_enabled }),
      ...(next.charges_enabled !== undefined && { charges_enabled: next.charges_enabled }),
      capabilities: { ...account.capabilities, ...next.capabilities },
      requirements: next.requirements
        ? requirements({ ...account.requirements, ...next.requirements })
        : account.requirements,
    });
    return emit("account.updated", account, account.id, created);
  }

  /** POST /v1/account_links: a single-use link to Stripe's hosted onboarding, valid for five minutes. */
  function createAccountLink(params: Params): object {
    allowOnly(params, "", ["account", "type", "refresh_url", "return_url", "collection_options"]);
    const accountId = asString(params.account, "account");
    if (!accountId) throw missing("account");
    const account = findAccount(accountId);
    const type = asString(params.type, "type");
    if (!type) throw missing("type");
    if (type !== "account_onboarding" && type !== "account_update") {
      throw invalid(`Invalid type: must be one of account_onboarding, account_update`, { param: "type" });
    }
    for (const name of ["refresh_url", "return_url"]) {
      const url = asString(params[name], name);
      if (!url) throw missing(name);
      if (!URL.canParse(url)) throw invalid("Not a valid URL", { param: name });
    }
    const options = asObject(params.collection_options, "collection_options", ["fields", "future_requirements"]);
    const fields = asString(options?.fields, "collection_options[fields]");
    if (fields !== undefined && fields !== "currently_due" && fields !== "eventually_due") {
      throw invalid(`Invalid collection_options[fields]: ${fields}`, { param: "collection_options[fields]" });
    }
    const created = now();
    return {
      object: "account_link",
      created,
      expires_at: created + 300,
      url: `${origin}/setup/e/${account.id}/${randomId("", 24)}`,
    };
  }

  function findTransfer(id: string): FakeTransfer {
    const transfer = transfers.find((t) => t.id === id);
    if (!transfer) throw notFound("transfer", id, "id");
    return transfer;
  }

  function refusal(kind: "transfer" | "reversal") {
    const index = refusals.findIndex((r) => r.kind === kind);
    if (index === -1) return;
    const [next] = refusals.splice(index, 1);
    throw new ApiError(400, next!.error, true);
  }

  /** POST /v1/transfers: money from the platform's balance to a connected account whose transfers are active. */
  function createTransfer(params: Params): FakeTransfer {
    allowOnly(params, "", [
      "amount",
      "currency",
      "destination",
      "transfer_group",
      "source_transaction",
      "metadata",
      "description",
    ]);
    const amount = asInteger(params.amount, "amount");
    if (amount === undefined) throw missing("amount");
    if (amount < 1) throw invalid("This value must be greater than or equal to 1.", { param: "amount" });
    const currency = asString(params.currency, "currency")?.toLowerCase();
    if (!currency) throw missing("currency");
    const destinationId = asString(params.destination, "destination");
    if (!destinationId) throw missing("destination");
    const destination = accounts.get(destinationId);
    if (!destination)
      throw invalid(`No such destination: '${destinationId}'`, { code: "resource_missing", param: "destination" });
    if (destination.capabilities.transfers !== "active") {
      throw refused(
        "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
        { code: "insufficient_capabilities_for_transfer", param: "destination" },
      );
    }
    const sourceId = asString(params.source_transaction, "source_transaction") ?? null;
    if (sourceId !== null) {
      const charge = charges.get(sourceId);
      if (!charge)
        throw invalid(`No such charge: '${sourceId}'`, { code: "resource_missing", param: "source_transaction" });
      if (!charge.captured) {
        throw refused(`Charge ${sourceId} has not been captured.`, { param: "source_transaction" });
      }
      if (charge.currency !== currency) {
        throw invalid(
          `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency})`,
          { param: "currency" },
        );
      }
      if (amount > charge.amount_captured) {
        throw refused(
          `The transfer amount (${amount}) is greater than the amount of the source transaction (${charge.amount_captured}).`,
          { code: "amount_too_large", param: "amount" },
        );
      }
    }
    refusal("transfer");
    const id = randomId("tr_1", 23);
    const transfer: FakeTransfer = {
      id,
      object: "transfer",
      amount,
      amount_reversed: 0,
      balance_transaction: randomId("txn_1", 23),
      created: now(),
      currency,
      description: asString(params.description, "description") ?? null,
      destination: destination.id,
      destination_payment: randomId("py_1", 23),
      livemode: false,
      metadata: asMetadata(params.metadata, "metadata"),
      reversals: { object: "list", data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: sourceId,
      source_type: "card",
      transfer_group: asString(params.transfer_group, "transfer_group") ?? null,
    };
    transfers.push(transfer);
    return transfer;
  }

  function page<T>(items: T[], params: Params, url: string): object {
    const limit = asInteger(params.limit, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("This value must be between 1 and 100.", { param: "limit" });
    return { object: "list", data: items.slice(0, limit), has_more: items.length > limit, url };
  }

  /** GET /v1/transfers: newest first, of one transfer_group or destination if asked. */
  function listTransfers(params: Params): object {
    allowOnly(params, "", ["transfer_group", "destination", "limit"]);
    const group = asString(params.transfer_group, "transfer_group");
    const destination = asString(params.destination, "destination");
    const matching = transfers
      .filter(
        (t) =>
          (group === undefined || t.transfer_group === group) &&
          (destination === undefined || t.destination === destination),
      )
      .reverse();
    return page(matching, params, "/v1/transfers");
  }

  /** POST /v1/transfers/:id/reversals: all (no amount) or part of what is left of the transfer. */
  function reverse(transfer: FakeTransfer, params: Params): FakeTransferReversal {
    allowOnly(params, "", ["amount", "metadata"]);
    const left = transfer.amount - transfer.amount_reversed;
    if (left === 0)
      throw refused(`Transfer ${transfer.id} has already been reversed.`, { code: "transfer_already_reversed" });
    const amount = asInteger(params.amount, "amount") ?? left;
    if (amount < 1) throw invalid("This value must be greater than or equal to 1.", { param: "amount" });
    if (amount > left) {
      const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
      throw refused(
        `Reversal amount (${euros(amount)}) is greater than the amount left to reverse on transfer ${transfer.id} (${euros(left)}).`,
        { code: "amount_too_large", param: "amount" },
      );
    }
    refusal("reversal");
    const reversal: FakeTransferReversal = {
      id: randomId("trr_1", 23),
      object: "transfer_reversal",
      amount,
      balance_transaction: randomId("txn_1", 23),
      created: now(),
      currency: transfer.currency,
      destination_payment_refund: randomId("pyr_1", 23),
      metadata: asMetadata(params.metadata, "metadata"),
      source_refund: null,
      transfer: transfer.id,
    };
    transfer.reversals.data.unshift(reversal);
    transfer.reversals.total_count += 1;
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    return reversal;
  }

  const balanceInsufficient = (): StripeErrorBody =>
    errorBody(
      "invalid_request_error",
      "Insufficient funds in Stripe account. In test mode, you can add funds to your available balance (bypassing your pending balance) by creating a charge with 4000 0000 0000 0077 as the card number. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).",
      { code: "balance_insufficient" },
    );

  const routes: Array<{ method: string; path: RegExp; run(id: string, params: Params): object }> = [
    { method: "POST", path: /^\/v1\/accounts$/, run: (_, p) => createAccount(p) },
    {
      method: "GET",
      path: /^\/v1\/accounts\/([^/]+)$/,
      run: (id, p) => {
        allowOnly(p, "", []);
        return findAccount(id);
      },
    },
    { method: "POST", path: /^\/v1\/account_links$/, run: (_, p) => createAccountLink(p) },
    { method: "POST", path: /^\/v1\/transfers$/, run: (_, p) => createTransfer(p) },
    { method: "GET", path: /^\/v1\/transfers$/, run: (_, p) => listTransfers(p) },
    {
      method: "GET",
      path: /^\/v1\/transfers\/([^/]+)$/,
      run: (id, p) => {
        allowOnly(p, "", []);
        return findTransfer(id);
      },
    },
    { method: "POST", path: /^\/v1\/transfers\/([^/]+)\/reversals$/, run: (id, p) => reverse(findTransfer(id), p) },
    {
      method: "GET",
      path: /^\/v1\/transfers\/([^/]+)\/reversals$/,
      run: (id, p) => {
        allowOnly(p, "", ["limit"]);
        const transfer = findTransfer(id);
        return page(transfer.reversals.data, p, transfer.reversals.url);
      },
    },
    { method: "POST", path: /^\/v1\/refunds$/, run: (_, p) => refund(p) },
    { method: "GET", path: /^\/v1\/refunds$/, run: (_, p) => listRefunds(p) },
    {
      method: "GET",
      path: /^\/v1\/refunds\/([^/]+)$/,
      run: (id, p) => {
        allowOnly(p, "", []);
        return findRefund(id);
      },
    },
    { method: "POST", path: /^\/v1\/checkout\/sessions$/, run: (_, p) => presentSession(createSession(p), p) },
    { method: "GET", path: /^\/v1\/checkout\/sessions\/([^/]+)$/, run: (id, p) => presentSession(findSession(id), p) },
    {
      method: "POST",
      path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      run: (id, p) => {
        const session = findSession(id);
        allowOnly(p, "", ["expand"]);
        expire(session);
        return presentSession(session, p);
      },
    },
    {
      method: "DELETE",
      path: /^\/v1\/customers\/([^/]+)$/,
      run: (id, p) => {
        allowOnly(p, "", []);
        if (!customers.has(id)) throw notFound("customer", id, "id");
        customers.delete(id);
        for (const card of paymentMethods.values()) if (card.customer === id) card.customer = null;
        return { id, object: "customer", deleted: true };
      },
    },
    { method: "POST", path: /^\/v1\/payment_intents$/, run: (_, p) => createIntent(p) },
    { method: "GET", path: /^\/v1\/payment_intents$/, run: (_, p) => listIntents(p) },
    {
      method: "GET",
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      run: (id, p) => {
        allowOnly(p, "", []);
        return findIntent(id);
      },
    },
    { method: "POST", path: /^\/v1\/payment_intents\/([^/]+)\/capture$/, run: (id, p) => capture(findIntent(id), p) },
    { method: "POST", path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, run: (id, p) => cancel(findIntent(id), p) },
  ];

  function api(method: string, path: string, authorization: string | undefined, params: Params) {
    const key = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
    if (!key) {
      throw invalid(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        {},
        401,
      );
    }
    // Test-mode keys only: a live key reaching the fake means a configuration is about to charge real cards.
    if (!/^(sk|rk)_test_/.test(key)) {
      throw invalid(`Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(4)}${key.slice(-4)}`, {}, 401);
    }
    for (const route of routes) {
      const match = route.method === method ? route.path.exec(path) : null;
      if (match) return route.run(decodeURIComponent(match[1] ?? ""), params);
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", origin);
    const text = await readBody(req);
    const idempotencyKey = header(req, "idempotency-key") ?? null;
    const body = parseForm(text);
    const query = parseForm(url.search.slice(1));
    requests.push({ method, path: url.pathname, query, body, idempotencyKey });

    const fault = faults.findIndex((f) => f.pattern.test(url.pathname));
    if (fault !== -1) {
      const { status, error } = faults[fault]!;
      faults.splice(fault, 1);
      if (status === 0) return void res.socket?.destroy();
      const type = status >= 500 ? "api_error" : "invalid_request_error";
      return sendJson(res, status, { error: errorBody(type, `fake-stripe: injected ${status}`, error) });
    }

    const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (page) return checkoutPage(res, method, sessions.get(decodeURIComponent(page[1]!)));

    // Stripe saves the outcome of a POST under its idempotency key and answers a repeat with it, without acting
    // again; the same key with other parameters is an error.
    const request = `${method} ${url.pathname} ${text}`;
    const saved = method === "POST" && idempotencyKey !== null ? idempotent.get(idempotencyKey) : undefined;
    if (saved && saved.request !== request) {
      return sendJson(res, 400, {
        error: {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }
    if (saved) return sendJson(res, saved.status, saved.body, { "Idempotent-Replayed": "true" });

    const contentType = header(req, "content-type") ?? "";
    let status = 200;
    let answer: object;
    let ran = true;
    try {
      if (text !== "" && !contentType.startsWith("application/x-www-form-urlencoded")) {
        throw invalid(`fake-stripe: expected an application/x-www-form-urlencoded body, got ${contentType}.`);
      }
      answer = api(method, url.pathname, header(req, "authorization"), method === "GET" ? query : body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      answer = { error: error.body };
      ran = error.ran;
    }
    const json = JSON.stringify(answer, null, 2);
    if (method === "POST" && idempotencyKey !== null && ran) {
      idempotent.set(idempotencyKey, { request, status, body: json });
    }
    sendJson(res, status, json, idempotencyKey === null ? {} : { "Idempotency-Key": idempotencyKey });
  }

  // Stripe's hosted checkout, reduced to a summary and a Pay button; works without JavaScript.
  function checkoutPage(res: ServerResponse, method: string, session: FakeCheckoutSession | undefined) {
    if (!session) return sendHtml(res, 404, "Not found", "<p>This Checkout Session does not exist.</p>");
    if (method === "POST" && session.status === "open") {
      complete(session);
      const next = session.success_url?.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
      if (next) return void res.writeHead(303, { Location: next }).end();
      return sendHtml(res, 200, "Payment complete", "<p>Thank you for your payment.</p>");
    }
    if (session.status !== "open") {
      return sendHtml(res, 410, "Checkout unavailable", `<p>This Checkout Session is ${session.status}.</p>`);
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    const items = extras
      .get(session.id)!
      .productNames.map((name) => `<li>${escapeHtml(name)}</li>`)
      .join("");
    const cancelLink = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : "";
    sendHtml(
      res,
      200,
      `Pay ${amount}`,
      `<ul>${items}</ul><form method="post"><button type="submit">Pay ${amount}</button></form>${cancelLink}`,
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendJson(res, 500, { error: { type: "api_error", message: `fake-stripe crashed: ${String(error)}` } });
    });
  });
  // Outlive the SDK's pooled keep-alive sockets, so it never reuses one the server is closing at that moment.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;

  return {
    port,
    url: origin,
    requests,
    sessions,
    paymentIntents,
    events,
    captureCount: (id) => count("capture", id),
    cancelCount: (id) => count("cancel", id),
    refundCount: (id) => count("refund", id),
    answerRefundsWith(status) {
      refundAnswer = status;
    },
    settleRefund,
    charges,
    refunds,
    accounts,
    transfers,
    customers,
    paymentMethods,
    cardAnswers(paymentMethodId, answer) {
      if (!paymentMethods.has(paymentMethodId)) throw new Error(`fake-stripe: no payment method ${paymentMethodId}`);
      cardAnswer.set(paymentMethodId, answer);
    },
    updateAccount,
    refuseNextTransfer: (error) =>
      void refusals.push({ kind: "transfer", error: { ...balanceInsufficient(), ...error } }),
    refuseNextReversal: (error) =>
      void refusals.push({ kind: "reversal", error: { ...balanceInsufficient(), ...error } }),
    chargeOf(id) {
      const charge = charges.get(findIntent(id).latest_charge);
      if (!charge) throw new Error(`${id} has no charge`);
      return charge;
    },
    failNext(pattern, status = 500, error) {
      faults.push({ pattern, status, error });
    },
    forgetIdempotencyKeys: () => idempotent.clear(),
    completeSession: (id) => complete(findSession(id)),
    expireSession: (id) => expire(findSession(id)),
    event,
    paymentIntentEvent: (id, type) => event(type, findIntent(id)),
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/**
 * Parses Stripe's form encoding (`line_items[0][price_data][unit_amount]=123`, `metadata[booking_id]=b1`) into
 * nested objects and arrays; values stay strings, as on the wire.
 */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.match(/^[^[\]]+|\[[^[\]]*\]/g) ?? [];
    // A name that is not `a[b][c]` is taken literally.
    const segments = parts.join("") === key ? parts.map((part) => part.replace(/^\[(.*)\]$/, "$1")) : [key];
    if (segments.includes("__proto__")) continue;
    let node = root;
    segments.forEach((segment, i) => {
      // `expand[]=a&expand[]=b` appends, as `expand[0]=a&expand[1]=b` does.
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) return void (node[name] = value);
      const child = node[name];
      node = (node[name] = typeof child === "object" && !Array.isArray(child) ? child : {}) as Params;
    });
  }
  return listsFromIndexes(root) as Params;
}

// Objects keyed 0..n-1 become arrays, except metadata, whose keys are the caller's own.
function listsFromIndexes(value: Param, key = ""): Param {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, listsFromIndexes(v, k)] as const);
  const isList = key !== "metadata" && entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

function lineItem(item: Param, param: string) {
  const line = asObject(item, param, ["price_data", "quantity"])!;
  const price = asObject(line.price_data, `${param}[price_data]`, ["currency", "unit_amount", "product_data"]);
  if (!price) throw missing(`${param}[price_data]`);
  const currency = asString(price.currency, `${param}[price_data][currency]`);
  if (!currency) throw missing(`${param}[price_data][currency]`);
  const unitAmount = asInteger(price.unit_amount, `${param}[price_data][unit_amount]`);
  if (unitAmount === undefined) throw missing(`${param}[price_data][unit_amount]`);
  const product = asObject(price.product_data, `${param}[price_data][product_data]`, ["name", "description"]);
  const name = asString(product?.name, `${param}[price_data][product_data][name]`);
  if (!name) throw missing(`${param}[price_data][product_data][name]`);
  const quantity = asInteger(line.quantity, `${param}[quantity]`);
  if (quantity === undefined) throw missing(`${param}[quantity]`);
  if (unitAmount < 0) {
    throw invalid("This value must be greater than or equal to 0.", { param: `${param}[price_data][unit_amount]` });
  }
  if (quantity < 1) throw invalid("This value must be greater than or equal to 1.", { param: `${param}[quantity]` });
  return { currency: currency.toLowerCase(), name, amount: unitAmount * quantity };
}

function allowOnly(params: Params, prefix: string, allowed: string[]) {
  const unknown = Object.keys(params).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    const param = prefix ? `${prefix}[${unknown}]` : unknown;
    throw invalid(`Received unknown parameter: ${param} (fake-stripe knows only the parameters our code sends)`, {
      code: "parameter_unknown",
      param,
    });
  }
}

function asString(value: Param | undefined, param: string): string | undefined {
  if (value === undefined || typeof value === "string") return value;
  throw invalid(`Invalid string: ${JSON.stringify(value)}`, { param });
}

function asInteger(value: Param | undefined, param: string): number | undefined {
  const text = asString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, { code: "parameter_invalid_integer", param });
  return Number(text);
}

function asList(value: Param | undefined, param: string): Param[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  throw invalid("Invalid array", { param });
}

function asObject(value: Param | undefined, param: string, allowed: string[]): Params | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" || Array.isArray(value)) throw invalid("Invalid object", { param });
  allowOnly(value, param, allowed);
  return value;
}

function asMetadata(value: Param | undefined, param: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value === "string" || Array.isArray(value)) throw invalid("Invalid object", { param });
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asString(v, `${param}[${k}]`) ?? ""]));
}

function sendJson(res: ServerResponse, status: number, body: object | string, headers: Record<string, string> = {}) {
  res
    .writeHead(status, {
      "Content-Type": "application/json",
      "Request-Id": randomId("req_", 14),
      "Stripe-Version": Stripe.API_VERSION,
      ...headers,
    })
    .end(typeof body === "string" ? body : JSON.stringify(body, null, 2));
}

function sendHtml(res: ServerResponse, status: number, title: string, main: string) {
  res
    .writeHead(status, { "Content-Type": "text/html; charset=utf-8" })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body><main><h1>${title}</h1>${main}</main></body></html>`,
    );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomId(prefix: string, length: number): string {
  return prefix + Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
