// The earnings chart's geometry, drawn by the server (no chart library): the period cut into bars (days for 7 and
// 30 days, calendar weeks for 90 days, calendar months for a year, the first and last clipped to the period), and a
// y axis of round euro steps.
import { addDays } from "~/utils/calendar-days";
import { dayRange, type DayRange, type Period } from "~/dashboard/period";

export type BucketSize = "day" | "week" | "month";
export const BUCKET_SIZE: Record<Period, BucketSize> = { "7d": "day", "30d": "day", "90d": "week", "1y": "month" };

/** The day after the bucket that `day` starts in: tomorrow, next Monday, or the 1st of next month. */
function nextBoundary(day: string, size: BucketSize): string {
  if (size === "day") return addDays(day, 1);
  if (size === "week") {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    return addDays(day, 7 - weekday);
  }
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}

/** The bars of a range, in order; together they cover it exactly. */
export function chartBuckets(range: Pick<DayRange, "from" | "until">, size: BucketSize): DayRange[] {
  const buckets: DayRange[] = [];
  for (let from = range.from; from < range.until;) {
    const next = nextBoundary(from, size);
    const until = next < range.until ? next : range.until;
    buckets.push(dayRange(from, until));
    from = until;
  }
  return buckets;
}

/**
 * The y axis for values up to `maxCents`: a step of 1, 2 or 5 × 10ⁿ whole euros giving about `ticks` intervals,
 * the top the first step at or above the maximum. An empty chart still gets an axis (0 to 100 €).
 */
export function niceScale(maxCents: number, ticks = 4): { top: number; ticks: number[] } {
  const maxEuros = Math.max(maxCents / 100, 100);
  const raw = maxEuros / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const topEuros = Math.ceil(maxEuros / step) * step;
  const values: number[] = [];
  for (let v = 0; v <= topEuros + step / 2; v += step) values.push(Math.round(v) * 100);
  return { top: topEuros * 100, ticks: values };
}

/** Label every n-th bar so that at most `most` labels show. */
export function labelEvery(bars: number, most: number): number {
  return Math.max(1, Math.ceil(bars / most));
}
