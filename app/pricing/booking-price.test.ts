import { describe, expect, it } from "vitest";
import { availablePeriods, dailyRateFor, insuranceCost, priceBooking, roundCents } from "~/pricing/booking-price";

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
