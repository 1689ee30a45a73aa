import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "./security-headers.server";

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
