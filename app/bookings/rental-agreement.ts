// The rental agreement of a booking (part 2 §2 "Rental agreement dialog", §3 "Agreement draft", §5, §9): its terms,
// the form that edits them, and the arithmetic shown beside them. Pure, so the page, the server and the downloaded
// HTML agree.
//
// Part 2 §5: "numeric fields fall back to defaults (200 km per day, late fee 50) when invalid". So a mileage or fee
// that is not a valid number is not an error: it becomes the default, and the page shows the value that was saved.
// The excess-kilometre fee (decision 022) is typed and falls back the same way (0.20 € per km).
//
// The cancellation policy is not among the terms the host sets: it is the listing's, copied into the booking when
// the request was made (bookings.cancellation_policy), the term the renter booked under. The agreement shows it.
import { z } from "zod";
import { DAMAGE_POLICIES, FUEL_POLICIES } from "#db/enums";
import { DEFAULT_EXCESS_KM_FEE_CENTS } from "~/pricing/claim-amounts";
import { formatMoney, formatPrice } from "~/utils/format";

export type FuelPolicy = (typeof FUEL_POLICIES)[number];
export type DamagePolicy = (typeof DAMAGE_POLICIES)[number];

/** Part 2 §9: 200 km per day by default, multiplied by the rental's days. */
export const DEFAULT_MILEAGE_PER_DAY = 200;
/** More than this per day is a typing error (2000 for 200), not a limit: it falls back like any invalid value. */
export const MAX_MILEAGE_PER_DAY = 5000;
/** Part 2 §9: late return fee 50 € per hour by default; stored in cents like all money. */
export const DEFAULT_LATE_FEE_CENTS = 5000;
export const MAX_LATE_FEE_CENTS = 1_000_000;
/** More than 100 € a kilometre is a typing error: it falls back to the default 0.20 €. */
export const MAX_EXCESS_KM_FEE_CENTS = 10_000;
export const ADDITIONAL_TERMS_MAX = 2000;

export interface AgreementTerms {
  mileageLimitPerDay: number;
  fuelPolicy: FuelPolicy;
  damagePolicy: DamagePolicy;
  /** Cents per hour late. */
  lateReturnFee: number;
  /** Cents per kilometre beyond the allowance (mileage per day × days). */
  excessKmFee: number;
  additionalTerms: string | null;
}

export const AGREEMENT_DEFAULTS: AgreementTerms = {
  mileageLimitPerDay: DEFAULT_MILEAGE_PER_DAY,
  fuelPolicy: "return_same_level",
  damagePolicy: "renter_responsible",
  lateReturnFee: DEFAULT_LATE_FEE_CENTS,
  excessKmFee: DEFAULT_EXCESS_KM_FEE_CENTS,
  additionalTerms: null,
};

/** The whole rental's mileage allowance: the daily limit times the booking's days. */
export const mileageLimitTotal = (perDay: number, totalDays: number) => perDay * totalDays;

/** A new agreement's terms for a booking, with the total mileage they allow. */
export function agreementDefaults(booking: { totalDays: number }): AgreementTerms & { mileageLimitTotal: number } {
  return {
    ...AGREEMENT_DEFAULTS,
    mileageLimitTotal: mileageLimitTotal(AGREEMENT_DEFAULTS.mileageLimitPerDay, booking.totalDays),
  };
}

/** "250" → 250. Anything but a whole number from 1 to MAX_MILEAGE_PER_DAY gives the default, 200. */
export function parseMileagePerDay(input: unknown): number {
  const text = typeof input === "string" ? input.replace(/\s/g, "") : typeof input === "number" ? String(input) : "";
  if (!/^\d+$/.test(text)) return DEFAULT_MILEAGE_PER_DAY;
  const value = Number(text);
  return value >= 1 && value <= MAX_MILEAGE_PER_DAY ? value : DEFAULT_MILEAGE_PER_DAY;
}

/**
 * Euros as typed ("50", "37,5", "37.50") → cents. Anything else (empty, negative, more than two decimals, text)
 * gives the default 50 €. Zero is a valid choice: no late fee.
 */
