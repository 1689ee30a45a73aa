// Every amount of decision 022's money: what a cancellation gives back under each policy and at each time, and how a
// deposit ends (what a claim comes to: claim-amounts.test.ts).
import { describe, expect, it } from "vitest";
import { byTheDay, priceBooking, rentalCharge, type BookingPrice } from "~/pricing/booking-price";
import {
  POLICY_HOURS,
  cancellationDeadline,
  cancellationRefund,
  claimKept,
  depositSettlement,
  lineItemRefund,
  refundable,
  type PaidBooking,
} from "~/pricing/refund-amounts";

const HOUR = 3_600_000;
// Handed over on 10 December 2026 at 10:00 in Vilnius (winter time, UTC+2; bookings/trip-rules.ts#tripTimes).
const START = Date.UTC(2026, 11, 10, 8);

/** Three days at 50 €, insurance 12 €/day, a 200 € deposit: total 395.16 €, as the booking page charges it. */
const price = priceBooking({
  rental: byTheDay(5000, 3),
  days: 3,
  insurance: { kind: "per-day", pricePerDay: 1200 },
  deposit: 20000,
});
/** What a booking priced so stores, as the refund reads it. */
const paidAs = (priced: BookingPrice, overrides: Partial<PaidBooking> = {}): PaidBooking => ({
  totalAmount: priced.total,
  depositAmount: priced.deposit,
  insuranceCost: priced.insuranceCost,
  platformFee: priced.platformFee,
  dailyRate: priced.dailyRate,
  subtotal: priced.subtotal,
  cancellationPolicy: "24_hours",
  ...overrides,
});
const booking = (overrides: Partial<PaidBooking> = {}) => paidAs(price, overrides);

it("prices the example booking as the checkout does (the figures below rely on it)", () => {
  expect(price).toMatchObject({
    subtotal: 15000,
    insuranceCost: 3600,
    platformFee: 300,
    paymentProcessorFee: 616,
    deposit: 20000,
    total: 39516,
  });
});

describe("cancellationDeadline", () => {
  it("is the start minus the policy's hours, and there is none without cancellation", () => {
    expect(POLICY_HOURS).toEqual({ "24_hours": 24, "48_hours": 48, "72_hours": 72, no_cancellation: null });
    expect(cancellationDeadline("24_hours", START)).toBe(START - 24 * HOUR);
    expect(cancellationDeadline("48_hours", START)).toBe(START - 48 * HOUR);
    expect(cancellationDeadline("72_hours", START)).toBe(START - 72 * HOUR);
    expect(cancellationDeadline("no_cancellation", START)).toBeNull();
  });
});

