// The dashboards' periods (part 2 §9: 7d, 30d, 90d, 1y; default 30d) as ranges of Vilnius calendar days, and the
// moments those days begin, so timestamps (completed_at, created_at) and day columns (booking dates, daily stats)
// are cut at the same Vilnius midnights. A range is half-open, [from, until), like a booking's dates.
import { addDays, daysBetween, vilniusDay, vilniusMidnight } from "~/utils/calendar-days";

export const PERIODS = ["7d", "30d", "90d", "1y"] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = "30d";
export const PERIOD_DAYS: Record<Period, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

/** `?period=`: one of the four, anything else (missing, misspelt, repeated) the default. */
export function parsePeriod(value: string | null | undefined): Period {
  return (PERIODS as readonly string[]).includes(value ?? "") ? (value as Period) : DEFAULT_PERIOD;
}

export interface DayRange {
  /** The first day. */
  from: string;
  /** The day after the last (exclusive). */
  until: string;
  days: number;
  /** Vilnius midnight at `from` and at `until`: [startMs, endMs) holds the range's moments. */
  startMs: number;
  endMs: number;
}

export function dayRange(from: string, until: string): DayRange {
  return { from, until, days: daysBetween(from, until), startMs: vilniusMidnight(from), endMs: vilniusMidnight(until) };
}

/** The period's last N days, today (in Vilnius) included, and the N days before them (for growth). */
export function periodRange(period: Period, now: Date): DayRange & { previous: DayRange; today: string } {
  const today = vilniusDay(now);
  const until = addDays(today, 1);
  const from = addDays(until, -PERIOD_DAYS[period]);
  return { ...dayRange(from, until), today, previous: dayRange(addDays(from, -PERIOD_DAYS[period]), from) };
}

/** The current calendar month in Vilnius ("this month"), whole: from the 1st to the next month's 1st. */
export function monthRange(now: Date): DayRange {
  const today = vilniusDay(now);
  const from = `${today.slice(0, 7)}-01`;
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
  return dayRange(from, next);
}
