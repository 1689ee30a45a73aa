// Part 2 §5 rules for an insurance package an admin writes: name and provider required ('Name and provider are
// required'); deductible 0 and maximum coverage 100,000 € when what was typed is not a number; the coverage,
// features and exclusions lists one entry per line, blank lines dropped (the spec's "added on Enter if not blank").
// Ours on top: what renters read (name, description, lists) is written in Lithuanian and English, the name always and
// the rest in both or neither; and a package has exactly one price above 0, per day or a percentage of the car's
// value (the spec leaves prices optional, but a package without one was charged a made-up 15 € a day, and a free one
// is only the booking page's own "No additional insurance" a second time). Maximum coverage is above 0 for the same
// reason.
import { z } from "zod";
import type { BilingualPackage } from "~/bookings/booking-text";
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

export const PACKAGE_LANGUAGES = ["lt", "en"] as const;
export type PackageLanguage = (typeof PACKAGE_LANGUAGES)[number];

/** The form's name of a text written in both languages: ("name", "lt") is `nameLt`. */
export function languageField<F extends string, L extends PackageLanguage>(field: F, language: L) {
  return `${field}${language === "lt" ? "Lt" : "En"}` as `${F}${Capitalize<L>}`;
}
export const PACKAGE_LISTS = ["coverage", "features", "exclusions"] as const;
const LISTS = PACKAGE_LISTS;

const optionalDescription = z
  .string({ error: "errors.badRequest" })
  .optional()
  .transform((value) => (value ? sanitizeText(value, PACKAGE_LIMITS.description) || null : null));
const list = z.string({ error: "errors.badRequest" }).optional().transform(listEntries);

const optionalEuros = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const cents = eurosToCents(value);
      if (!cents) ctx.addIssue({ code: "custom", message });
      return cents || null;
    });

/** The spec's default when what was typed is not a number; `positive`: a number, but 0, is refused with `message`. */
const euroWithDefault = (fallback: number, positive?: { message: string }) =>
  z
    .string({ error: "errors.badRequest" })
    .optional()
    .transform((value, ctx) => {
      const cents = eurosToCents(value) ?? fallback;
      if (positive && cents === 0) ctx.addIssue({ code: "custom", message: positive.message });
      return cents;
    });

export const PackageSchema = z
  .object({
    nameLt: required.transform((value) => sanitizeText(value, PACKAGE_LIMITS.name)),
    nameEn: required.transform((value) => sanitizeText(value, PACKAGE_LIMITS.name)),
    provider: required.transform((value) => sanitizeText(value, PACKAGE_LIMITS.provider)),
    descriptionLt: optionalDescription,
    descriptionEn: optionalDescription,
    pricePerDay: optionalEuros("admin:validation.pricePerDay"),
    pricePercentage: z
      .string({ error: "admin:validation.pricePercentage" })
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return null;
        const percent = Number(value.trim().replace(",", "."));
        if (!/^\d+([.,]\d{1,2})?$/.test(value.trim()) || percent <= 0 || percent > 100) {
          ctx.addIssue({ code: "custom", message: "admin:validation.pricePercentage" });
          return null;
        }
        return percent;
      }),
    deductible: euroWithDefault(DEFAULT_DEDUCTIBLE_CENTS),
    maxCoverage: euroWithDefault(DEFAULT_MAX_COVERAGE_CENTS, { message: "admin:validation.maxCoverage" }),
    coverageLt: list,
    coverageEn: list,
    featuresLt: list,
    featuresEn: list,
    exclusionsLt: list,
    exclusionsEn: list,
    sortOrder: z
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
    isPopular: z
      .string({ error: "errors.badRequest" })
      .optional()
      .transform((value) => value === "on"),
  })
  // These run whatever else is wrong, so every message shows at once (each field's own message comes first).
  .superRefine(
    (value, ctx) => {
      if (value.pricePerDay != null && value.pricePercentage != null) {
        ctx.addIssue({ code: "custom", path: ["pricePercentage"], message: "admin:validation.onePrice" });
      }
      if (value.pricePerDay == null && value.pricePercentage == null) {
        ctx.addIssue({ code: "custom", path: ["pricePerDay"], message: "admin:validation.priceRequired" });
      }
    },
    { when: (payload) => !payload.issues.some((issue) => String(issue.path?.[0]).startsWith("price")) },
  )
  .superRefine(
    (value, ctx) => {
      // Renters read the package in their language: what is written in one is written in the other.
      for (const field of ["description", ...LISTS] as const) {
        const filled = PACKAGE_LANGUAGES.map((language) => {
          const text: unknown = value[languageField(field, language)];
          return Array.isArray(text) ? text.length > 0 : Boolean(text);
        });
        PACKAGE_LANGUAGES.forEach((language, i) => {
          if (!filled[i] && filled.some(Boolean)) {
            ctx.addIssue({
              code: "custom",
              path: [languageField(field, language)],
              message: "admin:validation.bothLanguages",
            });
          }
        });
      }
    },
    { when: () => true },
  );

export type PackageValues = z.output<typeof PackageSchema>;

/** A stored package as the form shows it (the form's names, euros, one list entry per line). */
export function packageFormValues(
  pkg: BilingualPackage & {
    provider: string;
    pricePerDay: number | null;
    pricePercentage: number | null;
    deductible: number;
    maxCoverage: number;
    sortOrder: number;
    active: boolean;
    isPopular: boolean;
  },
) {
  const lists = (details: BilingualPackage["coverageDetailsLt"], language: "lt" | "en") =>
    Object.fromEntries(LISTS.map((list) => [languageField(list, language), details[list].join("\n")])) as Record<
      `${(typeof LISTS)[number]}${Capitalize<typeof language>}`,
      string
    >;
  return {
    nameLt: pkg.nameLt,
    nameEn: pkg.nameEn,
    provider: pkg.provider,
    descriptionLt: pkg.descriptionLt ?? "",
    descriptionEn: pkg.descriptionEn ?? "",
    pricePerDay: centsToEuros(pkg.pricePerDay),
    pricePercentage: pkg.pricePercentage == null ? "" : String(pkg.pricePercentage),
    deductible: centsToEuros(pkg.deductible),
    maxCoverage: centsToEuros(pkg.maxCoverage),
    ...lists(pkg.coverageDetailsLt, "lt"),
    ...lists(pkg.coverageDetailsEn, "en"),
    sortOrder: String(pkg.sortOrder),
    active: pkg.active ? ("on" as const) : undefined,
    isPopular: pkg.isPopular ? ("on" as const) : undefined,
  };
}

/** A new package starts active, with the spec's defaults (deductible 0, maximum coverage 100,000 €). */
export const NEW_PACKAGE_VALUES = {
  deductible: centsToEuros(DEFAULT_DEDUCTIBLE_CENTS),
  maxCoverage: centsToEuros(DEFAULT_MAX_COVERAGE_CENTS),
  sortOrder: "0",
  active: "on" as const,
};
