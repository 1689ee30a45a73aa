// The one pricing module (part 2 §9), used by the booking page, the server and the seed. All amounts in cents.
//
// Rounding rule: every line is computed from exact values and rounded once, half up, to a whole cent; the total
// is the sum of the rounded lines, so a breakdown always adds up to exactly what is charged.
//   subtotal        = daily rate × days
//   insurance       = package per day × days, or package percent × car value (sale price, else 50,000 €)
//   platform fee    = 2 % of subtotal
//   processor fee   = 3.26 % of (subtotal + insurance + platform fee)
//   host earnings   = subtotal − platform fee
//   total due       = subtotal + insurance + platform fee + processor fee + deposit

export const PLATFORM_FEE_RATE = 0.02;
export const PROCESSOR_FEE_RATE = 0.0326;
/** Car value for percentage insurance when the car has no sale price: 50,000 €. */
export const DEFAULT_CAR_VALUE_CENTS = 5_000_000;
/** Weekly prices apply from 7 days and monthly from 28, in the page and on the server alike. */
export const WEEKLY_FROM_DAYS = 7;
export const MONTHLY_FROM_DAYS = 28;

export type PricingPeriod = "daily" | "weekly" | "monthly";

export interface CarPrices {
  dailyPrice: number | null;
  weeklyPrice: number | null;
  monthlyPrice: number | null;
}

/** Half up to a whole cent; amounts are never negative here. */
export function roundCents(value: number): number {
  return Math.floor(value + 0.5 + 1e-9);
}

/** The periods a car offers for a rental of `days` days: weekly from 7 days, monthly from 28. */
export function availablePeriods(car: CarPrices, days: number): PricingPeriod[] {
  const periods: PricingPeriod[] = [];
  if (car.dailyPrice) periods.push("daily");
  if (car.weeklyPrice && days >= WEEKLY_FROM_DAYS) periods.push("weekly");
  if (car.monthlyPrice && days >= MONTHLY_FROM_DAYS) periods.push("monthly");
  return periods;
}

/** The daily rate a period gives: the daily price, or the weekly / monthly price spread over 7 / 30 days. */
export function dailyRateFor(car: CarPrices, period: PricingPeriod): number | null {
  if (period === "weekly") return car.weeklyPrice ? roundCents(car.weeklyPrice / 7) : null;
  if (period === "monthly") return car.monthlyPrice ? roundCents(car.monthlyPrice / 30) : null;
  return car.dailyPrice;
}

export type InsuranceChoice =
  | { kind: "none" }
  | { kind: "per-day"; pricePerDay: number }
  | { kind: "percentage"; percent: number; carValue: number | null };

export interface BookingPriceInput {
  dailyRate: number;
  days: number;
  insurance: InsuranceChoice;
  deposit: number;
}

export interface BookingPrice {
  dailyRate: number;
  totalDays: number;
  subtotal: number;
  insuranceCost: number;
  platformFee: number;
  paymentProcessorFee: number;
  deposit: number;
  total: number;
  hostEarnings: number;
}

export function insuranceCost(choice: InsuranceChoice, days: number): number {
  if (choice.kind === "per-day") return roundCents(choice.pricePerDay * days);
  if (choice.kind === "percentage")
    return roundCents(((choice.carValue ?? DEFAULT_CAR_VALUE_CENTS) * choice.percent) / 100);
  return 0;
}

export function priceBooking({ dailyRate, days, insurance, deposit }: BookingPriceInput): BookingPrice {
  if (!Number.isInteger(days) || days < 1) throw new RangeError("A booking lasts at least one whole day");
  if (!Number.isInteger(dailyRate) || dailyRate <= 0) throw new RangeError("Invalid pricing configuration");
  const subtotal = dailyRate * days;
  const insuranceTotal = insuranceCost(insurance, days);
  const platformFee = roundCents(subtotal * PLATFORM_FEE_RATE);
  const paymentProcessorFee = roundCents((subtotal + insuranceTotal + platformFee) * PROCESSOR_FEE_RATE);
  return {
    dailyRate,
    totalDays: days,
    subtotal,
    insuranceCost: insuranceTotal,
    platformFee,
    paymentProcessorFee,
    deposit,
    total: subtotal + insuranceTotal + platformFee + paymentProcessorFee + deposit,
    hostEarnings: subtotal - platformFee,
  };
}

