// The dashboards' ratios and their edge cases (docs/decisions/011-dashboard-figures.md). A figure that has nothing
// to be computed from is null, and the page shows "N/A" for it; percentages are whole numbers.
import { daysBetween } from "~/utils/calendar-days";
import type { DayRange } from "~/dashboard/period";

/** `part ÷ whole` as a whole percent, capped at 100 (part 2 §9); null when there is no whole. */
export function cappedPercent(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return Math.min(100, Math.round((Math.max(0, part) / whole) * 100));
}

/** Change against the previous period of equal length, a whole percent; null when the previous one was 0. */
export function growthPercent(current: number, previous: number): number | null {
  if (!(previous > 0)) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** The mean in whole cents; null when nothing was counted. */
export function averageCents(total: number, count: number): number | null {
  return count > 0 ? Math.round(total / count) : null;
}

/** A rating of 0 means "no reviews yet": shown as N/A (part 2 §2). */
export function ratingOrNull(rating: number): number | null {
  return rating > 0 ? Math.round(rating * 10) / 10 : null;
}

/** The days of the range on which a car listed on `listedDay` could be rented: none before it was listed. */
export function availableDays(range: Pick<DayRange, "from" | "until" | "days">, listedDay: string): number {
  if (listedDay <= range.from) return range.days;
  return Math.max(0, daysBetween(listedDay, range.until));
}

/**
 * Occupancy: the booked days of the host's rentable cars in the period ÷ the days they could be rented, capped at
 * 100 %; null when no car could be rented in the period.
 */
export function occupancyPercent(cars: { availableDays: number; bookedDays: number }[]): number | null {
  const available = cars.reduce((sum, car) => sum + car.availableDays, 0);
  const booked = cars.reduce((sum, car) => sum + Math.min(car.bookedDays, car.availableDays), 0);
  return cappedPercent(booked, available);
}
