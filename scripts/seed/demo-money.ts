// The demo's money as the product leaves it. Every demo booking was requested and paid for through the local checkout
// stand-in, so it carries the stand-in's checkout and payment as fulfilment writes them from the stand-in's
// `checkout.session.completed` (app/payments/fulfilment.server.ts), whose event is recorded as handled; a host's
// answer captured it, a cancelled request's hold was released. Refunds, transfers and payout accounts (demo-trips.ts,
// demo-payouts.ts) carry ids of the stand-in's making too. So whatever a newcomer does to a demo booking takes the
// path a booking made in the app takes: a decline releases the hold; a cancellation, a claim or an admin's refund
// gives money back; the job returns deposits and pays hosts; a later charge is paid with the card the checkout saved
// to the renter's Customer (tests/integration/seed-money.test.ts tries each).
// The ids come from a random stream of their own, so adding them left the rest of the demo as it was drawn.
import type { BOOKING_CANCEL_REASONS, PaymentStatus } from "../../db/enums";
import { standInId, type StandInPrefix } from "../../app/payments/stand-in-ids";
import { rentalChargeRows } from "../../app/payments/charges.server";
import type * as schema from "../../db/schema";
import type { Random } from "./random";

type StripeEventRow = (typeof schema.stripeEvents)["$inferInsert"];
type BookingRow = (typeof schema.bookings)["$inferInsert"] & { id: string };
type ChargeRow = (typeof schema.charges)["$inferInsert"];
type LineItemRow = (typeof schema.chargeLineItems)["$inferInsert"];
type BookingCancelReason = (typeof BOOKING_CANCEL_REASONS)[number];

const MINUTE = 60_000;

export interface DemoPaymentColumns {
  paymentStatus: PaymentStatus;
  cancelReason: BookingCancelReason | null;
}

/** The Stripe ids of a demo booking's rental charge, kept until the charges are made (`rentalCharges`). */
interface DemoStripeIds {
  stripeCheckoutSessionId: string;
  stripePaymentIntentId: string;
}

export interface DemoMoney {
  /** A stand-in id, drawn from the money's own stream. */
  id(prefix: StandInPrefix): string;
  /**
   * A demo booking's payment: its checkout paid a few minutes after the request (the event recorded), then captured
   * by the host's confirm, or released when the request was declined or withdrawn (the seed's cancelled bookings are
   * requests that never reached a trip).
   */
  payment(booking: {
    id: string;
    status: "pending" | "confirmed" | "active" | "completed" | "cancelled";
    cancelledBy?: "renter" | "owner";
    requestedAt: number;
  }): DemoPaymentColumns;
  /**
   * The rental charge of each booking with its line items (app/pricing/line-items.ts) and the Stripe ids of its
   * payment, as the app writes them when a request is made and paid (decision 035).
   */
  rentalCharges(
    bookings: BookingRow[],
    insuranceDailyCost: (bookingId: string) => number | null,
  ): { charges: ChargeRow[]; lineItems: LineItemRow[] };
  /**
   * The stand-in's Customer of a renter who paid (the same for all their checkouts, as the stand-in's completed
   * checkout names it), which their demo payments' cards are saved to (decision 035).
   */
  customer(renterId: string): string;
  /** Records a Stripe event as handled (the stand-in onboarding's `account.updated`, say). */
  event(type: string, at: number): void;
  /** Every event recorded, for stripe_events. */
  events: StripeEventRow[];
}

export function demoMoney(random: Random): DemoMoney {
  const id = (prefix: StandInPrefix) => standInId(prefix, random.uuid());
  const events: StripeEventRow[] = [];
  const stripeIds = new Map<string, DemoStripeIds>();
  const event = (type: string, at: number) => {
    events.push({ id: id("evt"), type, createdAt: new Date(at) });
  };
  // Not drawn from the stream: the stand-in's checkout derives it from the renter (fulfilment.server.ts#standInEvent).
  const customer = (renterId: string) => standInId("cus", renterId);
  return {
    id,
    events,
    event,
    customer,
    payment({ id: bookingId, status, cancelledBy, requestedAt }) {
      stripeIds.set(bookingId, { stripeCheckoutSessionId: id("cs"), stripePaymentIntentId: id("pi") });
      event("checkout.session.completed", requestedAt + random.int(2, 9) * MINUTE);
      const paymentStatus: PaymentStatus =
        status === "pending" ? "authorized" : status === "cancelled" ? "released" : "captured";
      const cancelReason: BookingCancelReason | null =
        status !== "cancelled" ? null : cancelledBy === "owner" ? "declined" : "cancelled_by_renter";
      return { paymentStatus, cancelReason };
    },
    rentalCharges(bookings, insuranceDailyCost) {
      const rows = bookings.map((booking) =>
        rentalChargeRows(
          {
            ...booking,
            pricingPeriod: booking.pricingPeriod ?? "daily",
            periodCount: booking.periodCount ?? null,
            periodPrice: booking.periodPrice ?? null,
            extraDays: booking.extraDays ?? null,
            insuranceCost: booking.insuranceCost ?? 0,
            insuranceDailyCost: insuranceDailyCost(booking.id),
            depositAmount: booking.depositAmount ?? 0,
            paymentStatus: booking.paymentStatus ?? "unpaid",
            createdAt: booking.createdAt ?? new Date(0),
          },
          {
            checkoutSessionId: stripeIds.get(booking.id)?.stripeCheckoutSessionId,
            paymentIntentId: stripeIds.get(booking.id)?.stripePaymentIntentId,
          },
        ),
      );
      return {
        charges: rows.map((r) => ({ ...r.charge, stripeCustomerId: customer(r.charge.payerId!) })),
        lineItems: rows.flatMap((r) => r.lineItems),
      };
    },
  };
}
