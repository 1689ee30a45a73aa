// Everything the car page shows (part 2 §2 "Car details"). Non-admins see approved, available cars only; admins any.
import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { carImages, cars, favorites, pickupPoints, profiles, users } from "#db/schema";
import type { Db } from "~/db.server";
import { REVIEWS_ALL, REVIEWS_SHOWN } from "~/reviews/review-limits";
import { countReviewsAbout, findReviewsAbout, ownerOfCar } from "~/reviews/reviews-about.server";
import { PUBLIC_CAR } from "~/cars/public-car.server";
import { PICKUP_POINT_COLUMNS } from "~/cars/pickup-point-columns.server";
import { RENTAL_PRICE_COLUMNS } from "~/cars/rental-price-columns.server";

/**
 * `viewerId`: the signed-in person's id as SQL (the session's subquery, app/accounts/session.server.ts), so the car
 * is asked for with the session's lookup in one round trip; null for a guest. A session that is not live matches no
 * one: such a viewer sees what a guest sees.
 */
export async function findCarDetails(db: Db, id: string, viewerId: SQL | null, options: { allReviews: boolean }) {
  // Everything is asked for at once, by the car's id (one round trip through app/db-batching.server.ts); what a car
  // the viewer may not see brought is dropped with it, and a sale's pickup points are not shown.
  const carQuery = db
    .select({
      id: cars.id,
      ownerId: cars.ownerId,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      mileage: cars.mileage,
      location: cars.location,
      category: cars.category,
      fuelType: cars.fuelType,
      transmission: cars.transmission,
      horsepower: cars.horsepower,
      engineSize: cars.engineSize,
      seats: cars.seats,
      doors: cars.doors,
      condition: cars.condition,
      listingType: cars.listingType,
      ...RENTAL_PRICE_COLUMNS,
      driverPricePerHour: cars.driverPricePerHour,
      minimumRentalHours: cars.minimumRentalHours,
      minRentalDays: cars.minRentalDays,
      maxRentalDays: cars.maxRentalDays,
      cancellationPolicy: cars.cancellationPolicy,
      instantBook: cars.instantBook,
      salePrice: cars.salePrice,
      depositAmount: cars.depositAmount,
      driverAvailable: cars.driverAvailable,
      driverOnly: cars.driverOnly,
      features: cars.features,
      description: cars.description,
      rules: cars.rules,
      status: cars.status,
      available: cars.available,
      viewCount: cars.viewCount,
      favoriteCount: cars.favoriteCount,
      bookingCount: cars.bookingCount,
      rating: cars.rating,
      reviewCount: cars.reviewCount,
      createdAt: cars.createdAt,
      ownerName: profiles.fullName,
      ownerAvatarKey: profiles.avatarKey,
      ownerVerification: profiles.verificationStatus,
      ownerRating: profiles.rating,
      ownerReviewCount: profiles.reviewCount,
      ownerSince: profiles.createdAt,
      ownerIsHost: profiles.isHost,
      ownerAccountType: profiles.accountType,
      ownerCompanyName: profiles.companyName,
    })
    .from(cars)
    .innerJoin(profiles, eq(profiles.id, cars.ownerId))
    // Admins see any car; owners their own in any state (the "View" of My Listings); everyone else public ones.
    .where(
      and(
        eq(cars.id, id),
        viewerId
          ? or(
              PUBLIC_CAR,
              and(eq(cars.ownerId, viewerId), isNull(cars.deletedAt)),
              sql`exists (select 1 from ${users} where ${users.id} = ${viewerId} and ${users.isAdmin} = 1)`,
            )
          : PUBLIC_CAR,
      ),
    )
    .limit(1);

  const [[car], images, points, favorite, reviews, reviewTotal] = await Promise.all([
    carQuery,
    db
      .select({ storageKey: carImages.storageKey, width: carImages.width, height: carImages.height })
      .from(carImages)
      .where(eq(carImages.carId, id))
      .orderBy(asc(carImages.sortOrder)),
    db
      .select(PICKUP_POINT_COLUMNS)
      .from(pickupPoints)
      .where(eq(pickupPoints.carId, id))
      .orderBy(asc(pickupPoints.sortOrder)),
    viewerId
      ? db
          .select({ id: favorites.id })
          .from(favorites)
          .where(and(eq(favorites.userId, viewerId), eq(favorites.carId, id)))
      : Promise.resolve([]),
    findReviewsAbout(db, ownerOfCar(id), options.allReviews ? REVIEWS_ALL : REVIEWS_SHOWN),
    countReviewsAbout(db, ownerOfCar(id)),
  ]);
  if (!car) return null;

  return {
    ...car,
    createdAt: car.createdAt.getTime(),
    ownerSince: car.ownerSince.getTime(),
    verified: car.ownerVerification === "verified",
    isPublic: car.status === "approved" && car.available,
    images,
    pickupPoints: car.listingType === "sale" ? [] : points,
    isFavorite: favorite.length > 0,
    reviews,
    reviewTotal,
  };
}

export type CarDetails = NonNullable<Awaited<ReturnType<typeof findCarDetails>>>;

/** The public car someone may write to its owner about ("Contact owner"): null when hidden, sold or unknown. */
export async function findContactableCar(db: Db, id: string) {
  const [car] = await db
    .select({
      id: cars.id,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      ownerId: cars.ownerId,
      listingType: cars.listingType,
    })
    .from(cars)
    .where(and(eq(cars.id, id), PUBLIC_CAR))
    .limit(1);
  return car ?? null;
}
