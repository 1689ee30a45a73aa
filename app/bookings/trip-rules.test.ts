// The trip's clock: the handover at 10:00 in Vilnius whatever the season, the windows of the two records, and what
// the records measure against the agreement.
import { describe, expect, it } from "vitest";
import {
  autoCompleteAt,
  checkInOverdueAt,
  claimAnswerDeadline,
  claimWindowEnd,
  effectiveReturn,
  odometerCheck,
  PLAUSIBLE_KM_PER_DAY,
  recordedAfterDeadline,
  recordWindow,
  returnDeadline,
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
    expect(recordWindow(trip, "check_in")).toEqual({ opens: start - 24 * HOUR, closes: null });
    expect(windowState(trip, "check_in", start - 24 * HOUR - 1)).toBe("early");
    expect(windowState(trip, "check_in", start - 24 * HOUR)).toBe("open");
    expect(windowState(trip, "check_in", new Date(start))).toBe("open");
    // Late is flagged (checkInOverdueAt), not closed.
    expect(windowState(trip, "check_in", start + 48 * HOUR)).toBe("open");
  });

  it("check-out opens 24 hours before the end", () => {
    expect(recordWindow(trip, "check_out").opens).toBe(end - 24 * HOUR);
    expect(windowState(trip, "check_out", end - 24 * HOUR - 1)).toBe("early");
    expect(windowState(trip, "check_out", end - 24 * HOUR)).toBe("open");
    expect(windowState(trip, "check_out", start)).toBe("early");
  });

  it("check-out stays open past the return deadline and closes 48 hours after the end, for either party alike", () => {
    expect(recordWindow(trip, "check_out").closes).toBe(end + 48 * HOUR);
    expect(windowState(trip, "check_out", end + 24 * HOUR + 1)).toBe("open");
    expect(windowState(trip, "check_out", end + 48 * HOUR - 1)).toBe("open");
    expect(windowState(trip, "check_out", end + 48 * HOUR)).toBe("closed");
    expect(windowState(trip, "check_out", end + 30 * 24 * HOUR)).toBe("closed");
  });

  it("a check-out window across the autumn change counts real hours", () => {
    const autumn = { startDate: "2026-10-20", endDate: "2026-10-25" };
    const opens = recordWindow(autumn, "check_out").opens;
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
    const trip = { startDate: "2026-07-15", endDate: "2026-07-18" };
    const at = utc("2026-07-18T07:20:00Z");
    expect(claimWindowEnd(trip, at)).toEqual(new Date(at + 24 * HOUR));
    expect(claimWindowEnd(trip, new Date(at))).toEqual(new Date(at + 24 * HOUR));
    expect(claimAnswerDeadline(at)).toEqual(new Date(at + 72 * HOUR));
  });
});

describe("the return clock: nobody moves it by recording late", () => {
  // Ends 2026-11-27 at 10:00 Vilnius (08:00 UTC).
  const trip = { startDate: "2026-11-24", endDate: "2026-11-27" };
  const end = utc("2026-11-27T08:00:00Z");

  it("the deadline is 24 hours after the end, the job's completion 48 hours after it", () => {
    expect(returnDeadline(trip)).toBe(end + 24 * HOUR);
    expect(autoCompleteAt(trip)).toBe(end + 48 * HOUR);
  });

  it("the car counts as returned at the check-out, never later than the deadline, and at the deadline without one", () => {
    expect(effectiveReturn(trip, end - 3 * HOUR)).toBe(end - 3 * HOUR);
    expect(effectiveReturn(trip, end + 24 * HOUR)).toBe(end + 24 * HOUR);
    expect(effectiveReturn(trip, new Date(end + 43 * HOUR))).toBe(end + 24 * HOUR);
    expect(effectiveReturn(trip, null)).toBe(end + 24 * HOUR);
  });

  it("a check-out after the deadline is told apart (it keeps the car's state only)", () => {
    expect(recordedAfterDeadline(trip, end + 24 * HOUR)).toBe(false);
    expect(recordedAfterDeadline(trip, end + 24 * HOUR + 1)).toBe(true);
  });

  it("the claim window: 24 hours after the check-out, closing at end + 48 hours at the latest", () => {
    expect(claimWindowEnd(trip, end + 2 * HOUR)).toEqual(new Date(end + 26 * HOUR));
    // The host's check-out 43 hours late: the window is not moved with it.
    expect(claimWindowEnd(trip, end + 43 * HOUR)).toEqual(new Date(end + 48 * HOUR));
    // Completed by the job (no check-out): closed the moment it completes.
    expect(claimWindowEnd(trip, null)).toEqual(new Date(autoCompleteAt(trip)));
  });

  it("late hours stop at the deadline: at most 24, however late the check-out", () => {
    const late = (at: number) =>
      tripMeasures({
        checkInKm: 50_215,
        checkOutKm: 50_500,
        checkedOutAt: at,
        mileageLimitPerDay: 200,
        totalDays: 3,
        end,
      }).hoursLate;
    expect(late(end + 23 * HOUR + 30 * 60_000)).toBe(24);
    expect(late(end + 24 * HOUR)).toBe(24);
    expect(late(end + 43 * HOUR)).toBe(24);
    expect(late(end + 30 * 24 * HOUR)).toBe(24);
  });
});

