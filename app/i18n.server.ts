import { createCookie, type ServerBuild } from "@remix-run/cloudflare";
import type { TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import i18nConfig, { defaultLanguage, isLanguage, supportedLanguages, type Language } from "~/i18n";
import { createInstance, type InitOptions } from "~/i18n/lite/i18next";
import { resources } from "~/locales/resources.server";
import { mapRouteFunctions } from "~/utils/server-build.server";

// Holds only "lt" or "en": nothing secret, so unsigned; the value is checked on read.
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    searchParamKey: "lng",
    // Lithuanian unless the visitor chose otherwise (?lng= or the toggle's cookie); not the browser's header.
    order: ["searchParams", "cookie"],
  },
  // Only detection and the routes' namespaces: texts come from fixedT (its getFixedT built an i18next per call).
  i18next: null,
});

// One translator for every request and language: the texts never change, and remix-i18next's getFixedT created and
// initialised a whole i18next for each call (the root loader makes one per request). The lite one, as the
// production build renders with (app/i18n/lite/lite.test.ts holds it to i18next's answers); with no backend, init
// has everything in place when it returns.
const translator = createInstance();
void translator.init({
  ...i18nConfig,
  lng: defaultLanguage,
  resources: resources as unknown as InitOptions["resources"],
});

/** `t` in a language, looking keys up in `namespaces` (in order) unless a key names its own with `ns:`. */
export function fixedT(language: string, namespaces: string | readonly string[] = "common"): TFunction {
  return translator.getFixedT(language, namespaces) as unknown as TFunction;
}

/**
 * Each request's language, worked out once: the root, the page's loader, getT and entry.server all ask, and each
 * answer parses the query, the cookie and Accept-Language again. Keyed by the Request itself, so it lives as long as
 * the request does.
 */
const languages = new WeakMap<Request, Promise<Language>>();

export function getLanguage(request: Request): Promise<Language> {
  let language = languages.get(request);
  if (!language) {
    language = i18nServer.getLocale(request).then((locale) => (isLanguage(locale) ? locale : defaultLanguage));
    languages.set(request, language);
  }
  return language;
}

/** A Set-Cookie header when `?lng=` chose a language, so the choice is remembered. */
export async function rememberLanguage(request: Request, language: Language, secure: boolean) {
  const requested = new URL(request.url).searchParams.get("lng");
  if (!isLanguage(requested)) return null;
  const current = await languageCookie.parse(request.headers.get("Cookie"));
  if (current === language) return null;
  return languageCookie.serialize(language, { secure });
}

export async function getT(request: Request, namespaces: string | string[] = "common") {
  return fixedT(await getLanguage(request), namespaces);
}

/**
 * A redirect answering a request that chose its language with `?lng=` carries the choice on: a same-site Location
 * without its own `lng` gets the requested one. The root loader, which remembers the choice in a cookie, does not run
 * when another route redirects, and a visitor who refused preference cookies keeps only the address.
 */
export function keepLanguageOnRedirect(request: Request, response: Response): Response {
  const location = response.headers.get("Location");
  if (response.status < 300 || response.status > 399 || !location) return response;
  const requested = new URL(request.url).searchParams.get("lng");
  if (!isLanguage(requested)) return response;
  const origin = new URL(request.url).origin;
  const target = new URL(location, origin);
  if (target.origin !== origin || target.searchParams.has("lng")) return response;
  target.searchParams.set("lng", requested);
  // Redirects are built fresh for each request, but their headers may be immutable (Response.redirect).
  const headers = new Headers(response.headers);
  headers.set("Location", location.startsWith("/") ? `${target.pathname}${target.search}${target.hash}` : target.href);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Every loader's and action's redirect, returned or thrown, goes through keepLanguageOnRedirect. */
export function withLanguageThroughRedirects(build: ServerBuild): ServerBuild {
  return mapRouteFunctions(build, (fn) => {
    const keeping = async (args: never) => {
      const { request } = args as { request: Request };
      try {
        const result = await (fn as (args: never) => unknown)(args);
        return result instanceof Response ? keepLanguageOnRedirect(request, result) : result;
      } catch (error) {
        throw error instanceof Response ? keepLanguageOnRedirect(request, error) : error;
      }
    };
    return keeping as unknown as typeof fn;
  });
}
