// What the booking dialog shows (/car/{id}/book): the choice read from its query string (step 1 is a GET form), the
// month's calendar, the packages and pickup points, and the choice's evaluation by booking-request.server.ts, which
// the request's POST runs again.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { TFunction } from "i18next";
import { buildMonth, isMonth } from "~/bookings/availability-rules";
import { findOpenRequest, pickupOptions, type BookableCar } from "~/bookings/booking-queries.server";
import { noticeToShow } from "~/bookings/booking-request";
import {
  ALREADY_REQUESTED,
  evaluateBookingChoice,
  hasIssues,
  readBookingChoice,
} from "~/bookings/booking-request.server";
import { packageText, packageToShow } from "~/bookings/booking-text";
import type { Language } from "~/i18n";
import { periodPrices } from "~/pricing/booking-price";

export async function bookingDialogData(
  db: AppLoadContext["db"],
  input: { car: BookableCar; renterId: string; params: URLSearchParams; t: TFunction; language: Language },
) {
  const { car, renterId, params, t, language } = input;
  const asked = readBookingChoice(params);
  const pickups = pickupOptions(car);
  // The primary point (listed first) is chosen until the renter picks another; the action still insists on one.
  const choice = asked.pickup ? asked : { ...asked, pickup: pickups[0]?.id };
  const todayMonth = new Date().toISOString().slice(0, 7);
  const requested = params.get("month");
  const asMonth = isMonth(requested) ? requested : (choice.start?.slice(0, 7) ?? todayMonth);
  const month = asMonth < todayMonth ? todayMonth : asMonth;
  const { loaded, evaluation } = await evaluateBookingChoice(db, car, renterId, choice, month);
  const wantsReview = params.get("step") === "review";
  // Before the summary, not only at payment: the renter's own request for these days is waiting for the owner.
  if (wantsReview && !hasIssues(evaluation) && choice.start && choice.end) {
    const request = { carId: car.id, renterId, startDate: choice.start, endDate: choice.end };
    if (await findOpenRequest(db, request)) evaluation.formIssue = ALREADY_REQUESTED;
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

export type BookingDialogData = Awaited<ReturnType<typeof bookingDialogData>>;
