// Part 2 §5 rules for an insurance package an admin writes: name and provider required ('Name and provider are
// required'); deductible 0 and maximum coverage 100,000 € when what was typed is not a number; prices optional (a
// price per day or a percentage of the car's value, not both: the booking would use only the first); the coverage,
// features and exclusions lists one entry per line, blank lines dropped (the spec's "added on Enter if not blank").
import { z } from "zod";
import { parseEurosToCents } from "~/cars/listing-rules";
import { sanitizeText } from "~/utils/sanitize";

export const PACKAGE_LIMITS = {
  name: 100,
  provider: 100,
  description: 1000,
  entry: 200,
  entries: 20,
  sortOrder: 999,
  euros: 10_000_000,
};

export const DEFAULT_DEDUCTIBLE_CENTS = 0;
export const DEFAULT_MAX_COVERAGE_CENTS = 100_000 * 100;

/** Euros as typed ("15", "15.5", "1 500,00") to cents, zero allowed; null when it is not such a number. */
export function eurosToCents(input: unknown): number | null {
  if (typeof input !== "string") return null;
  return parseEurosToCents(input, { min: 0, max: PACKAGE_LIMITS.euros * 100 });
}

/** Cents back to what the form shows ("15", "15.50"). */
export function centsToEuros(cents: number | null | undefined): string {
  if (cents == null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** One entry per line; blank lines and repeats dropped, each cut to 200, at most 20. */
export function listEntries(input: unknown): string[] {
  if (typeof input !== "string") return [];
  const entries = input
    .split(/\r?\n/)
    .map((line) => sanitizeText(line, PACKAGE_LIMITS.entry))
    .filter(Boolean);
  return [...new Set(entries)].slice(0, PACKAGE_LIMITS.entries);
}

const required = z
  .string({ error: "admin:validation.nameProviderRequired" })
  .trim()
  .min(1, "admin:validation.nameProviderRequired");

const optionalEuros = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const cents = eurosToCents(value);
      if (cents === null) ctx.addIssue({ code: "custom", message });
      return cents;
    });

const euroWithDefault = (fallback: number) =>
  z
    .string({ error: "errors.badRequest" })
    .optional()
    .transform((value) => eurosToCents(value) ?? fallback);

export const PackageSchema = z
  .object({
    name: required.transform((value) => sanitizeText(value, PACKAGE_LIMITS.name)),
    provider: required.transform((value) => sanitizeText(value, PACKAGE_LIMITS.provider)),
    description: z
      .string({ error: "errors.badRequest" })
      .optional()
      .transform((value) => (value ? sanitizeText(value, PACKAGE_LIMITS.description) || null : null)),
    price_per_day: optionalEuros("admin:validation.pricePerDay"),
    price_percentage: z
      .string({ error: "admin:validation.pricePercentage" })
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return null;
        const percent = Number(value.trim().replace(",", "."));
        if (!/^\d+([.,]\d{1,2})?$/.test(value.trim()) || percent > 100) {
          ctx.addIssue({ code: "custom", message: "admin:validation.pricePercentage" });
          return null;
        }
        return percent;
      }),
    deductible: euroWithDefault(DEFAULT_DEDUCTIBLE_CENTS),
    max_coverage: euroWithDefault(DEFAULT_MAX_COVERAGE_CENTS),
    coverage: z.string({ error: "errors.badRequest" }).optional().transform(listEntries),
    features: z.string({ error: "errors.badRequest" }).optional().transform(listEntries),
    exclusions: z.string({ error: "errors.badRequest" }).optional().transform(listEntries),
    sort_order: z
      .string({ error: "errors.badRequest" })
      .optional()
      .transform((value) => {
        const n = Number(value);
        return value?.trim() && Number.isInteger(n) ? Math.min(PACKAGE_LIMITS.sortOrder, Math.max(0, n)) : 0;
      }),
    active: z
      .string({ error: "errors.badRequest" })
      .optional()
      .transform((value) => value === "on"),
    is_popular: z
      .string({ error: "errors.badRequest" })
      .optional()
      .transform((value) => value === "on"),
  })
  .superRefine((value, ctx) => {
    if (value.price_per_day !== null && value.price_percentage !== null) {
      ctx.addIssue({ code: "custom", path: ["price_percentage"], message: "admin:validation.onePrice" });
    }
  });

export type PackageValues = z.output<typeof PackageSchema>;

/** A stored package as the form shows it (the form's names, euros, one list entry per line). */
export function packageFormValues(pkg: {
  name: string;
  provider: string;
  description: string | null;
  pricePerDay: number | null;
  pricePercentage: number | null;
  deductible: number;
  maxCoverage: number;
  coverageDetails: { coverage: string[]; features: string[]; exclusions: string[] };
  sortOrder: number;
  active: boolean;
  isPopular: boolean;
}) {
  return {
    name: pkg.name,
    provider: pkg.provider,
    description: pkg.description ?? "",
    price_per_day: centsToEuros(pkg.pricePerDay),
    price_percentage: pkg.pricePercentage == null ? "" : String(pkg.pricePercentage),
    deductible: centsToEuros(pkg.deductible),
    max_coverage: centsToEuros(pkg.maxCoverage),
    coverage: pkg.coverageDetails.coverage.join("\n"),
    features: pkg.coverageDetails.features.join("\n"),
    exclusions: pkg.coverageDetails.exclusions.join("\n"),
    sort_order: String(pkg.sortOrder),
    active: pkg.active ? ("on" as const) : undefined,
    is_popular: pkg.isPopular ? ("on" as const) : undefined,
  };
}

/** A new package starts active, with the spec's defaults (deductible 0, maximum coverage 100,000 €). */
export const NEW_PACKAGE_VALUES = {
  deductible: centsToEuros(DEFAULT_DEDUCTIBLE_CENTS),
  max_coverage: centsToEuros(DEFAULT_MAX_COVERAGE_CENTS),
  sort_order: "0",
  active: "on" as const,
};
