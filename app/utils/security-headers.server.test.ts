import { describe, expect, it } from "vitest";
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  replaceInStream,
  withFreshNonce,
} from "./security-headers.server";

/** A stream of `text` cut into pieces of `size` bytes (so that boundaries fall inside words and characters). */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
}

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(" ");

describe("security headers", () => {
  it("makes a new 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });

  it("lets only the nonce's scripts run, sockets reach PartyKit only, and nobody frame the site", () => {
    const csp = contentSecurityPolicy({ isProduction: true, nonce: "abc", partykitHost: "ratai.user.partykit.dev" });
    expect(directive(csp, "script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(directive(csp, "connect-src")).toEqual(["'self'", "blob:", "wss://ratai.user.partykit.dev"]);
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(csp, "object-src")).toEqual(["'none'"]);
    expect(directive(csp, "form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);
    expect(csp).toContain("upgrade-insecure-requests");
    expect(csp).not.toContain("unsafe-eval");

    const local = contentSecurityPolicy({ isProduction: false, nonce: "n", partykitHost: "127.0.0.1:1999" });
    expect(directive(local, "connect-src")).toEqual(["'self'", "blob:", "wss://127.0.0.1:1999", "ws://127.0.0.1:1999"]);
    expect(local).not.toContain("upgrade-insecure-requests");
    const off = contentSecurityPolicy({ isProduction: false, nonce: "n", partykitHost: null });
    expect(directive(off, "connect-src")).toEqual(["'self'", "blob:"]);
  });

  it("sends HSTS in production only", () => {
    const production = new Headers();
    applySecurityHeaders(production, { isProduction: true, nonce: "n", partykitHost: null });
    expect(production.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains; preload");
    expect(production.get("X-Content-Type-Options")).toBe("nosniff");
    expect(production.get("X-Frame-Options")).toBe("DENY");
    expect(production.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    // No camera or microphone for anyone; location (the map's "near me") and payment for our own pages only.
    expect(production.get("Permissions-Policy")).toBe("camera=(), microphone=(), geolocation=(self), payment=(self)");
    const local = new Headers();
    applySecurityHeaders(local, { isProduction: false, nonce: "n", partykitHost: null });
    expect(local.get("Strict-Transport-Security")).toBeNull();
    expect(local.get("Content-Security-Policy")).toContain("'nonce-n'");
  });
});

describe("a fresh nonce for a stored document", () => {
  const page = (nonce: string) =>
    `<!DOCTYPE html><html lang="lt"><head><link rel="modulepreload" href="/a.js"><script nonce="${nonce}">` +
    `window.__remixContext = {"title":"Ąžuolas ir šaltinėlis"};</script></head><body><p>Kaina 30 €</p>` +
    `<script nonce="${nonce}" type="module">import "/a.js";</script></body></html>`;

  it("replaces the nonce wherever a chunk boundary falls, leaving every other byte as it was", async () => {
    const nonce = createNonce();
    const text = page(nonce);
    for (const size of [1, 2, 3, 7, 13, 24, 25, 64, 4096]) {
      const fresh = createNonce();
      const out = await new Response(replaceInStream(chunked(text, size), nonce, fresh)).text();
      expect(out, `chunks of ${size}`).toBe(page(fresh));
    }
  });

  it("gives the header and every script the same new nonce, a different one each time", async () => {
    const old = createNonce();
    const stored = () =>
      new Response(page(old), {
        status: 200,
        headers: {
          "Content-Security-Policy": contentSecurityPolicy({ isProduction: true, nonce: old, partykitHost: null }),
          "Content-Type": "text/html; charset=utf-8",
          "X-Edge-Cache": "hit",
        },
      });
    const seen = new Set<string>([old]);
    for (let i = 0; i < 5; i++) {
      const answer = withFreshNonce(stored());
      const nonce = answer.headers.get("Content-Security-Policy")!.match(/'nonce-([^']+)'/)![1]!;
      expect(seen.has(nonce)).toBe(false);
      seen.add(nonce);
      const html = await answer.text();
      expect(html).toBe(page(nonce));
      expect(html).not.toContain(old);
      expect(answer.headers.get("X-Edge-Cache")).toBe("hit");
      expect(answer.status).toBe(200);
    }
  });

  it("leaves an answer without a nonce (a .data request, a file) untouched", () => {
    const plain = new Response("{}", { headers: { "Content-Type": "application/json" } });
    expect(withFreshNonce(plain)).toBe(plain);
  });
});
