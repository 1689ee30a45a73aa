// Reviews about a person (a host on the car page, anyone on the public profile), newest first, with the reviewer and
// the car they were about, and the summary over all of them (stars breakdown, category averages) that the list
// shows above the few it lists. Writing reviews is in bookings/write-review.server.ts.
import { count, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { cars, profiles, reviews } from "#db/schema";
import type { Db } from "~/db.server";
import type { ReviewSummary } from "~/reviews/review-summary";

const reviewer = alias(profiles, "reviewer");

/** The reviewee: a user's id, or the owner of a car (ownerOfCar), so a car page need not wait for its car. */
type Reviewee = string | SQL;

/** The owner of the car, as SQL: the reviews about them can be asked for alongside the car itself. */
export const ownerOfCar = (carId: string): SQL =>
  sql`(select ${cars.ownerId} from ${cars} where ${cars.id} = ${carId})`;

const aboutReviewee = (reviewee: Reviewee) =>
  typeof reviewee === "string" ? eq(reviews.revieweeId, reviewee) : sql`${reviews.revieweeId} = ${reviewee}`;

export async function findReviewsAbout(db: Db, reviewee: Reviewee, limit: number) {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      content: reviews.content,
      cleanlinessRating: reviews.cleanlinessRating,
      communicationRating: reviews.communicationRating,
      accuracyRating: reviews.accuracyRating,
      createdAt: reviews.createdAt,
      reviewerId: reviewer.id,
      reviewerName: reviewer.fullName,
      reviewerAvatarKey: reviewer.avatarKey,
      carMake: cars.make,
      carModel: cars.model,
      carYear: cars.year,
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(cars, eq(cars.id, reviews.carId))
    .where(aboutReviewee(reviewee))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
}

export async function countReviewsAbout(db: Db, reviewee: Reviewee) {
  const [row] = await db.select({ n: count() }).from(reviews).where(aboutReviewee(reviewee));
  return row?.n ?? 0;
}

export type ReviewAbout = Awaited<ReturnType<typeof findReviewsAbout>>[number];

const starCount = (star: number) => sql<number>`coalesce(sum(${reviews.rating} = ${star}), 0)`.mapWith(Number);
const averageOf = (column: AnySQLiteColumn) => sql<number | null>`avg(${column})`;
const rounded = (value: unknown) => (value == null ? null : Math.round(Number(value) * 100) / 100);

/** One aggregate over the reviewee's reviews (the reviews_reviewee_idx index): SQL's avg() leaves nulls out. */
async function summarize(db: Db, where: SQL): Promise<ReviewSummary> {
  const [row] = await db
    .select({
      total: count(),
      average: averageOf(reviews.rating),
      five: starCount(5),
      four: starCount(4),
      three: starCount(3),
      two: starCount(2),
      one: starCount(1),
      cleanliness: averageOf(reviews.cleanlinessRating),
      communication: averageOf(reviews.communicationRating),
      accuracy: averageOf(reviews.accuracyRating),
    })
    .from(reviews)
    .where(where);
  return {
    total: row?.total ?? 0,
    average: rounded(row?.average) ?? 0,
    stars: { 5: row?.five ?? 0, 4: row?.four ?? 0, 3: row?.three ?? 0, 2: row?.two ?? 0, 1: row?.one ?? 0 },
    categories: {
      cleanliness: rounded(row?.cleanliness),
      communication: rounded(row?.communication),
      accuracy: rounded(row?.accuracy),
    },
  };
}

/** Counts per star and category averages over every review about the person, not only the ones a page lists. */
export function reviewSummaryAbout(db: Db, userId: string): Promise<ReviewSummary> {
  return summarize(db, eq(reviews.revieweeId, userId));
}

/** The same about a car's owner, so the car page can ask for it alongside the car itself. */
export function reviewSummaryAboutOwnerOf(db: Db, carId: string): Promise<ReviewSummary> {
  return summarize(db, aboutReviewee(ownerOfCar(carId)));
}
