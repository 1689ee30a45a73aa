// The availability calendar of the booking page (part 2 §2, §4), drawn by the server: one month of days, each
// booked (a confirmed or active booking holds it), pending (a request waits for the host: still available), past,
// selected or free; and the click rules, so a day can be a plain link to the selection it makes.
import { addDays } from "~/bookings/booking-request";

export type DayState = "past" | "booked" | "pending" | "free";

export interface CalendarBooking {
  startDate: string;
  endDate: string;
  status: string;
}

export interface CalendarDay {
  day: string;
  /** Day of the month. */
  date: number;
  state: DayState;
  today: boolean;
  /** 'start' and 'end' are the chosen pickup and return days, 'inside' the days between. */
  selection: "start" | "end" | "inside" | null;
}

export interface CalendarMonth {
  month: string;
  previous: string;
  next: string;
  /** Weeks Monday to Sunday; days of the neighbouring months are null. */
  weeks: (CalendarDay | null)[][];
}

export const isMonth = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

/** A day is held when a confirmed or active booking covers it (a booking holds [start, end): the car is back on end). */
function stateOf(day: string, today: string, bookings: CalendarBooking[]): DayState {
  if (day < today) return "past";
  const covering = bookings.filter((b) => b.startDate <= day && day < b.endDate);
  if (covering.some((b) => b.status === "confirmed" || b.status === "active")) return "booked";
  if (covering.some((b) => b.status === "pending")) return "pending";
  return "free";
}

export function buildMonth(
  month: string,
  today: string,
  bookings: CalendarBooking[],
  selection: { start?: string; end?: string },
): CalendarMonth {
  const first = `${month}-01`;
  const [y, m] = month.split("-").map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const offset = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
  const cells: (CalendarDay | null)[] = Array.from({ length: offset }, () => null);
  for (let i = 0; i < length; i++) {
    const day = addDays(first, i);
    let chosen: CalendarDay["selection"] = null;
    if (day === selection.start) chosen = "start";
    else if (day === selection.end) chosen = "end";
    else if (selection.start && selection.end && selection.start < day && day < selection.end) chosen = "inside";
    cells.push({ day, date: i + 1, state: stateOf(day, today, bookings), today: day === today, selection: chosen });
  }
  while (cells.length % 7) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { month, previous: shiftMonth(month, -1), next: shiftMonth(month, 1), weeks };
}

/**
 * Part 2 §2: the first click sets the start; a click later than the start sets the end; a click on or before the
 * start starts again from it.
 */
export function pickDay(selection: { start?: string; end?: string }, day: string): { start: string; end?: string } {
  if (!selection.start || day <= selection.start) return { start: day };
  return { start: selection.start, end: day };
}

/** Part 2 §5 'Booking Conflict': the chosen days contain a confirmed (or active) booking. */
export function rangeHasBooked(start: string, end: string, bookings: CalendarBooking[]): boolean {
  return bookings.some(
    (b) => (b.status === "confirmed" || b.status === "active") && b.startDate < end && start < b.endDate,
  );
}
