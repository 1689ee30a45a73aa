// When a booking's host share becomes payable (payout-rules.ts): a settled trip once its claim window closed, a
// renter's late (or "no cancellation") cancellation from the trip's start, and never anything else.
import { describe, expect, it } from "vitest";
import { payableNow, settlement, type SettlingBooking } from "~/payouts/payout-rules";

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
