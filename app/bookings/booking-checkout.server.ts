// Opening the checkout of a booking request: when the request is made (car.$id.book.tsx), and again when the renter
// who left it comes back and chooses "Pay now" (resumeCheckout). Never two open checkouts for one booking, so a
// booking can be paid for only once: an open one is reused; a new one is made only when the last is over, and is
// attached only if no other was meanwhile (else it is closed at once). Should two be paid anyway, fulfilment keeps
// the first payment and releases the second (payments/fulfilment.server.ts). Bookings' side of a checkout; the
// payment gateway itself is payments'.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { bookingInsurance, bookings, cars, profiles } from "#db/schema";
import { canPayNow, checkoutExpiry } from "~/bookings/booking-rules";
import { bookedPackageName, feeRates, paymentKindText, rentalText } from "~/bookings/booking-text";
import { BOOKING_CHARGE_COLUMNS } from "~/bookings/booking-queries.server";
import {
  attachCheckoutSession,
  currentCheckoutSession,
  rentalChargeId,
  rentalChargeKey,
  rentalSessionId,
} from "~/payments/charges.server";
import { getPaymentGateway, type CheckoutLine, type PaymentGateway } from "~/payments/gateway.server";
import { storedRental, type RentalCharge } from "~/pricing/booking-price";

type Context = Pick<AppLoadContext, "db" | "env">;
type Language = "lt" | "en";

/** What the checkout shows and charges of a booking: the amounts of the pricing module, as stored. */
export interface CheckoutBooking {
  id: string;
  /** The rental charge the checkout pays, and the base of its keys (decision 035). */
  chargeId: string;
  chargeKey: string;
  car: string;
  startDate: string;
  endDate: string;
  /** Whole periods and days, as the booking page showed them. */
  rental: RentalCharge;
  subtotal: number;
  insuranceCost: number;
  /** The package's name in the renter's language. */
  insuranceName: string | null;
  platformFee: number;
  paymentProcessorFee: number;
  depositAmount: number;
  /** Booked instantly: the authorised card confirms it and is charged at once (no host to wait for). */
  instantBook: boolean;
  createdAt: Date;
}

/** The checkout's lines, in the renter's language; they add up to the booking's total. */
export function checkoutLines(t: TFunction, booking: CheckoutBooking, language: Language): CheckoutLine[] {
  const rates = feeRates(language);
  return [
    {
      name: t("bookings:checkoutLine.rental", {
        car: booking.car,
        start: booking.startDate,
        end: booking.endDate,
        lines: rentalText(t, booking.rental, language),
      }),
      amount: booking.subtotal,
    },
    ...(booking.insuranceCost > 0
      ? [{ name: t("bookings:price.insurance", { name: booking.insuranceName ?? "" }), amount: booking.insuranceCost }]
      : []),
    { name: t("bookings:price.platformFee", { percent: rates.platform }), amount: booking.platformFee },
    { name: t("bookings:price.processorFee", { percent: rates.processor }), amount: booking.paymentProcessorFee },
    ...(booking.depositAmount > 0 ? [{ name: t("bookings:price.deposit"), amount: booking.depositAmount }] : []),
  ];
}

/** Opens a checkout for the booking, ending at its payment deadline; back to the success or the cancelled page. */
export function openCheckout(
  gateway: PaymentGateway,
  booking: CheckoutBooking,
  input: {
    t: TFunction;
    language: Language;
    customerEmail: string;
    /** The renter's Stripe Customer from an earlier checkout: this one saves the card to it (decision 035). */
    customerId: string | null;
    origin: string;
    now: Date;
    attempt?: string;
  },
) {
  const { origin } = input;
  return gateway.createCheckout({
    bookingId: booking.id,
    chargeId: booking.chargeId,
    chargeKey: booking.chargeKey,
    lines: checkoutLines(input.t, booking, input.language),
    note: input.t(paymentKindText(booking.instantBook)),
    customerEmail: input.customerEmail,
    customerId: input.customerId,
    successUrl: `${origin}/booking-success?booking_id=${booking.id}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/booking-cancelled?booking_id=${booking.id}`,
    language: input.language,
    expiresAt: checkoutExpiry(booking.createdAt, input.now),
    attempt: input.attempt,
  });
}

