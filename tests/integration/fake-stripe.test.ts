// The Stripe fake, driven through the real `stripe` SDK configured the way the booking payments code configures it,
// so what passes here is Stripe's wire format as the SDK writes and reads it.
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseForm, signWebhook, startFakeStripe, type FakeStripe } from "./support/fake-stripe";

const WEBHOOK_SECRET = "whsec_test_fake";

let fake: FakeStripe;
let stripe: Stripe;

function client(apiKey = "sk_test_fake"): Stripe {
  return new Stripe(apiKey, {
    httpClient: Stripe.createFetchHttpClient(),
    host: "127.0.0.1",
    port: fake.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
}

beforeEach(async () => {
  fake = await startFakeStripe();
  stripe = client();
});

afterEach(() => fake.close());

const now = () => Math.floor(Date.now() / 1000);

function createSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      allowed_payment_method_types: ["card"],
      line_items: [
        {
          price_data: { currency: "eur", unit_amount: 12_300, product_data: { name: "Toyota Corolla, 3 days" } },
          quantity: 1,
        },
      ],
      payment_intent_data: { capture_method: "manual", metadata: { booking_id: "bk_1" } },
      metadata: { booking_id: "bk_1" },
      client_reference_id: "bk_1",
      customer_email: "renter@example.com",
      success_url: "https://ratai.test/bookings/bk_1?session={CHECKOUT_SESSION_ID}",
      cancel_url: "https://ratai.test/bookings/bk_1",
      expires_at: now() + 3600,
      locale: "lt",
      ...overrides,
    },
    { idempotencyKey: crypto.randomUUID() },
  );
}

async function authorisedIntent(): Promise<string> {
  const session = await createSession();
  fake.completeSession(session.id);
  return fake.sessions.get(session.id)!.payment_intent!;
}

describe("form encoding", () => {
  it("nests brackets into objects and indexed or empty brackets into arrays, but keeps metadata keys", () => {
    expect(
      parseForm("line_items[0][quantity]=1&line_items[1][quantity]=2&expand[]=a&expand[]=b&metadata[0]=x"),
    ).toEqual({ line_items: [{ quantity: "1" }, { quantity: "2" }], expand: ["a", "b"], metadata: { "0": "x" } });
  });
});

