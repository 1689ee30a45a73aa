import { describe, expect, it } from "vitest";
import { monthRange, parsePeriod, periodRange } from "~/dashboard/period";

describe("parsePeriod", () => {
  it("takes the four periods and turns anything else into 30 days", () => {
    expect(["7d", "30d", "90d", "1y"].map(parsePeriod)).toEqual(["7d", "30d", "90d", "1y"]);
    for (const bad of [null, undefined, "", "7D", "365d", "1y;drop", " 7d"]) expect(parsePeriod(bad)).toBe("30d");
  });
});

describe("periodRange", () => {
  it("is the last N Vilnius days, today included, and the N days before", () => {
    // 10:00 UTC on 15 March is 12:00 in Vilnius: today is the 15th.
    const range = periodRange("7d", new Date("2025-03-15T10:00:00Z"));
    expect(range).toMatchObject({ today: "2025-03-15", from: "2025-03-09", until: "2025-03-16", days: 7 });
    expect(range.previous).toMatchObject({ from: "2025-03-02", until: "2025-03-09", days: 7 });
    expect(new Date(range.startMs).toISOString()).toBe("2025-03-08T22:00:00.000Z");
    expect(new Date(range.endMs).toISOString()).toBe("2025-03-15T22:00:00.000Z");
  });

  it("takes today from the Vilnius clock, not UTC's: 22:30 UTC on the 31st is already 1 April", () => {
    const range = periodRange("30d", new Date("2025-03-31T22:30:00Z"));
    expect(range).toMatchObject({ today: "2025-04-01", from: "2025-03-03", until: "2025-04-02", days: 30 });
  });

  it("crosses month and year ends: 90 days and a year back from 5 January 2026", () => {
    const now = new Date("2026-01-05T08:00:00Z");
    expect(periodRange("90d", now)).toMatchObject({ from: "2025-10-08", until: "2026-01-06", days: 90 });
    // 365 days; 2024 was a leap year but this range does not contain 29 February.
    expect(periodRange("1y", now)).toMatchObject({ from: "2025-01-06", until: "2026-01-06", days: 365 });
    expect(periodRange("1y", new Date("2024-03-10T08:00:00Z"))).toMatchObject({
      from: "2023-03-12",
      until: "2024-03-11",
      days: 365,
    });
  });
});

describe("monthRange", () => {
  it("is the Vilnius calendar month, whole", () => {
    expect(monthRange(new Date("2025-02-14T12:00:00Z"))).toMatchObject({
      from: "2025-02-01",
      until: "2025-03-01",
      days: 28,
    });
    // 21:30 UTC on 30 November is 23:30 in Vilnius (still November); 22:30 is December.
    expect(monthRange(new Date("2025-11-30T21:30:00Z"))).toMatchObject({ from: "2025-11-01", until: "2025-12-01" });
    expect(monthRange(new Date("2025-11-30T22:30:00Z"))).toMatchObject({ from: "2025-12-01", until: "2026-01-01" });
    const december = monthRange(new Date("2025-12-31T12:00:00Z"));
    expect(new Date(december.startMs).toISOString()).toBe("2025-11-30T22:00:00.000Z");
    expect(new Date(december.endMs).toISOString()).toBe("2025-12-31T22:00:00.000Z");
  });
});
