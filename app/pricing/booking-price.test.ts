import { describe, expect, it } from "vitest";
import {
  availablePeriods,
  type BookableCarPrices,
  byTheDay,
  type CarPrices,
  dayRateFor,
  type InsurancePackagePrice,
  insuranceCost,
  type PricingPeriod,
  priceBooking,
  quoteBooking,
  rentalCharge,
  rentalLines,
  roundCents,
  storedRental,
} from "~/pricing/booking-price";

describe("booking price", () => {
  it("follows part 2 §9 line by line", () => {
    // 3 days at 45 €, 12 €/day insurance, 300 € deposit.
    const price = priceBooking({
      rental: byTheDay(4500, 3),
      days: 3,
      insurance: { kind: "per-day", pricePerDay: 1200 },
      deposit: 30000,
    });
    expect(price).toEqual({
      rental: byTheDay(4500, 3),
      dailyRate: 4500,
      totalDays: 3,
      subtotal: 13500,
      insuranceCost: 3600,
      platformFee: 270, // 2 % of 135 €
      paymentProcessorFee: 566, // 3.26 % of (135 + 36 + 2.70) € = 5.66262 €
      deposit: 30000,
      total: 13500 + 3600 + 270 + 566 + 30000,
      hostEarnings: 13500 - 270,
    });
  });
  it("prices percentage insurance on the sale price, else 50,000 €", () => {
    expect(insuranceCost({ kind: "percentage", percent: 1.5, carValue: 2_000_000 }, 5)).toBe(30000);
    expect(insuranceCost({ kind: "percentage", percent: 1.5, carValue: null }, 5)).toBe(75000);
    expect(insuranceCost({ kind: "none" }, 5)).toBe(0);
  });
  it("rounds each line once, half up, so the lines add up to the total", () => {
    expect(roundCents(0.5)).toBe(1);
    expect(roundCents(1.49999)).toBe(1);
    const price = priceBooking({ rental: byTheDay(3333, 7), days: 7, insurance: { kind: "none" }, deposit: 0 });
    expect(price.platformFee).toBe(467); // 466.62
    expect(price.total).toBe(price.subtotal + price.platformFee + price.paymentProcessorFee);
  });
  it("offers weekly from 7 days and monthly from 28", () => {
    const car = { dailyPrice: 5000, weeklyPrice: 30000, monthlyPrice: 110000 };
    expect(availablePeriods(car, 6)).toEqual(["daily"]);
    expect(availablePeriods(car, 7)).toEqual(["daily", "weekly"]);
    expect(availablePeriods(car, 28)).toEqual(["daily", "weekly", "monthly"]);
    expect(availablePeriods({ ...car, weeklyPrice: null }, 10)).toEqual(["daily"]);
  });
  it("refuses zero days and a zero rate", () => {
    const none = { kind: "none" } as const;
    expect(() => priceBooking({ rental: byTheDay(4500, 1), days: 0, insurance: none, deposit: 0 })).toThrow();
    expect(() => priceBooking({ rental: byTheDay(0, 2), days: 2, insurance: none, deposit: 0 })).toThrow();
  });
});

