// Part 1 §5 rules for a car listing: the general validator (messages joined by commas), the create wizard's
// required-field and format checks, numeric ranges, defaults and the save-time caps.
import { sanitizeText, TEXT_CAPS } from "~/utils/sanitize";

export const VIN_LENGTH = 17;
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Upper case, without the spaces and dashes people copy from documents. */
export function sanitizeVin(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** null when the VIN is valid, else the message key: wrong length first, then wrong characters. */
export function vinError(value: string): "validation.vinLength" | "validation.vinFormat" | null {
  const vin = sanitizeVin(value);
  if (vin.length !== VIN_LENGTH) return "validation.vinLength";
  return VIN_PATTERN.test(vin) ? null : "validation.vinFormat";
}

export const MAKE_MODEL_MAX_LENGTH = 100;
export const MILEAGE_MAX = 9_999_999;
export const PRICE_MAX_EUROS = 10_000_000;
export const HORSEPOWER_MAX = 9999;
export const ENGINE_SIZE_MAX = 20;

const VILNIUS_YEAR = new Intl.DateTimeFormat("en", { timeZone: "Europe/Vilnius", year: "numeric" });

/** The year a listing may carry: from 1900 to next year (this year in Vilnius). */
export function maxListingYear(now: Date = new Date()): number {
  const year = Number(VILNIUS_YEAR.format(now));
  return year + 1;
}

export function isValidMakeOrModel(value: string): boolean {
  const text = value.trim();
  return text.length >= 1 && text.length <= MAKE_MODEL_MAX_LENGTH;
}

export function isValidYear(value: number, now: Date = new Date()): boolean {
  return Number.isInteger(value) && value >= 1900 && value <= maxListingYear(now);
}

export function isValidMileage(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MILEAGE_MAX;
}

/**
 * An amount typed in euros ("1250", "1250.5", "1 250,50") to integer cents, or null when it is not a number of at
 * most two decimals within [min, max] cents.
 */
export function parseEurosToCents(input: string | number, range: { min: number; max: number }): number | null {
  const text = String(input)
    .trim()
    .replace(/[\s\u00a0]/g, "")
    .replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents < range.min || cents > range.max) return null;
  return cents;
}

/** A listing's price: positive, at most two decimals, at most 10,000,000 €. */
export function parsePriceToCents(input: string | number): number | null {
  return parseEurosToCents(input, { min: 1, max: PRICE_MAX_EUROS * 100 });
}

export function isValidHorsepower(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= HORSEPOWER_MAX;
}

export function isValidEngineSize(value: number): boolean {
  return value >= 0 && value <= ENGINE_SIZE_MAX && Math.abs(Math.round(value * 10) - value * 10) < 1e-9;
}

export interface ListingInput {
  make?: string;
  model?: string;
  year?: number;
  mileage?: number;
  location?: string;
  vin?: string;
  daily_price?: string | number;
  sale_price?: string | number;
  horsepower?: number;
  engine_size?: number;
}

/**
 * The general listing validator: every failed rule's message, in the spec's order.
 * Absent optional fields are not checked; the wizard's own required-field check comes first.
 */
export function listingErrors(input: ListingInput, now: Date = new Date()): string[] {
  const errors: string[] = [];
  if (input.make !== undefined && !isValidMakeOrModel(input.make)) errors.push("validation.listing.make");
  if (input.model !== undefined && !isValidMakeOrModel(input.model)) errors.push("validation.listing.model");
  if (input.year !== undefined && !isValidYear(input.year, now)) errors.push("validation.listing.year");
  if (input.mileage !== undefined && !isValidMileage(input.mileage)) errors.push("validation.listing.mileage");
  if (input.location !== undefined && !isValidLocationText(input.location)) errors.push("validation.listing.location");
  if (input.vin !== undefined && input.vin.trim() !== "" && vinError(input.vin)) errors.push("validation.listing.vin");
  if (input.daily_price !== undefined && parsePriceToCents(input.daily_price) === null)
    errors.push("validation.listing.dailyPrice");
  if (input.sale_price !== undefined && parsePriceToCents(input.sale_price) === null)
    errors.push("validation.listing.salePrice");
  if (input.horsepower !== undefined && !isValidHorsepower(input.horsepower))
    errors.push("validation.listing.horsepower");
  if (input.engine_size !== undefined && !isValidEngineSize(input.engine_size))
    errors.push("validation.listing.engineSize");
  return errors;
}

export function isValidLocationText(value: string): boolean {
  const text = value.trim();
  return text.length >= 2 && text.length <= 200;
}

/** Updates re-validate only when one of these changes (part 1 §5). */
export const REVALIDATED_ON_UPDATE = ["make", "model", "year", "mileage", "location"] as const;

export function needsRevalidation(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return REVALIDATED_ON_UPDATE.some((field) => field in after && after[field] !== before[field]);
}

// ------------------------------------------------------------------ the create wizard

