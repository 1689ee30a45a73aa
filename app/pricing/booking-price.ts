// The one pricing module (part 2 §9), used by the booking page, the server, the pages that show a booking and the
// seed. All amounts in cents.
//
// The rental is charged by whole periods (part 2 §9: weekly prices from 7 days, monthly from 28):
//   daily           days × the daily price
//   weekly, monthly whole weeks (7 days) or months (30 days) at the weekly or monthly price, and the days left over
//                   one by one at the day rate. A month may be booked from 28 days, so 28–30 days are one month at
//                   the monthly price, never less. Days left over never cost more than one more whole period: when
//                   they would, the renter pays that period instead (13 days at 500 €/week and 100 €/day are two weeks,
//                   1,000 €, not 500 € + 600 €).
//   day rate        the car's daily price (with the driver service: the daily driver price) where the owner set one;
//                   else the period's price spread over its days (weekly ÷ 7, monthly ÷ 30), rounded to the cent.
// A rental of exactly n periods therefore costs exactly n × the period's price (7 days at 500 €/week are 500 €).
//
// Rounding rule: every line is computed from exact values and rounded once, half up, to a whole cent; the total
// is the sum of the rounded lines, so a breakdown always adds up to exactly what is charged.
//   subtotal        = periods × period price + extra days × day rate (above)
//   insurance       = package per day × days, or package percent × car value (sale price, else 50,000 €)
//   platform fee    = 2 % of subtotal
//   processor fee   = 3.26 % of (subtotal + insurance + platform fee)
//   host earnings   = subtotal − platform fee
//   total due       = subtotal + insurance + platform fee + processor fee + deposit
//
// Bookings store what they were charged (bookings.period_count, period_price, extra_days, daily_rate): a booking
// made before the whole-period rule has no period columns and was charged its days × its daily rate, which is how
// `storedRental` shows it.

export const PLATFORM_FEE_RATE = 0.02;
export const PROCESSOR_FEE_RATE = 0.0326;
/** Car value for percentage insurance when the car has no sale price: 50,000 €. */
export const DEFAULT_CAR_VALUE_CENTS = 5_000_000;
/** Weekly prices apply from 7 days and monthly from 28, in the page and on the server alike. */
export const WEEKLY_FROM_DAYS = 7;
export const MONTHLY_FROM_DAYS = 28;

export type PricingPeriod = "daily" | "weekly" | "monthly";

/** Days one period's price covers: a week is 7 days, a month 30. */
export const PERIOD_DAYS: Record<PricingPeriod, number> = { daily: 1, weekly: 7, monthly: 30 };

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

export function periodPrice(car: CarPrices, period: PricingPeriod): number | null {
  if (period === "weekly") return car.weeklyPrice;
  if (period === "monthly") return car.monthlyPrice;
  return car.dailyPrice;
}

/**
 * The rate of a day beyond the whole periods: the daily price where the car has one, else the period's price spread
 * over its days (never below a cent, so a stored rate is always positive).
 */
export function dayRateFor(car: CarPrices, period: PricingPeriod): number | null {
  if (car.dailyPrice) return car.dailyPrice;
  const price = periodPrice(car, period);
  return price ? Math.max(1, roundCents(price / PERIOD_DAYS[period])) : null;
}

/** What the rental itself costs, as the breakdown shows it: whole periods at their price, then single days. */
export interface RentalCharge {
  period: PricingPeriod;
  /** Whole periods at `periodPrice` (for a daily rental: the days at the daily price). */
  periods: number;
  periodPrice: number;
  /** Days beyond the whole periods, each at `dayRate` (always 0 for a daily rental). */
  extraDays: number;
  dayRate: number;
  /** periods × periodPrice + extraDays × dayRate: the subtotal. */
  amount: number;
}

/** `days` days at `rate` each: a daily rental, and how a booking made before whole periods was charged. */
export function byTheDay(rate: number, days: number): RentalCharge {
  return { period: "daily", periods: days, periodPrice: rate, extraDays: 0, dayRate: rate, amount: rate * days };
}

