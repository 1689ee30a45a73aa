import { describe, expect, it } from "vitest";
import {
  availablePeriods,
  type BookableCarPrices,
  type InsurancePackagePrice,
  dailyRateFor,
  insuranceCost,
  priceBooking,
  quoteBooking,
  roundCents,
} from "~/pricing/booking-price";

describe("booking price", () => {
  it("follows part 2 §9 line by line", () => {
    // 3 days at 45 €, 12 €/day insurance, 300 € deposit.
    const price = priceBooking({
      dailyRate: 4500,
      days: 3,
      insurance: { kind: "per-day", pricePerDay: 1200 },
      deposit: 30000,
    });
    expect(price).toEqual({
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
    const price = priceBooking({ dailyRate: 3333, days: 7, insurance: { kind: "none" }, deposit: 0 });
    expect(price.platformFee).toBe(467); // 466.62
    expect(price.total).toBe(price.subtotal + price.platformFee + price.paymentProcessorFee);
  });
  it("offers weekly from 7 days and monthly from 28", () => {
    const car = { dailyPrice: 5000, weeklyPrice: 30000, monthlyPrice: 110000 };
    expect(availablePeriods(car, 6)).toEqual(["daily"]);
    expect(availablePeriods(car, 7)).toEqual(["daily", "weekly"]);
    expect(availablePeriods(car, 28)).toEqual(["daily", "weekly", "monthly"]);
    expect(availablePeriods({ ...car, weeklyPrice: null }, 10)).toEqual(["daily"]);
    expect(dailyRateFor(car, "weekly")).toBe(4286);
    expect(dailyRateFor(car, "monthly")).toBe(3667);
  });
  it("refuses zero days and a zero rate", () => {
    expect(() => priceBooking({ dailyRate: 4500, days: 0, insurance: { kind: "none" }, deposit: 0 })).toThrow();
    expect(() => priceBooking({ dailyRate: 0, days: 2, insurance: { kind: "none" }, deposit: 0 })).toThrow();
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
    // rate round(30000 / 7 = 4285.71) = 4286; 4286 × 7 = 30002; platform 600.04 → 600; processor 30602 × 3.26 % = 997.63 → 998
    [
      "weekly from exactly 7 days, weekly deposit",
      { period: "weekly", days: 7, withDriver: false, insurance: null },
      {},
      {
        rate: 4286,
        subtotal: 30002,
        insurance: 0,
        platform: 600,
        processor: 998,
        deposit: 30000,
        total: 61600,
        host: 29402,
      },
    ],
    [
      "monthly is refused at 27 days",
      { period: "monthly", days: 27, withDriver: false, insurance: null },
      {},
      "period",
    ],
    // rate round(110000 / 30 = 3666.67) = 3667; × 28 = 102676; platform 2053.52 → 2054; processor 104730 × 3.26 % = 3414.20 → 3414;
    // no monthly deposit → the daily one
    [
      "monthly from exactly 28 days, deposit falls back to the daily one",
      { period: "monthly", days: 28, withDriver: false, insurance: null },
      {},
      {
        rate: 3667,
        subtotal: 102676,
        insurance: 0,
        platform: 2054,
        processor: 3414,
        deposit: 20000,
        total: 128144,
        host: 100622,
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
    // rate round(50000 / 7 = 7142.86) = 7143; × 10 = 71430; insurance 1.5 % × 20,000 € = 30000; platform 1428.6 → 1429;
    // processor 102859 × 3.26 % = 3353.20 → 3353
    [
      "weekly with driver, percentage insurance on the sale price",
      { period: "weekly", days: 10, withDriver: true, insurance: percent },
      {},
      {
        rate: 7143,
        subtotal: 71430,
        insurance: 30000,
        platform: 1429,
        processor: 3353,
        deposit: 30000,
        total: 136212,
        host: 70001,
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
    expect(quote.price).toEqual({
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
