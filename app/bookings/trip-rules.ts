// When a trip's steps open and close, and what its two records show (decision 022). Pure: the trip page,
// the actions and the scheduled job read the same clock rules.
//
// A booking's days are calendar days in Vilnius; the car changes hands at HANDOVER_HOUR on the first day (the trip's
// start) and is due back at the same hour on the end date (the trip's end), so a booking of n days is n × 24 hours.
//
//   check-in     either party, on a confirmed booking, from 24 h before the start
//   overdue      no check-in 24 h after the start: both parties are told once (nothing changes by itself)
//   check-out    either party, on an active booking, from 24 h before the end until 48 h after it
//   deadline     end + 24 h: the latest moment the car counts as returned. Late hours and the claim window count
//                from the check-out, never from later than this (effectiveReturn), so a check-out recorded after it
//                keeps the car's state and moves no clock; with no check-out by then both parties are told, once
//   completion   end + 48 h with no check-out: the job completes the trip; its claim window (deadline + 24 h) has
//                closed with it, so the deposit goes back in full (decision 022, 2026-11-29)
//   claim window 24 h after the effective return: the host may claim from the deposit; then the job returns it
//   answer       the renter has 72 h to accept or dispute a claim; unanswered, it stands — unless it charges
//                kilometres of an implausible odometer the other party never confirmed (odometerCheck): then an
//                admin decides it
import type { TripRecordKind } from "#db/enums";
import { vilniusTime } from "~/utils/calendar-days";

export const HANDOVER_HOUR = 10;
export const HOUR_MS = 3_600_000;
export const CHECK_IN_OPENS_HOURS = 24;
export const CHECK_IN_OVERDUE_HOURS = 24;
export const CHECK_OUT_OPENS_HOURS = 24;
/** After the end, the latest the car counts as returned: late hours stop, the claim window starts at the latest. */
export const RETURN_DEADLINE_HOURS = 24;
/** After the end, an active trip nobody checked out is completed by the job, and check-out closes. */
export const AUTO_COMPLETE_HOURS = 48;
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

/**
 * From when, and until when, either party may record an end of the trip (null: no end to the window). Check-out
 * closes when the job completes a trip nobody checked out (AUTO_COMPLETE_HOURS after the end): the same moment for
 * the renter and the host, so neither can hold the trip open or close it alone.
 */
export function recordWindow(
  booking: { startDate: string; endDate: string },
  kind: TripRecordKind,
): { opens: number; closes: number | null } {
  const { start, end } = tripTimes(booking);
  if (kind === "check_in") return { opens: start - hours(CHECK_IN_OPENS_HOURS), closes: null };
  return { opens: end - hours(CHECK_OUT_OPENS_HOURS), closes: autoCompleteAt(booking) };
}

/** Where `now` stands against a record's window: too early, open, or closed. */
export function windowState(
  booking: { startDate: string; endDate: string },
  kind: TripRecordKind,
  now: Date | number,
): "early" | "open" | "closed" {
  const at = new Date(now).getTime();
  const window = recordWindow(booking, kind);
  if (at < window.opens) return "early";
  if (window.closes !== null && at >= window.closes) return "closed";
  return "open";
}

/** A confirmed booking with no check-in this long after its start is flagged to both parties. */
export const checkInOverdueAt = (booking: { startDate: string; endDate: string }) =>
  tripTimes(booking).start + hours(CHECK_IN_OVERDUE_HOURS);

/** The latest moment the car counts as returned (end + 24 h); an active trip past it with no check-out is flagged. */
export const returnDeadline = (booking: { startDate: string; endDate: string }) =>
  tripTimes(booking).end + hours(RETURN_DEADLINE_HOURS);

/** When the job completes an active trip nobody checked out, and check-out closes (end + 48 h). */
export const autoCompleteAt = (booking: { startDate: string; endDate: string }) =>
  tripTimes(booking).end + hours(AUTO_COMPLETE_HOURS);

/**
 * When the car counts as returned: the check-out, but never later than the deadline; without a check-out, the
 * deadline. Late hours and the claim window count from here, so neither party moves them by recording late.
 */
export function effectiveReturn(
  booking: { startDate: string; endDate: string },
  checkedOutAt: Date | number | null,
): number {
  const deadline = returnDeadline(booking);
  return checkedOutAt === null ? deadline : Math.min(new Date(checkedOutAt).getTime(), deadline);
}

/** A check-out recorded after the deadline: it keeps the car's state and moves no clock. */
export const recordedAfterDeadline = (booking: { startDate: string; endDate: string }, recordedAt: Date | number) =>
  new Date(recordedAt).getTime() > returnDeadline(booking);

/**
 * Until when the host may claim from the deposit: 24 hours after the effective return. For a trip the job completed
 * (no check-out) that is the moment it completes: nothing records the car as it came back, so nothing is left to
 * claim on, and the deposit goes back.
 */
export const claimWindowEnd = (booking: { startDate: string; endDate: string }, checkedOutAt: Date | number | null) =>
  new Date(effectiveReturn(booking, checkedOutAt) + hours(CLAIM_WINDOW_HOURS));

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
 * one hour late) until the check-out, and never past the return deadline (at most RETURN_DEADLINE_HOURS).
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
  const returned =
    input.checkedOutAt === null
      ? null
      : Math.min(new Date(input.checkedOutAt).getTime(), input.end + hours(RETURN_DEADLINE_HOURS));
  const late = returned === null ? 0 : returned - input.end;
  const hoursLate = late >= LATE_GRACE_MS ? Math.ceil(late / HOUR_MS) : 0;
  return { kmDriven, kmAllowed, excessKm: kmDriven === null ? 0 : Math.max(0, kmDriven - kmAllowed), hoursLate };
}

/** Returning within this after the end is on time. */
export const LATE_GRACE_MS = 15 * 60_000;

/**
 * More kilometres a day than this, between check-in and the effective return, is not taken at the odometer's word:
 * 1,500 km is some 16 hours at motorway speed, every day. Such a jump is charged as excess kilometres only once the
 * party who did not record the check-out confirms that record, or by an admin's decision (decision 022, 2026-11-29).
 */
export const PLAUSIBLE_KM_PER_DAY = 1_500;

export interface OdometerCheck {
  kmDriven: number;
  /** Days the car was out: from the earlier of the start and the check-in to the effective return, started days. */
  days: number;
  /** The most that counts as plausible for those days. */
  plausibleKm: number;
  plausible: boolean;
  /** Implausible and the check-out record not confirmed by the other party: its excess is not charged as it is. */
  held: boolean;
}

/** Whether the two odometer readings can be charged as they are; null until both ends are recorded. */
export function odometerCheck(
  booking: { startDate: string; endDate: string },
  records: {
    checkIn: { odometerKm: number; recordedAt: Date | number } | null;
    checkOut: { odometerKm: number; recordedAt: Date | number; confirmedAt: Date | number | null } | null;
  },
): OdometerCheck | null {
  const { checkIn, checkOut } = records;
  if (!checkIn || !checkOut) return null;
  const from = Math.min(tripTimes(booking).start, new Date(checkIn.recordedAt).getTime());
  const to = effectiveReturn(booking, checkOut.recordedAt);
  const days = Math.max(1, Math.ceil((to - from) / hours(24)));
  const kmDriven = Math.max(0, checkOut.odometerKm - checkIn.odometerKm);
  const plausibleKm = days * PLAUSIBLE_KM_PER_DAY;
  const plausible = kmDriven <= plausibleKm;
  return { kmDriven, days, plausibleKm, plausible, held: !plausible && checkOut.confirmedAt === null };
}
