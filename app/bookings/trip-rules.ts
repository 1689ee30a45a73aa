// When a trip's steps open and close, and what its two records show (issue 17, decision 022). Pure: the trip page,
// the actions and the scheduled job read the same clock rules.
//
// A booking's days are calendar days in Vilnius; the car changes hands at HANDOVER_HOUR on the first day (the trip's
// start) and is due back at the same hour on the end date (the trip's end), so a booking of n days is n × 24 hours.
//
//   check-in     either party, on a confirmed booking, from 24 h before the start
//   overdue      no check-in 24 h after the start: both parties are told once (nothing changes by itself)
//   check-out    either party, on an active booking, from 24 h before the end until 24 h after it; after that the
//                host alone (the renter who never returned the record cannot hold the trip open)
//   claim window 24 h after check-out: the host may claim from the deposit; then the job returns it
//   answer       the renter has 72 h to accept or dispute a claim; unanswered, it stands
import type { TripRecordKind } from "#db/enums";
import { vilniusTime } from "~/utils/calendar-days";

export const HANDOVER_HOUR = 10;
export const HOUR_MS = 3_600_000;
export const CHECK_IN_OPENS_HOURS = 24;
export const CHECK_IN_OVERDUE_HOURS = 24;
export const CHECK_OUT_OPENS_HOURS = 24;
export const CHECK_OUT_RENTER_CLOSES_HOURS = 24;
export const CLAIM_WINDOW_HOURS = 24;
export const CLAIM_ANSWER_HOURS = 72;

/** A record needs the four sides; up to 12 photos in all. */
export const REQUIRED_ANGLES = ["front", "back", "left", "right"] as const;
export type RequiredAngle = (typeof REQUIRED_ANGLES)[number];
export const MAX_TRIP_PHOTOS = 12;
/** Photos a claim, a dispute or a disagreement may carry. */
export const MAX_EVIDENCE_PHOTOS = 8;
export const FUEL_LEVEL_MAX = 8;
export const TRIP_NOTE_MAX = 1000;
export const CLAIM_TEXT_MAX = 2000;
export const MAX_ODOMETER_KM = 9_999_999;

/** When the car is handed over (start) and due back (end), as UTC milliseconds. */
export function tripTimes(booking: { startDate: string; endDate: string }) {
  return { start: vilniusTime(booking.startDate, HANDOVER_HOUR), end: vilniusTime(booking.endDate, HANDOVER_HOUR) };
}

const hours = (n: number) => n * HOUR_MS;

/** From when, and until when, a party may record an end of the trip (null: no end to the window). */
export function recordWindow(
  booking: { startDate: string; endDate: string },
  kind: TripRecordKind,
  role: "renter" | "host",
): { opens: number; closes: number | null } {
  const { start, end } = tripTimes(booking);
  if (kind === "check_in") return { opens: start - hours(CHECK_IN_OPENS_HOURS), closes: null };
  return {
    opens: end - hours(CHECK_OUT_OPENS_HOURS),
    closes: role === "host" ? null : end + hours(CHECK_OUT_RENTER_CLOSES_HOURS),
  };
}

/** Where `now` stands against a record's window: too early, open, or closed. */
export function windowState(
  booking: { startDate: string; endDate: string },
  kind: TripRecordKind,
  role: "renter" | "host",
  now: Date | number,
): "early" | "open" | "closed" {
  const at = new Date(now).getTime();
  const window = recordWindow(booking, kind, role);
  if (at < window.opens) return "early";
  if (window.closes !== null && at > window.closes) return "closed";
  return "open";
}

/** A confirmed booking with no check-in this long after its start is flagged to both parties. */
export const checkInOverdueAt = (booking: { startDate: string; endDate: string }) =>
  tripTimes(booking).start + hours(CHECK_IN_OVERDUE_HOURS);

/** Until when the host may claim from the deposit: check-out plus 24 hours. */
export const claimWindowEnd = (checkedOutAt: Date | number) =>
  new Date(new Date(checkedOutAt).getTime() + hours(CLAIM_WINDOW_HOURS));

/** Until when the renter may answer a claim filed at `filedAt`. */
export const claimAnswerDeadline = (filedAt: Date | number) =>
  new Date(new Date(filedAt).getTime() + hours(CLAIM_ANSWER_HOURS));

/** What the two records show against the agreement: kilometres driven and allowed, and hours late. */
export interface TripMeasures {
  kmDriven: number | null;
  kmAllowed: number;
  excessKm: number;
  hoursLate: number;
}

/**
 * Kilometres driven (odometer at check-out minus at check-in), the allowance (per-day limit × days) and what went
 * beyond it; hours late are whole hours started after the end (a quarter of an hour's grace: 10:14 is on time, 10:15
 * one hour late).
 */
export function tripMeasures(input: {
  checkInKm: number | null;
  checkOutKm: number | null;
  checkedOutAt: Date | number | null;
  mileageLimitPerDay: number;
  totalDays: number;
  end: number;
}): TripMeasures {
  const kmAllowed = input.mileageLimitPerDay * input.totalDays;
  const kmDriven =
    input.checkInKm !== null && input.checkOutKm !== null ? Math.max(0, input.checkOutKm - input.checkInKm) : null;
  const late = input.checkedOutAt === null ? 0 : new Date(input.checkedOutAt).getTime() - input.end;
  const hoursLate = late >= LATE_GRACE_MS ? Math.ceil(late / HOUR_MS) : 0;
  return { kmDriven, kmAllowed, excessKm: kmDriven === null ? 0 : Math.max(0, kmDriven - kmAllowed), hoursLate };
}

/** Returning within this after the end is on time. */
export const LATE_GRACE_MS = 15 * 60_000;
