import { describe, expect, it } from "vitest";
import type { bookings } from "#db/schema";
import { cancelPreview, expectedRefundOf } from "~/bookings/cancel-booking.server";

type Booking = typeof bookings.$inferSelect;

// Three days from 10 June 2026 (pickup 10:00 Vilnius = 07:00 UTC): 150 € rental, 18 € insurance, 3 € fee, 200 € deposit.
const booking = (overrides: Partial<Booking> = {}) =>
  ({
    id: "b1",
    status: "confirmed",
    paymentStatus: "captured",
    startDate: "2026-06-10",
    endDate: "2026-06-13",
    dailyRate: 5000,
    subtotal: 15000,
    insuranceCost: 1800,
    platformFee: 300,
    depositAmount: 20000,
    totalAmount: 37600,
    cancellationPolicy: "48_hours",
    ...overrides,
  }) as Booking;
const at = (iso: string) => new Date(iso);

describe("what the cancel page shows", () => {
  it("the renter before the deadline: everything, and what an hour after it would give", () => {
    const preview = cancelPreview(booking(), "renter", at("2026-06-08T06:59:00Z"));
    expect(preview).toMatchObject({ kind: "paid", refund: { refund: 37600, kept: 0 }, afterDeadline: 32300 });
    expect(expectedRefundOf(preview)).toBe(37600);
  });

  it("the renter from the deadline on: the first day and the platform fee are kept; nothing more to lose", () => {
    const preview = cancelPreview(booking(), "renter", at("2026-06-08T07:00:00Z"));
    expect(preview).toMatchObject({
      refund: { refund: 32300, kept: 5300, terms: { kind: "late", deadline: Date.UTC(2026, 5, 8, 7) } },
      afterDeadline: null,
    });
  });

  it("no cancellation: the deposit and insurance, with no deadline to show", () => {
    const preview = cancelPreview(booking({ cancellationPolicy: "no_cancellation" }), "renter", at("2026-05-01"));
    expect(preview).toMatchObject({ refund: { refund: 21800, deadline: null }, afterDeadline: null });
  });

  it("the host: everything back to the renter, whatever the policy and the time", () => {
    const preview = cancelPreview(booking({ cancellationPolicy: "no_cancellation" }), "host", at("2026-06-10T08:00Z"));
    expect(preview).toMatchObject({ role: "host", refund: { refund: 37600, terms: { kind: "full", reason: "host" } } });
  });

  it("what cannot be cancelled here says so, with nothing to refund", () => {
    const now = at("2026-05-01");
    expect(cancelPreview(booking({ status: "pending", paymentStatus: "authorized" }), "renter", now).kind).toBe(
      "pending",
    );
    for (const status of ["active", "completed", "cancelled"] as const) {
      expect(cancelPreview(booking({ status }), "renter", now).kind).toBe("closed");
    }
    const unpaid = cancelPreview(booking({ paymentStatus: "unpaid" }), "renter", now);
    expect(unpaid).toEqual({ kind: "unpaid", role: "renter" });
    expect(expectedRefundOf(unpaid)).toBe(0);
  });
});