// ---------------------------------------------------------------- a quote for one car and one request

/** A car's prices as the booking page and the server read them (cents; null where the owner set none). */
export interface BookableCarPrices extends CarPrices {
  dailyPriceWithDriver: number | null;
  weeklyPriceWithDriver: number | null;
  monthlyPriceWithDriver: number | null;
  depositAmount: number | null;
  weeklyDeposit: number | null;
  monthlyDeposit: number | null;
  salePrice: number | null;
}

/** An insurance package as priced: per day, or a percentage of the car's value. */
export interface InsurancePackagePrice {
  id: string;
  pricePerDay: number | null;
  pricePercentage: number | null;
}

/** Part 2 §9: a package with neither price is charged the dialog's sample of 15 € a day. */
export const FALLBACK_INSURANCE_PER_DAY_CENTS = 1500;

/** The prices of a rental with or without the driver service. */
export function periodPrices(car: BookableCarPrices, withDriver: boolean): CarPrices {
  if (!withDriver) return car;
  return {
    dailyPrice: car.dailyPriceWithDriver,
    weeklyPrice: car.weeklyPriceWithDriver,
    monthlyPrice: car.monthlyPriceWithDriver,
  };
}

/** The deposit for a period: the weekly or monthly deposit where the owner set one, else the daily one. */
export function depositFor(car: BookableCarPrices, period: PricingPeriod): number {
  if (period === "weekly") return car.weeklyDeposit ?? car.depositAmount ?? 0;
  if (period === "monthly") return car.monthlyDeposit ?? car.depositAmount ?? 0;
  return car.depositAmount ?? 0;
}

export function insuranceChoiceFor(pkg: InsurancePackagePrice | null, car: BookableCarPrices): InsuranceChoice {
  if (!pkg) return { kind: "none" };
  if (pkg.pricePerDay != null) return { kind: "per-day", pricePerDay: pkg.pricePerDay };
  if (pkg.pricePercentage != null) return { kind: "percentage", percent: pkg.pricePercentage, carValue: car.salePrice };
  return { kind: "per-day", pricePerDay: FALLBACK_INSURANCE_PER_DAY_CENTS };
}

export type QuoteResult =
  | { ok: true; price: BookingPrice; insuranceDailyCost: number }
  /** `period`: the car has no such price or the rental is too short for it; `pricing`: no usable price at all. */
  | { ok: false; error: "period" | "pricing" };

/** The whole price of a request: the page shows it and the server charges it, from the same function. */
export function quoteBooking(
  car: BookableCarPrices,
  request: { period: PricingPeriod; days: number; withDriver: boolean; insurance: InsurancePackagePrice | null },
): QuoteResult {
  const prices = periodPrices(car, request.withDriver);
  if (!availablePeriods(prices, request.days).includes(request.period)) {
    return { ok: false, error: request.period === "daily" ? "pricing" : "period" };
  }
  const dailyRate = dailyRateFor(prices, request.period);
  if (!dailyRate || dailyRate <= 0 || request.days < 1) return { ok: false, error: "pricing" };
  const insurance = insuranceChoiceFor(request.insurance, car);
  const price = priceBooking({ dailyRate, days: request.days, insurance, deposit: depositFor(car, request.period) });
  const insuranceDailyCost = request.days > 0 ? roundCents(price.insuranceCost / request.days) : 0;
  return { ok: true, price, insuranceDailyCost };
}
