// Display formatting (ARCHITECTURE rule 4): Europe/Vilnius time, lt-LT or en-GB, euro without decimals except in
// fee breakdowns. Amounts are integer cents everywhere else.
import { intlLocale, isLanguage, type Language } from "~/i18n";
import { addDays, TIME_ZONE } from "~/utils/calendar-days";

function locale(language: string): string {
  return intlLocale[isLanguage(language) ? language : "lt"];
}

/**
 * Formatters are made once per language and style and kept: making an Intl formatter costs far more than using it
 * (a listing page formats a few hundred prices; in the Worker's profile, making them was 5 % of a signed-in render).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale(language)} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale(language), options)));
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale(language)} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale(language), options)));
  return format;
}

/** "1 250 €" (lt) / "€1,250" (en): listing prices, whole euros. */
export function formatPrice(cents: number, language: Language | string): string {
  return numberFormat(language, {
    style: "currency",
    currency: "EUR",
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(Math.round(cents / 100));
}

/** "1 250,40 €": fee breakdowns, two decimals. */
export function formatMoney(cents: number, language: Language | string): string {
  return numberFormat(language, {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
  }).format(cents / 100);
}

/** "10 000" (lt) / "10,000" (en): counts and plain numbers, with the language's grouping and decimal mark. */
export function formatNumber(value: number, language: Language | string, maximumFractionDigits = 3): string {
  return numberFormat(language, { maximumFractionDigits }).format(value);
}

/** "10 000+" (lt) / "10,000+" (en): a marketing "at least". */
export function formatAtLeast(value: number, language: Language | string): string {
  return `${formatNumber(value, language)}+`;
}

/**
 * "0,5 %" (lt) / "0.5%" (en): `percent` is in percent (0.5 is half a percent), shown with up to two decimals, as
 * many as it has.
 */
export function formatPercent(percent: number, language: Language | string, maximumFractionDigits = 2): string {
  return numberFormat(language, { style: "percent", maximumFractionDigits }).format(percent / 100);
}

/** "4,9" (lt) / "4.9" (en): a star rating, always one decimal. */
export function formatRating(value: number, language: Language | string): string {
  return numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

export function formatDate(
  value: Date | number | string,
  language: Language | string,
  style: "short" | "medium" | "long" = "medium",
) {
  return dateFormat(language, { dateStyle: style, timeZone: TIME_ZONE }).format(new Date(value));
}

/**
 * Calendar days (YYYY-MM-DD, in order) as a person reads them, runs of consecutive days as one range:
 * "2026 m. gruodžio 14 d. – 2026 m. gruodžio 16 d. ir 2026 m. gruodžio 20 d." / "14 December 2026 – 16 December
 * 2026 and 20 December 2026".
 */
export function formatDays(days: readonly string[], language: Language | string): string {
  const runs: [string, string][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  const format = dateFormat(language, { dateStyle: "long", timeZone: "UTC" });
  const at = (day: string) => new Date(`${day}T00:00:00Z`);
  // Not formatRange: ICU's Lithuanian range drops "m." and "d." ("2026 gruodžio 14–16").
  const parts = runs.map(([from, to]) =>
    from === to ? format.format(at(from)) : `${format.format(at(from))} – ${format.format(at(to))}`,
  );
  let list = listFormats.get(locale(language));
  if (!list) listFormats.set(locale(language), (list = new Intl.ListFormat(locale(language), { type: "conjunction" })));
  return list.format(parts);
}

/** "2025 m. kovo 4 d. 14:05" / "4 Mar 2025, 14:05": a moment (signatures, confirmations), in Vilnius time. */
export function formatDateTime(
  value: Date | number,
  language: Language | string,
  style: "medium" | "long" = "medium",
): string {
  return dateFormat(language, {
    dateStyle: style,
    timeStyle: "short",
    timeZone: TIME_ZONE,
  }).format(new Date(value));
}

/**
 * A month's title ("2026 m. gruodis" / "December 2026") and the week's days, Monday first, in the calendar's words;
 * from the same kept formatters, since a car page draws a calendar on every render.
 */
export function calendarNames(month: string, language: Language | string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const utc = (options: Intl.DateTimeFormatOptions) => dateFormat(language, { ...options, timeZone: "UTC" });
  return {
    monthYear: utc({ month: "long", year: "numeric" }).format(new Date(Date.UTC(y, m - 1, 1))),
    // 1 January 2024 was a Monday.
    weekdays: Array.from({ length: 7 }, (_, i) => {
      const date = new Date(Date.UTC(2024, 0, 1 + i));
      return { short: utc({ weekday: "short" }).format(date), long: utc({ weekday: "long" }).format(date) };
    }),
  };
}
