// Part 2 §4-§5 rules for moderating listings: which status each decision starts from, the rejection reason (blank
// gets the default, cut to 500), and the admin's edit form (make, model, year, mileage, location, description) with
// the spec's messages and save-time caps. One schema for the browser's constraints and the server's parse.
import { z } from "zod";
import {
  isValidLocationText,
  isValidMakeOrModel,
  isValidMileage,
  isValidYear,
  MAKE_MODEL_MAX_LENGTH,
  MILEAGE_MAX,
  SAVE_CAPS,
} from "~/cars/listing-rules";
import type { CAR_STATUSES } from "#db/enums";
import { sanitizeText } from "~/utils/sanitize";

export type CarStatus = (typeof CAR_STATUSES)[number];

/** The listing tabs of /admin, in the spec's order; "all" shows every status. */
export const LISTING_FILTERS = ["pending", "approved", "rejected", "all"] as const;
export type ListingFilter = (typeof LISTING_FILTERS)[number];

export function listingFilter(value: string | null): ListingFilter {
  return LISTING_FILTERS.find((filter) => filter === value) ?? "pending";
}

/** A list's page from the URL: a whole number from 1, anything else the first page. */
export function pageNumber(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** Approve works on pending or rejected listings; reject on pending ones (part 2 §4). */
export const APPROVABLE: readonly CarStatus[] = ["pending", "rejected"];
export const REJECTABLE: readonly CarStatus[] = ["pending"];

export const canApprove = (status: CarStatus) => APPROVABLE.includes(status);
export const canReject = (status: CarStatus) => REJECTABLE.includes(status);

export const REJECTION_REASON_MAX_LENGTH = 500;
/** The key of the spec's default reason, 'Listing does not meet platform standards', in the owner's language. */
export const DEFAULT_REJECTION_REASON = "admin:listings.defaultReason";

/**
 * The reason stored and sent to the owner: trimmed and cut to 500; blank gets the default sentence, which the caller
 * passes already translated into the owner's language (the owner reads it, not the admin).
 */
export function rejectionReason(input: unknown, defaultReason: string): string {
  const text = typeof input === "string" ? sanitizeText(input, REJECTION_REASON_MAX_LENGTH) : "";
  return text || defaultReason;
}

/** The reject dialog: the reason, free text that rejectionReason trims, cuts and defaults. */
export const ListingRejectionSchema = z.object({ reason: z.string().optional() });

export const DESCRIPTION_MAX_LENGTH = SAVE_CAPS.description;

const text = (message: string, valid: (value: string) => boolean) =>
  z.string({ error: message }).trim().refine(valid, message);

const whole = (message: string, valid: (value: number) => boolean) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine(valid, message);

/** The edit dialog (part 2 §5): each field's own "Please enter a valid car …" message; `now` bounds the year. */
export function listingEditSchema(now: Date = new Date()) {
  return z.object({
    make: text("admin:validation.make", isValidMakeOrModel),
    model: text("admin:validation.model", isValidMakeOrModel),
    year: whole("admin:validation.year", (year) => isValidYear(year, now)),
    mileage: whole("admin:validation.mileage", isValidMileage),
    location: text("admin:validation.location", isValidLocationText),
    description: z
      .string()
      .optional()
      .transform((value) => (value ? sanitizeText(value, DESCRIPTION_MAX_LENGTH) || null : null)),
  });
}

export type ListingEdit = z.infer<ReturnType<typeof listingEditSchema>>;

/** Stored values: make and model cut to 50 and location to 200 (the spec's trim limits). */
export function capListingEdit(edit: ListingEdit): ListingEdit {
  return {
    ...edit,
    make: sanitizeText(edit.make, SAVE_CAPS.make),
    model: sanitizeText(edit.model, SAVE_CAPS.model),
    location: sanitizeText(edit.location, SAVE_CAPS.location),
  };
}

export const EDIT_LIMITS = {
  makeModel: MAKE_MODEL_MAX_LENGTH,
  mileage: MILEAGE_MAX,
  location: SAVE_CAPS.location,
  description: DESCRIPTION_MAX_LENGTH,
};

export const VERIFICATION_REASON_MAX_LENGTH = 500;

/**
 * An admin's decision on a verification: approve, or reject with the reason the person reads on their verification
 * page (required: they need to know what to send again). `submittedAt` names the submission the admin looked at.
 */
export const VerificationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), submittedAt: z.coerce.number().int().positive() }),
  z.object({
    intent: z.literal("reject"),
    submittedAt: z.coerce.number().int().positive(),
    reason: z
      .string({ error: "admin:validation.verificationReason" })
      .trim()
      .min(1, "admin:validation.verificationReason")
      .transform((value) => sanitizeText(value, VERIFICATION_REASON_MAX_LENGTH)),
  }),
]);
