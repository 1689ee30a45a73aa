// A charge's money as line items (decision 035), made by the one pricing module from what a booking was priced at
// (booking-price.ts), and summed here into what the payer pays, what the host receives, what the platform keeps and
// what is held. Cents. A booking's rental charge has these lines, in this order:
//
//   code                     quantity × unit                        payer   receiver
//   rental_weeks/_months     whole periods × the period's price      renter  host
//   rental_days              days × the day rate                     renter  host
//   insurance                days × the daily cost (else 1 × total)  renter  platform
//   renter_service_fee       1 × the platform fee                    renter  platform
//   payment_processing_fee   1 × the processor fee                   renter  platform
//   deposit                  1 × the deposit                         renter  held
//   host_service_fee         1 × the platform fee                    host    platform
//
// so the renter's total is the booking's total, the host's share (received less paid) its host earnings, and the
// platform's the two fees, the insurance and the processing fee. A line of zero is left out.
//
// The charges a trip adds after checkout, paid with the card saved there (decision 035, 2026-11-29):
//   extension      the added days at the booking's day rate, their insurance where it is priced by the day, and the
//                  fees as on a rental (rental_days, insurance, renter_service_fee, payment_processing_fee,
//                  host_service_fee); no deposit: the booking's covers the trip
//   reimbursement  what the host (or the platform) spent for the renter: fuel, tolls, a fine (reimbursement), and the
//                  processing fee on it; no service fee, since it is no service
import type { LineItemCode, LineItemPayer, LineItemReceiver } from "#db/enums";
import {
  PROCESSOR_FEE_RATE,
  byTheDay,
  priceBooking,
  rentalLines,
  roundCents,
  storedRental,
  type PricingPeriod,
  type RentalUnit,
} from "~/pricing/booking-price";

export interface LineItem {
  code: LineItemCode;
  quantity: number;
  unitAmount: number;
  amount: number;
  payer: LineItemPayer;
  receiver: LineItemReceiver;
}

/** What a booking was priced at, as it stores it (bookings' columns, and its insurance's daily cost). */
export interface StoredBookingPrice {
  pricingPeriod: PricingPeriod;
  totalDays: number;
  dailyRate: number;
  periodCount: number | null;
  periodPrice: number | null;
  extraDays: number | null;
  subtotal: number;
  insuranceCost: number;
  /** The insurance package's cost per day when booked (booking_insurance.daily_cost); null without insurance. */
  insuranceDailyCost: number | null;
  platformFee: number;
  paymentProcessorFee: number;
  depositAmount: number;
}

const RENTAL_CODE: Record<RentalUnit, LineItemCode> = {
  day: "rental_days",
  week: "rental_weeks",
  month: "rental_months",
};

const line = (
  code: LineItemCode,
  quantity: number,
  unitAmount: number,
  payer: LineItemPayer,
  receiver: LineItemReceiver,
  amount = quantity * unitAmount,
): LineItem => ({ code, quantity, unitAmount, amount, payer, receiver });

/**
 * Insurance by the day where its daily cost times the days makes its total (a per-day package), else as one sum (a
 * percentage of the car's value, or a total rounded from a daily price).
 */
function insuranceLine(total: number, days: number, dailyCost: number | null): LineItem {
  if (dailyCost && dailyCost > 0 && dailyCost * days === total)
    return line("insurance", days, dailyCost, "renter", "platform");
  return line("insurance", 1, total, "renter", "platform");
}

/** The line items of a booking's rental charge (with its deposit), from its stored price. */
export function rentalLineItems(booking: StoredBookingPrice): LineItem[] {
  const rental = storedRental(booking);
  const rentalItems = rentalLines(rental).map((r) => line(RENTAL_CODE[r.unit], r.count, r.price, "renter", "host"));
  // A booking made before whole periods stored its subtotal, which its days × rate need not make to the cent.
  const priced = rentalItems.reduce((sum, item) => sum + item.amount, 0);
  if (priced !== rental.amount && rentalItems.length > 0) {
    const first = rentalItems[0]!;
    rentalItems[0] = { ...first, amount: first.amount + rental.amount - priced };
  }
  const items = [
    ...rentalItems,
    booking.insuranceCost > 0
      ? insuranceLine(booking.insuranceCost, booking.totalDays, booking.insuranceDailyCost)
      : null,
    line("renter_service_fee", 1, booking.platformFee, "renter", "platform"),
    line("payment_processing_fee", 1, booking.paymentProcessorFee, "renter", "platform"),
    line("deposit", 1, booking.depositAmount, "renter", "held"),
    line("host_service_fee", 1, booking.platformFee, "host", "platform"),
  ];
  return items.filter((item): item is LineItem => item !== null && item.amount > 0);
}

/**
 * An extension's line items: `days` more days at the booking's day rate (bookings.daily_rate), priced as a rental of
 * those days is, with the insurance of a package priced by the day (a package priced as a share of the car's value
 * covers the whole trip already: pass null) and no deposit.
 */
export function extensionLineItems(input: { days: number; dayRate: number; insurancePerDay: number | null }) {
  const { days, dayRate, insurancePerDay } = input;
  const price = priceBooking({
    rental: byTheDay(dayRate, days),
    days,
    insurance: insurancePerDay ? { kind: "per-day", pricePerDay: insurancePerDay } : { kind: "none" },
    deposit: 0,
  });
  return rentalLineItems({
    pricingPeriod: "daily",
    totalDays: days,
    dailyRate: dayRate,
    periodCount: days,
    periodPrice: dayRate,
    extraDays: 0,
    subtotal: price.subtotal,
    insuranceCost: price.insuranceCost,
    insuranceDailyCost: insurancePerDay,
    platformFee: price.platformFee,
    paymentProcessorFee: price.paymentProcessorFee,
    depositAmount: 0,
  });
}

/**
 * A reimbursement's line items: `amount` cents the renter pays back to whoever spent them (the host, or the platform),
 * and the processing fee on it, as on every card payment.
 */
export function reimbursementLineItems(input: { amount: number; receiver: "host" | "platform" }): LineItem[] {
  if (!Number.isInteger(input.amount) || input.amount < 1) throw new RangeError("A reimbursement is at least a cent");
  return [
    line("reimbursement", 1, input.amount, "renter", input.receiver),
    line("payment_processing_fee", 1, roundCents(input.amount * PROCESSOR_FEE_RATE), "renter", "platform"),
  ].filter((item) => item.amount > 0);
}

export interface ChargeTotals {
  /** What the payer (renter or buyer) pays: the charge's amount. */
  payerTotal: number;
  /** What the host receives less what the host pays (the service fee). */
  hostShare: number;
  /** What the platform keeps: the fees, the insurance and the processing fee. */
  platform: number;
  /** What is held for the host or the renter until the trip is settled (the deposit). */
  held: number;
}

/** The sums of a charge's line items; every figure a page shows of a charge comes from here. */
export function chargeTotals(items: readonly Pick<LineItem, "amount" | "payer" | "receiver">[]): ChargeTotals {
  const sum = (keep: (item: (typeof items)[number]) => boolean) =>
    items.filter(keep).reduce((total, item) => total + item.amount, 0);
  return {
    payerTotal: sum((item) => item.payer === "renter"),
    hostShare: sum((item) => item.receiver === "host") - sum((item) => item.payer === "host"),
    platform: sum((item) => item.receiver === "platform"),
    held: sum((item) => item.receiver === "held"),
  };
}