describe("cancellationRefund", () => {
  const renter = (b: PaidBooking, now: number) => cancellationRefund(b, { by: "renter", now, start: START });
  // Everything but the first day's rate (50 €) and the platform fee (3 €).
  const LATE_REFUND = 39516 - 5000 - 300;

  describe.each([
    ["24_hours", 24],
    ["48_hours", 48],
    ["72_hours", 72],
  ] as const)("renter, policy %s", (policy, hours) => {
    const b = booking({ cancellationPolicy: policy });
    const deadline = START - hours * HOUR;

    it("long before the deadline: everything", () => {
      expect(renter(b, deadline - 10 * 24 * HOUR)).toEqual({
        refund: 39516,
        paid: 39516,
        kept: 0,
        terms: { kind: "full", reason: "before_deadline" },
        deadline,
      });
    });

    it("a millisecond before the deadline: everything", () => {
      expect(renter(b, deadline - 1)).toMatchObject({ refund: 39516, kept: 0, terms: { kind: "full" } });
    });

    it("at the deadline exactly: no longer before it, so the first day and the platform fee are kept", () => {
      expect(renter(b, deadline)).toEqual({
        refund: LATE_REFUND,
        paid: 39516,
        kept: 5300,
        terms: { kind: "late", deadline },
        deadline,
      });
    });

    it("after the deadline, after the start too: the same late terms", () => {
      expect(renter(b, deadline + 1)).toMatchObject({ refund: LATE_REFUND, kept: 5300 });
      expect(renter(b, START + 5 * HOUR)).toMatchObject({ refund: LATE_REFUND, kept: 5300 });
    });

    it("takes the time as a Date as well as milliseconds", () => {
      expect(renter(b, deadline - 1)).toEqual(
        cancellationRefund(b, { by: "renter", now: new Date(deadline - 1), start: START }),
      );
      expect(cancellationRefund(b, { by: "renter", now: new Date(deadline), start: START }).refund).toBe(LATE_REFUND);
    });
  });

  it("the deadlines differ by policy: 30 hours before the start is early for 24 h, late for 48 h and 72 h", () => {
    const at = START - 30 * HOUR;
    expect(renter(booking({ cancellationPolicy: "24_hours" }), at).refund).toBe(39516);
    expect(renter(booking({ cancellationPolicy: "48_hours" }), at).refund).toBe(LATE_REFUND);
    expect(renter(booking({ cancellationPolicy: "72_hours" }), at).refund).toBe(LATE_REFUND);
  });

  it("no cancellation: only the deposit and the insurance, however early", () => {
    const b = booking({ cancellationPolicy: "no_cancellation" });
    for (const at of [START - 60 * 24 * HOUR, START - 1, START, START + 24 * HOUR]) {
      expect(renter(b, at)).toEqual({
        refund: 20000 + 3600,
        paid: 39516,
        kept: 39516 - 23600,
        terms: { kind: "no_cancellation" },
        deadline: null,
      });
    }
  });

  it("the host's cancellation refunds everything under every policy and at any time", () => {
    for (const policy of ["24_hours", "48_hours", "72_hours", "no_cancellation"] as const) {
      for (const at of [START - 100 * HOUR, START - 1, START + HOUR]) {
        expect(
          cancellationRefund(booking({ cancellationPolicy: policy }), { by: "host", now: at, start: START }),
        ).toEqual({
          refund: 39516,
          paid: 39516,
          kept: 0,
          terms: { kind: "full", reason: "host" },
          deadline: null,
        });
      }
    }
  });

  it("a weekly booking keeps one day at its day rate, not a week", () => {
    // 9 days at 300 €/week and 50 €/day: one week and two days, 400 €.
    const rental = rentalCharge({ dailyPrice: 5000, weeklyPrice: 30000, monthlyPrice: null }, "weekly", 9)!;
    const weekly = priceBooking({ rental, days: 9, insurance: { kind: "none" }, deposit: 10000 });
    expect(weekly).toMatchObject({ subtotal: 40000, dailyRate: 5000, platformFee: 800 });
    const b = paidAs(weekly, { cancellationPolicy: "48_hours" });
    expect(renter(b, START - 48 * HOUR).refund).toBe(weekly.total - 5000 - 800);
    expect(renter(b, START - 48 * HOUR - 1).refund).toBe(weekly.total);
  });

  it("a monthly booking without a daily price keeps the month's price spread over 30 days", () => {
    // 30 days at 1,200 €/month: the day rate is 40 €.
    const rental = rentalCharge({ dailyPrice: null, weeklyPrice: null, monthlyPrice: 120000 }, "monthly", 30)!;
    const monthly = priceBooking({ rental, days: 30, insurance: { kind: "none" }, deposit: 0 });
    expect(monthly).toMatchObject({ subtotal: 120000, dailyRate: 4000, platformFee: 2400 });
    const b = paidAs(monthly);
    expect(renter(b, START)).toMatchObject({ refund: monthly.total - 4000 - 2400, kept: 6400 });
  });

  it("the first day is never more than the rental itself", () => {
    // A booking made before whole periods whose rate is above its subtotal (not possible today, but stored).
    const b = booking({ dailyRate: 20000, subtotal: 15000 });
    expect(renter(b, START)).toMatchObject({ refund: 39516 - 15000 - 300, kept: 15300 });
  });

  it("never gives back less than nothing, nor more than was paid", () => {
    const odd = booking({ totalAmount: 4000, depositAmount: 3000, insuranceCost: 3000 });
    expect(renter(odd, START)).toMatchObject({ refund: 0, kept: 4000 });
    expect(renter({ ...odd, cancellationPolicy: "no_cancellation" }, START)).toMatchObject({ refund: 4000, kept: 0 });
    for (const policy of ["24_hours", "48_hours", "72_hours", "no_cancellation"] as const) {
      for (let hours = -100; hours <= 100; hours += 7) {
        for (const by of ["renter", "host"] as const) {
          const result = cancellationRefund(booking({ cancellationPolicy: policy }), {
            by,
            now: START + hours * HOUR,
            start: START,
          });
          expect(result.refund).toBeGreaterThanOrEqual(0);
          expect(result.refund).toBeLessThanOrEqual(result.paid);
          expect(result.refund + result.kept).toBe(result.paid);
        }
      }
    }
  });
});

