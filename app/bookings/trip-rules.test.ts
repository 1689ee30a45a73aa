// The trip's clock: the handover at 10:00 in Vilnius whatever the season, the windows of the two records, and what
// the records measure against the agreement.
import { describe, expect, it } from "vitest";
import {
  checkInOverdueAt,
  claimAnswerDeadline,
  claimWindowEnd,
  recordWindow,
  tripMeasures,
  tripTimes,
  windowState,
} from "~/bookings/trip-rules";

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

describe("tripTimes: 10:00 in Vilnius on the start and end dates", () => {
  it("winter time (UTC+2): 08:00 UTC", () => {
    expect(tripTimes({ startDate: "2026-01-15", endDate: "2026-01-18" })).toEqual({
      start: utc("2026-01-15T08:00:00Z"),
      end: utc("2026-01-18T08:00:00Z"),
    });
  });

  it("summer time (UTC+3): 07:00 UTC", () => {
    expect(tripTimes({ startDate: "2026-07-15", endDate: "2026-07-18" })).toEqual({
      start: utc("2026-07-15T07:00:00Z"),
      end: utc("2026-07-18T07:00:00Z"),
    });
  });

  it.each([
    // 29 March 2026, clocks 03:00 → 04:00: the trip is an hour shorter.
    {
      change: "spring",
      from: "2026-03-28",
      to: "2026-03-30",
      start: "2026-03-28T08:00",
      end: "2026-03-30T07:00",
      hours: 47,
    },
    // 25 October 2026, clocks 04:00 → 03:00: the trip is an hour longer.
    {
      change: "autumn",
      from: "2026-10-24",
      to: "2026-10-26",
      start: "2026-10-24T07:00",
      end: "2026-10-26T08:00",
      hours: 49,
    },
  ])("across the $change change of the clocks: $hours hours", ({ from, to, start, end, hours }) => {
    const times = tripTimes({ startDate: from, endDate: to });
    expect(times).toEqual({ start: utc(`${start}:00Z`), end: utc(`${end}:00Z`) });
    expect(times.end - times.start).toBe(hours * HOUR);
  });

  it("on the change days themselves the handover is already in the new time", () => {
    expect(tripTimes({ startDate: "2026-03-29", endDate: "2026-03-30" }).start).toBe(utc("2026-03-29T07:00:00Z"));
    expect(tripTimes({ startDate: "2026-10-25", endDate: "2026-10-26" }).start).toBe(utc("2026-10-25T08:00:00Z"));
  });
});

describe("the records' windows", () => {
  const trip = { startDate: "2026-07-15", endDate: "2026-07-18" };
  const { start, end } = tripTimes(trip);

  it("check-in opens exactly 24 hours before the start, for either party, and does not close", () => {
    for (const role of ["renter", "host"] as const) {
      expect(recordWindow(trip, "check_in", role)).toEqual({ opens: start - 24 * HOUR, closes: null });
      expect(windowState(trip, "check_in", role, start - 24 * HOUR - 1)).toBe("early");
      expect(windowState(trip, "check_in", role, start - 24 * HOUR)).toBe("open");
      expect(windowState(trip, "check_in", role, new Date(start))).toBe("open");
      // Late is flagged (checkInOverdueAt), not closed.
      expect(windowState(trip, "check_in", role, start + 48 * HOUR)).toBe("open");
    }
  });

  it("check-out opens 24 hours before the end for both", () => {
    for (const role of ["renter", "host"] as const) {
      expect(recordWindow(trip, "check_out", role).opens).toBe(end - 24 * HOUR);
      expect(windowState(trip, "check_out", role, end - 24 * HOUR - 1)).toBe("early");
      expect(windowState(trip, "check_out", role, end - 24 * HOUR)).toBe("open");
      expect(windowState(trip, "check_out", role, start)).toBe("early");
    }
  });

  it("the renter's check-out closes 24 hours after the end; the host's never does", () => {
    expect(recordWindow(trip, "check_out", "renter").closes).toBe(end + 24 * HOUR);
    expect(windowState(trip, "check_out", "renter", end + 24 * HOUR)).toBe("open");
    expect(windowState(trip, "check_out", "renter", end + 24 * HOUR + 1)).toBe("closed");
    expect(recordWindow(trip, "check_out", "host").closes).toBeNull();
    expect(windowState(trip, "check_out", "host", end + 24 * HOUR + 1)).toBe("open");
    expect(windowState(trip, "check_out", "host", end + 30 * 24 * HOUR)).toBe("open");
  });

  it("a check-out window across the autumn change counts real hours", () => {
    const autumn = { startDate: "2026-10-20", endDate: "2026-10-25" };
    const opens = recordWindow(autumn, "check_out", "renter").opens;
    // 24 hours before 10:00 winter time on the 25th is 11:00 summer time on the 24th: 08:00 UTC.
    expect(opens).toBe(utc("2026-10-24T08:00:00Z"));
  });
});

