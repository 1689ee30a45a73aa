// The document's security headers as the browser receives them: a Content Security Policy whose nonce is on every
// script the page runs (and only those run: the fixture in support.ts fails any journey the policy blocks something
// in), no framing, no sniffing. A fresh nonce per response.
import { expect, test } from "./support";

test("every document carries a CSP with a fresh nonce that its scripts, and only they, carry", async ({ page }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/rentals", "/auth/signin", "/no/such/page"]) {
    const response = await page.request.get(path);
    const csp = response.headers()["content-security-policy"] ?? "";
    const nonce = csp.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
    expect(nonce, path).toBeTruthy();
    nonces.add(nonce!);
    // Script files from here, inline script only with the nonce (no 'unsafe-inline', no 'strict-dynamic').
    expect(csp.split("; ")).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-frame-options"]).toBe("DENY");
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    const executable = scripts.filter((attributes) => !/type="application\/json"/.test(attributes));
    expect(executable.length, path).toBeGreaterThan(0);
    for (const attributes of executable) expect(attributes, path).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(4);
});

test("the page works under its policy: scripts run and nothing is refused", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // Who asked for each script first. The page lists its modules as preloads that fetch nothing until the page's own
  // script turns them on after the first paint (decision 028); a policy refusing them (Remix gives them no nonce)
  // would do so silently, and the entry script would fetch each one later, one import at a time.
  const initiators = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  cdp.on("Network.requestWillBeSent", (event) => {
    // The first request of each script: a later one (the entry importing a module the preload still fetches) is
    // served from the same preload, and says nothing about whether the policy let the preload through.
    const path = new URL(event.request.url).pathname;
    if (!initiators.has(path)) initiators.set(path, event.initiator.type);
  });
  const response = await page.goto("/rentals");
  if (test.info().project.use.javaScriptEnabled !== false) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const html = await response!.text();
    expect(html).not.toContain('<link rel="modulepreload"');
    const preloads = [...html.matchAll(/<link rel="" data-modulepreload="" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(preloads.length).toBeGreaterThan(3);
    for (const path of preloads) expect(`${path} ${initiators.get(path)}`).toBe(`${path} script`);
  }
  expect(refused).toEqual([]);
});

test("a write from another site is refused before any route runs; our own pages' writes and Stripe's webhook pass", async ({
  page,
  baseURL,
}) => {
  const paths = ["/auth/signin", "/resources/theme", "/favorites", "/contact", "/admin/packages/new", "/car/x/book"];
  for (const path of paths) {
    const foreign = await page.request.post(path, {
      headers: { Origin: "https://evil.example" },
      form: { theme: "dark", email: "a@b.lt", password: "x" },
      maxRedirects: 0,
    });
    expect(foreign.status(), path).toBe(403);
    expect(await foreign.text(), path).toBe("Cross-site request refused");
    // A browser that sends no Origin still says where the request came from.
    const crossSite = await page.request.post(path, {
      headers: { "Sec-Fetch-Site": "cross-site" },
      form: { theme: "dark" },
      maxRedirects: 0,
    });
    expect(crossSite.status(), path).toBe(403);
  }
  const own = await page.request.post("/resources/theme", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { theme: "dark" },
  });
  expect(own.status()).toBe(200);
  expect(await own.json()).toEqual({ theme: "dark" });
  // Stripe signs its calls; the webhook judges them by the signature (400 without one), not by Origin.
  const webhook = await page.request.post("/webhooks/stripe", {
    headers: { Origin: "https://stripe.example" },
    data: "{}",
  });
  expect(webhook.status()).not.toBe(403);
});