describe("odometerCheck: a jump beyond what the days allow waits for the other party", () => {
  const trip = { startDate: "2026-11-24", endDate: "2026-11-27" };
  const { start, end } = tripTimes(trip);
  const checkIn = { odometerKm: 50_215, recordedAt: start + 10 * 60_000 };
  const checkOut = (km: number, over: { recordedAt?: number; confirmedAt?: number | null } = {}) => ({
    odometerKm: km,
    recordedAt: end,
    confirmedAt: null,
    ...over,
  });

  it("nothing to check until both ends are recorded", () => {
    expect(odometerCheck(trip, { checkIn, checkOut: null })).toBeNull();
    expect(odometerCheck(trip, { checkIn: null, checkOut: checkOut(50_300) })).toBeNull();
  });

  it(`up to ${PLAUSIBLE_KM_PER_DAY} km a day stands at the record's word`, () => {
    expect(odometerCheck(trip, { checkIn, checkOut: checkOut(50_215 + 3 * PLAUSIBLE_KM_PER_DAY) })).toEqual({
      kmDriven: 4_500,
      days: 3,
      plausibleKm: 4_500,
      plausible: true,
      held: false,
    });
  });

  it("more is held until the party who did not record the check-out confirms it", () => {
    const jump = odometerCheck(trip, { checkIn, checkOut: checkOut(99_999, { recordedAt: end + 43 * HOUR }) });
    // The days count to the effective return (the deadline), not to the late record: 4 days.
    expect(jump).toEqual({ kmDriven: 49_784, days: 4, plausibleKm: 6_000, plausible: false, held: true });
    const confirmed = odometerCheck(trip, { checkIn, checkOut: checkOut(99_999, { confirmedAt: end + HOUR }) });
    expect(confirmed).toMatchObject({ plausible: false, held: false });
  });

  it("counts the days from a check-in recorded before the start, and at least one", () => {
    const early = { odometerKm: 10_000, recordedAt: start - 20 * HOUR };
    expect(odometerCheck(trip, { checkIn: early, checkOut: checkOut(10_100) })?.days).toBe(4);
    // A check-in recorded late counts from the start all the same: the car may have been out since.
    const late = { odometerKm: 10_000, recordedAt: start + 30 * HOUR };
    expect(odometerCheck(trip, { checkIn: late, checkOut: checkOut(10_100) })?.days).toBe(3);
    const short = { startDate: "2026-11-26", endDate: "2026-11-27" };
    const quick = odometerCheck(short, {
      checkIn: { odometerKm: 10_000, recordedAt: tripTimes(short).start },
      checkOut: { odometerKm: 11_400, recordedAt: tripTimes(short).start + HOUR, confirmedAt: null },
    });
    expect(quick).toMatchObject({ days: 1, plausible: true });
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
