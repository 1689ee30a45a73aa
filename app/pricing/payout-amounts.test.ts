// What a host is paid for a booking and what a later refund takes back (payout-amounts.ts): a trip's share and the
// claim's part, a cancellation's share rounded to the cent, the bounds of a reversal, and the statement's lines.
import { describe, expect, it } from "vitest";
import { extensionLineItems, reimbursementLineItems } from "~/pricing/line-items";
import {
  chargePayout,
  lineItemPayout,
  payoutFor,
  reversible,
  statementLine,
  statementTotals,
  suggestedHostPart,
  type PayoutBooking,
} from "~/pricing/payout-amounts";

/** Three days at 40 € (rental 120 €), the host's 117.60 €, a 200 € deposit. */
const BOOKING: PayoutBooking = {
  totalAmount: 12_000 + 240 + 400 + 20_000,
  depositAmount: 20_000,
  insuranceCost: 0,
  platformFee: 240,
  dailyRate: 4_000,
  subtotal: 12_000,
  hostEarnings: 11_760,
  depositKept: 0,
  cancellationPolicy: "24_hours",
};

describe("payoutFor", () => {
  it("pays a trip's host earnings and what a claim kept of the deposit", () => {
    expect(payoutFor(BOOKING, { kind: "trip" })).toEqual({
      gross: 12_000,
      hostShare: 11_760,
      claimKept: 0,
      amount: 11_760,
    });
    expect(payoutFor({ ...BOOKING, depositKept: 6_240 }, { kind: "trip" })).toEqual({
      gross: 12_000,
      hostShare: 11_760,
      claimKept: 6_240,
      amount: 18_000,
    });
  });

  it("pays a cancellation's kept part in the host's proportion, rounded to the cent", () => {
    const late = { kind: "cancelled_by_renter", terms: { kind: "late", deadline: 0 } } as const;
    expect(payoutFor(BOOKING, late)).toEqual({ gross: 4_000, hostShare: 3_920, claimKept: 0, amount: 3_920 });
    // 33.33 € of 100.00 € with 97.77 € to the host: 32.586… → 32.59 €.
    const odd = { ...BOOKING, dailyRate: 3_333, subtotal: 10_000, hostEarnings: 9_777 };
    expect(payoutFor(odd, late)).toMatchObject({ gross: 3_333, hostShare: 3_259 });
    // A one-day booking whose day rate is above its subtotal (a weekly price): never more than the rental.
    expect(payoutFor({ ...BOOKING, dailyRate: 20_000 }, late)).toMatchObject({ gross: 12_000, hostShare: 11_760 });
    expect(payoutFor(BOOKING, { kind: "cancelled_by_renter", terms: { kind: "no_cancellation" } })).toMatchObject({
      gross: 12_000,
      hostShare: 11_760,
      amount: 11_760,
    });
    expect(
      payoutFor(BOOKING, { kind: "cancelled_by_renter", terms: { kind: "full", reason: "before_deadline" } }),
    ).toEqual({ gross: 0, hostShare: 0, claimKept: 0, amount: 0 });
    // Nothing kept of a claim on a cancellation, whatever the row says.
    expect(payoutFor({ ...BOOKING, depositKept: 500 }, late).claimKept).toBe(0);
  });
});

describe("reversals", () => {
  it("can take back at most what is left of the payout", () => {
    expect(reversible({ amount: 11_760 }, 0)).toBe(11_760);
    expect(reversible({ amount: 11_760 }, 10_000)).toBe(1_760);
    expect(reversible({ amount: 11_760 }, 20_000)).toBe(0);
  });

  it("suggests the host's part of a refund in proportion to the rental paid, within the bounds", () => {
    const booking = { totalAmount: BOOKING.totalAmount, depositAmount: BOOKING.depositAmount };
    // The renter paid 126.40 € for the rental; the host got 117.60 € of it: a 50 € refund takes 46.52 € from them.
    expect(suggestedHostPart(5_000, booking, { amount: 11_760 }, 0)).toBe(4_652);
    // Never more than is left of the payout, nor more than the refund.
    expect(suggestedHostPart(5_000, booking, { amount: 11_760 }, 10_000)).toBe(1_760);
    expect(suggestedHostPart(12_640, booking, { amount: 11_760 }, 0)).toBe(11_760);
    // A payout above the rental paid (a claim kept part of the deposit) counts only up to the rental.
    expect(suggestedHostPart(12_640, booking, { amount: 18_000 }, 0)).toBe(12_640);
    expect(suggestedHostPart(0, booking, { amount: 11_760 }, 0)).toBe(0);
    expect(suggestedHostPart(-5, booking, { amount: 11_760 }, 0)).toBe(0);
    expect(suggestedHostPart(5_000, { totalAmount: 20_000, depositAmount: 20_000 }, { amount: 0 }, 0)).toBe(0);
  });
});

