// One evaluation of a booking choice, used by the booking page's loader (to show the price and what is missing)
// and by its action (which writes only when nothing is). Every rule of part 2 §5 and the FAQ's age rule is here.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { profiles } from "#db/schema";
import {
  rangeHasBlocked,
  rangeHasBooked,
  shiftMonth,
  unavailableDaysIn,
  type CalendarBooking,
} from "~/bookings/availability-rules";
import {
  LOCATION_MAX,
  SPECIAL_REQUESTS_MAX,
  ageIssue,
  checkBookingDates,
  earliestStartDay,
  instantBookFor,
  type InstantBookAnswer,
} from "~/bookings/booking-request-rules";
import type { BookingChoice } from "~/bookings/booking-request";
import { daysBetween, vilniusDay } from "~/utils/calendar-days";
import {
  activeInsurancePackages,
  calendarBookings,
  pickupOptions,
  type BookableCar,
} from "~/bookings/booking-queries.server";
import { quoteBooking, type QuoteResult } from "~/pricing/booking-price";
import { findBlockedDays } from "~/bookings/blocked-days.server";

export type InsurancePackage = Awaited<ReturnType<typeof activeInsurancePackages>>[number];

export type ChoiceField =
  "start" | "end" | "period" | "insurance" | "driver" | "pickup" | "dropoffLocation" | "requests" | "dateOfBirth";

export interface Evaluation {
  issues: Partial<Record<ChoiceField, string>>;
  /** A message for the whole form: 'Booking Conflict' or 'Invalid pricing configuration'. */
  formIssue: FormIssue | null;
  days: number;
  withDriver: boolean;
  quote: QuoteResult | null;
  insurance: InsurancePackage | null;
  pickup: ReturnType<typeof pickupOptions>[number] | null;
  /** The renter's date of birth is not on their profile: the page asks for it. */
  needsDateOfBirth: boolean;
  /**
   * The date asked for is saved to the profile with the request. Not for a verified identity: its date of birth is
   * part of what an admin verified and changes only through verification (decision 031), so the date given here
   * counts for this request's age rule alone, and never for instant book.
   */
  dateOfBirthKept: boolean;
  /** Whether this request would be confirmed as soon as the card is authorised (booking-request.ts#instantBookFor). */
  instantBook: InstantBookAnswer;
  today: string;
  earliest: string;
}

/** What the rules read of the renter's profile: the date of birth (age rule) and the verification (instant book). */
export async function renterStanding(db: AppLoadContext["db"], userId: string) {
  const [row] = await db
    .select({ dateOfBirth: profiles.dateOfBirth, verificationStatus: profiles.verificationStatus })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { dateOfBirth: row?.dateOfBirth ?? null, verificationStatus: row?.verificationStatus ?? null };
}

export interface FormIssue {
  title: string;
  message: string;
  /** The chosen days the car is not available (YYYY-MM-DD), named under the message. */
  days?: string[];
}

/** Days a confirmed or active booking holds. */
export const CONFLICT = { title: "bookings:errors.conflictTitle", message: "bookings:errors.conflict" };
/** Days the host blocked: the renter is told what the spec tells them, not why (see decision 018). */
export const UNAVAILABLE = { title: "bookings:errors.conflictTitle", message: "bookings:errors.unavailable" };
/** Days of the renter's own request that waits for the owner (findOpenRequest). */
export const ALREADY_REQUESTED = {
  title: "bookings:errors.alreadyRequestedTitle",
  message: "bookings:errors.alreadyRequested",
};

