// How the chart's bars are named: a short label under the bar, and the full period in the table beside the chart.
import { addDays, TIME_ZONE } from "~/utils/calendar-days";
import type { BucketSize } from "~/dashboard/chart";
import { intlLocale, isLanguage } from "~/i18n";

function format(day: string, language: string, options: Intl.DateTimeFormatOptions) {
  const locale = intlLocale[isLanguage(language) ? language : "lt"];
  // Noon UTC is the same calendar day in Vilnius, whatever the season.
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: TIME_ZONE }).format(new Date(`${day}T12:00:00Z`));
}

/** Under a bar: "14 Mar" for a day or a week (its first day), "Mar" for a month ("Jan 2025" for January). */
export function barLabel(bar: { from: string }, size: BucketSize, language: string): string {
  if (size !== "month") return format(bar.from, language, { day: "numeric", month: "short" });
  const january = bar.from.slice(5, 7) === "01";
  return format(bar.from, language, january ? { month: "short", year: "numeric" } : { month: "short" });
}

/** In the table: the day, the week's first and last day, or the month and year. */
export function barPeriod(bar: { from: string; until: string }, size: BucketSize, language: string): string {
  if (size === "day") return format(bar.from, language, { dateStyle: "medium" });
  if (size === "month") return format(bar.from, language, { month: "long", year: "numeric" });
  const last = addDays(bar.until, -1);
  const from = format(bar.from, language, { day: "numeric", month: "short" });
  return last === bar.from ? from : `${from} – ${format(last, language, { day: "numeric", month: "short" })}`;
}