export function parseLateFeeEuros(input: unknown): number {
  return parseEuros(input, DEFAULT_LATE_FEE_CENTS, MAX_LATE_FEE_CENTS);
}

/** The excess-kilometre fee, typed in euros like the late fee ("0,25", "0.3"); anything else gives 0.20 €. */
export function parseExcessKmFeeEuros(input: unknown): number {
  return parseEuros(input, DEFAULT_EXCESS_KM_FEE_CENTS, MAX_EXCESS_KM_FEE_CENTS);
}

/** Euros as typed → cents, at most `max`; `fallback` for anything unreadable. */
function parseEuros(input: unknown, fallback: number, max: number): number {
  const text =
    typeof input === "string"
      ? input.replace(/[\s€]/g, "").replace(",", ".")
      : typeof input === "number"
        ? String(input)
        : "";
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return fallback;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents <= max ? cents : fallback;
}

/** Cents as the fee input's value: 5000 → "50", 3750 → "37.50", 20 → "0.20". */
export function centsToEurosInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export const AGREEMENT_EDIT_INTENTS = ["save", "save-and-sign"] as const;

/**
 * The host's terms form. Two buttons send it: "Save terms" and "Save and sign" (`intent`). Policies come from
 * selects, so a value outside the lists is a forged form and gets a message; the numbers fall back (see above).
 */
export const AgreementTermsSchema = z.object({
  intent: z.enum(AGREEMENT_EDIT_INTENTS, { error: "agreement:validation.intent" }),
  mileageLimitPerDay: z.string().optional().transform(parseMileagePerDay),
  fuelPolicy: z.enum(FUEL_POLICIES, { error: "agreement:validation.policy" }),
  damagePolicy: z.enum(DAMAGE_POLICIES, { error: "agreement:validation.policy" }),
  lateReturnFee: z.string().optional().transform(parseLateFeeEuros),
  excessKmFee: z.string().optional().transform(parseExcessKmFeeEuros),
  additionalTerms: z
    .string()
    .trim()
    .max(ADDITIONAL_TERMS_MAX, "agreement:validation.termsTooLong")
    .optional()
    .transform((value) => (value ? value : null)),
});

/** Signing: the version of the terms the signer had on screen, so nobody signs terms that changed meanwhile. */
export const SignAgreementSchema = z.object({
  intent: z.literal("sign"),
  termsVersion: z.string({ error: "agreement:errors.termsChanged" }).min(1, "agreement:errors.termsChanged"),
});

export function termsFromForm(value: z.output<typeof AgreementTermsSchema>): AgreementTerms {
  return {
    mileageLimitPerDay: value.mileageLimitPerDay,
    fuelPolicy: value.fuelPolicy,
    damagePolicy: value.damagePolicy,
    lateReturnFee: value.lateReturnFee,
    excessKmFee: value.excessKmFee,
    additionalTerms: value.additionalTerms,
  };
}

/** The terms as the form's initial values. */
export function termsToForm(terms: AgreementTerms) {
  return {
    mileageLimitPerDay: String(terms.mileageLimitPerDay),
    fuelPolicy: terms.fuelPolicy,
    damagePolicy: terms.damagePolicy,
    lateReturnFee: centsToEurosInput(terms.lateReturnFee),
    excessKmFee: centsToEurosInput(terms.excessKmFee),
    additionalTerms: terms.additionalTerms ?? "",
  };
}

/**
 * A short fingerprint of the terms (FNV-1a over their canonical text). The sign form carries it; the server signs
 * only if the stored terms still have it.
 */
export function termsVersion(terms: AgreementTerms): string {
  const text = JSON.stringify([
    terms.mileageLimitPerDay,
    terms.fuelPolicy,
    terms.damagePolicy,
    terms.lateReturnFee,
    terms.excessKmFee,
    terms.additionalTerms,
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${hash.toString(36)}`;
}

/** Signature times: date and time in Vilnius, "2025-03-01 14:05" style per language. */
/** The late fee: whole euros without decimals ("50 €"), cents only when there are some ("37,50 €"). */
export function formatFee(cents: number, language: string): string {
  return cents % 100 === 0 ? formatPrice(cents, language) : formatMoney(cents, language);
}