// The audit's car: 80 € a day, 500 € a week, 1,800 € a month. Whole periods cost exactly their price; the days left
// over cost the daily price each, and never more than one more whole period.
describe("rentalCharge: whole periods, then single days", () => {
  const car: CarPrices = { dailyPrice: 8000, weeklyPrice: 50000, monthlyPrice: 180000 };
  const noDaily: CarPrices = { ...car, dailyPrice: null };
  type Row = [
    days: number,
    period: PricingPeriod,
    prices: CarPrices,
    periods: number,
    extraDays: number,
    amount: number | null,
  ];
  const rows: Row[] = [
    [6, "daily", car, 6, 0, 48000],
    [6, "weekly", car, 0, 0, null], // weekly only from 7 days
    [7, "weekly", car, 1, 0, 50000], // a week at the weekly price is exactly the weekly price
    [8, "weekly", car, 1, 1, 58000], // 1 week × 500 € + 1 day × 80 €
    [13, "weekly", car, 1, 6, 98000], // 6 × 80 € = 480 € is still less than a week
    [14, "weekly", car, 2, 0, 100000],
    [27, "weekly", car, 3, 6, 198000],
    [28, "weekly", car, 4, 0, 200000],
    [29, "weekly", car, 4, 1, 208000],
    [30, "weekly", car, 4, 2, 216000],
    [31, "weekly", car, 4, 3, 224000],
    [27, "monthly", car, 0, 0, null], // monthly only from 28 days
    [28, "monthly", car, 1, 0, 180000], // a month booked from 28 days is the monthly price, not 28 × 60 € = 1,680 €
    [29, "monthly", car, 1, 0, 180000],
    [30, "monthly", car, 1, 0, 180000],
    [31, "monthly", car, 1, 1, 188000],
    [52, "monthly", car, 1, 22, 356000], // 22 × 80 € = 1,760 € < 1,800 €
    [53, "monthly", car, 2, 0, 360000], // 23 × 80 € = 1,840 € would be more than a month: two months
    [60, "monthly", car, 2, 0, 360000],
    // Without a daily price the days left over are the period spread per day: 500 / 7 = 71.43 €, 1,800 / 30 = 60 €.
    [7, "weekly", noDaily, 1, 0, 50000],
    [8, "weekly", noDaily, 1, 1, 57143],
    [13, "weekly", noDaily, 1, 6, 92858],
    [28, "monthly", noDaily, 1, 0, 180000],
    [31, "monthly", noDaily, 1, 1, 186000],
    [59, "monthly", noDaily, 1, 29, 354000], // 29 × 60 € = 1,740 € < 1,800 €
    [6, "daily", noDaily, 0, 0, null], // no daily price: no daily rental
  ];
  it.each(rows)("%i days %s", (days, period, prices, periods, extraDays, amount) => {
    const rental = rentalCharge(prices, period, days);
    if (amount === null) {
      expect(rental).toBeNull();
      return;
    }
    expect(rental).toMatchObject({ period, periods, extraDays, amount });
    expect(rental!.amount).toBe(rental!.periods * rental!.periodPrice + rental!.extraDays * rental!.dayRate);
    // Never more than the next whole number of periods would cost.
    if (period !== "daily") expect(rental!.extraDays * rental!.dayRate).toBeLessThan(rental!.periodPrice);
  });
  it("takes the daily price for days left over, else the period spread per day", () => {
    expect(dayRateFor(car, "weekly")).toBe(8000);
    expect(dayRateFor(noDaily, "weekly")).toBe(7143);
    expect(dayRateFor(noDaily, "monthly")).toBe(6000);
    expect(dayRateFor({ dailyPrice: null, weeklyPrice: 3, monthlyPrice: null }, "weekly")).toBe(1);
  });
  it("lists the breakdown as the page shows it", () => {
    expect(rentalLines(rentalCharge(car, "weekly", 8)!)).toEqual([
      { unit: "week", count: 1, price: 50000 },
      { unit: "day", count: 1, price: 8000 },
    ]);
    expect(rentalLines(rentalCharge(car, "monthly", 30)!)).toEqual([{ unit: "month", count: 1, price: 180000 }]);
    expect(rentalLines(rentalCharge(car, "daily", 3)!)).toEqual([{ unit: "day", count: 3, price: 8000 }]);
  });
  it("shows a stored booking as it was charged, also one made before whole periods", () => {
    const charged = rentalCharge(car, "weekly", 8)!;
    expect(
      storedRental({
        pricingPeriod: "weekly",
        totalDays: 8,
        dailyRate: 8000,
        subtotal: 58000,
        periodCount: 1,
        periodPrice: 50000,
        extraDays: 1,
      }),
    ).toEqual(charged);
    // Before: 7 days × (500 / 7 = 71.43 €) = 500.01 €, and that is what it shows.
    const old = storedRental({
      pricingPeriod: "weekly",
      totalDays: 7,
      dailyRate: 7143,
      subtotal: 50001,
      periodCount: null,
      periodPrice: null,
      extraDays: null,
    });
    expect(rentalLines(old)).toEqual([{ unit: "day", count: 7, price: 7143 }]);
    expect(old.amount).toBe(50001);
  });
});

