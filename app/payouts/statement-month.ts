// The month of a payout statement (`?month=YYYY-MM`): read from the address, and named for the reader. Pure, so the
// page, the CSV and the tests share it.
import { intlLocale, isLanguage } from "~/i18n";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `?month=YYYY-MM`, or null for anything else (the page falls back to the latest month, the CSV answers 400). */
export function parseStatementMonth(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const match = MONTH.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  return year >= 2000 && year <= 2999 ? value : null;
}

/** "2026 m. spalis" (lt) / "October 2026" (en). */
export function formatStatementMonth(month: string, language: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale[isLanguage(language) ? language : "lt"], {
    year: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}
