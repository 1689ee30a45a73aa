// What a host's claim on the deposit comes to, item by item (decision 022): the one place these amounts are computed,
// for the host's form (what the trip records propose), the server's check of a filed claim, and the breakdown the
// host, the renter and an admin read. Cents throughout.
//
//   excess kilometres   km beyond the allowance × the agreement's rate per km (default 0.20 €)
//   late return         hours late × the agreement's late fee per hour (default 50 €); the hours come in already
//                       counted (trip-rules.ts#tripMeasures: whole hours started after the grace, rounded up)
//   anything else       damage, fuel, cleaning: what the host types, shown as the rest of the amount
//   the whole claim     never more than the deposit; the items may come to more, and the breakdown says so
//
// A chauffeured booking (bookings.with_driver: the host's driver drove) has no excess-kilometre or late-return item:
// neither is the renter's doing, so neither can be claimed from them.
import type { ClaimCategory } from "#db/enums";

/** Default rate for kilometres beyond the allowance: 0.20 € per km. */
export const DEFAULT_EXCESS_KM_FEE_CENTS = 20;

/** The categories the trip records price; the others are typed by the host. */
export const MEASURED_CATEGORIES = ["excess_km", "late_return"] as const satisfies readonly ClaimCategory[];

/** What the records suggest a host claims: excess kilometres and late hours at the agreement's rates. */
export interface ClaimSuggestion {
  excessKm: number;
  excessKmAmount: number;
  lateHours: number;
  lateAmount: number;
  /** The two together, never more than the deposit. */
  amount: number;
}

export function claimSuggestion(input: {
  excessKm: number;
  hoursLate: number;
  excessKmFee: number;
  lateReturnFee: number;
  deposit: number;
}): ClaimSuggestion {
  const excessKmAmount = input.excessKm * input.excessKmFee;
  const lateAmount = input.hoursLate * input.lateReturnFee;
  return {
    excessKm: input.excessKm,
    excessKmAmount,
    lateHours: input.hoursLate,
    lateAmount,
    amount: Math.min(input.deposit, excessKmAmount + lateAmount),
  };
}

/** The rates a claim is priced at, and where they come from: the booking's rental agreement, or the defaults. */
export interface ClaimRates {
  excessKmFee: number;
  lateReturnFee: number;
  from: "agreement" | "default";
}

/** A claim as its items: what the host, the renter and an admin each read. */
export interface ClaimBreakdown extends ClaimSuggestion {
  rates: ClaimRates;
  /** The host's driver drove: no excess-kilometre or late-return item. */
  chauffeured: boolean;
  deposit: number;
  /** The priced items together, before the deposit's cap. */
  itemsTotal: number;
  /** The items come to more than the deposit, which is all a claim can take. */
  capped: boolean;
  /** A filed claim's amount (null before one is filed). */
  claimed: number | null;
  /** Of the amount claimed, what is beyond the priced items: damage, fuel or cleaning. */
  other: number;
}

/**
 * The breakdown of a claim. Before one is filed: the items the records measure (`excessKm`, `lateHours`), the
 * amount proposed being their total up to the deposit. Of a filed claim: the items its categories name, at the
 * kilometres and hours recorded with it, and the rest of its amount as "other".
 */
export function claimBreakdown(input: {
  excessKm: number;
  lateHours: number;
  rates: ClaimRates;
  deposit: number;
  chauffeured: boolean;
  claim?: { amount: number; categories: readonly ClaimCategory[] } | null;
}): ClaimBreakdown {
  const claim = input.claim ?? null;
  const priced = (category: ClaimCategory) => !input.chauffeured && (!claim || claim.categories.includes(category));
  const suggestion = claimSuggestion({
    excessKm: priced("excess_km") ? input.excessKm : 0,
    hoursLate: priced("late_return") ? input.lateHours : 0,
    excessKmFee: input.rates.excessKmFee,
    lateReturnFee: input.rates.lateReturnFee,
    deposit: input.deposit,
  });
  const itemsTotal = suggestion.excessKmAmount + suggestion.lateAmount;
  return {
    ...suggestion,
    rates: input.rates,
    chauffeured: input.chauffeured,
    deposit: input.deposit,
    itemsTotal,
    capped: itemsTotal > input.deposit,
    claimed: claim?.amount ?? null,
    other: claim ? Math.max(0, claim.amount - itemsTotal) : 0,
  };
}

/**
 * The most a claim for these categories may take: the deposit when it includes something the host prices
 * (damage, fuel, cleaning), else the priced items it names, up to the deposit.
 */
export function claimLimit(breakdown: ClaimBreakdown, categories: readonly ClaimCategory[]): number {
  const typed = categories.some((c) => !(MEASURED_CATEGORIES as readonly ClaimCategory[]).includes(c));
  if (typed) return breakdown.deposit;
  const items =
    (categories.includes("excess_km") ? breakdown.excessKmAmount : 0) +
    (categories.includes("late_return") ? breakdown.lateAmount : 0);
  return Math.min(breakdown.deposit, items);
}

/** Why a claim of `amount` for `categories` cannot be filed against these items, at which field; null when it can. */
export function claimRefusal(
  breakdown: ClaimBreakdown,
  claim: { amount: number; categories: readonly ClaimCategory[] },
): { field: "categories" | "amount"; error: string } | null {
  if (breakdown.chauffeured && claim.categories.some((c) => (MEASURED_CATEGORIES as readonly string[]).includes(c))) {
    return { field: "categories", error: "claims:errors.chauffeured" };
  }
  if (claim.amount > breakdown.deposit) return { field: "amount", error: "claims:errors.aboveDeposit" };
  if (claim.amount > claimLimit(breakdown, claim.categories)) {
    return { field: "amount", error: "claims:errors.aboveItems" };
  }
  return null;
}
