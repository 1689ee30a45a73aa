// The arithmetic the reviews list shows: how many reviews gave each star and the average of each category rating.
// Kept apart from the form's schema (review-form.ts) so the car page's browser bundle does not carry zod for it.

export const RATINGS = [1, 2, 3, 4, 5] as const;
/** The breakdown's rows, best first. */
export const STARS_DESCENDING = [5, 4, 3, 2, 1] as const;
export type Star = (typeof RATINGS)[number];

export const REVIEW_CATEGORIES = ["cleanliness", "communication", "accuracy"] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export interface ReviewSummary {
  total: number;
  /** Average overall rating, 0 without reviews. */
  average: number;
  /** How many reviews gave each overall rating. */
  stars: Record<Star, number>;
  /** Average of each category over the reviews that rated it; null when none did. */
  categories: Record<ReviewCategory, number | null>;
}

interface RatedReview {
  rating: number;
  cleanlinessRating?: number | null;
  communicationRating?: number | null;
  accuracyRating?: number | null;
}

const emptyStars = (): Record<Star, number> => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });

/** Counts per star, rows 5★ to 1★, each with its share of all reviews in whole percent (for the bar). */
export function starRows(stars: Record<Star, number>): { star: Star; count: number; percent: number }[] {
  const total = RATINGS.reduce((sum, star) => sum + (stars[star] ?? 0), 0);
  return STARS_DESCENDING.map((star) => {
    const count = stars[star] ?? 0;
    return { star, count, percent: total > 0 ? Math.round((count / total) * 100) : 0 };
  });
}

function average(values: number[]): number | null {
  if (values.length === 0) return null;
  return Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 100) / 100;
}

/** Category averages, each over the reviews that gave that category a rating (nulls are not zeros). */
export function categoryAverages(reviews: readonly RatedReview[]): Record<ReviewCategory, number | null> {
  const of = (pick: (r: RatedReview) => number | null | undefined) =>
    average(reviews.map(pick).filter((v): v is number => typeof v === "number"));
  return {
    cleanliness: of((r) => r.cleanlinessRating),
    communication: of((r) => r.communicationRating),
    accuracy: of((r) => r.accuracyRating),
  };
}

/** The summary of the reviews at hand (the page's own list when the loader sent no summary of all of them). */
export function summarizeReviews(reviews: readonly RatedReview[]): ReviewSummary {
  const stars = emptyStars();
  for (const review of reviews) {
    const star = Math.round(review.rating) as Star;
    if (star >= 1 && star <= 5) stars[star] += 1;
  }
  return {
    total: reviews.length,
    average: average(reviews.map((r) => r.rating)) ?? 0,
    stars,
    categories: categoryAverages(reviews),
  };
}

/** Whether any category has an average to show. */
export const hasCategoryRatings = (summary: Pick<ReviewSummary, "categories">) =>
  REVIEW_CATEGORIES.some((category) => summary.categories[category] !== null);