describe("checkout sessions", () => {
  it("round-trips what the booking sends, decoded from Stripe's bracket form encoding", async () => {
    const expiresAt = now() + 3600;
    const session = await createSession({ expires_at: expiresAt });

    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: "checkout.session",
      amount_total: 12_300,
      currency: "eur",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      metadata: { booking_id: "bk_1" },
      client_reference_id: "bk_1",
      customer_email: "renter@example.com",
      success_url: "https://ratai.test/bookings/bk_1?session={CHECKOUT_SESSION_ID}",
      cancel_url: "https://ratai.test/bookings/bk_1",
      expires_at: expiresAt,
      locale: "lt",
      allowed_payment_method_types: ["card"],
      payment_method_types: ["card"],
      url: `${fake.url}/pay/${session.id}`,
    });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(request.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.body).toMatchObject({
      line_items: [{ price_data: { currency: "eur", unit_amount: "12300" }, quantity: "1" }],
      payment_intent_data: { capture_method: "manual", metadata: { booking_id: "bk_1" } },
    });
  });

  it("refuses what Stripe refuses, as StripeInvalidRequestError", async () => {
    await expect(createSession({ line_items: [] })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "parameter_missing",
      param: "line_items",
    });
    await expect(createSession({ expires_at: now() + 10 * 60 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "expires_at",
    });
    await expect(
      createSession({
        payment_intent_data: { capture_metod: "manual" } as Stripe.Checkout.SessionCreateParams.PaymentIntentData,
      }),
    ).rejects.toMatchObject({ code: "parameter_unknown", param: "payment_intent_data[capture_metod]" });
    // Removed from the API version stripe 23 pins (2026-09-30.endive), though older examples still pass it.
    await expect(
      createSession({ payment_method_types: ["card"] } as Partial<Stripe.Checkout.SessionCreateParams>),
    ).rejects.toMatchObject({ code: "parameter_unknown", param: "payment_method_types" });
    await expect(stripe.checkout.sessions.retrieve("cs_test_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
    });
    expect(fake.sessions.size).toBe(0);
  });

  it("asks for a test-mode secret key, with Stripe's 401", async () => {
    const anonymous = await fetch(`${fake.url}/v1/checkout/sessions/cs_test_x`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: "invalid_request_error" } });

    await expect(client("sk_live_real").checkout.sessions.retrieve("cs_test_x")).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it("completes with an authorised payment intent carrying the booking's metadata", async () => {
    const session = await createSession();
    const completed = fake.completeSession(session.id);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({
      status: "complete",
      payment_status: "unpaid",
      payment_intent: expect.stringMatching(/^pi_/),
      url: null,
    });
    expect(completed).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: "event",
      type: "checkout.session.completed",
      livemode: false,
      data: { object: { id: session.id, status: "complete", payment_intent: retrieved.payment_intent } },
    });

    const intent = await stripe.paymentIntents.retrieve(retrieved.payment_intent as string);
    expect(intent).toMatchObject({
      object: "payment_intent",
      amount: 12_300,
      amount_capturable: 12_300,
      amount_received: 0,
      capture_method: "manual",
      currency: "eur",
      status: "requires_capture",
      metadata: { booking_id: "bk_1" },
    });
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(expanded.payment_intent).toMatchObject({ id: intent.id, status: "requires_capture" });
  });

  it("expires through the API or the clock, and a completed session cannot expire", async () => {
    const first = await createSession();
    const expired = await stripe.checkout.sessions.expire(first.id);
    expect(expired).toMatchObject({ status: "expired", url: null, payment_intent: null });

    const second = await createSession();
    expect(fake.expireSession(second.id)).toMatchObject({
      type: "checkout.session.expired",
      data: { object: { id: second.id, status: "expired" } },
    });

    const third = await createSession();
    fake.completeSession(third.id);
    await expect(stripe.checkout.sessions.expire(third.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it("serves a checkout page whose Pay button completes the session and returns to success_url", async () => {
    const session = await createSession();
    const page = await fetch(session.url!);
    expect(await page.text()).toContain("Pay 123.00 EUR");

    const paid = await fetch(session.url!, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`https://ratai.test/bookings/bk_1?session=${session.id}`);
    expect(fake.sessions.get(session.id)).toMatchObject({ status: "complete" });
  });
});

describe("payment intents", () => {
  it("captures once; a second capture is payment_intent_unexpected_state", async () => {
    const id = await authorisedIntent();

    const captured = await stripe.paymentIntents.capture(id, {}, { idempotencyKey: "capture-1" });
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 12_300, amount_capturable: 0 });

    const again = stripe.paymentIntents.capture(id, {}, { idempotencyKey: "capture-2" });
    await expect(again).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(again).rejects.toMatchObject({ code: "payment_intent_unexpected_state" });
    expect(fake.captureCount(id)).toBe(1);
  });

  it("replays a repeated idempotency key without capturing twice", async () => {
    const id = await authorisedIntent();

    const first = await stripe.paymentIntents.capture(id, {}, { idempotencyKey: "capture-bk_1" });
    const second = await stripe.paymentIntents.capture(id, {}, { idempotencyKey: "capture-bk_1" });

    expect(second).toEqual(first);
    expect(fake.captureCount(id)).toBe(1);
    expect(fake.requests.filter((r) => r.idempotencyKey === "capture-bk_1")).toHaveLength(2);
    const raw = await fetch(`${fake.url}/v1/payment_intents/${id}/capture`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_fake", "Idempotency-Key": "capture-bk_1" },
    });
    expect(raw.headers.get("idempotent-replayed")).toBe("true");
    expect(await raw.json()).toEqual(first);

    await expect(stripe.paymentIntents.cancel(id, {}, { idempotencyKey: "capture-bk_1" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it("cancels an authorisation, which then cannot be captured; a captured one cannot be cancelled", async () => {
    const authorised = await authorisedIntent();
    const canceled = await stripe.paymentIntents.cancel(authorised, {}, { idempotencyKey: "cancel-1" });
    expect(canceled).toMatchObject({ status: "canceled", amount_capturable: 0, amount_received: 0 });
    expect(fake.cancelCount(authorised)).toBe(1);
    await expect(stripe.paymentIntents.capture(authorised, {}, { idempotencyKey: "capture-1" })).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });

    const captured = await authorisedIntent();
    await stripe.paymentIntents.capture(captured, {}, { idempotencyKey: "capture-2" });
    await expect(stripe.paymentIntents.cancel(captured, {}, { idempotencyKey: "cancel-2" })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "payment_intent_unexpected_state",
    });
    expect(fake.paymentIntents.get(captured)?.status).toBe("succeeded");
  });

  it("records payment intent events and builds them on demand", async () => {
    const id = await authorisedIntent();
    await stripe.paymentIntents.capture(id, {}, { idempotencyKey: "capture-1" });

    expect(fake.events.map((e) => e.type)).toEqual([
      "payment_intent.amount_capturable_updated",
      "checkout.session.completed",
      "payment_intent.succeeded",
    ]);
    expect(fake.paymentIntentEvent(id, "payment_intent.succeeded")).toMatchObject({
      type: "payment_intent.succeeded",
      data: { object: { id, status: "succeeded" } },
    });
  });
});

describe("saved cards", () => {
  /** A checkout that saves its card to a new Customer, paid: the Customer and the card. */
  async function savedCard() {
    const session = await createSession({
      customer_creation: "always",
      payment_intent_data: { capture_method: "manual", setup_future_usage: "off_session" },
    });
    fake.completeSession(session.id);
    const intent = await stripe.paymentIntents.retrieve(fake.sessions.get(session.id)!.payment_intent!);
    return { customer: intent.customer as string, card: intent.payment_method as string };
  }

  const offSession = (input: { customer: string; card: string }, overrides: object = {}) =>
    stripe.paymentIntents.create(
      {
        amount: 9_000,
        currency: "eur",
        customer: input.customer,
        payment_method: input.card,
        off_session: true,
        confirm: true,
        capture_method: "manual",
        metadata: { charge_id: "ch_1" },
        ...overrides,
      },
      { idempotencyKey: crypto.randomUUID() },
    );

  it("saves the card to the Customer a checkout made, and charges it off-session, held then captured", async () => {
    const saved = await savedCard();
    expect(fake.customers.get(saved.customer)).toMatchObject({ object: "customer", email: "renter@example.com" });
    expect(fake.paymentMethods.get(saved.card)).toMatchObject({ customer: saved.customer, type: "card" });
    const held = await offSession(saved);
    expect(held).toMatchObject({ status: "requires_capture", amount_capturable: 9_000, customer: saved.customer });
    expect(fake.events.at(-1)).toMatchObject({ type: "payment_intent.amount_capturable_updated" });
    await stripe.paymentIntents.capture(held.id);
    const listed = await stripe.paymentIntents.list({ customer: saved.customer, limit: 100 });
    expect(listed.data.map((i) => [i.id, i.status])).toEqual([
      [held.id, "succeeded"],
      [expect.stringMatching(/^pi_/), "requires_capture"],
    ]);
    // A checkout given the Customer saves its card to it, and makes no other.
    const again = await createSession({
      customer: saved.customer,
      customer_email: undefined,
      payment_intent_data: { capture_method: "manual", setup_future_usage: "off_session" },
    });
    fake.completeSession(again.id);
    expect(fake.customers.size).toBe(1);
    expect(fake.sessions.get(again.id)!.customer).toBe(saved.customer);
  });

  it("answers a declined card and a bank asking for authentication with Stripe's card_error", async () => {
    const saved = await savedCard();
    fake.cardAnswers(saved.card, "authentication_required");
    const error = await offSession(saved).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: "authentication_required",
      decline_code: "authentication_required",
      payment_intent: { status: "requires_payment_method", metadata: { charge_id: "ch_1" } },
    });
    expect(fake.events.at(-1)).toMatchObject({ type: "payment_intent.payment_failed" });
    fake.cardAnswers(saved.card, "card_declined");
    await expect(offSession(saved)).rejects.toMatchObject({ code: "card_declined", decline_code: "generic_decline" });
  });

  it("refuses what Stripe refuses: two ways to name the payer, a card not saved to the Customer, too little", async () => {
    const saved = await savedCard();
    await expect(createSession({ customer: saved.customer })).rejects.toMatchObject({ param: "customer_email" });
    await expect(createSession({ customer: "cus_gone", customer_email: undefined })).rejects.toMatchObject({
      code: "resource_missing",
      param: "customer",
    });
    const once = await createSession();
    fake.completeSession(once.id);
    const unsaved = fake.paymentIntents.get(fake.sessions.get(once.id)!.payment_intent!)!.payment_method!;
    await expect(offSession({ ...saved, card: unsaved })).rejects.toMatchObject({ param: "payment_method" });
    await expect(offSession(saved, { amount: 49 })).rejects.toMatchObject({ code: "amount_too_small" });
  });
});

