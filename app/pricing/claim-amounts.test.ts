// What a claim on the deposit comes to, item by item: the records' proposal (moved here from refund-amounts.test.ts
// unchanged), the breakdown the host, the renter and an admin read, the deposit's cap said out loud, the limit the
// server holds a claim to, and a chauffeured booking, which has no kilometre or lateness item to claim.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_EXCESS_KM_FEE_CENTS,
  claimBreakdown,
  claimLimit,
  claimRefusal,
  claimSuggestion,
  type ClaimRates,
} from "~/pricing/claim-amounts";
import { DEFAULT_LATE_FEE_CENTS } from "~/bookings/rental-agreement";

describe("claimSuggestion", () => {
  it("excess kilometres at the rate plus late hours at the late fee", () => {
    expect(
      claimSuggestion({ excessKm: 150, hoursLate: 3, excessKmFee: 20, lateReturnFee: 1500, deposit: 20000 }),
    ).toEqual({ excessKm: 150, excessKmAmount: 3000, lateHours: 3, lateAmount: 4500, amount: 7500 });
  });

  it("is capped at the deposit, the parts shown as computed", () => {
    expect(
      claimSuggestion({ excessKm: 1000, hoursLate: 2, excessKmFee: 20, lateReturnFee: 1500, deposit: 10000 }),
    ).toEqual({ excessKm: 1000, excessKmAmount: 20000, lateHours: 2, lateAmount: 3000, amount: 10000 });
  });

  it("nothing beyond the agreement suggests nothing", () => {
    expect(
      claimSuggestion({
        excessKm: 0,
        hoursLate: 0,
        excessKmFee: DEFAULT_EXCESS_KM_FEE_CENTS,
        lateReturnFee: 1500,
        deposit: 20000,
      }).amount,
    ).toBe(0);
  });

  it("the default excess-km rate is 0.20 € per km", () => {
    expect(DEFAULT_EXCESS_KM_FEE_CENTS).toBe(20);
    expect(
      claimSuggestion({
        excessKm: 37,
        hoursLate: 0,
        excessKmFee: DEFAULT_EXCESS_KM_FEE_CENTS,
        lateReturnFee: 0,
        deposit: 20000,
      }).amount,
    ).toBe(740);
  });
});

const DEFAULTS: ClaimRates = {
  excessKmFee: DEFAULT_EXCESS_KM_FEE_CENTS,
  lateReturnFee: DEFAULT_LATE_FEE_CENTS,
  from: "default",
};

describe("claimBreakdown", () => {
  // The case that was seen: 400 km over (€80) and 22 h late (€1,100 at the €50 default) against a €450 deposit.
  const seen = (overrides: Partial<Parameters<typeof claimBreakdown>[0]> = {}) =>
    claimBreakdown({
      excessKm: 400,
      lateHours: 22,
      rates: DEFAULTS,
      deposit: 45_000,
      chauffeured: false,
      ...overrides,
    });

  it("shows each item and says when their total is capped at the deposit", () => {
    expect(seen()).toEqual({
      excessKm: 400,
      excessKmAmount: 8_000,
      lateHours: 22,
      lateAmount: 110_000,
      amount: 45_000,
      rates: DEFAULTS,
      chauffeured: false,
      deposit: 45_000,
      itemsTotal: 118_000,
      capped: true,
      claimed: null,
      other: 0,
    });
  });

  it("prices the late hours at the agreement's own fee when the booking has one", () => {
    const agreed = seen({ rates: { excessKmFee: 25, lateReturnFee: 1_000, from: "agreement" } });
    expect(agreed).toMatchObject({ excessKmAmount: 10_000, lateAmount: 22_000, itemsTotal: 32_000, amount: 32_000 });
    expect(agreed.capped).toBe(false);
  });

  it("a chauffeured booking has no kilometre or lateness item: nothing is proposed", () => {
    expect(seen({ chauffeured: true })).toMatchObject({
      chauffeured: true,
      excessKm: 0,
      excessKmAmount: 0,
      lateHours: 0,
      lateAmount: 0,
      itemsTotal: 0,
      amount: 0,
      capped: false,
    });
  });

  it("a filed claim: only the items its categories name, and the rest of its amount as other charges", () => {
    const claim = (amount: number, categories: ("damage" | "excess_km" | "late_return" | "fuel")[]) =>
      seen({ deposit: 200_000, claim: { amount, categories } });
    expect(claim(8_000, ["excess_km"])).toMatchObject({ excessKmAmount: 8_000, lateAmount: 0, other: 0 });
    expect(claim(20_000, ["excess_km", "damage"])).toMatchObject({ itemsTotal: 8_000, other: 12_000, claimed: 20_000 });
    expect(claim(5_000, ["fuel"])).toMatchObject({ itemsTotal: 0, other: 5_000 });
    // Less than the items: nothing else claimed.
    expect(claim(50_000, ["excess_km", "late_return"])).toMatchObject({ itemsTotal: 118_000, other: 0 });
  });
});

describe("claimLimit and claimRefusal", () => {
  const items = claimBreakdown({ excessKm: 200, lateHours: 3, rates: DEFAULTS, deposit: 50_000, chauffeured: false });

  it("kilometres and lateness alone: at most what the records price them at", () => {
    expect(claimLimit(items, ["excess_km"])).toBe(4_000);
    expect(claimLimit(items, ["late_return"])).toBe(15_000);
    expect(claimLimit(items, ["excess_km", "late_return"])).toBe(19_000);
    expect(claimRefusal(items, { amount: 4_000, categories: ["excess_km"] })).toBeNull();
    expect(claimRefusal(items, { amount: 4_001, categories: ["excess_km"] })).toEqual({
      field: "amount",
      error: "claims:errors.aboveItems",
    });
  });

  it("with damage, fuel or cleaning: up to the deposit, and never beyond it", () => {
    expect(claimLimit(items, ["excess_km", "damage"])).toBe(50_000);
    expect(claimRefusal(items, { amount: 50_000, categories: ["cleaning"] })).toBeNull();
    expect(claimRefusal(items, { amount: 50_001, categories: ["cleaning"] })).toEqual({
      field: "amount",
      error: "claims:errors.aboveDeposit",
    });
  });

  it("a chauffeured booking refuses a kilometre or lateness claim, whatever its amount", () => {
    const chauffeured = claimBreakdown({
      excessKm: 200,
      lateHours: 3,
      rates: DEFAULTS,
      deposit: 50_000,
      chauffeured: true,
    });
    for (const category of ["excess_km", "late_return"] as const) {
      expect(claimRefusal(chauffeured, { amount: 100, categories: [category, "damage"] })).toEqual({
        field: "categories",
        error: "claims:errors.chauffeured",
      });
    }
    expect(claimRefusal(chauffeured, { amount: 10_000, categories: ["damage"] })).toBeNull();
  });
});
