// How a booking's money and insurance read in the page's language, the same on the booking page, the pages after
// the checkout, the checkout's own lines and the host's view: the rental as whole periods and days
// ("1 week × €500.00 + 1 day × €80.00"), the fee rates ("2%" / "2 %"), and a package's texts in that language.
import type { TFunction } from "i18next";
import type { Language } from "~/i18n";
import {
  FALLBACK_INSURANCE_PER_DAY_CENTS,
  PLATFORM_FEE_RATE,
  PROCESSOR_FEE_RATE,
  rentalLines,
  type RentalCharge,
} from "~/pricing/booking-price";
import { formatMoney, formatPercent } from "~/utils/format";

/** "1 week × €500.00 + 1 day × €80.00" (two decimals, as fee breakdowns are). Needs the `bookings` namespace. */
export function rentalText(t: TFunction, rental: RentalCharge, language: string): string {
  return rentalLines(rental)
    .map((line) =>
      t(`bookings:price.units.${line.unit}`, { count: line.count, price: formatMoney(line.price, language) }),
    )
    .join(" + ");
}

/**
 * What paying does to this booking, in the words of the review step, the checkout page and Stripe Checkout's note: an
 * instant booking (bookings.instant_book, set by booking-request.ts#instantBookFor) is confirmed and charged as
 * soon as the card is authorised; a request is charged only when the host confirms.
 */
export const paymentKindText = (instantBook: boolean) =>
  instantBook ? "bookings:instantBook.instant" : "bookings:instantBook.request";

/** The fee rates as the breakdown's labels name them: "2%" and "3.26%" / "2 %" and "3,26 %". */
export function feeRates(language: string) {
  return {
    platform: formatPercent(PLATFORM_FEE_RATE * 100, language),
    processor: formatPercent(PROCESSOR_FEE_RATE * 100, language),
  };
}

interface CoverageLists {
  coverage: string[];
  features: string[];
  exclusions: string[];
}

/** An insurance package as stored, in both languages. */
export interface BilingualPackage {
  nameLt: string;
  nameEn: string;
  descriptionLt: string | null;
  descriptionEn: string | null;
  coverageDetailsLt: CoverageLists;
  coverageDetailsEn: CoverageLists;
}

/** A package's name, description and lists in the page's language. */
export function packageText(pkg: BilingualPackage, language: Language | string) {
  return language === "en"
    ? { name: pkg.nameEn, description: pkg.descriptionEn, coverageDetails: pkg.coverageDetailsEn }
    : { name: pkg.nameLt, description: pkg.descriptionLt, coverageDetails: pkg.coverageDetailsLt };
}

/** The name a booking kept of its package, in the page's language (bookings from before both: the one name). */
export function bookedPackageName(
  booked: { packageName: string; packageNameLt: string | null; packageNameEn: string | null },
  language: Language | string,
): string {
  return (language === "en" ? booked.packageNameEn : booked.packageNameLt) ?? booked.packageName;
}

/**
 * A package's price as the booking page and the admin list show it: "€15.00 / day" or "0.5% of the car's value";
 * a package stored without either (possible before prices were required) is charged the fallback per day.
 */
export function packagePriceText(
  t: TFunction,
  pkg: { pricePerDay: number | null; pricePercentage: number | null },
  language: string,
): string {
  if (pkg.pricePercentage != null && pkg.pricePerDay == null) {
    return t("bookings:book.percentOfValue", { percent: formatPercent(pkg.pricePercentage, language) });
  }
  return t("bookings:book.perDay", {
    price: formatMoney(pkg.pricePerDay ?? FALLBACK_INSURANCE_PER_DAY_CENTS, language),
  });
}

/** A package as a page shows it (the booking page's choices, the admin's list): in the page's language, priced. */
export function packageToShow(
  t: TFunction,
  pkg: BilingualPackage & {
    id: string;
    provider: string;
    pricePerDay: number | null;
    pricePercentage: number | null;
    deductible: number;
    maxCoverage: number;
    isPopular: boolean;
  },
  language: string,
) {
  return {
    id: pkg.id,
    ...packageText(pkg, language),
    provider: pkg.provider,
    price: packagePriceText(t, pkg, language),
    deductible: pkg.deductible,
    maxCoverage: pkg.maxCoverage,
    isPopular: pkg.isPopular,
  };
}