describe("fault injection", () => {
  it("fails the next matching request only, without spending its idempotency key", async () => {
    const id = await authorisedIntent();
    fake.failNext(/\/capture$/);

    const failed = stripe.paymentIntents.capture(id, {}, { idempotencyKey: "capture-bk_1" });
    await expect(failed).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(failed).rejects.toMatchObject({ statusCode: 500 });
    expect(fake.captureCount(id)).toBe(0);

    const retried = await stripe.paymentIntents.capture(id, {}, { idempotencyKey: "capture-bk_1" });
    expect(retried.status).toBe("succeeded");
    expect(fake.captureCount(id)).toBe(1);
  });

  it("drops the connection for status 0, as when Stripe is unreachable", async () => {
    fake.failNext(/^\/v1\/checkout\/sessions$/, 0);
    await expect(createSession()).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    await expect(createSession()).resolves.toMatchObject({ status: "open" });
  });
});

describe("webhooks", () => {
  const verify = (body: string, signature: string, secret = WEBHOOK_SECRET) =>
    stripe.webhooks.constructEventAsync(body, signature, secret, undefined, Stripe.createSubtleCryptoProvider());

  it("signs events the way Stripe does", async () => {
    const session = await createSession();
    const { body, signature } = signWebhook(fake.completeSession(session.id), WEBHOOK_SECRET);

    const event = await verify(body, signature);
    expect(event.type).toBe("checkout.session.completed");
    expect(event.data.object).toMatchObject({ id: session.id, metadata: { booking_id: "bk_1" } });
  });

  it("fails verification for a tampered body, a wrong secret or a stale timestamp", async () => {
    const session = await createSession();
    const { body, signature } = signWebhook(fake.completeSession(session.id), WEBHOOK_SECRET);

    await expect(verify(body.replace("bk_1", "bk_2"), signature)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    await expect(verify(body, signature, "whsec_other")).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const stale = signWebhook(body, WEBHOOK_SECRET, now() - 301);
    await expect(verify(stale.body, stale.signature)).rejects.toThrow(/tolerance/i);
    const recent = signWebhook(body, WEBHOOK_SECRET, now() - 60);
    await expect(verify(recent.body, recent.signature)).resolves.toMatchObject({ id: expect.stringMatching(/^evt_/) });
  });
});

describe("Connect accounts", () => {
  const createAccount = (overrides: Partial<Stripe.AccountCreateParams> = {}) =>
    stripe.accounts.create(
      {
        type: "express",
        country: "LT",
        email: "host@example.lt",
        business_type: "company",
        capabilities: { transfers: { requested: true } },
        business_profile: { name: "UAB Testas" },
        settings: { payouts: { schedule: { interval: "daily" } } },
        metadata: { user_id: "u_1" },
        ...overrides,
      },
      { idempotencyKey: "account-u_1" },
    );

  it("creates an Express account that cannot receive transfers yet, and reads it back", async () => {
    const account = await createAccount();
    expect(account).toMatchObject({
      id: expect.stringMatching(/^acct_/),
      object: "account",
      type: "express",
      country: "LT",
      email: "host@example.lt",
      business_type: "company",
      business_profile: { name: "UAB Testas" },
      capabilities: { transfers: "inactive" },
      details_submitted: false,
      payouts_enabled: false,
      metadata: { user_id: "u_1" },
      requirements: { currently_due: expect.arrayContaining(["external_account"]) },
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({ capabilities: { transfers: { requested: "true" } } });
    await expect(stripe.accounts.retrieve(account.id)).resolves.toEqual(account);
    // The same key answers with the same account.
    await expect(createAccount()).resolves.toMatchObject({ id: account.id });
    expect(fake.accounts.size).toBe(1);
    await expect(stripe.accounts.retrieve("acct_missing")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    await expect(
      stripe.accounts.create({ type: "custom", country: "LT" }, { idempotencyKey: "other" }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "type" });
  });

  it("moves an account along and emits account.updated with the account set", async () => {
    const { id } = await createAccount();
    const review = fake.updateAccount(id, "in_review");
    expect(review).toMatchObject({
      type: "account.updated",
      account: id,
      data: { object: { id, details_submitted: true, payouts_enabled: false, capabilities: { transfers: "pending" } } },
    });
    const enabled = fake.updateAccount(id, "enabled", review.created + 5);
    expect(enabled).toMatchObject({ account: id, created: review.created + 5 });
    expect(enabled.data.object).toMatchObject({
      payouts_enabled: true,
      capabilities: { transfers: "active" },
      requirements: { currently_due: [], disabled_reason: null },
    });
    // Events are snapshots.
    expect(review.data.object.payouts_enabled).toBe(false);
    fake.updateAccount(id, { requirements: { currently_due: ["individual.id_number"] } });
    await expect(stripe.accounts.retrieve(id)).resolves.toMatchObject({
      payouts_enabled: true,
      requirements: { currently_due: ["individual.id_number"] },
    });
    expect(fake.events.filter((e) => e.type === "account.updated")).toHaveLength(3);
  });

  it("makes an onboarding link", async () => {
    const { id } = await createAccount();
    const link = await stripe.accountLinks.create({
      account: id,
      type: "account_onboarding",
      refresh_url: "https://ratai.test/profile/payouts/refresh",
      return_url: "https://ratai.test/profile/payouts/return",
      collection_options: { fields: "eventually_due" },
    });
    expect(link).toMatchObject({ object: "account_link", url: expect.stringContaining(id) });
    expect(link.expires_at).toBeGreaterThan(link.created);
    await expect(
      stripe.accountLinks.create({ account: id, type: "account_onboarding", return_url: "https://ratai.test/r" }),
    ).rejects.toMatchObject({ code: "parameter_missing", param: "refresh_url" });
  });
});

describe("transfers", () => {
  async function enabledAccount() {
    const account = await stripe.accounts.create({
      type: "express",
      country: "LT",
      capabilities: { transfers: { requested: true } },
    });
    fake.updateAccount(account.id, "enabled");
    return account.id;
  }

  async function capturedCharge() {
    const intent = await authorisedIntent();
    await stripe.paymentIntents.capture(intent, {}, { idempotencyKey: `capture-${intent}` });
    return fake.chargeOf(intent).id;
  }

  const transfer = (destination: string, overrides: Partial<Stripe.TransferCreateParams> = {}, key = "payout-bk_1") =>
    stripe.transfers.create(
      {
        amount: 10_000,
        currency: "eur",
        destination,
        transfer_group: "bk_1",
        description: "Ratai booking BK_1",
        metadata: { booking_id: "bk_1", payout_key: "payout-bk_1" },
        ...overrides,
      },
      { idempotencyKey: key },
    );

  it("sends to an enabled account from a captured charge, once per key, and lists by transfer group", async () => {
    const destination = await enabledAccount();
    const charge = await capturedCharge();
    const made = await transfer(destination, { source_transaction: charge });
    expect(made).toMatchObject({
      id: expect.stringMatching(/^tr_/),
      object: "transfer",
      amount: 10_000,
      amount_reversed: 0,
      currency: "eur",
      destination,
      source_transaction: charge,
      transfer_group: "bk_1",
      metadata: { payout_key: "payout-bk_1" },
      reversed: false,
    });
    await expect(transfer(destination, { source_transaction: charge })).resolves.toMatchObject({ id: made.id });
    expect(fake.transfers).toHaveLength(1);
    await transfer(destination, { transfer_group: "bk_2" }, "payout-bk_2");

    const listed = await stripe.transfers.list({ transfer_group: "bk_1", limit: 100 });
    expect(listed.data.map((t) => t.id)).toEqual([made.id]);
    await expect(stripe.transfers.retrieve(made.id)).resolves.toMatchObject({ id: made.id, amount: 10_000 });
    // Forgotten keys make a second transfer: why the gateway looks by transfer group first.
    fake.forgetIdempotencyKeys();
    await transfer(destination, { source_transaction: charge });
    expect((await stripe.transfers.list({ transfer_group: "bk_1" })).data).toHaveLength(2);
  });

  it("refuses an account whose transfers are not active, an unknown one, and more than the charge", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "LT" });
    await expect(transfer(account.id)).rejects.toMatchObject({ code: "insufficient_capabilities_for_transfer" });
    await expect(transfer("acct_missing", {}, "k2")).rejects.toMatchObject({ code: "resource_missing" });
    const destination = await enabledAccount();
    const charge = await capturedCharge();
    await expect(transfer(destination, { amount: 12_301, source_transaction: charge }, "k3")).rejects.toMatchObject({
      code: "amount_too_large",
    });
    await expect(transfer(destination, { transfer_grup: "x" } as never, "k4")).rejects.toMatchObject({
      code: "parameter_unknown",
    });
    expect(fake.transfers).toHaveLength(0);
  });

  it("refuses a transfer on request with Stripe's reason, and replays the refusal under the same key", async () => {
    const destination = await enabledAccount();
    fake.refuseNextTransfer();
    const refused = transfer(destination);
    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(refused).rejects.toMatchObject({
      code: "balance_insufficient",
      message: expect.stringMatching(/^Insufficient funds in Stripe account/),
    });
    await expect(transfer(destination)).rejects.toMatchObject({ code: "balance_insufficient" });
    await expect(transfer(destination, {}, "payout-bk_1-2")).resolves.toMatchObject({ amount: 10_000 });
    expect(fake.transfers).toHaveLength(1);
  });

  it("reverses part and then the rest, refusing more than is left", async () => {
    const made = await transfer(await enabledAccount());
    const first = await stripe.transfers.createReversal(
      made.id,
      { amount: 4_000, metadata: { payout_key: "reversal-r1" } },
      { idempotencyKey: "reversal-r1" },
    );
    expect(first).toMatchObject({
      id: expect.stringMatching(/^trr_/),
      object: "transfer_reversal",
      amount: 4_000,
      transfer: made.id,
      metadata: { payout_key: "reversal-r1" },
    });
    // The same key with other parameters is Stripe's idempotency error.
    await expect(
      stripe.transfers.createReversal(made.id, { amount: 4_000 }, { idempotencyKey: "reversal-r1" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError" });
    await expect(
      stripe.transfers.createReversal(made.id, { amount: 6_001 }, { idempotencyKey: "reversal-r2" }),
    ).rejects.toMatchObject({ code: "amount_too_large" });
    fake.refuseNextReversal({ message: "Insufficient funds in the connected account" });
    await expect(
      stripe.transfers.createReversal(made.id, { amount: 6_000 }, { idempotencyKey: "reversal-r3" }),
    ).rejects.toMatchObject({ message: "Insufficient funds in the connected account" });
    await stripe.transfers.createReversal(made.id, { amount: 6_000 }, { idempotencyKey: "reversal-r4" });
    await expect(stripe.transfers.retrieve(made.id)).resolves.toMatchObject({
      amount_reversed: 10_000,
      reversed: true,
    });
    const listed = await stripe.transfers.listReversals(made.id, { limit: 100 });
    expect(listed.data.map((r) => r.amount)).toEqual([6_000, 4_000]);
  });
});