describe("depositSettlement", () => {
  it("nothing kept: returned in full", () => {
    expect(depositSettlement(20000, 0)).toEqual({ refund: 20000, kept: 0, status: "returned" });
  });

  it("part kept: the rest goes back", () => {
    expect(depositSettlement(20000, 7500)).toEqual({ refund: 12500, kept: 7500, status: "partly_kept" });
    expect(depositSettlement(20000, 1)).toEqual({ refund: 19999, kept: 1, status: "partly_kept" });
    expect(depositSettlement(20000, 19999)).toEqual({ refund: 1, kept: 19999, status: "partly_kept" });
  });

  it("all kept: nothing goes back", () => {
    expect(depositSettlement(20000, 20000)).toEqual({ refund: 0, kept: 20000, status: "kept" });
  });

  it("never keeps more than the deposit nor less than nothing", () => {
    expect(depositSettlement(20000, 25000)).toEqual({ refund: 0, kept: 20000, status: "kept" });
    expect(depositSettlement(20000, -10)).toEqual({ refund: 20000, kept: 0, status: "returned" });
  });
});

describe("claimKept", () => {
  const claim = { amount: 7500, decidedAmount: null };

  it("an accepted or lapsed claim keeps its amount", () => {
    expect(claimKept({ ...claim, status: "accepted" })).toBe(7500);
    expect(claimKept({ ...claim, status: "lapsed" })).toBe(7500);
  });

  it("a decided claim keeps the admin's amount, which may be nothing", () => {
    expect(claimKept({ ...claim, status: "decided", decidedAmount: 3000 })).toBe(3000);
    expect(claimKept({ ...claim, status: "decided", decidedAmount: 0 })).toBe(0);
    expect(claimKept({ ...claim, status: "decided", decidedAmount: null })).toBe(0);
  });

  it("a claim still open (awaiting the renter or disputed) keeps nothing yet", () => {
    expect(claimKept({ ...claim, status: "awaiting_renter" })).toBeNull();
    expect(claimKept({ ...claim, status: "disputed" })).toBeNull();
  });
});

describe("lineItemRefund: one line item (or one charge) given back", () => {
  /** A reimbursement's host line of 61.50 €. */
  const fuel = { amount: 6_150, refunded: 0 };

  it("gives back what is asked while it is no more than the line", () => {
    expect(lineItemRefund(fuel, 2_000)).toBe(2_000);
    expect(lineItemRefund(fuel, 6_150)).toBe(6_150);
  });

  it("never more than the line less what was already refunded of it", () => {
    expect(lineItemRefund(fuel, 9_999)).toBe(6_150);
    expect(lineItemRefund({ ...fuel, refunded: 2_000 }, 5_000)).toBe(4_150);
    expect(lineItemRefund({ ...fuel, refunded: 6_150 }, 1)).toBe(0);
    // Refunded beyond the line (written before the bound) leaves nothing, never a negative refund.
    expect(lineItemRefund({ ...fuel, refunded: 7_000 }, 100)).toBe(0);
  });

  it("refuses a part of a cent or a negative amount", () => {
    expect(() => lineItemRefund(fuel, 10.5)).toThrow(RangeError);
    expect(() => lineItemRefund(fuel, -1)).toThrow(RangeError);
    expect(lineItemRefund(fuel, 0)).toBe(0);
  });

  it("refundable: what is left of a payment after its refunds", () => {
    expect(refundable(32_640, 20_000)).toBe(12_640);
    expect(refundable(32_640, 40_000)).toBe(0);
    expect(refundable(32_640, -5)).toBe(32_640);
  });
});
