// Reviews about a person (a host on the car page, anyone on the public profile), newest first, with the reviewer and
// the car they were about. Writing reviews comes with the booking work.
import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cars, profiles, reviews } from "#db/schema";
import type { Db } from "~/db.server";

const reviewer = alias(profiles, "reviewer");

export async function findReviewsAbout(db: Db, userId: string, limit: number) {
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
    .where(eq(reviews.revieweeId, userId))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
}

export async function countReviewsAbout(db: Db, userId: string) {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.revieweeId, userId));
  return row?.n ?? 0;
}

export type ReviewAbout = Awaited<ReturnType<typeof findReviewsAbout>>[number];
