import { describe, expect, it } from "vitest";
import { chartBuckets, labelEvery, niceScale } from "~/dashboard/chart";
import { periodRange } from "~/dashboard/period";

const days = (buckets: { from: string; until: string }[]) => buckets.map((b) => `${b.from}..${b.until}`);

describe("chartBuckets", () => {
  it("7 and 30 days: a bar a day", () => {
    const range = periodRange("7d", new Date("2025-03-15T10:00:00Z"));
    const bars = chartBuckets(range, "day");
    expect(bars).toHaveLength(7);
    expect(bars[0]).toMatchObject({ from: "2025-03-09", until: "2025-03-10", days: 1 });
    expect(bars[6]).toMatchObject({ from: "2025-03-15", until: "2025-03-16" });
    expect(chartBuckets(periodRange("30d", new Date("2025-03-15T10:00:00Z")), "day")).toHaveLength(30);
  });

  it("90 days: calendar weeks from Monday, the first and the last clipped to the period", () => {
    // Saturday 15 March 2025: the period is 16 December 2024 (a Monday) to 15 March.
    const bars = chartBuckets(periodRange("90d", new Date("2025-03-15T10:00:00Z")), "week");
    expect(bars).toHaveLength(13);
    expect(bars[0]).toMatchObject({ from: "2024-12-16", until: "2024-12-23", days: 7 });
    expect(bars[12]).toMatchObject({ from: "2025-03-10", until: "2025-03-16", days: 6 });
    // Wednesday 19 March: the first week starts on Friday 20 December.
    const later = chartBuckets(periodRange("90d", new Date("2025-03-19T10:00:00Z")), "week");
    expect(days(later.slice(0, 2))).toEqual(["2024-12-20..2024-12-23", "2024-12-23..2024-12-30"]);
    expect(later.at(-1)).toMatchObject({ from: "2025-03-17", until: "2025-03-20", days: 3 });
    expect(later.reduce((sum, bar) => sum + bar.days, 0)).toBe(90);
  });

  it("a year: calendar months, the first and the current one partial", () => {
    const bars = chartBuckets(periodRange("1y", new Date("2025-03-15T10:00:00Z")), "month");
    expect(bars).toHaveLength(13);
    expect(bars[0]).toMatchObject({ from: "2024-03-16", until: "2024-04-01", days: 16 });
    expect(bars[9]).toMatchObject({ from: "2024-12-01", until: "2025-01-01", days: 31 });
    expect(bars[11]).toMatchObject({ from: "2025-02-01", until: "2025-03-01", days: 28 });
    expect(bars[12]).toMatchObject({ from: "2025-03-01", until: "2025-03-16", days: 15 });
    expect(bars.reduce((sum, bar) => sum + bar.days, 0)).toBe(365);
  });

  it("bars meet at Vilnius midnights, with no gap and no overlap", () => {
    const bars = chartBuckets(periodRange("30d", new Date("2025-04-10T10:00:00Z")), "day");
    for (let i = 1; i < bars.length; i++) expect(bars[i]!.startMs).toBe(bars[i - 1]!.endMs);
    // The day the clocks went forward (30 March 2025) is 23 hours long.
    const short = bars.find((bar) => bar.from === "2025-03-30")!;
    expect(short.endMs - short.startMs).toBe(23 * 3_600_000);
  });
});

describe("niceScale", () => {
  it("steps of 1, 2 or 5 × 10ⁿ euros, the top at or above the highest bar", () => {
    // 1 234 € ÷ 4 = 308.5 → step 500 → top 1 500
    expect(niceScale(123_400)).toEqual({ top: 150_000, ticks: [0, 50_000, 100_000, 150_000] });
    // 800 € ÷ 4 = 200 → step 200 → top 800 exactly
    expect(niceScale(80_000)).toEqual({ top: 80_000, ticks: [0, 20_000, 40_000, 60_000, 80_000] });
    // 45 678,90 € ÷ 4 = 11 419.7 → step 20 000 → top 60 000
    expect(niceScale(4_567_890)).toEqual({ top: 6_000_000, ticks: [0, 2_000_000, 4_000_000, 6_000_000] });
  });

  it("an empty chart still has an axis: 0 to 100 €", () => {
    expect(niceScale(0)).toEqual({ top: 10_000, ticks: [0, 5_000, 10_000] });
    expect(niceScale(1_500)).toEqual({ top: 10_000, ticks: [0, 5_000, 10_000] });
  });
});

describe("labelEvery", () => {
  it("labels every bar while they fit, every n-th beyond", () => {
    expect(labelEvery(7, 7)).toBe(1);
    expect(labelEvery(30, 6)).toBe(5);
    expect(labelEvery(13, 6)).toBe(3);
    expect(labelEvery(0, 6)).toBe(1);
  });
});