export type ResumeOutcome =
  { ok: true; url: string } | { ok: false; status: 403 | 404 | 409 | 502; error: string; title: string };

const TITLE = "bookings:errors.payFailed";

/** "Pay now": the checkout of the renter's unpaid request, the open one if there is one, else a new one. */
export async function resumeCheckout(
  context: Context,
  input: { bookingId: string; userId: string; origin: string; language: Language; t: TFunction; now?: Date },
): Promise<ResumeOutcome> {
  const { db } = context;
  const now = input.now ?? new Date();
  const [booking] = await db
    .select({
      id: bookings.id,
      renterId: bookings.renterId,
      ownerId: bookings.ownerId,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      sessionId: rentalSessionId,
      chargeId: rentalChargeId,
      chargeKey: rentalChargeKey,
      instantBook: bookings.instantBook,
      ...BOOKING_CHARGE_COLUMNS,
      packageName: bookingInsurance.packageName,
      packageNameLt: bookingInsurance.packageNameLt,
      packageNameEn: bookingInsurance.packageNameEn,
      createdAt: bookings.createdAt,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      renterEmail: profiles.email,
      renterCustomerId: profiles.stripeCustomerId,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(profiles, eq(profiles.id, bookings.renterId))
    .leftJoin(bookingInsurance, eq(bookingInsurance.bookingId, bookings.id))
    .where(eq(bookings.id, input.bookingId))
    .limit(1);
  if (!booking) return { ok: false, status: 404, error: "bookings:errors.notFound", title: TITLE };
  // Only the renter pays; the owner of the car is as much a stranger to the payment as anyone.
  if (booking.renterId !== input.userId) {
    return { ok: false, status: 403, error: "errors.accessDenied", title: "errors.accessDeniedTitle" };
  }
  const success = `${input.origin}/booking-success?booking_id=${booking.id}`;
  // Paid meanwhile (another tab): the success page tells how it stands.
  if (booking.status === "pending" && booking.paymentStatus === "authorized") return { ok: true, url: success };
  if (!canPayNow(booking, now)) return { ok: false, status: 409, error: "bookings:errors.payClosed", title: TITLE };

  const gateway = getPaymentGateway(context.env, input.origin);
  try {
    if (booking.sessionId) {
      const state = await gateway.checkoutState(booking.sessionId);
      if (state.status === "open") return { ok: true, url: state.url };
      // Paid, and the webhook is on its way.
      if (state.status === "complete") return { ok: true, url: success };
    }
    const created = await openCheckout(
      gateway,
      {
        ...booking,
        car: `${booking.make} ${booking.model} ${booking.year}`,
        rental: storedRental(booking),
        insuranceName:
          booking.packageName === null
            ? null
            : bookedPackageName({ ...booking, packageName: booking.packageName }, input.language),
      },
      {
        t: input.t,
        language: input.language,
        customerEmail: booking.renterEmail ?? "",
        customerId: booking.renterCustomerId,
        origin: input.origin,
        now,
        // The same for two clicks at once (Stripe then answers both with one session), new after each checkout.
        attempt: `after-${booking.sessionId ?? "none"}`,
      },
    );
    if (!(await attachCheckoutSession(db, booking.chargeId, created.sessionId, booking.sessionId))) {
      // The other click of a double click attached this very session.
      if ((await currentCheckoutSession(db, booking.chargeId)) === created.sessionId)
        return { ok: true, url: created.url };
      await gateway.expireCheckout(created.sessionId);
      return { ok: false, status: 409, error: "bookings:errors.changedMeanwhile", title: TITLE };
    }
    return { ok: true, url: created.url };
  } catch (error) {
    console.error("checkout could not be reopened", booking.id, error);
    return { ok: false, status: 502, error: "bookings:errors.paymentSetup", title: TITLE };
  }
}
