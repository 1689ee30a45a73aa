// The state machine as data (decision 022): every transition and every refusal, by role, status, payment and time
// against the check-in and check-out windows. The expectations are written out here, not read from
// BOOKING_TRANSITIONS, so a change to the table that is not meant shows up.
import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES, type PaymentStatus } from "#db/enums";
import {
  BOOKING_ACTIONS,
  STATUS_ACTIONS,
  allowedActions,
  findTransition,
  recordKindOf,
  roleIn,
  type BookingAction,
  type BookingRole,
  type BookingStatus,
} from "~/bookings/booking-rules";
import { tripTimes } from "~/bookings/trip-rules";

const HOUR = 3_600_000;
const trip = { startDate: "2026-07-15", endDate: "2026-07-18" };
const { start, end } = tripTimes(trip);

/** The moments that matter, from long before the trip to after the check-out window closes (end + 48 h). */
const TIMES = {
  longBefore: start - 30 * 24 * HOUR,
  beforeCheckIn: start - 24 * HOUR - 1,
  checkInOpens: start - 24 * HOUR,
  started: start,
  midTrip: start + 24 * HOUR,
  beforeCheckOut: end - 24 * HOUR - 1,
  checkOutOpens: end - 24 * HOUR,
  ended: end,
  returnDeadline: end + 24 * HOUR,
  afterReturnDeadline: end + 24 * HOUR + 1,
  beforeAutoComplete: end + 48 * HOUR - 1,
  autoComplete: end + 48 * HOUR,
  longAfter: end + 60 * 24 * HOUR,
} as const;
type Moment = keyof typeof TIMES;

const CHECK_IN_OPEN: Moment[] = [
  "checkInOpens",
  "started",
  "midTrip",
  "beforeCheckOut",
  "checkOutOpens",
  "ended",
  "returnDeadline",
  "afterReturnDeadline",
  "beforeAutoComplete",
  "autoComplete",
  "longAfter",
];
// The same for both parties: neither can close the trip alone or hold it open past the job's completion.
const CHECK_OUT_OPEN: Moment[] = [
  "checkOutOpens",
  "ended",
  "returnDeadline",
  "afterReturnDeadline",
  "beforeAutoComplete",
];
const ALWAYS = Object.keys(TIMES) as Moment[];

/** Every allowed step; anything else is refused. */
const ALLOWED: Array<{
  from: BookingStatus;
  payment: PaymentStatus[];
  action: BookingAction;
  role: BookingRole;
  when: Moment[];
  to: BookingStatus;
}> = [
  // A request reaches the host once the card is authorised; until then only the renter can end it.
  { from: "pending", payment: ["authorized"], action: "confirm", role: "host", when: ALWAYS, to: "confirmed" },
  { from: "pending", payment: ["authorized"], action: "decline", role: "host", when: ALWAYS, to: "cancelled" },
  { from: "pending", payment: [...PAYMENT_STATUSES], action: "cancel", role: "renter", when: ALWAYS, to: "cancelled" },
  // A confirmed booking: either party cancels (the refund follows the policy); check-in needs the captured payment.
  {
    from: "confirmed",
    payment: [...PAYMENT_STATUSES],
    action: "cancel",
    role: "renter",
    when: ALWAYS,
    to: "cancelled",
  },
  { from: "confirmed", payment: [...PAYMENT_STATUSES], action: "cancel", role: "host", when: ALWAYS, to: "cancelled" },
  { from: "confirmed", payment: ["captured"], action: "check_in", role: "renter", when: CHECK_IN_OPEN, to: "active" },
  { from: "confirmed", payment: ["captured"], action: "check_in", role: "host", when: CHECK_IN_OPEN, to: "active" },
  // An active trip ends only by check-out; nobody cancels it.
  {
    from: "active",
    payment: [...PAYMENT_STATUSES],
    action: "check_out",
    role: "renter",
    when: CHECK_OUT_OPEN,
    to: "completed",
  },
  {
    from: "active",
    payment: [...PAYMENT_STATUSES],
    action: "check_out",
    role: "host",
    when: CHECK_OUT_OPEN,
    to: "completed",
  },
];

const STATUSES: BookingStatus[] = ["pending", "confirmed", "active", "completed", "cancelled"];
const ROLES: BookingRole[] = ["renter", "host"];

