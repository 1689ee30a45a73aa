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
    expect(csp).toContain("'strict-dynamic'");
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
  await page.goto("/rentals");
  if (test.info().project.use.javaScriptEnabled !== false) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }
  expect(refused).toEqual([]);
});
