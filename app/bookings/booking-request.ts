// A booking request (part 2 §5): the renter's choice, the rules the server checks before it writes anything (dates,
// notice, age, instant book) and the booking dialog's links, which carry the choice in the query string. Messages are
// translation keys in `bookings`. No zod here (the car page runs instantBookFor and minimumAgeFor in the browser): the
// schema that reads a choice, its evaluation and the writing of the request are booking-request.server.ts.
import { ageOn, dateOfBirthProblem } from "~/accounts/profile-rules";
import type { PRICING_PERIODS } from "#db/enums";
import { addMonths, daysBetween } from "~/utils/calendar-days";

/**
 * What the renter chose in the booking dialog (step 1 is a GET form, so the URL holds it; the final POST repeats it).
 * Read by BookingChoiceSchema in booking-request.server.ts, which a type check keeps equal to this.
 */
export interface BookingChoice {
  start: string | undefined;
  end: string | undefined;
  period: (typeof PRICING_PERIODS)[number];
  insurance?: string | undefined;
  driver?: "self" | "driver" | undefined;
  pickup?: string | undefined;
  dropoff: "same" | "other";
  dropoffLocation: string;
  requests: string;
  dateOfBirth?: string | undefined;
}

/** Part 2 §5: special requests up to 500 characters, locations up to 200. */
export const SPECIAL_REQUESTS_MAX = 500;
export const LOCATION_MAX = 200;
/** The FAQ: bookings up to 6 months ahead. */
export const BOOK_AHEAD_MONTHS = 6;
/** The FAQ: renters are at least 21, and 25 for luxury and exotic cars. */
export const MIN_RENTER_AGE = 21;
export const MIN_RENTER_AGE_PREMIUM = 25;
export const PREMIUM_CATEGORIES = ["luxury", "exotic"] as const;

/** Links within the booking dialog: the car's /book address with the choice, changed as asked. */
export function bookingHref(carId: string, choice: Partial<BookingChoice>) {
  return (change: Partial<BookingChoice>, extra: Record<string, string | undefined> = {}) =>
    `/car/${carId}/book${choiceQuery({ ...choice, ...change }, extra)}`;
}

/** The query string that reproduces a choice (for month links, day links and the way back from step 2). */
export function choiceQuery(choice: Partial<BookingChoice>, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  const entries: Record<string, string | undefined> = {
    start: choice.start,
    end: choice.end,
    period: choice.period && choice.period !== "daily" ? choice.period : undefined,
    insurance: choice.insurance,
    driver: choice.driver,
    pickup: choice.pickup,
    dropoff: choice.dropoff && choice.dropoff !== "same" ? choice.dropoff : undefined,
    dropoffLocation: choice.dropoff === "other" ? choice.dropoffLocation || undefined : undefined,
    requests: choice.requests || undefined,
    dateOfBirth: choice.dateOfBirth,
    ...extra,
  };
  for (const [key, value] of Object.entries(entries)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export interface RentalLimits {
  minRentalDays: number;
  maxRentalDays: number;
  /** Notice the owner needs before a pickup, in hours. */
  minimumRentalHours: number;
}

/**
 * The first day a rental may start: the Vilnius calendar day reached after the owner's notice. With the default
 * 4 hours that is today until 20:00, tomorrow after it.
 */
export function earliestStartDay(
  limits: Pick<RentalLimits, "minimumRentalHours">,
  now: Date,
  vilniusDayOf: (d: Date) => string,
) {
  return vilniusDayOf(new Date(now.getTime() + limits.minimumRentalHours * 3_600_000));
}

/** Part 2 §5: the notice is shown when it is over a day, in hours and in days rounded up. */
export function noticeToShow(limits: Pick<RentalLimits, "minimumRentalHours">): { hours: number; days: number } | null {
  if (limits.minimumRentalHours <= 24) return null;
  return { hours: limits.minimumRentalHours, days: Math.ceil(limits.minimumRentalHours / 24) };
}

export type DateIssues = Partial<Record<"start" | "end", string>>;

/** The date rules of part 2 §5 plus the car's own limits; `today` and `earliest` are Vilnius days. */
export function checkBookingDates(
  choice: { start?: string; end?: string },
  limits: RentalLimits,
  today: string,
  earliest: string,
): DateIssues {
  const issues: DateIssues = {};
  if (!choice.start) issues.start = "bookings:validation.selectDates";
  if (!choice.end) issues.end = "bookings:validation.selectDates";
  if (!choice.start || !choice.end) return issues;
  if (choice.start < today) issues.start = "bookings:validation.startInPast";
  else if (choice.start < earliest) issues.start = "bookings:validation.notice";
  else if (choice.start > addMonths(today, BOOK_AHEAD_MONTHS)) issues.start = "bookings:validation.tooFarAhead";
  const days = daysBetween(choice.start, choice.end);
  if (days <= 0) issues.end = "bookings:validation.endBeforeStart";
  else if (days < limits.minRentalDays) issues.end = "bookings:validation.minDays";
  else if (days > limits.maxRentalDays) issues.end = "bookings:validation.maxDays";
  return issues;
}

/** The renter's minimum age for this car (the FAQ: 21, and 25 for luxury and exotic cars). */
export function minimumAgeFor(category: string): number {
  return (PREMIUM_CATEGORIES as readonly string[]).includes(category) ? MIN_RENTER_AGE_PREMIUM : MIN_RENTER_AGE;
}

/** The age rule on the pickup day; null when the renter may book. */
export function ageIssue(dateOfBirth: string | null | undefined, category: string, startDay: string, today: string) {
  if (!dateOfBirth) return "bookings:validation.dateOfBirthRequired";
  const problem = dateOfBirthProblem(dateOfBirth, today);
  if (problem && problem !== "profile:validation.dateOfBirthUnderage") return problem;
  if (ageOn(dateOfBirth, startDay) < minimumAgeFor(category)) return "bookings:validation.tooYoung";
  return null;
}

/**
 * Instant book (decision 023): whether this renter's request on this car is confirmed as soon as their card is authorised
 * ("instant"), and if not, why: the host does not offer it ("off"), the renter's identity is not verified
 * ("unverified"), or the age rule is not met on the pickup day (or the date of birth is not known yet: "age").
 */
export type InstantBookAnswer = "instant" | "off" | "unverified" | "age";

export function instantBookFor(
  car: { instantBook: boolean; category: string },
  renter: { verificationStatus: string | null | undefined; dateOfBirth: string | null | undefined },
  days: { start: string; today: string },
): InstantBookAnswer {
  if (!car.instantBook) return "off";
  if (renter.verificationStatus !== "verified") return "unverified";
  if (ageIssue(renter.dateOfBirth, car.category, days.start, days.today)) return "age";
  return "instant";
}