describe("deadlines after the start and after check-out", () => {
  it("overdue check-in: 24 hours after the start", () => {
    const trip = { startDate: "2026-01-15", endDate: "2026-01-18" };
    expect(checkInOverdueAt(trip)).toBe(utc("2026-01-16T08:00:00Z"));
  });

  it("the claim window ends 24 hours after check-out, and the renter answers within 72 hours of the claim", () => {
    const at = utc("2026-07-18T07:20:00Z");
    expect(claimWindowEnd(at)).toEqual(new Date(at + 24 * HOUR));
    expect(claimWindowEnd(new Date(at))).toEqual(new Date(at + 24 * HOUR));
    expect(claimAnswerDeadline(at)).toEqual(new Date(at + 72 * HOUR));
  });
});

describe("tripMeasures", () => {
  const end = utc("2026-07-18T07:00:00Z");
  const measures = (over: Partial<Parameters<typeof tripMeasures>[0]> = {}) =>
    tripMeasures({
      checkInKm: 10_000,
      checkOutKm: 10_750,
      checkedOutAt: end,
      mileageLimitPerDay: 200,
      totalDays: 3,
      end,
      ...over,
    });

  it("kilometres driven against the allowance (limit × days), and what went beyond it", () => {
    expect(measures()).toEqual({ kmDriven: 750, kmAllowed: 600, excessKm: 150, hoursLate: 0 });
    expect(measures({ checkOutKm: 10_600 })).toMatchObject({ kmDriven: 600, excessKm: 0 });
    expect(measures({ checkOutKm: 10_100 })).toMatchObject({ kmDriven: 100, excessKm: 0 });
  });

  it("no check-out yet: nothing driven is known and nothing is excess", () => {
    expect(measures({ checkOutKm: null, checkedOutAt: null })).toEqual({
      kmDriven: null,
      kmAllowed: 600,
      excessKm: 0,
      hoursLate: 0,
    });
    expect(measures({ checkInKm: null })).toMatchObject({ kmDriven: null, excessKm: 0 });
  });

  it("an odometer lower at check-out never counts as negative kilometres", () => {
    expect(measures({ checkOutKm: 9_900 })).toMatchObject({ kmDriven: 0, excessKm: 0 });
  });

  it("hours late: a quarter of an hour's grace, then every hour started counts", () => {
    const late = (ms: number) => measures({ checkedOutAt: end + ms }).hoursLate;
    expect(late(-2 * HOUR)).toBe(0);
    expect(late(0)).toBe(0);
    expect(late(15 * 60_000 - 1)).toBe(0);
    expect(late(15 * 60_000)).toBe(1);
    expect(late(HOUR)).toBe(1);
    expect(late(HOUR + 1)).toBe(2);
    expect(late(5 * HOUR + 30 * 60_000)).toBe(6);
    expect(measures({ checkedOutAt: new Date(end + 2 * HOUR) }).hoursLate).toBe(2);
  });
});
