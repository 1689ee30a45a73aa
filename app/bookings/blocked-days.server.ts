// The host's calendar against the database: the month as the owner sees it, and blocking and unblocking days. A
// block is one statement that inserts the days only when no booking holds any of them (and migration 0010's
// triggers refuse what slips past), so a block and a confirm racing can never both win.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, eq, gt, gte, lt, lte, or, sql } from "drizzle-orm";
import { bookings, carBlockedDays } from "#db/schema";
import { buildMonth, shiftMonth, type MonthOptions } from "~/bookings/availability-rules";
import { BOOK_AHEAD_MONTHS } from "~/bookings/booking-request";
import { isCalendarDay, vilniusDay } from "~/utils/calendar-days";
import { calendarBookings } from "~/bookings/booking-queries.server";
import {
  BLOCK_AHEAD_MONTHS,
  blockedDaysSchema,
  calendarMonthOf,
  hasCalendar,
  lastEditableDay,
  type BlockIntent,
  type HeldRange,
} from "~/bookings/blocked-days";
import type { Db } from "~/db.server";
import { isConstraintMessage } from "~/utils/db-errors.server";

/** The days a host blocked from `from` (included) to `to` (excluded), in order. */
export async function findBlockedDays(db: Db, carId: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ day: carBlockedDays.day })
    .from(carBlockedDays)
    .where(and(eq(carBlockedDays.carId, carId), gte(carBlockedDays.day, from), lt(carBlockedDays.day, to)))
    .orderBy(asc(carBlockedDays.day));
  return rows.map((row) => row.day);
}

/** One month of a car's calendar: its bookings and requests, and the days its owner blocked. */
async function loadMonth(
  db: Db,
  carId: string,
  today: string,
  month: string,
  selection: { start?: string; end?: string },
  options: Pick<MonthOptions, "view" | "bounds">,
) {
  const [first, next] = [`${month}-01`, `${shiftMonth(month, 1)}-01`];
  const [held, blocked] = await Promise.all([
    calendarBookings(db, carId, first, next),
    findBlockedDays(db, carId, first, next),
  ]);
  return buildMonth(month, today, held, selection, { ...options, blocked });
}

/** The owner's calendar of one month, with the range chosen by day links (no JavaScript) marked on it. */
export async function loadHostCalendar(db: Db, carId: string, query: URLSearchParams, now: Date) {
  const today = vilniusDay(now);
  const chosen = (name: string) => {
    const value = query.get(name);
    return value && isCalendarDay(value) ? value : undefined;
  };
  const from = chosen("from");
  const to = chosen("to") ?? from;
  const { month, bounds } = calendarMonthOf(query.get("month"), from, today, BLOCK_AHEAD_MONTHS);
  const selection = { start: from, end: to };
  return {
    today,
    lastDay: lastEditableDay(today),
    range: { from, to },
    month: await loadMonth(db, carId, today, month, selection, { view: "host", bounds }),
  };
}

/** The car page's calendar: what a renter may book, this month to as far ahead as bookings go. */
export async function loadCarCalendar(db: Db, carId: string, askedMonth: string | null, now: Date) {
  const today = vilniusDay(now);
  const { month, bounds } = calendarMonthOf(askedMonth, undefined, today, BOOK_AHEAD_MONTHS);
  return loadMonth(db, carId, today, month, {}, { view: "renter", bounds });
}

const HOLDS = or(
  sql`${bookings.status} in ('confirmed', 'active')`,
  sql`${bookings.status} = 'pending' and ${bookings.paymentStatus} = 'authorized'`,
);

/** The first booking or waiting request on the days from `from` to `to` (both included). */
async function findHold(db: Db, carId: string, from: string, to: string): Promise<HeldRange | null> {
  const [row] = await db
    .select({ status: bookings.status, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(and(eq(bookings.carId, carId), lte(bookings.startDate, to), gt(bookings.endDate, from), HOLDS))
    .orderBy(asc(bookings.startDate))
    .limit(1);
  if (!row) return null;
  return { kind: row.status === "pending" ? "requested" : "booked", startDate: row.startDate, endDate: row.endDate };
}

/**
 * Blocks the days from `from` to `to` (both included) unless a booking or a waiting request holds one of them: one
 * INSERT ... SELECT over the days, conditional on the bookings, so nothing is half-blocked. Days already blocked stay
 * as they were. Returns what is in the way, or null when the days are blocked.
 */
export async function blockDays(db: Db, carId: string, from: string, to: string, now: Date) {
  let inserted = 0;
  try {
    const result = await db.run(sql`
      with recursive span(day) as (
        select ${from} union all select date(day, '+1 day') from span where day < ${to}
      )
      insert into ${carBlockedDays} (car_id, day, created_at)
      select ${carId}, day, ${now.getTime()} from span
      where not exists (
        select 1 from ${bookings} as b
        where b.car_id = ${carId} and b.start_date <= ${to} and ${from} < b.end_date
          and (b.status in ('confirmed', 'active') or (b.status = 'pending' and b.payment_status = 'authorized'))
      )
      on conflict do nothing`);
    inserted = result.rowsAffected;
  } catch (error) {
    if (!isConstraintMessage(error, "blocked_day_booked")) throw error;
  }
  // Nothing inserted: something held the days, or every one of them was blocked already.
  return inserted > 0 ? null : findHold(db, carId, from, to);
}

/** Gives back the blocked days from `from` to `to` (both included); the rules keep them from today on. */
export async function unblockDays(db: Db, carId: string, from: string, to: string) {
  await db
    .delete(carBlockedDays)
    .where(and(eq(carBlockedDays.carId, carId), gte(carBlockedDays.day, from), lte(carBlockedDays.day, to)));
}

export type CalendarChange =
  | { ok: true; intent: BlockIntent; month: string }
  | { ok: false; status: 400 | 409; reply: SubmissionResult<string[]>; hold?: HeldRange };

/** The calendar form's post: the rules, then the block or the unblock. Only for the car's owner (the route checks). */
export async function changeBlockedDays(
  db: Db,
  car: { id: string; listingType: string },
  formData: FormData,
  now: Date,
): Promise<CalendarChange> {
  const submission = parseWithZod(formData, { schema: blockedDaysSchema(vilniusDay(now)) });
  if (submission.status !== "success") return { ok: false, status: 400, reply: submission.reply() };
  if (!hasCalendar(car)) {
    return {
      ok: false,
      status: 400,
      reply: submission.reply({ formErrors: ["listings:calendar.errors.notRental"] }),
    };
  }
  const { intent } = submission.value;
  const from = submission.value.from!;
  const to = submission.value.to!;
  if (intent === "unblock") {
    await unblockDays(db, car.id, from, to);
  } else {
    const hold = await blockDays(db, car.id, from, to, now);
    if (hold) {
      const message = hold.kind === "booked" ? "listings:calendar.errors.booked" : "listings:calendar.errors.requested";
      return { ok: false, status: 409, reply: submission.reply({ fieldErrors: { from: [message] } }), hold };
    }
  }
  return { ok: true, intent, month: from.slice(0, 7) };
}
