// The visitor's cookie choice on the server: read from the request, written by /cookies, and honoured for every
// response at the Worker's edge (app/worker.ts): while "preferences" is off, the cookies that remember a choice of
// language or theme are sent without Max-Age, so the browser forgets them when it closes. The routes that set those
// cookies (root's ?lng=, /resources/theme) need not know; a preference cookie added later is covered by adding its
// name to PREFERENCE_COOKIES. The app loads no analytics or marketing scripts; when one is added, it must check
// `readCookiePreferences(request).analytics` (or `.marketing`) before it renders.
import {
  COOKIE_PREFERENCES_MAX_AGE,
  COOKIE_PREFERENCES_NAME,
  DEFAULT_COOKIE_PREFERENCES,
  PREFERENCE_COOKIES,
  parseCookiePreferences,
  readCookieValue,
  serializeCookiePreferences,
  sessionOnlyCookie,
  setCookieName,
  type CookiePreferences,
} from "~/information/cookie-preferences";

/** The stored choice, or null before the visitor made one. */
export function storedCookiePreferences(request: Request): CookiePreferences | null {
  return parseCookiePreferences(readCookieValue(request.headers.get("Cookie"), COOKIE_PREFERENCES_NAME));
}

/** What holds for this visitor: the stored choice, else the defaults (spec part 2 §4). */
export function readCookiePreferences(request: Request): CookiePreferences {
  return storedCookiePreferences(request) ?? { ...DEFAULT_COOKIE_PREFERENCES };
}

/** A strictly necessary cookie (it records the choice itself): a year, first-party, Lax. */
export function cookiePreferencesHeader(preferences: CookiePreferences, secure: boolean): string {
  return [
    `${COOKIE_PREFERENCES_NAME}=${serializeCookiePreferences(preferences)}`,
    `Max-Age=${COOKIE_PREFERENCES_MAX_AGE}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Language and theme cookies: a year while "preferences" is on, like the code that sets them, else the session. */
const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;

/**
 * When the choice changes, the language and theme the visitor already has are written again, to last a year or
 * only this browser session, so withdrawing consent takes effect at once and not at the next change of theme.
 */
export function rememberedChoiceHeaders(request: Request, keep: boolean, secure: boolean): string[] {
  const cookies = request.headers.get("Cookie");
  return PREFERENCE_COOKIES.flatMap((name) => {
    const value = readCookieValue(cookies, name);
    if (!value) return [];
    return [
      [
        `${name}=${value}`,
        ...(keep ? [`Max-Age=${PREFERENCE_MAX_AGE}`] : []),
        "Path=/",
        "HttpOnly",
        "SameSite=Lax",
        ...(secure ? ["Secure"] : []),
      ].join("; "),
    ];
  });
}

/**
 * The response as the visitor's choice allows: with "preferences" off (stored, or being stored by this very
 * response), language and theme cookies become session cookies. Anything else passes untouched.
 */
export function honourCookiePreferences(request: Request, response: Response): Response {
  const setCookies = response.headers.getSetCookie();
  if (!setCookies.some((header) => PREFERENCE_COOKIES.includes(setCookieName(header)))) return response;
  const choosing = setCookies.find((header) => setCookieName(header) === COOKIE_PREFERENCES_NAME);
  const preferences = choosing
    ? (parseCookiePreferences(choosing.split(";")[0]!.slice(COOKIE_PREFERENCES_NAME.length + 1)) ??
      DEFAULT_COOKIE_PREFERENCES)
    : readCookiePreferences(request);
  if (preferences.preferences) return response;
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  for (const header of setCookies) {
    headers.append(
      "Set-Cookie",
      PREFERENCE_COOKIES.includes(setCookieName(header)) ? sessionOnlyCookie(header) : header,
    );
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