describe("statement", () => {
  it("shows gross, the platform's fee, the share, the claim and what was taken back", () => {
    const trip = payoutFor({ ...BOOKING, depositKept: 6_240 }, { kind: "trip" });
    expect(statementLine(trip, 0)).toEqual({
      gross: 12_000,
      platformFee: 240,
      hostShare: 11_760,
      claimKept: 6_240,
      reversed: 0,
      net: 18_000,
    });
    expect(statementLine(trip, 5_000)).toMatchObject({ reversed: 5_000, net: 13_000 });
    // Never below nothing.
    expect(statementLine(trip, 30_000)).toMatchObject({ reversed: 18_000, net: 0 });
  });

  it("sums a month's lines", () => {
    const a = statementLine(payoutFor(BOOKING, { kind: "trip" }), 1_000);
    const b = statementLine(
      payoutFor(BOOKING, { kind: "cancelled_by_renter", terms: { kind: "late", deadline: 0 } }),
      0,
    );
    expect(statementTotals([a, b])).toEqual({
      gross: 16_000,
      platformFee: 320,
      hostShare: 15_680,
      claimKept: 0,
      reversed: 1_000,
      net: 14_680,
    });
    expect(statementTotals([])).toEqual({ gross: 0, platformFee: 0, hostShare: 0, claimKept: 0, reversed: 0, net: 0 });
  });
});

describe("the payout of a charge after the rental, or of one of its line items", () => {
  const paid = (items: ReturnType<typeof extensionLineItems>, refunded: Record<number, number> = {}) =>
    items.map((item, position) => ({ ...item, refunded: refunded[position] ?? 0 }));

  it("pays an extension's days less the host's service fee, as chargeTotals sums them", () => {
    // Two more days at 45 €: 90 € for the host, 1.80 € of it the platform's fee.
    const items = extensionLineItems({ days: 2, dayRate: 4_500, insurancePerDay: null });
    expect(chargePayout(paid(items))).toEqual({ gross: 9_000, hostShare: 8_820, claimKept: 0, amount: 8_820 });
  });

  it("takes off what was refunded of the host's lines, and nothing for a refund of the platform's", () => {
    const items = extensionLineItems({ days: 2, dayRate: 4_500, insurancePerDay: 1_000 });
    const days = items.findIndex((item) => item.code === "rental_days");
    const insurance = items.findIndex((item) => item.code === "insurance");
    expect(chargePayout(paid(items, { [days]: 4_500 }))).toEqual({
      gross: 4_500,
      hostShare: 4_320,
      claimKept: 0,
      amount: 4_320,
    });
    expect(chargePayout(paid(items, { [insurance]: 2_000 }))).toMatchObject({ gross: 9_000, amount: 8_820 });
    // All of the host's days given back: nothing, never less than nothing.
    expect(chargePayout(paid(items, { [days]: 9_000 }))).toEqual({ gross: 0, hostShare: 0, claimKept: 0, amount: 0 });
  });

  it("pays a reimbursement to the host its host line; one to the platform pays the host nothing", () => {
    const [fuel, fee] = paid(reimbursementLineItems({ amount: 6_150, receiver: "host" }));
    expect(lineItemPayout(fuel!)).toEqual({ gross: 6_150, hostShare: 6_150, claimKept: 0, amount: 6_150 });
    expect(lineItemPayout({ ...fuel!, refunded: 1_150 })).toMatchObject({ amount: 5_000 });
    expect(lineItemPayout(fee!)).toMatchObject({ amount: 0 });
    expect(chargePayout(paid(reimbursementLineItems({ amount: 6_150, receiver: "platform" })))).toMatchObject({
      amount: 0,
    });
  });
});
