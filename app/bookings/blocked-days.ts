// The host's calendar (decision 018): the owner of a rental listing takes days off it and gives them back. The range
// rules and the form's schema live here, free of the database, for the page and the server alike. Days are
// Europe/Vilnius calendar days; a range is from and to inclusive, as a person reads "block 10 to 12 May".
import { z } from "zod";
import { isMonth } from "~/bookings/availability-rules";
import { addDays, addMonths, isCalendarDay } from "~/utils/calendar-days";

/** How far ahead a host may plan: a year (renters book up to six months ahead). */
export const BLOCK_AHEAD_MONTHS = 12;
export const BLOCK_INTENTS = ["block", "unblock"] as const;
export type BlockIntent = (typeof BLOCK_INTENTS)[number];

/** The last day a host may block or unblock. */
export const lastEditableDay = (today: string) => addMonths(today, BLOCK_AHEAD_MONTHS);

/** Only rental listings have a calendar ("both" is one too). */
export const hasCalendar = (car: { listingType: string }) => car.listingType !== "sale";

/** What stops a block: a booking (confirmed or under way) or a request the host has yet to answer. */
export interface HeldRange {
  kind: "booked" | "requested";
  startDate: string;
  endDate: string;
}

const REQUIRED = { from: "listings:calendar.errors.fromRequired", to: "listings:calendar.errors.toRequired" };

export type RangeIssues = Partial<Record<"from" | "to", string>>;

/** The rules of a range to block or unblock: both days given and real, from today to a year ahead, from ≤ to. */
export function checkBlockRange(range: { from?: string; to?: string }, today: string): RangeIssues {
  const last = lastEditableDay(today);
  const issues: RangeIssues = {};
  for (const field of ["from", "to"] as const) {
    const day = range[field];
    if (!day) issues[field] = REQUIRED[field];
    else if (!isCalendarDay(day)) issues[field] = "listings:calendar.errors.invalidDate";
    else if (day < today) issues[field] = "listings:calendar.errors.past";
    else if (day > last) issues[field] = "listings:calendar.errors.tooFar";
  }
  if (!issues.from && !issues.to && range.to! < range.from!) issues.to = "listings:calendar.errors.toBeforeFrom";
  return issues;
}

/** The calendar form: one schema for the page's constraints and the server's parse; the rules need today. */
export function blockedDaysSchema(today: string) {
  return z
    .object({
      intent: z.enum(BLOCK_INTENTS, { error: "listings:calendar.errors.invalidIntent" }),
      from: z.string({ error: "listings:calendar.errors.invalidDate" }).trim().optional(),
      to: z.string({ error: "listings:calendar.errors.invalidDate" }).trim().optional(),
    })
    .superRefine((range, ctx) => {
      for (const [field, message] of Object.entries(checkBlockRange(range, today))) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
    });
}
export type BlockedDaysValues = z.infer<ReturnType<typeof blockedDaysSchema>>;

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The month a calendar opens on: the one asked for within its bounds (this month to `ahead` months on), else the
 * chosen range's, else this month.
 */
export function calendarMonthOf(
  asked: string | null | undefined,
  from: string | undefined,
  today: string,
  ahead: number,
) {
  const first = today.slice(0, 7);
  const last = addMonths(today, ahead).slice(0, 7);
  const month = isMonth(asked) ? asked : from && isCalendarDay(from) ? from.slice(0, 7) : first;
  return { month: month < first ? first : month > last ? last : month, bounds: { first, last } };
}
