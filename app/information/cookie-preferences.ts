// Cookie preferences (spec part 2 §3 "Cookie preferences", §4 defaults): necessary cookies always; analytics,
// marketing and preferences by choice. Stored compactly ("a1.m0.p1") in a first-party cookie; pure rules here,
// the cookie's headers in cookie-preferences.server.ts.

export interface CookiePreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

export type CookieCategory = "analytics" | "marketing" | "preferences";
export const COOKIE_CATEGORIES: readonly CookieCategory[] = ["analytics", "marketing", "preferences"];

export const COOKIE_PREFERENCES_NAME = "ratai_cookie_prefs";
/** A year, then the visitor is asked (by the page) again. */
export const COOKIE_PREFERENCES_MAX_AGE = 60 * 60 * 24 * 365;

/** Spec §4: necessary on, analytics on, marketing off, preferences on — what holds before any choice. */
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = Object.freeze({
  necessary: true,
  analytics: true,
  marketing: false,
  preferences: true,
});

const PATTERN = /^a([01])\.m([01])\.p([01])$/;

/** The stored choice, or null when there is none or it is not one we wrote (then the defaults hold). */
export function parseCookiePreferences(value: string | null | undefined): CookiePreferences | null {
  const match = PATTERN.exec((value ?? "").trim());
  if (!match) return null;
  return { necessary: true, analytics: match[1] === "1", marketing: match[2] === "1", preferences: match[3] === "1" };
}

export function serializeCookiePreferences(preferences: CookiePreferences): string {
  const bit = (on: boolean) => (on ? "1" : "0");
  return `a${bit(preferences.analytics)}.m${bit(preferences.marketing)}.p${bit(preferences.preferences)}`;
}

/** The preferences form's three buttons: Save (the ticked boxes), Accept all and Only necessary. */
export const COOKIE_INTENTS = ["save", "accept-all", "necessary-only"] as const;
export type CookieIntent = (typeof COOKIE_INTENTS)[number];

export function isCookieIntent(value: unknown): value is CookieIntent {
  return COOKIE_INTENTS.some((intent) => intent === value);
}

/** What each of the page's three buttons stores; "save" takes the ticked boxes (an unticked box is not sent). */
export function preferencesFor(intent: CookieIntent, ticked: (category: CookieCategory) => boolean): CookiePreferences {
  if (intent === "accept-all") return { necessary: true, analytics: true, marketing: true, preferences: true };
  if (intent === "necessary-only") return { necessary: true, analytics: false, marketing: false, preferences: false };
  return {
    necessary: true,
    analytics: ticked("analytics"),
    marketing: ticked("marketing"),
    preferences: ticked("preferences"),
  };
}

/** The value of one cookie in a Cookie request header (raw, not decoded), or null. */
export function readCookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** Cookies that only remember a visitor's choice of display (the "preferences" category). */
export const PREFERENCE_COOKIES: readonly string[] = ["lng", "theme"];

/**
 * A Set-Cookie header made to last only until the browser closes: its Max-Age and Expires dropped. A header that
 * clears a cookie (Max-Age=0, an empty value or an expiry in the past) is left alone, so clearing still works.
 */
export function sessionOnlyCookie(header: string): string {
  const [pair = "", ...attributes] = header.split(";");
  const value = pair.slice(pair.indexOf("=") + 1).trim();
  const clears = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a));
  if (clears || value === "") return header;
  return [pair, ...attributes.filter((a) => !/^\s*(max-age|expires)\s*=/i.test(a))].join(";");
}

/** The name a Set-Cookie header sets. */
export function setCookieName(header: string): string {
  return header.slice(0, header.indexOf("=")).trim();
}
