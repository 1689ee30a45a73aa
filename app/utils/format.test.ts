import { describe, expect, it } from "vitest";
import {
  calendarNames,
  formatAtLeast,
  formatDays,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRating,
} from "~/utils/format";

// Intl writes a no-break space (U+00A0) in "10 000" and before "%" and "€" in Lithuanian, and a narrow one in some
// versions; the tests read it as a plain space so they say what a person sees.
const seen = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("numbers by the page's language", () => {
  it("groups thousands: a space in Lithuanian, a comma in English", () => {
    expect(seen(formatNumber(10_000, "lt"))).toBe("10 000");
    expect(formatNumber(10_000, "en")).toBe("10,000");
    expect(seen(formatNumber(1_234_567.5, "lt"))).toBe("1 234 567,5");
    expect(formatNumber(1_234_567.5, "en")).toBe("1,234,567.5");
    expect(formatNumber(999, "lt")).toBe("999");
  });
  it("writes the marketing '10,000+' in English and '10 000+' in Lithuanian", () => {
    expect(formatAtLeast(10_000, "en")).toBe("10,000+");
    expect(seen(formatAtLeast(10_000, "lt"))).toBe("10 000+");
    expect(formatAtLeast(500, "lt")).toBe("500+");
  });
  it("writes percentages with the language's decimal mark and spacing, decimals only where there are some", () => {
    expect(seen(formatPercent(0.5, "lt"))).toBe("0,5 %");
    expect(formatPercent(0.5, "en")).toBe("0.5%");
    expect(seen(formatPercent(3.26, "lt"))).toBe("3,26 %");
    expect(formatPercent(3.26, "en")).toBe("3.26%");
    expect(seen(formatPercent(2, "lt"))).toBe("2 %");
    expect(formatPercent(2, "en")).toBe("2%");
    // A rate as the pricing module holds it (0.0326 × 100 is 3.2600000000000002 in binary).
    expect(formatPercent(0.0326 * 100, "en")).toBe("3.26%");
    expect(formatPercent(1.25, "en")).toBe("1.25%");
    expect(formatPercent(150, "en", 0)).toBe("150%");
  });
  it("writes ratings with one decimal", () => {
    expect(formatRating(4.9, "lt")).toBe("4,9");
    expect(formatRating(4.9, "en")).toBe("4.9");
    expect(formatRating(5, "en")).toBe("5.0");
  });
  it("writes euros: whole for prices, two decimals in breakdowns", () => {
    expect(seen(formatPrice(125_000, "lt"))).toBe("1 250 €");
    expect(formatPrice(125_000, "en")).toBe("€1,250");
    expect(seen(formatMoney(125_040, "lt"))).toBe("1 250,40 €");
    expect(formatMoney(125_040, "en")).toBe("€1,250.40");
  });
  it("falls back to Lithuanian for an unknown language", () => {
    expect(seen(formatPercent(0.5, "de"))).toBe("0,5 %");
  });
});

describe("a calendar's names", () => {
  it("gives the month's title and the week's days, Monday first, in the page's language", () => {
    const lt = calendarNames("2026-12", "lt");
    expect(lt.monthYear).toBe("2026 m. gruodis");
    expect(lt.weekdays.map((day) => day.long)).toEqual([
      "pirmadienis",
      "antradienis",
      "trečiadienis",
      "ketvirtadienis",
      "penktadienis",
      "šeštadienis",
      "sekmadienis",
    ]);
    const en = calendarNames("2026-12", "en");
    expect(en.monthYear).toBe("December 2026");
    expect(en.weekdays.map((day) => day.short)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  });
});

describe("days named in a message", () => {
  it("joins runs of consecutive days into ranges, in the page's language", () => {
    const days = ["2026-12-14", "2026-12-15", "2026-12-16", "2026-12-20"];
    expect(seen(formatDays(days, "lt"))).toBe(
      "2026 m. gruodžio 14 d. – 2026 m. gruodžio 16 d. ir 2026 m. gruodžio 20 d.",
    );
    expect(formatDays(days, "en")).toBe("14 December 2026 – 16 December 2026 and 20 December 2026");
    expect(formatDays(["2026-12-31", "2027-01-01"], "en")).toBe("31 December 2026 – 1 January 2027");
    expect(seen(formatDays(["2026-12-14"], "lt"))).toBe("2026 m. gruodžio 14 d.");
  });
});