export function evaluateChoice(input: {
  car: BookableCar;
  choice: BookingChoice;
  packages: InsurancePackage[];
  bookings: CalendarBooking[];
  /** Days the host blocked around the chosen ones. */
  blocked: string[];
  profileDateOfBirth: string | null;
  /** The renter's verification status, for instant book; unknown means a request. */
  renterVerification?: string | null;
  now: Date;
}): Evaluation {
  const { car, choice, packages } = input;
  const today = vilniusDay(input.now);
  const earliest = earliestStartDay(car, input.now, vilniusDay);
  const issues: Evaluation["issues"] = { ...checkBookingDates(choice, car, today, earliest) };
  let formIssue: Evaluation["formIssue"] = null;
  const days = choice.start && choice.end ? Math.max(0, daysBetween(choice.start, choice.end)) : 0;

  const withDriver = car.driverOnly || (choice.driver === "driver" && car.driverAvailable);
  if (choice.driver === "driver" && !car.driverAvailable) issues.driver = "bookings:validation.noDriver";

  let insurance: InsurancePackage | null = null;
  if (!choice.insurance) issues.insurance = "bookings:validation.chooseInsurance";
  else if (choice.insurance !== "none") {
    insurance = packages.find((p) => p.id === choice.insurance) ?? null;
    if (!insurance) issues.insurance = "bookings:validation.chooseInsurance";
  }

  const pickup = pickupOptions(car).find((p) => p.id === choice.pickup) ?? null;
  if (!pickup) issues.pickup = "bookings:validation.pickupRequired";
  if (choice.dropoff === "other" && !choice.dropoffLocation)
    issues.dropoffLocation = "bookings:validation.dropoffRequired";
  if (choice.dropoffLocation.length > LOCATION_MAX) issues.dropoffLocation = "bookings:validation.dropoffTooLong";
  if (choice.requests.length > SPECIAL_REQUESTS_MAX) issues.requests = "bookings:validation.requestsTooLong";

  const needsDateOfBirth = !input.profileDateOfBirth;
  const age = ageIssue(input.profileDateOfBirth ?? choice.dateOfBirth, car.category, choice.start ?? today, today);
  if (age && (needsDateOfBirth || age === "bookings:validation.tooYoung")) issues.dateOfBirth = age;
  // Instant book trusts the profile's date of birth only: for a verified renter it is the verified one, and anyone
  // else is not offered instant book at all. A date typed into this form never confirms a booking by itself.
  const instantBook = instantBookFor(
    car,
    { verificationStatus: input.renterVerification, dateOfBirth: input.profileDateOfBirth },
    { start: choice.start ?? today, today },
  );

  let quote: QuoteResult | null = null;
  if (days >= 1) {
    quote = quoteBooking(car, { period: choice.period, days, withDriver, insurance });
    if (!quote.ok && quote.error === "period") issues.period = "bookings:validation.periodUnavailable";
    if (!quote.ok && quote.error === "pricing") {
      formIssue = { title: "bookings:errors.bookingFailed", message: "bookings:errors.invalidPricing" };
    }
    if (choice.start && choice.end && !issues.start && !issues.end) {
      const days = () => unavailableDaysIn(choice.start!, choice.end!, input.bookings, input.blocked);
      if (rangeHasBooked(choice.start, choice.end, input.bookings)) formIssue = { ...CONFLICT, days: days() };
      else if (rangeHasBlocked(choice.start, choice.end, input.blocked)) formIssue = { ...UNAVAILABLE, days: days() };
    }
  }
  return {
    issues,
    formIssue,
    days,
    withDriver,
    quote,
    insurance,
    pickup,
    needsDateOfBirth,
    dateOfBirthKept: needsDateOfBirth && input.renterVerification !== "verified",
    instantBook,
    today,
    earliest,
  };
}

/** Loads what an evaluation needs for the car and the chosen days (and the calendar's months around them). */
export async function loadChoiceContext(
  db: AppLoadContext["db"],
  car: BookableCar,
  userId: string,
  range: { from: string; to: string },
) {
  const [packages, bookings, blocked, renter] = await Promise.all([
    activeInsurancePackages(db),
    calendarBookings(db, car.id, range.from, range.to),
    findBlockedDays(db, car.id, range.from, range.to),
    renterStanding(db, userId),
  ]);
  return {
    packages,
    bookings,
    blocked,
    profileDateOfBirth: renter.dateOfBirth,
    renterVerification: renter.verificationStatus,
  };
}

/**
 * Evaluates a choice against the car, its bookings and blocked days around the shown month and the chosen days, and
 * the renter's profile: what the booking page shows, and what its action checks again before writing.
 */
export async function evaluateBookingChoice(
  db: AppLoadContext["db"],
  car: BookableCar,
  userId: string,
  choice: BookingChoice,
  month: string,
) {
  const from = [`${shiftMonth(month, -1)}-01`, choice.start].filter(Boolean).sort()[0]!;
  const to = [`${shiftMonth(month, 2)}-01`, choice.end].filter(Boolean).sort().at(-1)!;
  const loaded = await loadChoiceContext(db, car, userId, { from, to });
  return { loaded, evaluation: evaluateChoice({ car, choice, ...loaded, now: new Date() }) };
}

/** Something the renter must change before the request can be written. */
export const hasIssues = (evaluation: Evaluation) =>
  Object.keys(evaluation.issues).length > 0 || evaluation.formIssue !== null;
