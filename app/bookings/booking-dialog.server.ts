// What the booking dialog shows (/car/{id}/book): the choice read from its query string (step 1 is a GET form), the
// month's calendar, the packages and pickup points, and the choice's evaluation by booking-request.server.ts, which
// the request's POST runs again.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { buildMonth, isMonth } from "~/bookings/availability-rules";
import { findBookableCar, findOpenRequest, pickupOptions, type BookableCar } from "~/bookings/booking-queries.server";
import { noticeToShow } from "~/bookings/booking-request";
import {
  ALREADY_REQUESTED,
  choiceRange,
  evaluateChoice,
  hasIssues,
  loadChoiceContext,
  readBookingChoice,
} from "~/bookings/booking-request.server";
import { packageText, packageToShow } from "~/bookings/booking-text";
import type { Language } from "~/i18n";
import { periodPrices } from "~/pricing/booking-price";

/**
 * The dialog's reads, by the car's id and the renter as their id or SQL that yields it (the session's subquery), so
 * they need nothing read before them: the car, what its choice is evaluated against, and (on the summary) the renter's
 * own request for these days. The route checks the car and the renter against each other once they came.
 */
export async function readBookingDialog(
  db: AppLoadContext["db"],
  input: { carId: string; renterId: string | SQL; params: URLSearchParams },
) {
  const { carId, renterId, params } = input;
  const { choice, month, wantsReview } = dialogChoice(params);
  const [car, loaded, openRequest] = await Promise.all([
    findBookableCar(db, carId),
    loadChoiceContext(db, carId, renterId, choiceRange(choice, month)),
    // Before the summary, not only at payment: the renter's own request for these days is waiting for the owner.
    wantsReview && choice.start && choice.end
      ? findOpenRequest(db, { carId, renterId, startDate: choice.start, endDate: choice.end })
      : null,
  ]);
  return { car, loaded, openRequest: Boolean(openRequest) };
}

/** The choice read from the dialog's query string, and the month its calendar shows. */
function dialogChoice(params: URLSearchParams) {
  const asked = readBookingChoice(params);
  const todayMonth = new Date().toISOString().slice(0, 7);
  const requested = params.get("month");
  const asMonth = isMonth(requested) ? requested : (asked.start?.slice(0, 7) ?? todayMonth);
  const month = asMonth < todayMonth ? todayMonth : asMonth;
  return { choice: asked, month, wantsReview: params.get("step") === "review" };
}

/** What the dialog shows, from its reads (readBookingDialog) once the car is known to be the renter's to book. */
export function bookingDialogData(
  read: { car: BookableCar; loaded: ChoiceContext; openRequest: boolean },
  input: { params: URLSearchParams; t: TFunction; language: Language },
) {
  const { car, loaded } = read;
  const { params, t, language } = input;
  const { choice: asked, month, wantsReview } = dialogChoice(params);
  const pickups = pickupOptions(car);
  // The primary point (listed first) is chosen until the renter picks another; the action still insists on one.
  const choice = asked.pickup ? asked : { ...asked, pickup: pickups[0]?.id };
  const evaluation = evaluateChoice({ car, choice, ...loaded, now: new Date() });
  if (wantsReview && !hasIssues(evaluation) && choice.start && choice.end && read.openRequest) {
    evaluation.formIssue = ALREADY_REQUESTED;
  }
  const prices = periodPrices(car, evaluation.withDriver);
  return {
    car: {
      id: car.id,
      name: `${car.make} ${car.model} ${car.year}`,
      location: car.location,
      driverAvailable: car.driverAvailable,
      driverOnly: car.driverOnly,
      minRentalDays: car.minRentalDays,
      maxRentalDays: car.maxRentalDays,
      notice: noticeToShow(car),
      cancellationPolicy: car.cancellationPolicy,
      prices: { daily: prices.dailyPrice, weekly: prices.weeklyPrice, monthly: prices.monthlyPrice },
    },
    choice,
    // A step 1 that was only looked at (no Review pressed) shows no messages yet, only the price.
    showIssues: wantsReview,
    step: wantsReview && !hasIssues(evaluation) ? (2 as const) : (1 as const),
    month: buildMonth(month, evaluation.today, loaded.bookings, choice, { blocked: loaded.blocked }),
    earliest: evaluation.earliest,
    packages: loaded.packages.map((p) => packageToShow(t, p, language)),
    pickups,
    evaluation: {
      issues: evaluation.issues,
      formIssue: evaluation.formIssue,
      days: evaluation.days,
      withDriver: evaluation.withDriver,
      price: evaluation.quote?.ok ? evaluation.quote.price : null,
      insuranceName: evaluation.insurance ? packageText(evaluation.insurance, language).name : null,
      pickupLabel: evaluation.pickup?.label ?? null,
      needsDateOfBirth: evaluation.needsDateOfBirth,
      dateOfBirthKept: evaluation.dateOfBirthKept,
      /** Confirmed at once when the card is authorised (instant book), or a request for the host to answer. */
      instantBook: evaluation.instantBook === "instant",
    },
  };
}

type ChoiceContext = Awaited<ReturnType<typeof loadChoiceContext>>;

export type BookingDialogData = ReturnType<typeof bookingDialogData>;
