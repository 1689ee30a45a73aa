// A local Stripe for integration tests: a node:http server with the slice of Stripe's v1 API that booking payments
// use, in Stripe's wire format, so the real `stripe` SDK is pointed at it (host, port, protocol) and our code meets
// Stripe's form encoding, error classes, idempotency and webhook signatures without the network.
//
// API: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire,
// GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/capture, POST /v1/payment_intents/:id/cancel.
// A session's `url` is GET /pay/:id on the fake: a page whose Pay button completes the session and redirects to
// `success_url`, so browser journeys can pass through checkout.
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
  customer_email: string | null;
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
  status: "requires_capture" | "succeeded" | "canceled";
}

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
  "payment_intent.succeeded" | "payment_intent.canceled" | "payment_intent.amount_capturable_updated";

export interface FakeStripe {
  readonly port: number;
  /** `http://127.0.0.1:PORT`, the origin of the checkout pages. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly sessions: Map<string, FakeCheckoutSession>;
  readonly paymentIntents: Map<string, FakePaymentIntent>;
  /** Every event the fake's state changes caused, in order; nothing delivers them, tests sign and post them. */
  readonly events: FakeEvent[];
  /** Captures that took effect (replays and refused captures do not count). */
  captureCount(paymentIntentId: string): number;
  cancelCount(paymentIntentId: string): number;
  /**
   * The next request whose path matches fails with `status` and Stripe's error JSON; status 0 drops the connection
   * instead (the SDK throws StripeConnectionError). The request is not carried out and its idempotency key stays
   * unused, as when Stripe could not be reached, so a retry with the same key goes through.
   */
  failNext(pathPattern: RegExp, status?: number, error?: Partial<StripeErrorBody>): void;
  /**
   * The customer pays: the payment intent appears (`requires_capture` under manual capture, with
   * `payment_intent_data.metadata`) and the session is complete. Returns the `checkout.session.completed` event.
   */
  completeSession(sessionId: string): FakeEvent<FakeCheckoutSession>;
  /** The session runs out of time. Returns the `checkout.session.expired` event. */
  expireSession(sessionId: string): FakeEvent<FakeCheckoutSession>;
  event<T extends object>(type: string, object: T): FakeEvent<T>;
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
  const events: FakeEvent[] = [];
  const counts = new Map<string, number>();
  const faults: Array<{ pattern: RegExp; status: number; error?: Partial<StripeErrorBody> }> = [];
  const idempotent = new Map<string, StoredResponse>();
  let origin = "";

  const count = (action: string, id: string) => counts.get(`${action} ${id}`) ?? 0;
  const bump = (action: string, id: string) => counts.set(`${action} ${id}`, count(action, id) + 1);

  function event<T extends object>(type: string, object: T): FakeEvent<T> {
    return {
      id: randomId("evt_1", 23),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      // A snapshot, as Stripe's are: later changes to the object do not rewrite past events.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  function emit<T extends object>(type: string, object: T): FakeEvent<T> {
    const created = event(type, object);
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
      "metadata",
      "client_reference_id",
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

    const intentData = asObject(params.payment_intent_data, "payment_intent_data", ["capture_method", "metadata"]);
    const captureMethod = asString(intentData?.capture_method, "payment_intent_data[capture_method]") ?? "automatic";
    if (!["automatic", "automatic_async", "manual"].includes(captureMethod)) {
      throw invalid(`Invalid payment_intent_data[capture_method]: ${captureMethod}`, {
        param: "payment_intent_data[capture_method]",
      });
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
      customer_email: asString(params.customer_email, "customer_email") ?? null,
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
      status: manual ? "requires_capture" : "succeeded",
    };
    paymentIntents.set(intent.id, intent);
    Object.assign(session, {
      status: "complete",
      payment_status: manual ? "unpaid" : "paid",
      payment_intent: intent.id,
      url: null,
    });
    emit(manual ? "payment_intent.amount_capturable_updated" : "payment_intent.succeeded", intent);
    return emit("checkout.session.completed", session);
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

  /** What each payment intent has had refunded so far, in cents. */
  const refunded = new Map<string, number>();
  /** POST /v1/refunds: the whole captured payment, or `amount` of it (a partial refund, as a deposit's return). */
  function refund(params: Params): object {
    allowOnly(params, "", ["payment_intent", "amount"]);
    const intentId = asString(params.payment_intent, "payment_intent");
    if (!intentId) throw invalid("Missing required param: payment_intent.", { param: "payment_intent" });
    const intent = findIntent(intentId);
    if (intent.status !== "succeeded") {
      throw refused(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: "charge_not_refundable",
      });
    }
    const already = refunded.get(intent.id) ?? 0;
    const left = intent.amount_received - already;
    if (left <= 0) {
      throw refused(`Charge ${String(intent.latest_charge)} has already been refunded.`, {
        code: "charge_already_refunded",
      });
    }
    const amount = asInteger(params.amount, "amount") ?? left;
    if (amount < 1) throw invalid("This value must be greater than or equal to 1.", { param: "amount" });
    if (amount > left) {
      throw invalid(
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
        {
          param: "amount",
        },
      );
    }
    bump("refund", intent.id);
    refunded.set(intent.id, already + amount);
    return {
      id: randomId("re_3", 23),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: "succeeded",
      created: now(),
    };
  }

  const routes: Array<{ method: string; path: RegExp; run(id: string, params: Params): object }> = [
    { method: "POST", path: /^\/v1\/refunds$/, run: (_, p) => refund(p) },
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
    failNext(pattern, status = 500, error) {
      faults.push({ pattern, status, error });
    },
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
