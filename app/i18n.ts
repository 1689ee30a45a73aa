// i18next options shared by the server and the browser.
export const supportedLanguages = ["lt", "en"] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = "lt";
export const defaultNamespace = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** Intl locale for dates and numbers per interface language. */
export const intlLocale: Record<Language, string> = { lt: "lt-LT", en: "en-GB" };

export default {
  supportedLngs: [...supportedLanguages],
  // The spec: a missing translation shows the text key itself (a test keeps both languages complete).
  fallbackLng: false as const,
  defaultNS: defaultNamespace,
  ns: [defaultNamespace],
  interpolation: { escapeValue: false },
  returnNull: false,
};
