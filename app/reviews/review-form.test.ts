import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { RATING_REQUIRED, ReviewSchema } from "~/reviews/review-form";
import { categoryAverages, hasCategoryRatings, starRows, summarizeReviews } from "~/reviews/review-summary";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: ReviewSchema });

describe("the review form", () => {
  it("needs an overall rating from 1 to 5, with the spec's message", () => {
    const cases: Record<string, string>[] = [
      {},
      { rating: "" },
      { rating: "0" },
      { rating: "6" },
      { rating: "4.5" },
      { rating: "five" },
    ];
    for (const fields of cases) {
      const result = parse(fields);
      expect(result.status, JSON.stringify(fields)).toBe("error");
      expect(result.status === "error" ? result.error?.rating : null, JSON.stringify(fields)).toEqual([
        RATING_REQUIRED,
      ]);
    }
    expect(RATING_REQUIRED).toBe("reviews:validation.ratingRequired");
  });

  it("sends what was left empty as null: categories, title and content are optional", () => {
    const result = parse({ rating: "4", cleanlinessRating: "", title: "   ", content: "" });
    expect(result.status).toBe("success");
    expect(result.status === "success" ? result.value : null).toEqual({
      rating: 4,
      cleanlinessRating: null,
      communicationRating: null,
      accuracyRating: null,
      title: null,
      content: null,
    });
  });

  it("keeps category ratings of 1 to 5 and trims the texts", () => {
    const result = parse({
      rating: "5",
      cleanlinessRating: "1",
      communicationRating: "5",
      accuracyRating: "3",
      title: "  Puikus automobilis ",
      content: " Švarus, tvarkingas.\n",
    });
    expect(result.status === "success" ? result.value : result.error).toEqual({
      rating: 5,
      cleanlinessRating: 1,
      communicationRating: 5,
      accuracyRating: 3,
      title: "Puikus automobilis",
      content: "Švarus, tvarkingas.",
    });
  });

  it("refuses category ratings out of range and texts over their limits, each at its field", () => {
    const result = parse({
      rating: "3",
      cleanlinessRating: "0",
      accuracyRating: "7",
      title: "x".repeat(101),
      content: "y".repeat(2001),
    });
    expect(result.status === "error" ? result.error : null).toEqual({
      cleanlinessRating: ["reviews:validation.categoryRating"],
      accuracyRating: ["reviews:validation.categoryRating"],
      title: ["reviews:validation.titleTooLong"],
      content: ["reviews:validation.contentTooLong"],
    });
    // At the limits exactly, it passes.
    expect(parse({ rating: "3", title: "x".repeat(100), content: "y".repeat(2000) }).status).toBe("success");
  });
});

describe("the rating breakdown", () => {
  const reviews = [
    { rating: 5, cleanlinessRating: 5, communicationRating: 4, accuracyRating: null },
    { rating: 5, cleanlinessRating: null, communicationRating: 5, accuracyRating: null },
    { rating: 4, cleanlinessRating: 4, communicationRating: null, accuracyRating: null },
    { rating: 1, cleanlinessRating: 1, communicationRating: 2, accuracyRating: null },
  ];

  it("counts reviews per star, 5 to 1, with each row's share", () => {
    const summary = summarizeReviews(reviews);
    expect(summary.total).toBe(4);
    expect(summary.average).toBe(3.75);
    expect(starRows(summary.stars)).toEqual([
      { star: 5, count: 2, percent: 50 },
      { star: 4, count: 1, percent: 25 },
      { star: 3, count: 0, percent: 0 },
      { star: 2, count: 0, percent: 0 },
      { star: 1, count: 1, percent: 25 },
    ]);
  });

  it("averages each category over the reviews that rated it, ignoring nulls", () => {
    expect(categoryAverages(reviews)).toEqual({
      cleanliness: 3.33, // (5 + 4 + 1) / 3, not / 4
      communication: 3.67, // (4 + 5 + 2) / 3
      accuracy: null,
    });
    expect(hasCategoryRatings(summarizeReviews(reviews))).toBe(true);
    expect(hasCategoryRatings(summarizeReviews([{ rating: 3 }]))).toBe(false);
  });

  it("has empty rows and no average without reviews", () => {
    const summary = summarizeReviews([]);
    expect(summary.average).toBe(0);
    expect(starRows(summary.stars).map((row) => [row.star, row.count, row.percent])).toEqual([
      [5, 0, 0],
      [4, 0, 0],
      [3, 0, 0],
      [2, 0, 0],
      [1, 0, 0],
    ]);
  });
});