const cases = STATUSES.flatMap((status) =>
  PAYMENT_STATUSES.flatMap((payment) =>
    BOOKING_ACTIONS.flatMap((action) =>
      ROLES.flatMap((role) =>
        ALWAYS.map((moment) => {
          const allowed = ALLOWED.find(
            (a) =>
              a.from === status &&
              a.payment.includes(payment) &&
              a.action === action &&
              a.role === role &&
              a.when.includes(moment),
          );
          return { status, payment, action, role, moment, to: allowed?.to ?? null };
        }),
      ),
    ),
  ),
);

describe("findTransition", () => {
  it("checks every status × payment × action × role × moment", () => {
    expect(cases).toHaveLength(5 * 5 * 5 * 2 * 13);
    expect(cases.filter((c) => c.to !== null).length).toBeGreaterThan(0);
  });

  it("allows exactly the steps above and refuses every other", () => {
    const wrong = cases.flatMap((c) => {
      const booking = { status: c.status, paymentStatus: c.payment, ...trip };
      const transition = findTransition(booking, c.action, c.role, TIMES[c.moment]);
      const to = transition?.to ?? null;
      const consistent =
        !transition || (transition.from === c.status && transition.action === c.action && transition.role === c.role);
      return to === c.to && consistent ? [] : [{ ...c, got: to }];
    });
    expect(wrong).toEqual([]);
  });

  it("reads the time as a Date too", () => {
    const booking = { status: "confirmed" as const, paymentStatus: "captured" as const, ...trip };
    expect(findTransition(booking, "check_in", "host", new Date(TIMES.checkInOpens))?.to).toBe("active");
    expect(findTransition(booking, "check_in", "host", new Date(TIMES.beforeCheckIn))).toBeNull();
  });

  it("the host's old 'complete' is gone: no action, no button, no transition", () => {
    expect(BOOKING_ACTIONS).toEqual(["confirm", "decline", "check_in", "check_out", "cancel"]);
    expect(BOOKING_ACTIONS).not.toContain("complete");
    expect(STATUS_ACTIONS).toEqual(["confirm", "decline", "cancel"]);
    for (const status of STATUSES) {
      const booking = { status, paymentStatus: "captured" as const, ...trip };
      expect(findTransition(booking, "complete" as BookingAction, "host", TIMES.ended)).toBeNull();
    }
  });
});

describe("allowedActions", () => {
  const at = (status: BookingStatus, paymentStatus: PaymentStatus, role: BookingRole, moment: Moment) =>
    allowedActions({ status, paymentStatus, ...trip }, role, TIMES[moment]);

  it("lists what a party can do now, in the page's order", () => {
    expect(at("pending", "authorized", "host", "longBefore")).toEqual(["confirm", "decline"]);
    expect(at("pending", "unpaid", "host", "longBefore")).toEqual([]);
    expect(at("pending", "authorized", "renter", "longBefore")).toEqual(["cancel"]);
    expect(at("confirmed", "captured", "renter", "longBefore")).toEqual(["cancel"]);
    expect(at("confirmed", "captured", "renter", "checkInOpens")).toEqual(["check_in", "cancel"]);
    expect(at("confirmed", "authorized", "host", "started")).toEqual(["cancel"]);
    expect(at("active", "captured", "renter", "midTrip")).toEqual([]);
    expect(at("active", "captured", "renter", "checkOutOpens")).toEqual(["check_out"]);
    expect(at("active", "captured", "renter", "afterReturnDeadline")).toEqual(["check_out"]);
    expect(at("active", "captured", "host", "afterReturnDeadline")).toEqual(["check_out"]);
    expect(at("active", "captured", "renter", "autoComplete")).toEqual([]);
    expect(at("active", "captured", "host", "autoComplete")).toEqual([]);
    expect(at("completed", "captured", "host", "ended")).toEqual([]);
    expect(at("cancelled", "released", "renter", "longBefore")).toEqual([]);
  });
});

describe("roleIn and recordKindOf", () => {
  it("knows the host, the renter and nobody else", () => {
    const booking = { renterId: "r", ownerId: "h" };
    expect(roleIn(booking, "h")).toBe("host");
    expect(roleIn(booking, "r")).toBe("renter");
    expect(roleIn(booking, "x")).toBeNull();
  });

  it("check-in and check-out record their end of the trip; the other actions none", () => {
    expect(recordKindOf("check_in")).toBe("check_in");
    expect(recordKindOf("check_out")).toBe("check_out");
    for (const action of ["confirm", "decline", "cancel"] as const) expect(recordKindOf(action)).toBeNull();
  });
});