// Part 2 §9 as one table over `quoteBooking`, the function the page shows and the server charges. Every expected
// figure below was worked out by hand from the formulas at the top of booking-price.ts (each line rounded once,
// half up); the comment on each row shows the sum.
describe("quoteBooking: the fee maths as a table", () => {
  const car: BookableCarPrices = {
    dailyPrice: 5000,
    weeklyPrice: 30000,
    monthlyPrice: 110000,
    dailyPriceWithDriver: 8000,
    weeklyPriceWithDriver: 50000,
    monthlyPriceWithDriver: null,
    depositAmount: 20000,
    weeklyDeposit: 30000,
    monthlyDeposit: null,
    salePrice: 2_000_000,
  };
  const perDay: InsurancePackagePrice = { id: "p", pricePerDay: 1200, pricePercentage: null };
  const percent: InsurancePackagePrice = { id: "q", pricePerDay: null, pricePercentage: 1.5 };
  const unpriced: InsurancePackagePrice = { id: "r", pricePerDay: null, pricePercentage: null };
  type Row = [
    label: string,
    request: {
      period: "daily" | "weekly" | "monthly";
      days: number;
      withDriver: boolean;
      insurance: InsurancePackagePrice | null;
    },
    carOverrides: Partial<BookableCarPrices>,
    expected:
      | {
          rate: number;
          subtotal: number;
          insurance: number;
          platform: number;
          processor: number;
          deposit: number;
          total: number;
          host: number;
        }
      | "period"
      | "pricing",
  ];
  const rows: Row[] = [
    // 5000 + 0 + 100 + round(51.00 € × 3.26 % = 166.26) + 20000
    [
      "daily, 1 day, no insurance",
      { period: "daily", days: 1, withDriver: false, insurance: null },
      {},
      {
        rate: 5000,
        subtotal: 5000,
        insurance: 0,
        platform: 100,
        processor: 166,
        deposit: 20000,
        total: 25266,
        host: 4900,
      },
    ],
    ["weekly is refused at 6 days", { period: "weekly", days: 6, withDriver: false, insurance: null }, {}, "period"],
    // one week at exactly the weekly price 30000; platform 600; processor 30600 × 3.26 % = 997.56 → 998;
    // the day rate stored is the daily price 5000 (no day beyond the week)
    [
      "weekly from exactly 7 days, weekly deposit",
      { period: "weekly", days: 7, withDriver: false, insurance: null },
      {},
      {
        rate: 5000,
        subtotal: 30000,
        insurance: 0,
        platform: 600,
        processor: 998,
        deposit: 30000,
        total: 61598,
        host: 29400,
      },
    ],
    [
      "monthly is refused at 27 days",
      { period: "monthly", days: 27, withDriver: false, insurance: null },
      {},
      "period",
    ],
    // 28 days are one month at the monthly price 110000; platform 2200; processor 112200 × 3.26 % = 3657.72 → 3658;
    // no monthly deposit → the daily one
    [
      "monthly from exactly 28 days, deposit falls back to the daily one",
      { period: "monthly", days: 28, withDriver: false, insurance: null },
      {},
      {
        rate: 5000,
        subtotal: 110000,
        insurance: 0,
        platform: 2200,
        processor: 3658,
        deposit: 20000,
        total: 135858,
        host: 107800,
      },
    ],
    // driver 8000 × 3 = 24000; insurance 1200 × 3 = 3600; platform 480; processor 28080 × 3.26 % = 915.41 → 915
    [
      "with driver, per-day insurance",
      { period: "daily", days: 3, withDriver: true, insurance: perDay },
      {},
      {
        rate: 8000,
        subtotal: 24000,
        insurance: 3600,
        platform: 480,
        processor: 915,
        deposit: 20000,
        total: 48995,
        host: 23520,
      },
    ],
    [
      "with driver, no monthly driver price",
      { period: "monthly", days: 30, withDriver: true, insurance: null },
      {},
      "period",
    ],
    // 1 week with driver 50000 + 3 days × the daily driver price 8000 = 74000; insurance 1.5 % × 20,000 € = 30000;
    // platform 1480; processor 105480 × 3.26 % = 3438.65 → 3439
    [
      "weekly with driver, percentage insurance on the sale price",
      { period: "weekly", days: 10, withDriver: true, insurance: percent },
      {},
      {
        rate: 8000,
        subtotal: 74000,
        insurance: 30000,
        platform: 1480,
        processor: 3439,
        deposit: 30000,
        total: 138919,
        host: 72520,
      },
    ],
    // no sale price → 1.5 % × 50,000 € = 75000; subtotal 10000; platform 200; processor 85200 × 3.26 % = 2777.52 → 2778
    [
      "percentage insurance without a sale price uses 50,000 €",
      { period: "daily", days: 2, withDriver: false, insurance: percent },
      { salePrice: null },
      {
        rate: 5000,
        subtotal: 10000,
        insurance: 75000,
        platform: 200,
        processor: 2778,
        deposit: 20000,
        total: 107978,
        host: 9800,
      },
    ],
    // a package with neither price: 15 € a day; 20000 + 6000 + 400 + round(26400 × 3.26 % = 860.64) + 20000
    [
      "a package without prices is 15 € a day",
      { period: "daily", days: 4, withDriver: false, insurance: unpriced },
      {},
      {
        rate: 5000,
        subtotal: 20000,
        insurance: 6000,
        platform: 400,
        processor: 861,
        deposit: 20000,
        total: 47261,
        host: 19600,
      },
    ],
    // platform fee exactly half a cent: 2 % of 2525 = 50.5 → 51; processor 2576 × 3.26 % = 83.98 → 84
    [
      "platform fee half a cent rounds up",
      { period: "daily", days: 1, withDriver: false, insurance: null },
      { dailyPrice: 2525, depositAmount: null },
      { rate: 2525, subtotal: 2525, insurance: 0, platform: 51, processor: 84, deposit: 0, total: 2660, host: 2474 },
    ],
    // processor fee exactly half a cent: 2451 + platform 49.02 → 49 = 2500; × 3.26 % = 81.5 → 82 (binary floats give 81.4999…)
    [
      "processor fee half a cent rounds up",
      { period: "daily", days: 1, withDriver: false, insurance: null },
      { dailyPrice: 2451, depositAmount: null },
      { rate: 2451, subtotal: 2451, insurance: 0, platform: 49, processor: 82, deposit: 0, total: 2582, host: 2402 },
    ],
    [
      "no daily price at all",
      { period: "daily", days: 3, withDriver: false, insurance: null },
      { dailyPrice: null },
      "pricing",
    ],
    ["zero days", { period: "daily", days: 0, withDriver: false, insurance: null }, {}, "pricing"],
  ];

  it.each(rows)("%s", (_label, request, overrides, expected) => {
    const quote = quoteBooking({ ...car, ...overrides }, request);
    if (typeof expected === "string") {
      expect(quote).toEqual({ ok: false, error: expected });
      return;
    }
    expect(quote.ok).toBe(true);
    if (!quote.ok) return;
    const { rental, ...price } = quote.price;
    expect(rental.amount).toBe(expected.subtotal);
    expect(price).toEqual({
      dailyRate: expected.rate,
      totalDays: request.days,
      subtotal: expected.subtotal,
      insuranceCost: expected.insurance,
      platformFee: expected.platform,
      paymentProcessorFee: expected.processor,
      deposit: expected.deposit,
      total: expected.total,
      hostEarnings: expected.host,
    });
    // The breakdown adds up to exactly what is charged.
    const p = quote.price;
    expect(p.subtotal + p.insuranceCost + p.platformFee + p.paymentProcessorFee + p.deposit).toBe(p.total);
  });
});