export const WIZARD_REQUIRED_FIELDS = ["make", "model", "year", "mileage", "location"] as const;
export type WizardRequiredField = (typeof WIZARD_REQUIRED_FIELDS)[number];

export type WizardProblem =
  | { title: "wizard.titles.missingInformation"; message: "wizard.fillIn"; fields: WizardRequiredField[] }
  | { title: "wizard.titles.invalidData"; messages: string[]; fields: WizardRequiredField[] }
  | { title: "wizard.titles.missingPrice"; message: string };

const WIZARD_FORMAT_MESSAGES: Record<WizardRequiredField, string> = {
  make: "validation.wizard.make",
  model: "validation.wizard.model",
  year: "validation.wizard.year",
  mileage: "validation.wizard.mileage",
  location: "validation.wizard.location",
};

/**
 * Step 2 of the wizard: every required field present, then each in its format. Every field's problem at once, in
 * the form's order (the spec joins the messages with commas), so nobody fixes one only to meet the next.
 */
export function vehicleDetailsProblem(
  input: Partial<Record<WizardRequiredField, string>>,
  now: Date = new Date(),
): WizardProblem | null {
  const missing = WIZARD_REQUIRED_FIELDS.filter((field) => !input[field]?.trim());
  if (missing.length > 0) {
    return { title: "wizard.titles.missingInformation", message: "wizard.fillIn", fields: missing };
  }
  const checks: Record<WizardRequiredField, (value: string) => boolean> = {
    make: isValidMakeOrModel,
    model: isValidMakeOrModel,
    year: (v) => /^\d{4}$/.test(v.trim()) && isValidYear(Number(v), now),
    mileage: (v) => /^\d+$/.test(v.trim()) && isValidMileage(Number(v)),
    location: isValidLocationText,
  };
  const invalid = WIZARD_REQUIRED_FIELDS.filter((field) => !checks[field](input[field] ?? ""));
  if (invalid.length === 0) return null;
  return {
    title: "wizard.titles.invalidData",
    messages: invalid.map((field) => WIZARD_FORMAT_MESSAGES[field]),
    fields: invalid,
  };
}

export type ListingType = "rental" | "sale" | "both";

/** Step 3: rental needs a daily price, sale a sale price, both at least one of them. */
export function pricingProblem(
  listingType: ListingType,
  prices: { daily_price?: string; sale_price?: string },
): Extract<WizardProblem, { title: "wizard.titles.missingPrice" }> | null {
  const hasDaily = Boolean(prices.daily_price?.trim());
  const hasSale = Boolean(prices.sale_price?.trim());
  if (listingType === "rental" && !hasDaily)
    return { title: "wizard.titles.missingPrice", message: "validation.wizard.dailyPriceRequired" };
  if (listingType === "sale" && !hasSale)
    return { title: "wizard.titles.missingPrice", message: "validation.wizard.salePriceRequired" };
  if (listingType === "both" && !hasDaily && !hasSale)
    return { title: "wizard.titles.missingPrice", message: "validation.wizard.anyPriceRequired" };
  return null;
}

// ------------------------------------------------------------------ ranges, defaults and caps

export const RENTAL_DAYS = { min: { min: 1, max: 30, default: 1 }, max: { min: 1, max: 365, default: 365 } };
export const DRIVER_HOURS = { min: 1, max: 24, default: 4 };
export const WIZARD_DEFAULTS = {
  seats: 5,
  doors: 4,
  category: "luxury",
  fuel_type: "petrol",
  transmission: "automatic",
} as const;

/** Clamp a number into its range, or the default when it is missing or not a whole number. */
export function clampWhole(value: unknown, range: { min: number; max: number; default: number }): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n)) return range.default;
  return Math.min(range.max, Math.max(range.min, n));
}

export const SAVE_CAPS = {
  make: 50,
  model: 50,
  location: 200,
  description: TEXT_CAPS.description,
  rules: TEXT_CAPS.rules,
  condition: 200,
  license_plate: 20,
} as const;

export interface ListingText {
  make: string;
  model: string;
  location: string;
  description?: string | null;
  rules?: string | null;
  condition?: string | null;
  license_plate?: string | null;
}

/** What is stored: sanitised and cut to the save-time caps. */
export function capListingText<T extends ListingText>(input: T): T {
  const cap = (value: string | null | undefined, max: number) =>
    value == null ? value : sanitizeText(value, max) || null;
  return {
    ...input,
    make: sanitizeText(input.make, SAVE_CAPS.make),
    model: sanitizeText(input.model, SAVE_CAPS.model),
    location: sanitizeText(input.location, SAVE_CAPS.location),
    description: cap(input.description, SAVE_CAPS.description),
    rules: cap(input.rules, SAVE_CAPS.rules),
    condition: cap(input.condition, SAVE_CAPS.condition),
    license_plate: cap(input.license_plate, SAVE_CAPS.license_plate),
  };
}

/** Pickup points are kept only for rental listings (part 1 §5); "both" rents too, so it keeps them. */
export function keepsPickupPoints(listingType: ListingType): boolean {
  return listingType !== "sale";
}
