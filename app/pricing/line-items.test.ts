// A rental charge's line items (line-items.ts): for every way a booking is priced they add up to what the booking
// charged, the host's earnings, the platform's part and the held deposit, and each line says what it is.
import { describe, expect, it } from "vitest";
import {
  byTheDay,
  priceBooking,
  rentalCharge,
  type BookingPrice,
  type InsuranceChoice,
  type PricingPeriod,
} from "~/pricing/booking-price";
import {
  chargeTotals,
  extensionLineItems,
  reimbursementLineItems,
  rentalLineItems,
  type StoredBookingPrice,
} from "~/pricing/line-items";

/** What insertBookingRequest stores of a price (bookings' columns and the insurance's daily cost). */
function stored(price: BookingPrice, period: PricingPeriod, insuranceDailyCost: number | null): StoredBookingPrice {
  return {
    pricingPeriod: period,
    totalDays: price.totalDays,
    dailyRate: price.dailyRate,
    periodCount: price.rental.periods,
    periodPrice: price.rental.periodPrice,
    extraDays: price.rental.extraDays,
    subtotal: price.subtotal,
    insuranceCost: price.insuranceCost,
    insuranceDailyCost,
    platformFee: price.platformFee,
    paymentProcessorFee: price.paymentProcessorFee,
    depositAmount: price.deposit,
  };
}

const CAR = { dailyPrice: 4_500, weeklyPrice: 25_000, monthlyPrice: 90_000 };

describe("rentalLineItems", () => {
  it("lists a weekly rental's weeks and extra days, the insurance by the day, the fees and the deposit", () => {
    const rental = rentalCharge(CAR, "weekly", 9)!;
    const price = priceBooking({
      rental,
      days: 9,
      insurance: { kind: "per-day", pricePerDay: 1_500 },
      deposit: 30_000,
    });
    expect(rentalLineItems(stored(price, "weekly", 1_500))).toEqual([
      { code: "rental_weeks", quantity: 1, unitAmount: 25_000, amount: 25_000, payer: "renter", receiver: "host" },
      { code: "rental_days", quantity: 2, unitAmount: 4_500, amount: 9_000, payer: "renter", receiver: "host" },
      { code: "insurance", quantity: 9, unitAmount: 1_500, amount: 13_500, payer: "renter", receiver: "platform" },
      { code: "renter_service_fee", quantity: 1, unitAmount: 680, amount: 680, payer: "renter", receiver: "platform" },
      {
        code: "payment_processing_fee",
        quantity: 1,
        unitAmount: price.paymentProcessorFee,
        amount: price.paymentProcessorFee,
        payer: "renter",
        receiver: "platform",
      },
      { code: "deposit", quantity: 1, unitAmount: 30_000, amount: 30_000, payer: "renter", receiver: "held" },
      { code: "host_service_fee", quantity: 1, unitAmount: 680, amount: 680, payer: "host", receiver: "platform" },
    ]);
  });

  it("takes a percentage insurance as one sum and leaves out lines of nothing", () => {
    const price = priceBooking({
      rental: byTheDay(5_000, 3),
      days: 3,
      insurance: { kind: "percentage", percent: 0.1, carValue: 1_234_567 },
      deposit: 0,
    });
    const items = rentalLineItems(stored(price, "daily", 412));
    expect(items.find((i) => i.code === "insurance")).toMatchObject({ quantity: 1, amount: price.insuranceCost });
    expect(items.map((i) => i.code)).not.toContain("deposit");
  });

  it("keeps a booking made before whole periods at its stored subtotal", () => {
    const items = rentalLineItems({
      ...stored(
        priceBooking({ rental: byTheDay(4_000, 3), days: 3, insurance: { kind: "none" }, deposit: 0 }),
        "daily",
        null,
      ),
      periodCount: null,
      periodPrice: null,
      extraDays: null,
      subtotal: 12_001,
    });
    expect(items[0]).toMatchObject({ code: "rental_days", quantity: 3, unitAmount: 4_000, amount: 12_001 });
  });

  const insurances: [InsuranceChoice, number | null][] = [
    [{ kind: "none" }, null],
    [{ kind: "per-day", pricePerDay: 1_234 }, 1_234],
    [{ kind: "percentage", percent: 0.15, carValue: null }, 333],
  ];
  it.each(
    (["daily", "weekly", "monthly"] as const).flatMap((period) =>
      [1, 3, 7, 9, 13, 28, 31, 45].flatMap((days) =>
        insurances.flatMap(([insurance, daily]) =>
          [0, 20_000].map((deposit) => ({ period, days, insurance, daily, deposit })),
        ),
      ),
    ),
  )("adds up to the booking's figures: $period, $days days, $insurance.kind, deposit $deposit", (c) => {
    const rental = rentalCharge(CAR, c.period, c.days);
    if (!rental) return expect(c.period !== "daily" && c.days < (c.period === "weekly" ? 7 : 28)).toBe(true);
    const price = priceBooking({ rental, days: c.days, insurance: c.insurance, deposit: c.deposit });
    const items = rentalLineItems(stored(price, c.period, c.daily));
    expect(chargeTotals(items)).toEqual({
      payerTotal: price.total,
      hostShare: price.hostEarnings,
      platform: 2 * price.platformFee + price.insuranceCost + price.paymentProcessorFee,
      held: price.deposit,
    });
    for (const item of items) expect(item.amount).toBeGreaterThan(0);
  });
});

