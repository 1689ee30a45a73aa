// The availability calendar of the booking and car pages (part 2 §2, §4) and of the host's own calendar, drawn by
// the server: one month of days, each booked (a confirmed or active booking holds it), blocked (the host took it off),
// pending (a request waits for the host: still available), past, selected or free; and the click rules, so a day can
// be a plain link to the selection it makes. Renters see booked and blocked days alike, as unavailable: why a day
// cannot be had is the host's business.
import { addDays } from "~/utils/calendar-days";

export type DayState = "past" | "booked" | "blocked" | "unavailable" | "pending" | "free";

/** Whose calendar: the renter's (booked and blocked days are one "unavailable") or the host's (told apart). */
export type CalendarView = "renter" | "host";

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
  /** The neighbouring months, or null past the calendar's bounds. */
  previous: string | null;
  next: string | null;
  /** Weeks Monday to Sunday; days of the neighbouring months are null. */
  weeks: (CalendarDay | null)[][];
  /**
   * On the renter's calendar with a pickup day chosen, the last day the car can come back: the first unavailable day
   * from the pickup on (a range is [start, end), so the car may return on it); null when nothing stops the range.
   */
  lastReturnDay?: string | null;
}

export const isMonth = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

/** A confirmed or active booking holds its days; a pending request does not (yet). */
const holds = (booking: CalendarBooking) => booking.status === "confirmed" || booking.status === "active";

/** A day is held when a confirmed or active booking covers it (a booking holds [start, end): the car is back on end). */
function stateOf(
  day: string,
  today: string,
  bookings: CalendarBooking[],
  blocked: ReadonlySet<string>,
  view: CalendarView,
): DayState {
  if (day < today) return "past";
  const covering = bookings.filter((b) => b.startDate <= day && day < b.endDate);
  if (covering.some(holds)) {
    return view === "host" ? "booked" : "unavailable";
  }
  if (blocked.has(day)) return view === "host" ? "blocked" : "unavailable";
  if (covering.some((b) => b.status === "pending")) return "pending";
  return "free";
}

/** Days nobody can choose: gone, or held by a booking (blocked days stay choosable on the host's calendar, to unblock). */
const selectableState = (state: DayState) => state !== "past" && state !== "booked" && state !== "unavailable";
export const isSelectable = (day: CalendarDay) => selectableState(day.state);

/**
 * A day's part in the chosen range. A day nobody can have is never drawn inside it: dates typed across unavailable
 * days show those days as unavailable (and the form names them), not as a range the car could be booked for.
 */
function selectionOf(
  day: string,
  state: DayState,
  selection: { start?: string; end?: string },
): CalendarDay["selection"] {
  if (day === selection.start) return "start";
  if (day === selection.end) return "end";
  if (selection.start && selection.end && selection.start < day && day < selection.end && selectableState(state)) {
    return "inside";
  }
  return null;
}

/** The month with another selection marked (a range chosen in the browser, without asking the server again). */
export function withSelection(month: CalendarMonth, selection: { start?: string; end?: string }): CalendarMonth {
  return {
    ...month,
    weeks: month.weeks.map((week) =>
      week.map((day) => day && { ...day, selection: selectionOf(day.day, day.state, selection) }),
    ),
  };
}

export interface MonthOptions {
  /** Days the host blocked. */
  blocked?: readonly string[];
  view?: CalendarView;
  /** The first and last months the calendar may show (YYYY-MM); no link leads beyond them. */
  bounds?: { first: string; last: string };
}

export function buildMonth(
  month: string,
  today: string,
  bookings: CalendarBooking[],
  selection: { start?: string; end?: string },
  options: MonthOptions = {},
): CalendarMonth {
  const blocked = new Set(options.blocked ?? []);
  const view = options.view ?? "renter";
  const first = `${month}-01`;
  const [y, m] = month.split("-").map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const offset = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
  const cells: (CalendarDay | null)[] = Array.from({ length: offset }, () => null);
  for (let i = 0; i < length; i++) {
    const day = addDays(first, i);
    const state = stateOf(day, today, bookings, blocked, view);
    cells.push({ day, date: i + 1, state, today: day === today, selection: selectionOf(day, state, selection) });
  }
  while (cells.length % 7) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return {
    month,
    previous: options.bounds && previous < options.bounds.first ? null : previous,
    next: options.bounds && next > options.bounds.last ? null : next,
    weeks,
    lastReturnDay:
      view === "renter" && selection.start
        ? firstUnavailableDay(selection.start, bookings, options.blocked ?? [])
        : null,
  };
}

/**
 * Part 2 §2: the first click sets the start; a click later than the start sets the end; a click on or before the
 * start starts again from it. So does a click past `lastReturnDay` (CalendarMonth): a range never spans a day the
 * car is not available.
 */
export function pickDay(
  selection: { start?: string; end?: string },
  day: string,
  lastReturnDay?: string | null,
): { start: string; end?: string } {
  // A new start says `end: undefined` outright: the day links spread the choice over the one shown, end included.
  if (!selection.start || day <= selection.start) return { start: day, end: undefined };
  if (lastReturnDay && day > lastReturnDay) return { start: day, end: undefined };
  return { start: selection.start, end: day };
}

/** The host's calendar picks a range of whole days: one click is a single day, a later second click its last day. */
export function pickRange(selection: { start?: string; end?: string }, day: string): { start: string; end: string } {
  const picked = pickDay(selection.start === selection.end ? { start: selection.start } : selection, day);
  return { start: picked.start, end: picked.end ?? picked.start };
}

/** The first day from `start` on that a confirmed or active booking holds or the host blocked, if any. */
export function firstUnavailableDay(
  start: string,
  bookings: CalendarBooking[],
  blocked: readonly string[],
): string | null {
  const candidates = [
    ...blocked.filter((day) => day >= start),
    ...bookings.filter((b) => holds(b) && b.endDate > start).map((b) => (b.startDate > start ? b.startDate : start)),
  ];
  return candidates.length ? candidates.sort()[0]! : null;
}

/** The days of [start, end) the renter cannot have (held by a confirmed or active booking, or blocked), in order. */
export function unavailableDaysIn(
  start: string,
  end: string,
  bookings: CalendarBooking[],
  blocked: readonly string[],
): string[] {
  const days = new Set(blocked.filter((day) => start <= day && day < end));
  for (let day = start; day < end; day = addDays(day, 1)) {
    if (bookings.some((b) => holds(b) && b.startDate <= day && day < b.endDate)) days.add(day);
  }
  return [...days].sort();
}

/** The chosen days [start, end) contain a day the host blocked. */
export function rangeHasBlocked(start: string, end: string, blocked: readonly string[]): boolean {
  return blocked.some((day) => start <= day && day < end);
}

/** Part 2 §5 'Booking Conflict': the chosen days contain a confirmed (or active) booking. */
export function rangeHasBooked(start: string, end: string, bookings: CalendarBooking[]): boolean {
  return bookings.some((b) => holds(b) && b.startDate < end && start < b.endDate);
}
