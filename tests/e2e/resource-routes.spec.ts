// The answers other programs and browsers read, as they arrive over HTTP from the built Worker in workerd: every
// resource route's refusals keep their status and headers on the wire (a `data()` result from a route without a
// component used to become a plain 200), redirects stay on this site, documents run nothing, a made-up
// X-Forwarded-Host is a 400 page, and an edge-cached page never repeats a nonce. No page is driven here (@http: one
// run, in the first project).
import { createHmac } from "node:crypto";
import type { APIResponse, Page } from "@playwright/test";
import { FAULT_STRIPE_WEBHOOK_SECRET, FAULT_URL } from "../../playwright.config";
import { DEMO_PASSWORD, expect, signInAs, test } from "./support";

/** Stripe's signature scheme: `t=<seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint's secret>`. */
function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)) {
  return `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${payload}`).digest("hex")}`;
}

/** Posts `body` to the fault server's webhook as Stripe delivers it: signed with the endpoint's secret. */
function postSigned(page: Page, url: string, body: string) {
  return page.request.post(url, {
    data: body,
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": stripeSignature(body, FAULT_STRIPE_WEBHOOK_SECRET),
    },
  });
}

async function expectJson(response: APIResponse, status: number, body: object) {
  expect(response.status(), response.url()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(await response.json()).toEqual(body);
}

test("the Stripe webhook refuses what Stripe must deliver again, with the status on the wire @http", async ({
  page,
}) => {
  const url = `${FAULT_URL}/webhooks/stripe`;
  const event = JSON.stringify({ id: "evt_e2e_1", type: "checkout.session.completed", data: { object: {} } });

  const unsigned = await page.request.post(url, { data: event, headers: { "Content-Type": "application/json" } });
  await expectJson(unsigned, 400, { error: "Missing signature" });
  expect(unsigned.headers()["cache-control"]).toBe("no-store");

  const forged = await page.request.post(url, {
    data: event,
    headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(event, "whsec_wrong") },
  });
  await expectJson(forged, 400, { error: "Invalid signature" });

  const read = await page.request.get(url);
  await expectJson(read, 405, { error: "Method not allowed" });
  expect(read.headers()["allow"]).toBe("POST");

  // A genuine event while the database is out of reach: 503 with Retry-After, so Stripe tries again later.
  const genuine = await postSigned(page, url, event);
  expect(genuine.status()).toBe(503);
  expect(genuine.headers()["retry-after"]).toBe("30");
  expect(await genuine.json()).toEqual({
    title: "errors.databaseUnavailable",
    message: "errors.databaseUnavailableHint",
  });

  // A refund's events take the refunds ledger's path (app/payments/refunds.server.ts), which must not answer 200 for
  // an event it could not record either: Stripe delivers the refund's failure again.
  for (const type of ["refund.failed", "refund.updated", "charge.refund.updated"]) {
    const refundEvent = JSON.stringify({
      id: `evt_e2e_${type}`,
      type,
      data: {
        object: {
          id: "re_e2e_1",
          object: "refund",
          status: "failed",
          failure_reason: "expired_or_canceled_card",
          metadata: { refund_key: "refund-e2e-deposit" },
        },
      },
    });
    const refund = await postSigned(page, url, refundEvent);
    expect(refund.status(), type).toBe(503);
    expect(refund.headers()["retry-after"]).toBe("30");
  }

  // A Connect account's event is first checked against our hosts' accounts (one that is no host's is recorded and
  // answered 200: tests/integration/payout-accounts.test.ts), before Stripe is asked anything: with the database away
  // that check cannot be made, so it is a 503 with Retry-After, and Stripe delivers the event again.
  const accountEvent = JSON.stringify({
    id: "evt_e2e_account",
    type: "account.updated",
    created: Math.floor(Date.now() / 1000),
    account: "acct_e2e_unknown",
    data: { object: { id: "acct_e2e_unknown", object: "account", payouts_enabled: true } },
  });
  const account = await postSigned(page, url, accountEvent);
  expect(account.status()).toBe(503);
  expect(account.headers()["retry-after"]).toBe("30");

  // Where Stripe is not configured (the local stand-in), the endpoint does not exist.
  await expectJson(await page.request.post("/webhooks/stripe", { data: event }), 404, { error: "Not found" });
});

test("live search: a short term is a 400 and past the limit a 429 with Retry-After, neither kept by a cache @http", async ({
  page,
}) => {
  const short = await page.request.get("/resources/search?q=a");
  await expectJson(short, 400, { term: "", results: [], error: "validation.searchTooShort" });
  expect(short.headers()["cache-control"]).toBe("no-store");

  let last: APIResponse | null = null;
  for (let i = 1; i <= 101; i++) {
    last = await page.request.get(`/resources/search?q=bmw${i % 3}`);
    if (i === 1) {
      expect(last.status()).toBe(200);
      expect(last.headers()["cache-control"]).toBe("private, max-age=30");
    }
  }
  expect(last!.status()).toBe(429);
  expect(Number(last!.headers()["retry-after"])).toBeGreaterThan(0);
  expect(last!.headers()["cache-control"]).toBe("no-store");
  expect((await last!.json()).error).toBe("errors.tooManySearches");
});

test("the theme route: 400 for a tampered value, and its redirect stays on this site @http", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const tampered = await page.request.post("/resources/theme", { headers: { Origin: origin }, form: { theme: "x" } });
  await expectJson(tampered, 400, { error: "errors.badRequest" });
  expect(tampered.headers()["set-cookie"]).toBeUndefined();

  for (const redirectTo of ["/.//evil.example", "/\\evil.example", "/./\\/evil.example", "//evil.example/x"]) {
    const response = await page.request.post("/resources/theme", {
      headers: { Origin: origin },
      form: { theme: "dark", redirectTo },
      maxRedirects: 0,
    });
    expect(response.status(), redirectTo).toBe(302);
    expect(response.headers()["location"], redirectTo).toBe("/");
  }
  const own = await page.request.post("/resources/theme", {
    headers: { Origin: origin },
    form: { theme: "dark", redirectTo: "/rentals?category=suv" },
    maxRedirects: 0,
  });
  expect(own.headers()["location"]).toBe("/rentals?category=suv");
});

test("signed in, an address that normalises to another host sends the visitor home, not there @http", async ({
  page,
}) => {
  await signInAs(page, "renter@demo.lt");
  for (const redirectTo of ["%2F.%2F%2Fevil.example", "%2F%5Cevil.example", "%2F..%2F%2Fevil.example"]) {
    const response = await page.request.get(`/auth/signin?redirectTo=${redirectTo}`, { maxRedirects: 0 });
    expect(response.status(), redirectTo).toBe(302);
    expect(response.headers()["location"], redirectTo).toBe("/");
  }
});

test("identity documents: sandboxed, PDFs downloaded, private; refusals keep their status @http", async ({ page }) => {
  const guest = await page.request.get("/documents/00000000-0000-0000-0000-000000000000", { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers()["location"]).toMatch(/^\/auth\/signin\?redirectTo=/);

  await signInAs(page, "admin@demo.lt");
  const queue = await (await page.request.get("/admin/verifications")).text();
  const person = queue.match(/href="(\/admin\/verifications\/[^"?]+)"/)?.[1];
  expect(person, "a person waiting in the verification queue (seed)").toBeTruthy();
  const id = (await (await page.request.get(person!)).text()).match(/href="\/documents\/([^"]+)"/)?.[1];
  expect(id, "a document link").toBeTruthy();

  const document = await page.request.get(`/documents/${id}`);
  expect(document.status()).toBe(200);
  const headers = document.headers();
  expect(headers["content-type"]).toBe("application/pdf");
  expect(headers["content-security-policy"]).toBe("sandbox");
  expect(headers["content-disposition"]).toMatch(/^attachment; filename="[^"]+\.pdf"/);
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-content-type-options"]).toBe("nosniff");

  const unknown = await page.request.get("/documents/00000000-0000-0000-0000-000000000000");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-security-policy"]).toBe("sandbox");

  await page.context().clearCookies();
  await signInAs(page, "renter@demo.lt");
  const stranger = await page.request.get(`/documents/${id}`);
  expect(stranger.status()).toBe(403);
  expect(stranger.headers()["cache-control"]).toBe("private, no-store");
});

test("files and the other resource routes: 404s, redirects and refusals as sent @http", async ({ page }) => {
  for (const path of ["/images/private/x/full.webp", "/images/cars/nope/none/card.webp"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
  }
  const savedSearches = await page.request.get("/resources/saved-searches", { maxRedirects: 0 });
  expect(savedSearches.status()).toBe(302);
  expect(savedSearches.headers()["location"]).toBe("/favorites");

  const agreement = await page.request.get("/bookings/00000000-0000-0000-0000-000000000000/agreement.html", {
    maxRedirects: 0,
  });
  expect(agreement.status()).toBe(302);
  await signInAs(page, "renter@demo.lt");
  const missing = await page.request.get("/bookings/00000000-0000-0000-0000-000000000000/agreement.html");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["cache-control"]).toBe("private, no-store");
});

test("a form post whose X-Forwarded-Host is not its Origin's host is a 400 with the error page, not a 500 @http", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const response = await page.request.post("/auth/signin", {
    headers: { Origin: origin, "X-Forwarded-Host": "evil.example" },
    form: { email: "renter@demo.lt", password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(response.headers()["set-cookie"] ?? "").not.toMatch(/session=/);
  const html = await response.text();
  expect(html).toContain("Užklausoje yra klaida");
  expect(html).toContain("<footer"); // inside the layout
  // The same post without the header signs in: only the made-up header is refused.
  const fine = await page.request.post("/auth/signin", {
    headers: { Origin: origin },
    form: { email: "renter@demo.lt", password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(fine.status()).toBe(302);
});

test("edge-cached pages: every answer has its own nonce, in the header and on every script @http", async ({
  playwright,
  baseURL,
}) => {
  // A visitor with no cookies at all: the page comes from the edge cache after the first answer.
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const nonces = new Set<string>();
    const sources = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await visitor.get("/faq");
      expect(response.status()).toBe(200);
      sources.add(response.headers()["x-edge-cache"] ?? "none");
      const nonce = response.headers()["content-security-policy"]?.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      const html = await response.text();
      const inBody = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...inBody]).toEqual([nonce]);
    }
    expect(sources.has("hit")).toBe(true);
    expect(nonces.size).toBe(4);
  } finally {
    await visitor.dispose();
  }
});

test("a car's page comes from the edge cache for anonymous visitors, never for a signed-in one, and views still count @http", async ({
  playwright,
  page,
  baseURL,
  database,
}) => {
  // The newest public car: the browser journeys open older ones, so its view count moves only here.
  const { rows } = await database.execute(
    `select id, view_count from cars where status = 'approved' and available = 1 and deleted_at is null
     order by created_at desc, id desc limit 1`,
  );
  const car = { id: String(rows[0]!.id), views: Number(rows[0]!.view_count) };
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    let visitors = 0;
    const visit = async () => {
      visitors += 1;
      const response = await visitor.get(`/car/${car.id}`, {
        headers: {
          "CF-Connecting-IP": `10.77.0.${visitors}`,
          "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/150",
        },
      });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("private, no-cache");
      return response.headers()["x-edge-cache"];
    };
    // The next visitor after the first gets the stored copy (unless a journey changed the catalogue in between).
    await visit();
    await expect.poll(visit).toBe("hit");
    // Every visitor is a view: those the cache answered are counted by it after its answer.
    const viewCount = async () =>
      Number(
        (await database.execute({ sql: "select view_count from cars where id = ?", args: [car.id] })).rows[0]!
          .view_count,
      );
    await expect.poll(viewCount).toBeGreaterThanOrEqual(car.views + visitors);
  } finally {
    await visitor.dispose();
  }
  // Signed in, the page has the person's own buttons: it is rendered for them, and never stored for others.
  await signInAs(page, "renter@demo.lt");
  for (let i = 0; i < 2; i++) {
    const response = await page.request.get(`/car/${car.id}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["x-edge-cache"]).toBeUndefined();
    expect(await response.text()).toContain("/auth/signout");
  }
});
