import { describe, expect, it } from "vitest";
import { vilniusMidnight } from "~/utils/calendar-days";

describe("vilniusMidnight", () => {
  it("is 22:00 UTC the day before in winter (UTC+2) and 21:00 UTC in summer (UTC+3)", () => {
    expect(new Date(vilniusMidnight("2025-01-15")).toISOString()).toBe("2025-01-14T22:00:00.000Z");
    expect(new Date(vilniusMidnight("2025-07-01")).toISOString()).toBe("2025-06-30T21:00:00.000Z");
  });

  it("holds on the days the clocks change (30 March and 26 October 2025)", () => {
    // Clocks go forward at 03:00 on 30 March: midnight is still UTC+2; the next day's is UTC+3.
    expect(new Date(vilniusMidnight("2025-03-30")).toISOString()).toBe("2025-03-29T22:00:00.000Z");
    expect(new Date(vilniusMidnight("2025-03-31")).toISOString()).toBe("2025-03-30T21:00:00.000Z");
    // Back at 04:00 on 26 October: midnight is still UTC+3; the next day's UTC+2.
    expect(new Date(vilniusMidnight("2025-10-26")).toISOString()).toBe("2025-10-25T21:00:00.000Z");
    expect(new Date(vilniusMidnight("2025-10-27")).toISOString()).toBe("2025-10-26T22:00:00.000Z");
  });
});