/** The rental charge of `days` days in `period`; null when the car has no such price or the days are too few. */
export function rentalCharge(car: CarPrices, period: PricingPeriod, days: number): RentalCharge | null {
  if (!Number.isInteger(days) || days < 1 || !availablePeriods(car, days).includes(period)) return null;
  const price = periodPrice(car, period);
  const dayRate = dayRateFor(car, period);
  if (!price || price <= 0 || !dayRate) return null;
  if (period === "daily") return byTheDay(price, days);
  const length = PERIOD_DAYS[period];
  let periods = Math.max(1, Math.floor(days / length));
  let extraDays = Math.max(0, days - periods * length);
  if (extraDays * dayRate >= price) {
    periods += 1;
    extraDays = 0;
  }
  return { period, periods, periodPrice: price, extraDays, dayRate, amount: periods * price + extraDays * dayRate };
}

/** A stored booking's rental charge: its period columns, or (made before them) its days × its daily rate. */
export function storedRental(booking: {
  pricingPeriod: PricingPeriod;
  totalDays: number;
  dailyRate: number;
  subtotal: number;
  periodCount: number | null;
  periodPrice: number | null;
  extraDays: number | null;
}): RentalCharge {
  if (booking.periodCount === null || booking.periodPrice === null || booking.pricingPeriod === "daily") {
    return { ...byTheDay(booking.dailyRate, booking.totalDays), amount: booking.subtotal };
  }
  return {
    period: booking.pricingPeriod,
    periods: booking.periodCount,
    periodPrice: booking.periodPrice,
    extraDays: booking.extraDays ?? 0,
    dayRate: booking.dailyRate,
    amount: booking.subtotal,
  };
}

export type RentalUnit = "day" | "week" | "month";

/** The breakdown's lines of a rental charge: "1 week × 500 €" and "1 day × 80 €". */
export interface RentalLine {
  unit: RentalUnit;
  count: number;
  price: number;
}

export function rentalLines(rental: RentalCharge): RentalLine[] {
  if (rental.period === "daily") return [{ unit: "day", count: rental.periods, price: rental.periodPrice }];
  const lines: RentalLine[] = [
    { unit: rental.period === "weekly" ? "week" : "month", count: rental.periods, price: rental.periodPrice },
  ];
  if (rental.extraDays > 0) lines.push({ unit: "day", count: rental.extraDays, price: rental.dayRate });
  return lines;
}

export type InsuranceChoice =
  | { kind: "none" }
  | { kind: "per-day"; pricePerDay: number }
  | { kind: "percentage"; percent: number; carValue: number | null };

export interface BookingPriceInput {
  rental: RentalCharge;
  /** The rental's calendar days (per-day insurance counts them). */
  days: number;
  insurance: InsuranceChoice;
  deposit: number;
}

export interface BookingPrice {
  rental: RentalCharge;
  /** The day rate stored with the booking: the daily price, or the rate of the days beyond whole periods. */
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

export function priceBooking({ rental, days, insurance, deposit }: BookingPriceInput): BookingPrice {
  if (!Number.isInteger(days) || days < 1) throw new RangeError("A booking lasts at least one whole day");
  const { periods, periodPrice, extraDays, dayRate } = rental;
  if (
    ![periods, periodPrice, extraDays, dayRate].every(Number.isInteger) ||
    periods < 1 ||
    periodPrice <= 0 ||
    dayRate <= 0
  ) {
    throw new RangeError("Invalid pricing configuration");
  }
  const subtotal = periods * periodPrice + extraDays * dayRate;
  const insuranceTotal = insuranceCost(insurance, days);
  const platformFee = roundCents(subtotal * PLATFORM_FEE_RATE);
  const paymentProcessorFee = roundCents((subtotal + insuranceTotal + platformFee) * PROCESSOR_FEE_RATE);
  return {
    rental: { ...rental, amount: subtotal },
    dailyRate: dayRate,
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
export function depositFor(
  car: Pick<BookableCarPrices, "depositAmount" | "weeklyDeposit" | "monthlyDeposit">,
  period: PricingPeriod,
): number {
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
  const rental = rentalCharge(prices, request.period, request.days);
  if (!rental) return { ok: false, error: "pricing" };
  const insurance = insuranceChoiceFor(request.insurance, car);
  const price = priceBooking({ rental, days: request.days, insurance, deposit: depositFor(car, request.period) });
  const insuranceDailyCost = request.days > 0 ? roundCents(price.insuranceCost / request.days) : 0;
  return { ok: true, price, insuranceDailyCost };
}
