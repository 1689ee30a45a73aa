// When a booking's host share becomes payable (payout-rules.ts): a settled trip once its claim window closed, a
// renter's late (or "no cancellation") cancellation from the trip's start, and never anything else.
import { describe, expect, it } from "vitest";
import {
  chargePayableNow,
  chargeSettlement,
  payableNow,
  payoutLineOf,
  settlement,
  type SettlingBooking,
} from "~/payouts/payout-rules";
import { extensionLineItems, reimbursementLineItems } from "~/pricing/line-items";

const HOUR = 3_600_000;
// Handed over on 10 December 2026 at 10:00 in Vilnius (UTC+2): bookings/trip-rules.ts#tripTimes.
const START = Date.UTC(2026, 11, 10, 8);
const COMPLETED = new Date(Date.UTC(2026, 11, 13, 9));
const WINDOW_ENDS = new Date(COMPLETED.getTime() + 24 * HOUR);

/** Three days at 40 €, the host's 117.60 €, a 200 € deposit: completed, captured, deposit returned. */
const TRIP: SettlingBooking = {
  status: "completed",
  paymentStatus: "captured",
  depositStatus: "returned",
  cancelReason: null,
  startDate: "2026-12-10",
  endDate: "2026-12-13",
  completedAt: COMPLETED,
  cancelledAt: null,
  claimWindowEndsAt: WINDOW_ENDS,
  totalAmount: 12_000 + 240 + 400 + 20_000,
  depositAmount: 20_000,
  depositKept: 0,
  insuranceCost: 0,
  platformFee: 240,
  dailyRate: 4_000,
  subtotal: 12_000,
  hostEarnings: 11_760,
  cancellationPolicy: "48_hours",
};

const cancelled = (at: number, over: Partial<SettlingBooking> = {}): SettlingBooking => ({
  ...TRIP,
  status: "cancelled",
  cancelReason: "cancelled_by_renter",
  completedAt: null,
  claimWindowEndsAt: null,
  depositStatus: "none",
  cancelledAt: new Date(at),
  ...over,
});

describe("a trip", () => {
  it("is payable when its claim window closes: host earnings plus what a claim kept", () => {
    expect(payableNow(TRIP, WINDOW_ENDS.getTime() - 1)).toBeNull();
    expect(payableNow(TRIP, WINDOW_ENDS)).toEqual({
      gross: 12_000,
      hostShare: 11_760,
      claimKept: 0,
      amount: 11_760,
      settledAt: WINDOW_ENDS.getTime(),
    });
    const kept = { ...TRIP, depositStatus: "partly_kept" as const, depositKept: 6_240 };
    expect(payableNow(kept, WINDOW_ENDS)).toMatchObject({ claimKept: 6_240, amount: 11_760 + 6_240 });
    expect(payableNow({ ...TRIP, depositStatus: "kept", depositKept: 20_000 }, WINDOW_ENDS)).toMatchObject({
      amount: 31_760,
    });
    expect(payableNow({ ...TRIP, depositStatus: "none" }, WINDOW_ENDS)).toMatchObject({ amount: 11_760 });
  });

  it("is not payable while its deposit is held or under a claim", () => {
    expect(settlement({ ...TRIP, depositStatus: "held" })).toBeNull();
    expect(settlement({ ...TRIP, depositStatus: "claimed" })).toBeNull();
    expect(payableNow({ ...TRIP, depositStatus: "claimed" }, WINDOW_ENDS.getTime() + 100 * HOUR)).toBeNull();
  });

  it("without a claim window is payable at its completion", () => {
    const noWindow = { ...TRIP, claimWindowEndsAt: null };
    expect(settlement(noWindow)).toEqual({ outcome: { kind: "trip" }, settledAt: COMPLETED.getTime() });
    expect(payableNow(noWindow, COMPLETED.getTime() - 1)).toBeNull();
    expect(payableNow(noWindow, COMPLETED)).toMatchObject({ amount: 11_760 });
  });

  it("is never payable unless its payment was captured, nor while under way", () => {
    for (const paymentStatus of ["unpaid", "authorized", "released", "failed"] as const) {
      expect(settlement({ ...TRIP, paymentStatus })).toBeNull();
    }
    for (const status of ["pending", "confirmed", "active"] as const) {
      expect(settlement({ ...TRIP, status })).toBeNull();
    }
  });
});