// The charges a trip adds after checkout, paid with the saved card (decision 035, 2026-11-29).
describe("extensionLineItems", () => {
  it("prices the added days as a rental of them: the days, their insurance by the day, the fees, no deposit", () => {
    const items = extensionLineItems({ days: 2, dayRate: 4_500, insurancePerDay: 1_500 });
    const fee = Math.round(9_000 * 0.02);
    const processing = Math.round((9_000 + 3_000 + fee) * 0.0326);
    expect(items).toEqual([
      { code: "rental_days", quantity: 2, unitAmount: 4_500, amount: 9_000, payer: "renter", receiver: "host" },
      { code: "insurance", quantity: 2, unitAmount: 1_500, amount: 3_000, payer: "renter", receiver: "platform" },
      { code: "renter_service_fee", quantity: 1, unitAmount: fee, amount: fee, payer: "renter", receiver: "platform" },
      {
        code: "payment_processing_fee",
        quantity: 1,
        unitAmount: processing,
        amount: processing,
        payer: "renter",
        receiver: "platform",
      },
      { code: "host_service_fee", quantity: 1, unitAmount: fee, amount: fee, payer: "host", receiver: "platform" },
    ]);
  });

  it.each([1, 2, 5, 9, 31])("adds up as booking the same days at the day rate would: %i days", (days) => {
    const price = priceBooking({ rental: byTheDay(3_333, days), days, insurance: { kind: "none" }, deposit: 0 });
    expect(chargeTotals(extensionLineItems({ days, dayRate: 3_333, insurancePerDay: null }))).toEqual({
      payerTotal: price.total,
      hostShare: price.hostEarnings,
      platform: 2 * price.platformFee + price.paymentProcessorFee,
      held: 0,
    });
  });

  it("takes no insurance for a package priced as a share of the car's value, which covers the trip already", () => {
    const items = extensionLineItems({ days: 3, dayRate: 5_000, insurancePerDay: null });
    expect(items.map((i) => i.code)).toEqual([
      "rental_days",
      "renter_service_fee",
      "payment_processing_fee",
      "host_service_fee",
    ]);
  });
});

describe("reimbursementLineItems", () => {
  it("gives the host what they spent, and the processing fee to the platform; no service fee", () => {
    const items = reimbursementLineItems({ amount: 6_150, receiver: "host" });
    expect(items).toEqual([
      { code: "reimbursement", quantity: 1, unitAmount: 6_150, amount: 6_150, payer: "renter", receiver: "host" },
      {
        code: "payment_processing_fee",
        quantity: 1,
        unitAmount: 200,
        amount: 200,
        payer: "renter",
        receiver: "platform",
      },
    ]);
    expect(chargeTotals(items)).toEqual({ payerTotal: 6_350, hostShare: 6_150, platform: 200, held: 0 });
  });

  it("pays the platform back where it spent the money (a fine it paid)", () => {
    expect(chargeTotals(reimbursementLineItems({ amount: 3_000, receiver: "platform" }))).toEqual({
      payerTotal: 3_098,
      hostShare: 0,
      platform: 3_098,
      held: 0,
    });
  });

  it("leaves out a processing fee that rounds to nothing, and refuses less than a cent", () => {
    expect(reimbursementLineItems({ amount: 10, receiver: "host" }).map((i) => i.code)).toEqual(["reimbursement"]);
    expect(() => reimbursementLineItems({ amount: 0, receiver: "host" })).toThrow(RangeError);
    expect(() => reimbursementLineItems({ amount: 12.5, receiver: "host" })).toThrow(RangeError);
  });
});
