// Which failed captures end a booking (capture-answer.ts): only Stripe's refusal; an intent Stripe says is captured
// counts as taken; anything that says nothing of the money is asked again.
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { captureAnswer } from "~/payments/capture-answer";

const { StripeAPIError, StripeCardError, StripeConnectionError, StripeInvalidRequestError, StripeRateLimitError } =
  Stripe.errors;

describe("captureAnswer", () => {
  it("a card refused, or an intent that cannot be captured (canceled, missing): refused", () => {
    expect(captureAnswer(new StripeCardError({ message: "Declined", code: "card_declined" }))).toBe("refused");
    const unexpected = new StripeInvalidRequestError({
      message: "This PaymentIntent could not be captured because it has a status of canceled.",
      code: "payment_intent_unexpected_state",
      payment_intent: { id: "pi_1", status: "canceled" } as Stripe.PaymentIntent,
    });
    expect(captureAnswer(unexpected)).toBe("refused");
    expect(
      captureAnswer(new StripeInvalidRequestError({ message: "No such payment_intent", code: "resource_missing" })),
    ).toBe("refused");
  });

  it("an intent Stripe names as succeeded: captured already", () => {
    const captured = new StripeInvalidRequestError({
      message: "This PaymentIntent could not be captured because it has a status of succeeded.",
      code: "payment_intent_unexpected_state",
      payment_intent: { id: "pi_1", status: "succeeded" } as Stripe.PaymentIntent,
    });
    expect(captureAnswer(captured)).toBe("already_captured");
  });

  it("out of reach, a 5xx, a rate limit, anything else: unknown, asked again", () => {
    expect(captureAnswer(new StripeConnectionError({ message: "socket hang up" }))).toBe("unknown");
    expect(captureAnswer(new StripeAPIError({ message: "injected 500" }))).toBe("unknown");
    expect(captureAnswer(new StripeRateLimitError({ message: "Too many requests" }))).toBe("unknown");
    expect(captureAnswer(new TypeError("fetch failed"))).toBe("unknown");
    expect(captureAnswer("nope")).toBe("unknown");
    expect(captureAnswer(null)).toBe("unknown");
  });
});
