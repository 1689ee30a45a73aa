import { describe, expect, it } from "vitest";
import {
  availableDays,
  averageCents,
  cappedPercent,
  growthPercent,
  occupancyPercent,
  ratingOrNull,
} from "~/dashboard/figures";

describe("cappedPercent", () => {
  it("rounds to a whole percent and never goes above 100", () => {
    expect(cappedPercent(1, 3)).toBe(33);
    expect(cappedPercent(2, 3)).toBe(67);
    expect(cappedPercent(3, 3)).toBe(100);
    // More bookings than inquiries (people book without asking first): capped.
    expect(cappedPercent(5, 2)).toBe(100);
    expect(cappedPercent(0, 7)).toBe(0);
  });

  it("is N/A (null) when there is nothing to divide by", () => {
    expect(cappedPercent(0, 0)).toBeNull();
    expect(cappedPercent(4, 0)).toBeNull();
  });
});

describe("growthPercent", () => {
  it("compares with the previous period; null when that was 0", () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(50, 200)).toBe(-75);
    expect(growthPercent(0, 100)).toBe(-100);
    expect(growthPercent(100, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
  });
});

describe("averageCents and ratingOrNull", () => {
  it("average in whole cents, N/A without anything counted", () => {
    expect(averageCents(100_000, 3)).toBe(33_333);
    expect(averageCents(0, 0)).toBeNull();
  });

  it("a rating of 0 is N/A; others keep one decimal", () => {
    expect(ratingOrNull(0)).toBeNull();
    expect(ratingOrNull(4.67)).toBe(4.7);
    expect(ratingOrNull(5)).toBe(5);
  });
});

describe("occupancy", () => {
  const range = { from: "2025-03-01", until: "2025-03-31", days: 30 };

  it("a car counts the days from its listing on", () => {
    expect(availableDays(range, "2024-12-01")).toBe(30);
    expect(availableDays(range, "2025-03-01")).toBe(30);
    expect(availableDays(range, "2025-03-21")).toBe(10);
    expect(availableDays(range, "2025-03-31")).toBe(0);
    expect(availableDays(range, "2025-05-01")).toBe(0);
  });

  it("is booked days ÷ available days over the fleet, capped at 100 %", () => {
    // (12 + 3) ÷ (30 + 10) = 37.5 % → 38
    expect(
      occupancyPercent([
        { availableDays: 30, bookedDays: 12 },
        { availableDays: 10, bookedDays: 3 },
      ]),
    ).toBe(38);
    // A car cannot be more than fully booked: 40 booked of 30 counts as 30.
    expect(
      occupancyPercent([
        { availableDays: 30, bookedDays: 40 },
        { availableDays: 30, bookedDays: 0 },
      ]),
    ).toBe(50);
    expect(occupancyPercent([{ availableDays: 30, bookedDays: 30 }])).toBe(100);
  });

  it("is N/A with no car that could be rented", () => {
    expect(occupancyPercent([])).toBeNull();
    expect(occupancyPercent([{ availableDays: 0, bookedDays: 0 }])).toBeNull();
  });
});
