import { createCookie } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import i18nConfig, { defaultLanguage, isLanguage, supportedLanguages, type Language } from "~/i18n";
import { resources } from "~/locales/resources.server";

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
  i18next: { ...i18nConfig, resources },
});

export async function getLanguage(request: Request): Promise<Language> {
  const language = await i18nServer.getLocale(request);
  return isLanguage(language) ? language : defaultLanguage;
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
  const language = await getLanguage(request);
  return i18nServer.getFixedT(language, namespaces as "common");
}
