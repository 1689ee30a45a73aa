// What a capture that did not come back as taken means (docs/decisions/034, 2026-11-29). Only Stripe's own word that
// it will not take the money ends a booking: a card refused, or a hold that is gone. Everything else — Stripe out of
// reach, a 5xx, a rate limit, the same key still in flight — says nothing of whether the money was taken, so the
// booking keeps its card "held" and the scheduled job asks again under the same key (`capture-<charge key>`), which
// Stripe answers with what the first request did. Read from the error's shape (the Stripe SDK's `type`, and the
// payment intent Stripe names in an unexpected-state error), so the stand-in and tests need no SDK.

export type CaptureAnswer =
  /** Stripe will not take it: the card refused, or the intent is not there to capture (canceled, missing). */
  | "refused"
  /** The intent was captured already (by an earlier request whose answer was lost, under a key Stripe forgot). */
  | "already_captured"
  /** Nobody knows yet: ask again under the same key. */
  | "unknown";

interface StripeLikeError {
  type?: unknown;
  payment_intent?: { status?: unknown } | null;
}

export function captureAnswer(error: unknown): CaptureAnswer {
  if (typeof error !== "object" || error === null) return "unknown";
  const { type, payment_intent: intent } = error as StripeLikeError;
  if (intent?.status === "succeeded") return "already_captured";
  if (type === "StripeCardError" || type === "StripeInvalidRequestError") return "refused";
  return "unknown";
}
