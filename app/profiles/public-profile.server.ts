// What anyone may see of a person (part 1 §2 "Public profile"): who they are on Ratai and their public listings. A
// deleted account has no public profile. Reviews about them come from app/reviews/reviews-about.server.ts. A host's
// cancellations of confirmed bookings are counted in public (decision 022): renters choose knowing them.
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { bookings, cars, profiles, users } from "#db/schema";
import type { Db } from "~/db.server";
import { selectCardsWithExtras, shapeCardsWithExtras } from "~/cars/listing-cards.server";
import { PUBLIC_CAR } from "~/cars/public-car.server";

/** The profile page's person: null when unknown or deleted. */
export async function findPublicProfile(db: Db, id: string) {
  const [profile] = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      accountType: profiles.accountType,
      companyName: profiles.companyName,
      avatarKey: profiles.avatarKey,
      bio: profiles.bio,
      location: profiles.location,
      verificationStatus: profiles.verificationStatus,
      isHost: profiles.isHost,
      totalBookings: profiles.totalBookings,
      rating: profiles.rating,
      reviewCount: profiles.reviewCount,
      createdAt: profiles.createdAt,
      hostCancellations: sql<number>`(select count(*) from ${bookings} where ${bookings.ownerId} = ${profiles.id}
        and ${bookings.cancelReason} = 'cancelled_by_host' and ${bookings.confirmedAt} is not null)`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.id, id), isNull(users.deletedAt)))
    .limit(1);
  return profile ?? null;
}

/**
 * The person's public cars as cards, newest first (hearts filled for the viewer's favourites): photos and marks in
 * each card's row, so the viewer may be the session's subquery and the whole list one statement.
 */
export async function findPublicListingCards(db: Db, ownerId: string, viewerId: string | SQL | null) {
  const rows = await selectCardsWithExtras(db, viewerId)
    .where(and(eq(cars.ownerId, ownerId), PUBLIC_CAR))
    .orderBy(desc(cars.createdAt));
  return shapeCardsWithExtras(rows);
}

/** The name and picture shown for the other party of a booking (e.g. over a review form). */
export async function findPersonShown(db: Db, id: string | SQL) {
  const [person] = await db
    .select({
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      accountType: profiles.accountType,
      avatarKey: profiles.avatarKey,
    })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1);
  return person ?? null;
}
