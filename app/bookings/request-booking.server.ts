// The renter's booking request (part 2 §4), from the review step's POST to Stripe Checkout: the choice is checked
// again, the request written in one atomic statement (refused when the days were taken meanwhile), the checkout
// opened and attached; only then does the profile remember the renter's language and date of birth (never a verified
// identity's: decision 031). Without a checkout the request is deleted and the renter asked to try again.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { profiles } from "#db/schema";
import type { BookingChoice } from "~/bookings/booking-request";
import {
  ALREADY_REQUESTED,
  CONFLICT,
  UNAVAILABLE,
  evaluateBookingChoice,
  hasIssues,
  type Evaluation,
} from "~/bookings/booking-request.server";
import { packageText } from "~/bookings/booking-text";
import {
  CAR_LOCATION_PICKUP,
  calendarBookings,
  deleteUnpaidRequest,
  findOpenRequest,
  insertBookingRequest,
  type BookableCar,
} from "~/bookings/bookings.server";
import { findBlockedDays } from "~/bookings/blocked-days.server";
import { unavailableDaysIn } from "~/bookings/availability-calendar";
import type { Language } from "~/i18n";
import { openCheckout } from "~/bookings/booking-checkout.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { attachCheckoutSession } from "~/payments/charges.server";

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
      { t: input.t, language, customerEmail: renter.email, origin: input.origin, now },
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
