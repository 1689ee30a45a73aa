// The server's half of a booking request (the browser-safe half, with the rules, is booking-request.ts), in the order a
// request goes:
// - the choice, read by one schema from the dialog's query string (step 1 is a GET form, so the URL holds what was
//   chosen) and from the final POST;
// - its evaluation against the car, its calendar and the renter's profile: every rule of part 2 §5 and the FAQ's age
//   rule, used by the booking page's loader (to show the price and what is missing) and by the action (which writes
//   only when nothing is);
// - (what the booking dialog shows, built on this evaluation, is booking-dialog.server.ts;)
// - the request itself (part 2 §4), from the review step's POST to Stripe Checkout: the choice is checked again, the
//   request written in one atomic statement (refused when the days were taken meanwhile), the checkout opened and
//   attached; only then does the profile remember the renter's language and date of birth (never a verified
//   identity's: decision 031). Without a checkout the request is deleted and the renter asked to try again.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { PRICING_PERIODS } from "#db/enums";
import { profiles } from "#db/schema";
import {
  rangeHasBlocked,
  rangeHasBooked,
  shiftMonth,
  unavailableDaysIn,
  type CalendarBooking,
} from "~/bookings/availability-rules";
import { findBlockedDays } from "~/bookings/blocked-days.server";
import { openCheckout } from "~/bookings/booking-checkout.server";
import {
  CAR_LOCATION_PICKUP,
  activeInsurancePackages,
  calendarBookings,
  deleteUnpaidRequest,
  findOpenRequest,
  insertBookingRequest,
  pickupOptions,
  type BookableCar,
} from "~/bookings/booking-queries.server";
import {
  LOCATION_MAX,
  SPECIAL_REQUESTS_MAX,
  ageIssue,
  checkBookingDates,
  earliestStartDay,
  instantBookFor,
  type BookingChoice,
  type InstantBookAnswer,
} from "~/bookings/booking-request";
import { packageText } from "~/bookings/booking-text";
import type { Language } from "~/i18n";
import { attachCheckoutSession, findStripeCustomer } from "~/payments/charges.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { quoteBooking, type QuoteResult } from "~/pricing/booking-price";
import { daysBetween, isCalendarDay, vilniusDay } from "~/utils/calendar-days";

// —— The choice ——

/** Kept as typed (within reason) so a too-long text comes back to be shortened, with its message. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ?? "").slice(0, max * 4));

const optionalDay = z
  .string()
  .optional()
  .transform((v) => (v && isCalendarDay(v) ? v : undefined));

/** What step 1 carries. Everything is optional here: the page shows what is chosen and what is missing. */
export const BookingChoiceSchema = z.object({
  start: optionalDay,
  end: optionalDay,
  period: z.enum(PRICING_PERIODS).catch("daily"),
  insurance: z.string().max(64).optional().catch(undefined),
  driver: z.enum(["self", "driver"]).optional().catch(undefined),
  pickup: z.string().max(64).optional().catch(undefined),
  dropoff: z.enum(["same", "other"]).catch("same"),
  dropoffLocation: optionalText(LOCATION_MAX).catch(""),
  requests: optionalText(SPECIAL_REQUESTS_MAX).catch(""),
  dateOfBirth: z.string().max(10).optional().catch(undefined),
});
// The schema reads exactly the choice booking-request.ts describes (the browser's half has no zod to infer it from).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _readsABookingChoice: Same<z.infer<typeof BookingChoiceSchema>, BookingChoice> = true;

