import { describe, expect, it } from "vitest";
import {
  buildMonth,
  isSelectable,
  pickDay,
  pickRange,
  rangeHasBlocked,
  unavailableDaysIn,
  withSelection,
  type CalendarBooking,
  type CalendarDay,
} from "./availability-rules";

const TODAY = "2025-05-10";
const BOOKINGS: CalendarBooking[] = [
  { startDate: "2025-05-12", endDate: "2025-05-14", status: "confirmed" },
  { startDate: "2025-05-20", endDate: "2025-05-22", status: "pending" },
];
const BLOCKED = ["2025-05-14", "2025-05-15", "2025-05-21"];

function days(month: ReturnType<typeof buildMonth>) {
  return new Map(
    month.weeks
      .flat()
      .filter((d): d is CalendarDay => d !== null)
      .map((d) => [d.day, d]),
  );
}

describe("the availability calendar with a host's blocked days", () => {
  it("shows the host booked, blocked and requested days apart", () => {
    const month = days(buildMonth("2025-05", TODAY, BOOKINGS, {}, { blocked: BLOCKED, view: "host" }));
    expect(month.get("2025-05-09")?.state).toBe("past");
    expect(month.get("2025-05-12")?.state).toBe("booked");
    expect(month.get("2025-05-13")?.state).toBe("booked");
    expect(month.get("2025-05-14")?.state).toBe("blocked"); // the return day of the booking
    expect(month.get("2025-05-15")?.state).toBe("blocked");
    expect(month.get("2025-05-20")?.state).toBe("pending");
    expect(month.get("2025-05-21")?.state).toBe("blocked");
    expect(month.get("2025-05-16")?.state).toBe("free");
  });

  it("shows the renter booked and blocked days alike, as unavailable, and never says 'blocked'", () => {
    const month = buildMonth("2025-05", TODAY, BOOKINGS, {}, { blocked: BLOCKED });
    const byDay = days(month);
    expect(byDay.get("2025-05-12")?.state).toBe("unavailable");
    expect(byDay.get("2025-05-15")?.state).toBe("unavailable");
    expect(byDay.get("2025-05-21")?.state).toBe("unavailable");
    expect(JSON.stringify(month)).not.toContain("blocked");
  });

  it("lets booked and past days not be chosen, and blocked ones be (to unblock them)", () => {
    const month = days(buildMonth("2025-05", TODAY, BOOKINGS, {}, { blocked: BLOCKED, view: "host" }));
    expect(isSelectable(month.get("2025-05-09")!)).toBe(false);
    expect(isSelectable(month.get("2025-05-12")!)).toBe(false);
    expect(isSelectable(month.get("2025-05-15")!)).toBe(true);
    expect(isSelectable(month.get("2025-05-20")!)).toBe(true);
    const renter = days(buildMonth("2025-05", TODAY, BOOKINGS, {}, { blocked: BLOCKED }));
    expect(isSelectable(renter.get("2025-05-15")!)).toBe(false);
  });

  it("has no month links past its bounds", () => {
    const bounds = { first: "2025-05", last: "2025-06" };
    expect(buildMonth("2025-05", TODAY, [], {}, { bounds })).toMatchObject({ previous: null, next: "2025-06" });
    expect(buildMonth("2025-06", TODAY, [], {}, { bounds })).toMatchObject({ previous: "2025-05", next: null });
    expect(buildMonth("2025-06", TODAY, [], {})).toMatchObject({ previous: "2025-05", next: "2025-07" });
  });

  it("a host picks a range of whole days: one click is one day, a later click its last day", () => {
    expect(pickRange({}, "2025-05-16")).toEqual({ start: "2025-05-16", end: "2025-05-16" });
    expect(pickRange({ start: "2025-05-16", end: "2025-05-16" }, "2025-05-19")).toEqual({
      start: "2025-05-16",
      end: "2025-05-19",
    });
    expect(pickRange({ start: "2025-05-16", end: "2025-05-19" }, "2025-05-15")).toEqual({
      start: "2025-05-15",
      end: "2025-05-15",
    });
    expect(pickRange({ start: "2025-05-16", end: "2025-05-19" }, "2025-05-25")).toEqual({
      start: "2025-05-16",
      end: "2025-05-25",
    });
  });

  it("marks a range chosen in the browser on the server's month", () => {
    const month = days(withSelection(buildMonth("2025-05", TODAY, [], {}), { start: "2025-05-16", end: "2025-05-18" }));
    expect(month.get("2025-05-16")?.selection).toBe("start");
    expect(month.get("2025-05-17")?.selection).toBe("inside");
    expect(month.get("2025-05-18")?.selection).toBe("end");
    expect(month.get("2025-05-19")?.selection).toBe(null);
  });

  it("finds a blocked day inside a booking's days [start, end), not on its return day", () => {
    expect(rangeHasBlocked("2025-05-16", "2025-05-21", BLOCKED)).toBe(false);
    expect(rangeHasBlocked("2025-05-16", "2025-05-22", BLOCKED)).toBe(true);
    expect(rangeHasBlocked("2025-05-15", "2025-05-16", BLOCKED)).toBe(true);
  });

  it("never draws the renter's range across days the car is not available", () => {
    // Typed dates from the 11th to the 17th: the booked 12th–13th and blocked 14th–15th stay drawn as unavailable.
    const month = days(
      buildMonth("2025-05", TODAY, BOOKINGS, { start: "2025-05-11", end: "2025-05-17" }, { blocked: BLOCKED }),
    );
    expect(month.get("2025-05-11")?.selection).toBe("start");
    for (const day of ["2025-05-12", "2025-05-13", "2025-05-14", "2025-05-15"]) {
      expect(month.get(day)).toMatchObject({ state: "unavailable", selection: null });
    }
    expect(month.get("2025-05-16")?.selection).toBe("inside");
    expect(month.get("2025-05-17")?.selection).toBe("end");
  });

  it("starts again from a day clicked past the first unavailable day after the pickup", () => {
    const month = buildMonth("2025-05", TODAY, BOOKINGS, { start: "2025-05-16" }, { blocked: BLOCKED });
    // The 20th–21st are only requested (pending): still available; the 21st is blocked.
    expect(month.lastReturnDay).toBe("2025-05-21");
    expect(pickDay({ start: "2025-05-16" }, "2025-05-21", month.lastReturnDay)).toEqual({
      start: "2025-05-16",
      end: "2025-05-21",
    });
    // Said outright, so the new choice drops the old return day rather than keep it.
    expect(pickDay({ start: "2025-05-16", end: "2025-05-21" }, "2025-05-23", month.lastReturnDay)).toStrictEqual({
      start: "2025-05-23",
      end: undefined,
    });
    expect(pickDay({ start: "2025-05-16", end: "2025-05-21" }, "2025-05-12")).toStrictEqual({
      start: "2025-05-12",
      end: undefined,
    });
    // A pickup on the day before a booking may only end on its first day.
    const before = buildMonth("2025-05", TODAY, BOOKINGS, { start: "2025-05-11" }, { blocked: BLOCKED });
    expect(before.lastReturnDay).toBe("2025-05-12");
    expect(buildMonth("2025-05", TODAY, [], { start: "2025-05-11" }).lastReturnDay).toBe(null);
    expect(buildMonth("2025-05", TODAY, BOOKINGS, {}, { blocked: BLOCKED }).lastReturnDay).toBe(null);
  });

  it("names the chosen days the renter cannot have, booked and blocked alike, not the return day", () => {
    expect(unavailableDaysIn("2025-05-11", "2025-05-17", BOOKINGS, BLOCKED)).toEqual([
      "2025-05-12",
      "2025-05-13",
      "2025-05-14",
      "2025-05-15",
    ]);
    expect(unavailableDaysIn("2025-05-16", "2025-05-21", BOOKINGS, BLOCKED)).toEqual([]);
    expect(unavailableDaysIn("2025-05-20", "2025-05-23", BOOKINGS, BLOCKED)).toEqual(["2025-05-21"]);
  });
});