describe("a cancellation", () => {
  it("by the renter before the policy's deadline is never payable (all was refunded)", () => {
    const early = cancelled(START - 49 * HOUR);
    expect(settlement(early)).toBeNull();
    expect(payableNow(early, START + 100 * HOUR)).toBeNull();
  });

  it("by the renter after the deadline pays the host's share of the first day, from the trip's start", () => {
    const late = cancelled(START - 47 * HOUR);
    expect(settlement(late)).toMatchObject({ outcome: { kind: "cancelled_by_renter" }, settledAt: START });
    expect(payableNow(late, START - 1)).toBeNull();
    // 40 € kept of the 120 € rental: 98 % of it, as the host's share of the rental is.
    expect(payableNow(late, START)).toEqual({
      gross: 4_000,
      hostShare: 3_920,
      claimKept: 0,
      amount: 3_920,
      settledAt: START,
    });
  });

  it("under no cancellation pays the host's whole share, from the trip's start", () => {
    const kept = cancelled(START - 200 * HOUR, { cancellationPolicy: "no_cancellation" });
    expect(payableNow(kept, START)).toMatchObject({ gross: 12_000, hostShare: 11_760, amount: 11_760 });
  });

  it("by the host, or any other ending, is never payable", () => {
    expect(settlement(cancelled(START - 1, { cancelReason: "cancelled_by_host" }))).toBeNull();
    expect(settlement(cancelled(START - 1, { cancelReason: "declined" }))).toBeNull();
    expect(settlement(cancelled(START - 1, { cancelReason: "expired" }))).toBeNull();
    expect(settlement(cancelled(START - 1, { paymentStatus: "released" }))).toBeNull();
    expect(settlement(cancelled(START - 1, { paymentStatus: "unpaid" }))).toBeNull();
  });
});

describe("a charge after the rental (decision 035)", () => {
  const lines = (items: ReturnType<typeof extensionLineItems>) => items.map((item) => ({ ...item, refunded: 0 }));
  /** Two more days at 45 €, captured: 88.20 € for the host. */
  const extension = {
    purpose: "extension" as const,
    status: "captured" as const,
    items: lines(extensionLineItems({ days: 2, dayRate: 4_500, insurancePerDay: null })),
  };
  /** 61.50 € of fuel the host paid for, captured. */
  const fuel = {
    purpose: "reimbursement" as const,
    status: "captured" as const,
    items: lines(reimbursementLineItems({ amount: 6_150, receiver: "host" })),
  };
  const LATER = WINDOW_ENDS.getTime() + 100 * HOUR;

  it("an extension is payable with its booking's settlement: when the claim window closed, not before", () => {
    expect(chargeSettlement(extension, TRIP, LATER)).toEqual({ settledAt: WINDOW_ENDS.getTime() });
    expect(chargePayableNow(extension, TRIP, WINDOW_ENDS.getTime() - 1)).toBeNull();
    expect(chargePayableNow(extension, TRIP, WINDOW_ENDS)).toEqual({
      gross: 9_000,
      hostShare: 8_820,
      claimKept: 0,
      amount: 8_820,
      settledAt: WINDOW_ENDS.getTime(),
      line: null,
    });
    expect(chargePayableNow({ ...extension, purpose: "add_on" }, TRIP, WINDOW_ENDS)).toMatchObject({ amount: 8_820 });
  });

  it("an extension waits while its booking's deposit is held or claimed, and never for a booking not a trip", () => {
    expect(chargePayableNow(extension, { ...TRIP, depositStatus: "held" }, LATER)).toBeNull();
    expect(chargePayableNow(extension, { ...TRIP, depositStatus: "claimed" }, LATER)).toBeNull();
    expect(chargePayableNow(extension, { ...TRIP, status: "active" }, LATER)).toBeNull();
    // A renter's late cancellation pays the host part of the rental, never days that did not take place.
    expect(chargePayableNow(extension, cancelled(START - 47 * HOUR), START + 100 * HOUR)).toBeNull();
  });

  it("a reimbursement to the host is payable once captured, whatever the trip, as its host line's transfer", () => {
    const active = { ...TRIP, status: "active" as const, completedAt: null, depositStatus: "held" as const };
    const now = Date.UTC(2026, 11, 11, 12);
    expect(chargeSettlement(fuel, active, now)).toEqual({ settledAt: now });
    expect(chargePayableNow(fuel, active, now)).toEqual({
      gross: 6_150,
      hostShare: 6_150,
      claimKept: 0,
      amount: 6_150,
      settledAt: now,
      line: fuel.items[0],
    });
    expect(payoutLineOf(fuel)).toBe(fuel.items[0]);
    expect(payoutLineOf(extension)).toBeNull();
  });

  it("a reimbursement to the platform pays the host nothing", () => {
    const platform = { ...fuel, items: lines(reimbursementLineItems({ amount: 6_150, receiver: "platform" })) };
    expect(payoutLineOf(platform)).toBeNull();
    expect(chargePayableNow(platform, TRIP, LATER)).toBeNull();
  });

  it("nothing is payable of a charge not captured, of the rental here, or of a reservation", () => {
    for (const status of ["unpaid", "authorized", "released", "failed"] as const) {
      expect(chargeSettlement({ ...extension, status }, TRIP, LATER)).toBeNull();
      expect(chargeSettlement({ ...fuel, status }, TRIP, LATER)).toBeNull();
    }
    expect(chargeSettlement({ purpose: "rental", status: "captured" }, TRIP, LATER)).toBeNull();
    expect(chargeSettlement({ purpose: "reservation", status: "captured" }, TRIP, LATER)).toBeNull();
  });
});