export function readBookingChoice(params: URLSearchParams | FormData): BookingChoice {
  const get = (key: string) => {
    const value = params.get(key);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  return BookingChoiceSchema.parse({
    start: get("start"),
    end: get("end"),
    period: get("period"),
    insurance: get("insurance"),
    driver: get("driver"),
    pickup: get("pickup"),
    dropoff: get("dropoff"),
    dropoffLocation: get("dropoffLocation"),
    requests: get("requests"),
    dateOfBirth: get("dateOfBirth"),
  });
}

// —— Its evaluation ——

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
/** The renter's age and verification, by their id or SQL that yields it (the car page asks by the session's). */
export async function renterStanding(db: AppLoadContext["db"], userId: string | SQL) {
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
  carId: string,
  /** Their id, or SQL that yields it (the session's subquery: the booking page reads beside the session). */
  userId: string | SQL,
  range: { from: string; to: string },
) {
  const [packages, bookings, blocked, renter] = await Promise.all([
    activeInsurancePackages(db),
    calendarBookings(db, carId, range.from, range.to),
    findBlockedDays(db, carId, range.from, range.to),
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

/** The days a choice is evaluated over: the shown month's neighbours and the chosen days. */
export function choiceRange(choice: BookingChoice, month: string) {
  const from = [`${shiftMonth(month, -1)}-01`, choice.start].filter(Boolean).sort()[0]!;
  const to = [`${shiftMonth(month, 2)}-01`, choice.end].filter(Boolean).sort().at(-1)!;
  return { from, to };
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
  const loaded = await loadChoiceContext(db, car.id, userId, choiceRange(choice, month));
  return { loaded, evaluation: evaluateChoice({ car, choice, ...loaded, now: new Date() }) };
}

/** Something the renter must change before the request can be written. */
export const hasIssues = (evaluation: Evaluation) =>
  Object.keys(evaluation.issues).length > 0 || evaluation.formIssue !== null;

// —— The request ——

/** Why the request was not written: messages at the fields, or one for the whole form. */
export interface BookingRefusal {
  issues: Evaluation["issues"];
  formIssue: Evaluation["formIssue"];
}

export type BookingRequestOutcome =
  { ok: true; checkoutUrl: string } | { ok: false; status: 400 | 409 | 502; refusal: BookingRefusal };

export async function requestBooking(
  context: Pick<AppLoadContext, "db" | "env">,
  input: {
    car: BookableCar;
    renter: { id: string; email: string };
    choice: BookingChoice;
    language: Language;
    /** The "bookings" namespace in the renter's language, for the checkout's lines. */
    t: TFunction;
    origin: string;
  },
): Promise<BookingRequestOutcome> {
  const { db } = context;
  const { car, renter, choice, language } = input;
  const month = choice.start?.slice(0, 7) ?? new Date().toISOString().slice(0, 7);
  const { evaluation } = await evaluateBookingChoice(db, car, renter.id, choice, month);
  if (hasIssues(evaluation) || !evaluation.quote?.ok || !evaluation.pickup) {
    return { ok: false, status: 400, refusal: { issues: evaluation.issues, formIssue: evaluation.formIssue } };
  }
  const now = new Date();
  const price = evaluation.quote.price;
  const request = { carId: car.id, renterId: renter.id, startDate: choice.start!, endDate: choice.end! };
  const inserted = await insertBookingRequest(db, {
    ...request,
    ownerId: car.ownerId,
    period: choice.period,
    price,
    insurance: evaluation.insurance
      ? {
          packageId: evaluation.insurance.id,
          nameLt: evaluation.insurance.nameLt,
          nameEn: evaluation.insurance.nameEn,
          dailyCost: evaluation.quote.insuranceDailyCost,
        }
      : null,
    pickupPointId: evaluation.pickup.id === CAR_LOCATION_PICKUP ? null : evaluation.pickup.id,
    pickupLocation: evaluation.pickup.label,
    dropoffLocation: choice.dropoff === "other" ? choice.dropoffLocation : evaluation.pickup.label,
    specialRequests: choice.requests || null,
    withDriver: evaluation.withDriver,
    instantBook: evaluation.instantBook === "instant",
    now,
  });
  if (!inserted) {
    // Taken meanwhile: the renter's own request, a booking, or days the host blocked since the page was read.
    const { startDate, endDate } = request;
    const [own, blocked, held] = await Promise.all([
      findOpenRequest(db, request),
      findBlockedDays(db, car.id, startDate, endDate),
      calendarBookings(db, car.id, startDate, endDate),
    ]);
    const days = unavailableDaysIn(startDate, endDate, held, blocked);
    const formIssue = own
      ? ALREADY_REQUESTED
      : { ...(blocked.length > 0 ? UNAVAILABLE : CONFLICT), ...(days.length ? { days } : {}) };
    return { ok: false, status: 409, refusal: { issues: {}, formIssue } };
  }

  try {
    const checkout = await openCheckout(
      getPaymentGateway(context.env, input.origin),
      {
        id: inserted.id,
        chargeId: inserted.chargeId,
        chargeKey: inserted.chargeId,
        car: `${car.make} ${car.model} ${car.year}`,
        startDate: request.startDate,
        endDate: request.endDate,
        rental: price.rental,
        subtotal: price.subtotal,
        insuranceCost: price.insuranceCost,
        insuranceName: evaluation.insurance ? packageText(evaluation.insurance, language).name : null,
        platformFee: price.platformFee,
        paymentProcessorFee: price.paymentProcessorFee,
        depositAmount: price.deposit,
        instantBook: evaluation.instantBook === "instant",
        createdAt: now,
      },
      {
        t: input.t,
        language,
        customerEmail: renter.email,
        customerId: await findStripeCustomer(db, renter.id),
        origin: input.origin,
        now,
      },
    );
    await attachCheckoutSession(db, inserted.chargeId, checkout.sessionId, null);
    // Once the request stands (a checkout exists), the profile remembers the date of birth given here and the
    // language e-mails should use; a request deleted below leaves the profile as it was.
    await db
      .update(profiles)
      .set({
        preferredLanguage: language,
        ...(evaluation.dateOfBirthKept && choice.dateOfBirth ? { dateOfBirth: choice.dateOfBirth } : {}),
      })
      .where(eq(profiles.id, renter.id));
    return { ok: true, checkoutUrl: checkout.url };
  } catch (error) {
    // Part 2 §4: without a checkout the request is deleted and the renter told to try again.
    console.error("checkout could not be created", error);
    await deleteUnpaidRequest(db, inserted.id);
    return {
      ok: false,
      status: 502,
      refusal: {
        issues: {},
        formIssue: { title: "bookings:errors.bookingFailed", message: "bookings:errors.paymentSetup" },
      },
    };
  }
}
