// Part 2 §5 "Review": the review form's schema, used by the browser and the server alike. Messages are translation
// keys. The list's arithmetic (stars breakdown, category averages) is in review-summary.ts, which has no zod.
import { z } from "zod";
import type { ReviewCategory } from "~/reviews/review-summary";

/** A host rates a renter only on how they communicated: cleanliness and accuracy describe the car. */
export const HOST_REVIEW_CATEGORIES: readonly ReviewCategory[] = ["communication"];

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_CONTENT_MAX = 2000;

export const RATING_REQUIRED = "reviews:validation.ratingRequired";

const categoryRating = z
  .number({ error: "reviews:validation.categoryRating" })
  .int("reviews:validation.categoryRating")
  .min(1, "reviews:validation.categoryRating")
  .max(5, "reviews:validation.categoryRating")
  .optional()
  .transform((value) => value ?? null);

/** Trimmed; empty (or only spaces) is "none", stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : null));

/**
 * The review form. Conform turns the posted text into numbers and empty fields into undefined; a missing or
 * out-of-range overall rating is the spec's "Please select an overall rating".
 */
export const ReviewSchema = z.object({
  rating: z.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(1, RATING_REQUIRED).max(5, RATING_REQUIRED),
  cleanlinessRating: categoryRating,
  communicationRating: categoryRating,
  accuracyRating: categoryRating,
  title: optionalText(REVIEW_TITLE_MAX, "reviews:validation.titleTooLong"),
  content: optionalText(REVIEW_CONTENT_MAX, "reviews:validation.contentTooLong"),
});

export type ReviewValues = z.output<typeof ReviewSchema>;
