import { describe, expect, it } from "vitest";
import {
  DEFAULT_COOKIE_PREFERENCES,
  isCookieIntent,
  parseCookiePreferences,
  preferencesFor,
  readCookieValue,
  serializeCookiePreferences,
  sessionOnlyCookie,
  type CookieCategory,
} from "~/information/cookie-preferences";

describe("cookie preferences", () => {
  it("default as the spec says: necessary, analytics and preferences on, marketing off", () => {
    expect(DEFAULT_COOKIE_PREFERENCES).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      preferences: true,
    });
  });

  it("round-trip through the compact cookie value", () => {
    for (const bits of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const preferences = {
        necessary: true as const,
        analytics: Boolean(bits & 1),
        marketing: Boolean(bits & 2),
        preferences: Boolean(bits & 4),
      };
      const value = serializeCookiePreferences(preferences);
      expect(value).toMatch(/^a[01]\.m[01]\.p[01]$/);
      expect(parseCookiePreferences(value)).toEqual(preferences);
    }
    expect(serializeCookiePreferences({ necessary: true, analytics: true, marketing: false, preferences: false })).toBe(
      "a1.m0.p0",
    );
  });

  it("treat anything they did not write as no choice", () => {
    for (const value of [null, undefined, "", "a1.m0", "a2.m0.p1", "p1.m0.a1", "a1.m0.p1.x", '{"analytics":true}']) {
      expect(parseCookiePreferences(value)).toBeNull();
    }
  });

  it("store what each button means", () => {
    const ticked = new Set<CookieCategory>(["marketing"]);
    const has = (category: CookieCategory) => ticked.has(category);
    expect(preferencesFor("save", has)).toEqual({
      necessary: true,
      analytics: false,
      marketing: true,
      preferences: false,
    });
    expect(preferencesFor("accept-all", has)).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      preferences: true,
    });
    expect(preferencesFor("necessary-only", () => true)).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      preferences: false,
    });
    expect(isCookieIntent("save")).toBe(true);
    expect(isCookieIntent("reject")).toBe(false);
  });

  it("read one cookie from a Cookie header", () => {
    expect(readCookieValue("lng=ImVuIg%3D%3D; ratai_cookie_prefs=a0.m0.p0; theme=x", "ratai_cookie_prefs")).toBe(
      "a0.m0.p0",
    );
    expect(readCookieValue("xratai_cookie_prefs=a1.m1.p1", "ratai_cookie_prefs")).toBeNull();
    expect(readCookieValue(null, "lng")).toBeNull();
  });

  it("turn a lasting cookie into one for this browser session, but leave a clearing one alone", () => {
    expect(sessionOnlyCookie("theme=ImRhcmsi; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax")).toBe(
      "theme=ImRhcmsi; Path=/; HttpOnly; SameSite=Lax",
    );
    expect(sessionOnlyCookie("lng=ImVuIg%3D%3D; Path=/; Expires=Sun, 22 Nov 2027 10:00:00 GMT; Secure")).toBe(
      "lng=ImVuIg%3D%3D; Path=/; Secure",
    );
    const clearing = "theme=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax";
    expect(sessionOnlyCookie(clearing)).toBe(clearing);
  });
});
