// The forms of a damage claim (decision 022): the host's claim, the renter's answer, the admin's decision. Server-only,
// so the claim page ships no zod. Amounts are typed in euros as people type them ("120", "120,50", "120.50") and
// become cents here; their upper bound (the deposit, or the amount claimed) comes from the booking, hence the
// schemas built per request. A host's claim is also held to what claim-amounts.ts allows for its categories (for
// excess kilometres and lateness alone, what the records price them at; neither on a chauffeured booking). Messages
// are keys of the "claims" namespace, shown next to their field.
import { z } from "zod";
import { CLAIM_CATEGORIES } from "#db/enums";
import { CLAIM_TEXT_MAX, MAX_EVIDENCE_PHOTOS } from "~/bookings/trip-rules";
import { parseEurosToCents } from "~/cars/listing-rules";
import { claimRefusal, type ClaimBreakdown } from "~/pricing/claim-amounts";
import { sanitizeText } from "~/utils/sanitize";

/** A required text of 1 to CLAIM_TEXT_MAX characters, cleaned like every stored text. */
const claimText = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    if (value.trim().length > CLAIM_TEXT_MAX) {
      ctx.addIssue({ code: "custom", message: "claims:errors.textTooLong" });
      return z.NEVER;
    }
    const text = sanitizeText(value, CLAIM_TEXT_MAX);
    if (!text) ctx.addIssue({ code: "custom", message });
    return text;
  });

/** An amount in euros between `min` and `max` cents: a clear message for what is not a number, and for each bound. */
const euros = (range: { min: number; max: number }, messages: { required: string; tooHigh: string }) =>
  z.string({ error: messages.required }).transform((value, ctx) => {
    const anyAmount = parseEurosToCents(value, { min: 0, max: Number.MAX_SAFE_INTEGER });
    if (anyAmount === null) {
      ctx.addIssue({ code: "custom", message: value.trim() ? "claims:errors.amountFormat" : messages.required });
      return z.NEVER;
    }
    if (anyAmount < range.min) {
      ctx.addIssue({ code: "custom", message: "claims:errors.amountPositive" });
      return z.NEVER;
    }
    if (anyAmount > range.max) {
      ctx.addIssue({ code: "custom", message: messages.tooHigh });
      return z.NEVER;
    }
    return anyAmount;
  });

/** Evidence photos: up to MAX_EVIDENCE_PHOTOS files (an empty file input sends none). */
const evidencePhotos = z
  .array(z.instanceof(File), { error: "claims:errors.photos" })
  .optional()
  .transform((files) => (files ?? []).filter((file) => file.size > 0 || file.name !== ""))
  .refine((files) => files.length <= MAX_EVIDENCE_PHOTOS, { message: "claims:errors.photoCount" });

/** The host's claim against what the trip records price (`items`: the case's proposal, the deposit included). */
export function fileClaimSchema(items: ClaimBreakdown) {
  return z
    .object({
      intent: z.literal("file"),
      description: claimText("claims:errors.description"),
      amount: euros(
        { min: 1, max: items.deposit },
        { required: "claims:errors.amount", tooHigh: "claims:errors.aboveDeposit" },
      ),
      categories: z
        .array(z.enum(CLAIM_CATEGORIES, { error: "claims:errors.categories" }), { error: "claims:errors.categories" })
        .optional()
        .transform((values) => [...new Set(values ?? [])])
        .refine((values) => values.length > 0, { message: "claims:errors.categories" }),
      photos: evidencePhotos,
    })
    .superRefine((value, ctx) => {
      if (value.categories.includes("damage") && value.photos.length === 0) {
        ctx.addIssue({ code: "custom", path: ["photos"], message: "claims:errors.damagePhotos" });
      }
      const refusal = claimRefusal(items, value);
      if (refusal) ctx.addIssue({ code: "custom", path: [refusal.field], message: refusal.error });
    });
}

/** The renter's answer: accept the claim, or dispute it with a note and photos. */
export const AnswerClaimSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("dispute"), note: claimText("claims:errors.note"), photos: evidencePhotos }),
]);

/** The claim page's forms: the host's claim, the renter's accept or dispute (one `intent` each). */
export const claimPageSchema = (items: ClaimBreakdown) =>
  z.discriminatedUnion("intent", [fileClaimSchema(items), ...AnswerClaimSchema.options]);

/** An admin's decision on a disputed claim of `claimed` cents: what is kept (0 … claimed) and why. */
export function decideClaimSchema(claimed: number) {
  return z.object({
    amount: euros({ min: 0, max: claimed }, { required: "claims:errors.amount", tooHigh: "claims:errors.aboveClaim" }),
    reason: claimText("claims:errors.reason"),
  });
}

/** An admin's "retry now" on a failed refund. */
export const RetryRefundSchema = z.object({ refundId: z.string({ error: "errors.badRequest" }).min(1) });
