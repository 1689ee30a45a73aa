// Leaving a review (part 2 §4 "Completed: a review can be left", §7 "Insert review; reviewee is the other party").
// The renter reviews the host and the car; the host reviews the renter. One review per booking and reviewer: the
// unique index decides, so two tabs posting at once cannot both succeed (ARCHITECTURE rule 8).
//
// The review, the reviewee's rating and review count, the car's (for a renter's review) and the reviewee's
// notification are one write batch: the stored averages never disagree with the reviews they come from.
// A step of a completed booking, so it sits with bookings (which read review rules); reviews/ holds the rules and the
// reading, which the car page needs below bookings (docs/decisions/021).
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { cars, notifications, profiles, reviews } from "#db/schema";
import { canReview, roleIn, type BookingStatus } from "~/bookings/booking-rules";
import type { Db } from "~/db.server";
import { HOST_REVIEW_CATEGORIES, type ReviewValues } from "~/reviews/review-form";
import type { ReviewCategory } from "~/reviews/review-summary";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { displayName } from "~/profiles/display-name";

export interface ReviewableBooking {
  id: string;
  status: BookingStatus;
  renterId: string;
  ownerId: string;
  carId: string;
}

export type WriteReviewOutcome =
  | { status: "written"; reviewId: string; revieweeId: string }
  | { status: "not-party" }
  | { status: "not-completed" }
  | { status: "already-reviewed" };

/** The review this person already left on this booking, if any. */
export async function findOwnReview(db: Db, bookingId: string, reviewerId: string | SQL) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.bookingId, bookingId), eq(reviews.reviewerId, reviewerId)))
    .limit(1);
  return row ?? null;
}

export async function writeReview(
  db: Db,
  booking: ReviewableBooking,
  reviewerId: string,
  values: ReviewValues,
  now: Date = new Date(),
): Promise<WriteReviewOutcome> {
  const role = roleIn(booking, reviewerId);
  if (!role) return { status: "not-party" };
  // Completed is a final status, so this check cannot go stale before the write.
  if (!canReview(booking.status)) return { status: "not-completed" };
  const revieweeId = role === "renter" ? booking.ownerId : booking.renterId;
  // A host's review is about the person: the car's categories are dropped even if a forged form sends them.
  const rated = (category: ReviewCategory, value: number | null) =>
    role === "renter" || HOST_REVIEW_CATEGORIES.includes(category) ? value : null;

  const [[car], [reviewer]] = await db.batch([
    db.select({ make: cars.make, model: cars.model }).from(cars).where(eq(cars.id, booking.carId)).limit(1),
    db
      .select({ fullName: profiles.fullName, companyName: profiles.companyName, accountType: profiles.accountType })
      .from(profiles)
      .where(eq(profiles.id, reviewerId))
      .limit(1),
  ]);
  const reviewerName = displayName(reviewer);

  const reviewId = crypto.randomUUID();
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db.insert(reviews).values({
      id: reviewId,
      bookingId: booking.id,
      reviewerId,
      revieweeId,
      carId: booking.carId,
      rating: values.rating,
      title: values.title,
      content: values.content,
      cleanlinessRating: rated("cleanliness", values.cleanlinessRating),
      communicationRating: rated("communication", values.communicationRating),
      accuracyRating: rated("accuracy", values.accuracyRating),
      createdAt: now,
    }),
    // Recounted from the reviews themselves (this one included), never incremented: a retry cannot drift them.
    db
      .update(profiles)
      .set({
        rating: sql`(select coalesce(round(avg(r.rating), 2), 0) from reviews r where r.reviewee_id = ${revieweeId})`,
        reviewCount: sql`(select count(*) from reviews r where r.reviewee_id = ${revieweeId})`,
      })
      .where(eq(profiles.id, revieweeId)),
  ];
  if (role === "renter") {
    // The car's rating is what its renters said: reviews of this car whose reviewee is its owner.
    statements.push(
      db
        .update(cars)
        .set({
          rating: sql`(select coalesce(round(avg(r.rating), 2), 0) from reviews r
            where r.car_id = ${booking.carId} and r.reviewee_id = ${booking.ownerId})`,
          reviewCount: sql`(select count(*) from reviews r
            where r.car_id = ${booking.carId} and r.reviewee_id = ${booking.ownerId})`,
        })
        .where(eq(cars.id, booking.carId)),
    );
  }
  statements.push(
    db.insert(notifications).values({
      userId: revieweeId,
      type: "review_received",
      data: {
        review_id: reviewId,
        booking_id: booking.id,
        car_id: booking.carId,
        car_make: car?.make ?? null,
        car_model: car?.model ?? null,
        rating: values.rating,
        reviewer_name: reviewerName,
      },
      createdAt: now,
    }),
  );

  try {
    await db.batch(statements);
  } catch (error) {
    if (isUniqueViolation(error, "reviews.booking_id, reviews.reviewer_id")) return { status: "already-reviewed" };
    throw error;
  }
  return { status: "written", reviewId, revieweeId };
}
