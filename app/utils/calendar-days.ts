// Calendar days as "YYYY-MM-DD" strings (UTC arithmetic), what bookings, blocked days, calendars and the dashboards'
// periods count in, and where they meet the clock: today in Vilnius, a Vilnius day's midnight. No dependencies, so
// the browser's calendars can use them without the booking schema (keep zod and the like out of here).

/** The marketplace's clock: what "today" means, and how moments are displayed (utils/format.ts). */
export const TIME_ZONE = "Europe/Vilnius";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `day` plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Rental days from pickup day to return day: the car comes back on `end` (bookings are half-open [start, end)). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

/** `day` plus `months` months, on the same day of the month or the month's last. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(d, lastDay));
  return date.toISOString().slice(0, 10);
}

// Made once: a formatter costs far more to make than to use, and "today" is asked for on every request.
const DAY_FORMAT = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day (YYYY-MM-DD) in Vilnius: what "today" means for bookings and daily stats. */
export function vilniusDay(now: Date = new Date()): string {
  return DAY_FORMAT.format(now);
}

const HOUR = 3_600_000;

/**
 * The moment (UTC milliseconds) a Vilnius calendar day begins. Vilnius is UTC+2 in winter and UTC+3 in summer, and
 * its clocks change at 03:00/04:00, so midnight always exists: it is the candidate that is `day` in Vilnius while
 * the millisecond before it is not.
 */
export function vilniusMidnight(day: string): number {
  return vilniusTime(day, 0);
}

/**
 * The moment (UTC milliseconds) a Vilnius calendar day's clock shows `hour`:00 (0–23), summer time or not: of the two
 * offsets, the one that lands on that day and hour (at midnight, also the first moment of the day).
 */
export function vilniusTime(day: string, hour: number): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  for (const offset of [3, 2]) {
    const candidate = utcMidnight + (hour - offset) * HOUR;
    if (vilniusDay(new Date(candidate)) === day && vilniusHour(candidate) === hour) {
      if (hour > 0 || vilniusDay(new Date(candidate - 1)) !== day) return candidate;
    }
  }
  throw new Error(`No Vilnius ${hour}:00 on ${day}`);
}

const HOUR_FORMAT = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", hourCycle: "h23" });
const vilniusHour = (at: number) => Number(HOUR_FORMAT.format(new Date(at)));
