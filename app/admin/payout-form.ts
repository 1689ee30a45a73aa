// The forms of the admins' payout pages (decision 023): "Retry now" on /admin/payouts, and the two steps of an admin's
// refund on a booking's money page (review, then confirm). Server-only, so the pages ship no zod. Amounts are typed
// in euros as people type them ("40", "40,50") and become cents; their bounds come from the booking, hence the schema
// built per request. Messages are keys of the "admin" namespace, shown next to their field.
import { z } from "zod";
import { parseEurosToCents } from "~/cars/listing-rules";
import { REFUND_REASON_MAX } from "~/admin/payout-view";
import type { RefundBounds } from "~/admin/admin-refunds.server";
import { MOVEMENT_KINDS } from "~/payments/money-attempts";
import { sanitizeText } from "~/utils/sanitize";

const ID_MAX = 64;

export const RetryPayoutSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("retry"),
    payoutId: z.string({ error: "admin:payouts.errors.retryGone" }).trim().min(1).max(ID_MAX),
  }),
]);

/** "Retry now" on /admin/held-money: which held movement, of which kind. */
export const RetryHeldSchema = z.object({
  intent: z.literal("retry", { error: "admin:held.errors.gone" }),
  kind: z.enum(MOVEMENT_KINDS, { error: "admin:held.errors.gone" }),
  id: z.string({ error: "admin:held.errors.gone" }).trim().min(1).max(ID_MAX),
});

/** Euros to cents within [min, max]: a message for what is not an amount, for 0 when `min` > 0, and for the cap. */
function euros(
  range: { min: number; max: number },
  messages: { required: string; tooHigh: string },
  optional: boolean,
) {
  return z
    .string({ error: messages.required })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") {
        if (optional) return null;
        ctx.addIssue({ code: "custom", message: messages.required });
        return z.NEVER;
      }
      const cents = parseEurosToCents(value, { min: 0, max: Number.MAX_SAFE_INTEGER });
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: "admin:moneyPage.errors.amountFormat" });
        return z.NEVER;
      }
      if (cents < range.min) {
        ctx.addIssue({ code: "custom", message: "admin:moneyPage.errors.amountPositive" });
        return z.NEVER;
      }
      if (cents > range.max) {
        ctx.addIssue({ code: "custom", message: messages.tooHigh });
        return z.NEVER;
      }
      return cents;
    });
}

const reason = z.string({ error: "admin:moneyPage.errors.reason" }).transform((value, ctx) => {
  if (value.trim().length > REFUND_REASON_MAX) {
    ctx.addIssue({ code: "custom", message: "admin:moneyPage.errors.reasonTooLong" });
    return z.NEVER;
  }
  const text = sanitizeText(value, REFUND_REASON_MAX);
  if (!text) ctx.addIssue({ code: "custom", message: "admin:moneyPage.errors.reason" });
  return text;
});

/**
 * The admin's refund: `review` (the host's part may be left blank for the proposal) answers with what would happen
 * and writes nothing; `confirm` carries the reviewed values and writes. Both are bounded by `bounds`.
 */
export function adminRefundSchema(bounds: Pick<RefundBounds, "refundable" | "reversible">) {
  const fields = (hostPartOptional: boolean) => ({
    // Never null: a blank amount is refused above.
    amount: euros(
      { min: 1, max: bounds.refundable },
      { required: "admin:moneyPage.errors.amount", tooHigh: "admin:moneyPage.errors.aboveRefundable" },
      false,
    ).transform((cents) => cents ?? 0),
    reason,
    hostPart: euros(
      { min: 0, max: bounds.reversible },
      { required: "admin:moneyPage.errors.hostPart", tooHigh: "admin:moneyPage.errors.aboveReversible" },
      hostPartOptional,
    ),
  });
  return z
    .discriminatedUnion(
      "intent",
      [
        z.object({ intent: z.literal("review"), ...fields(true) }),
        z.object({ intent: z.literal("confirm"), ...fields(false) }),
      ],
      { error: "admin:moneyPage.errors.intent" },
    )
    .superRefine((value, ctx) => {
      if (value.hostPart !== null && value.hostPart > value.amount) {
        ctx.addIssue({ code: "custom", path: ["hostPart"], message: "admin:moneyPage.errors.aboveRefund" });
      }
    });
}

/** Cents as the form's euro field takes them back ("40.50"). */
export const centsToEuroInput = (cents: number) => (cents / 100).toFixed(2);
