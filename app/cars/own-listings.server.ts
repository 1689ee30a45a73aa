// An owner's listings (/my-listings): the list with tab counts and 30-day performance, availability, deletion, and
// the wizard's drafts and the creation itself. Every write names the owner in its WHERE clause, so a request for
// someone else's car changes nothing even if a check above it were wrong.
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireOwner, requireUserWith } from "~/accounts/guards.server";
import type { Db } from "~/db.server";
import type { ListingValues } from "~/cars/listing-form";
import type { CarValues, PickupPointRow } from "~/cars/listing-car-values";
import { photoRows } from "~/cars/listing-photos.server";
import type { OwnListingTab } from "~/cars/own-listing-tabs";
import type { StoredPhoto } from "~/photos/photo-storage.server";
import {
  bookings,
  carImages,
  cars,
  listingDailyStats,
  listingDrafts,
  OPEN_BOOKING_STATUSES,
  pickupPoints,
} from "#db/schema";
import { vilniusDay } from "~/utils/calendar-days";

/** Part 1 §9: the performance block covers 30 days, today included. */
export const PERFORMANCE_DAYS = 30;

export interface Performance {
  views: number;
  contacts: number;
  favorites: number;
  inquiries: number;
  /** Views per day over the 30 days, one decimal. */
  averageDailyViews: number;
}

function daysAgo(now: Date, days: number) {
  return vilniusDay(new Date(now.getTime() - days * 86_400_000));
}

/** The owner's cars, newest first, with their first photo and, for approved ones, the last 30 days' figures. */
export async function findOwnListings(db: Db, ownerId: string | SQL, now: Date = new Date()) {
  const own = and(eq(cars.ownerId, ownerId), isNull(cars.deletedAt));
  // The cars, their photos and their figures at once, the latter two by a subquery of the cars' ids: one round trip
  // (the owner may be the session's subquery, so this travels beside its lookup).
  const ids = db.select({ id: cars.id }).from(cars).where(own);
  const since = daysAgo(now, PERFORMANCE_DAYS - 1);
  const [rows, images, stats] = await Promise.all([
    db
      .select({
        id: cars.id,
        make: cars.make,
        model: cars.model,
        year: cars.year,
        mileage: cars.mileage,
        location: cars.location,
        listingType: cars.listingType,
        dailyPrice: cars.dailyPrice,
        salePrice: cars.salePrice,
        status: cars.status,
        rejectionReason: cars.rejectionReason,
        available: cars.available,
        viewCount: cars.viewCount,
        favoriteCount: cars.favoriteCount,
        bookingCount: cars.bookingCount,
        createdAt: cars.createdAt,
      })
      .from(cars)
      .where(own)
      .orderBy(desc(cars.createdAt), desc(cars.id)),
    db
      .select({
        carId: carImages.carId,
        storageKey: carImages.storageKey,
        width: carImages.width,
        height: carImages.height,
        isPrimary: carImages.isPrimary,
      })
      .from(carImages)
      .where(inArray(carImages.carId, ids))
      .orderBy(asc(carImages.carId), desc(carImages.isPrimary), asc(carImages.sortOrder)),
    db
      .select({
        carId: listingDailyStats.carId,
        contactsEver: sql<number>`coalesce(sum(${listingDailyStats.contacts}), 0)`,
        views: sql<number>`coalesce(sum(case when ${listingDailyStats.day} >= ${since} then ${listingDailyStats.views} end), 0)`,
        contacts: sql<number>`coalesce(sum(case when ${listingDailyStats.day} >= ${since} then ${listingDailyStats.contacts} end), 0)`,
        favorites: sql<number>`coalesce(sum(case when ${listingDailyStats.day} >= ${since} then ${listingDailyStats.favorites} end), 0)`,
        inquiries: sql<number>`coalesce(sum(case when ${listingDailyStats.day} >= ${since} then ${listingDailyStats.inquiries} end), 0)`,
      })
      .from(listingDailyStats)
      .where(inArray(listingDailyStats.carId, ids))
      .groupBy(listingDailyStats.carId),
  ]);
  const firstImage = new Map<string, { storageKey: string; width: number; height: number }>();
  for (const { carId, isPrimary: _primary, ...image } of images)
    if (!firstImage.has(carId)) firstImage.set(carId, image);
  const statsByCar = new Map(stats.map((row) => [row.carId, row]));
  return rows.map((row) => {
    const figures = statsByCar.get(row.id);
    const performance: Performance | null =
      row.status === "approved"
        ? {
            views: Number(figures?.views ?? 0),
            contacts: Number(figures?.contacts ?? 0),
            favorites: Number(figures?.favorites ?? 0),
            inquiries: Number(figures?.inquiries ?? 0),
            averageDailyViews: Math.round((Number(figures?.views ?? 0) / PERFORMANCE_DAYS) * 10) / 10,
          }
        : null;
    return {
      ...row,
      contactCount: Number(figures?.contactsEver ?? 0),
      createdAt: row.createdAt.getTime(),
      image: firstImage.get(row.id) ?? null,
      performance,
    };
  });
}

export type OwnListing = Awaited<ReturnType<typeof findOwnListings>>[number];

export function countByTab(listings: Pick<OwnListing, "status">[]): Record<OwnListingTab, number> {
  const count = (status: string) => listings.filter((listing) => listing.status === status).length;
  return { all: listings.length, pending: count("pending"), approved: count("approved"), rejected: count("rejected") };
}

/** A car as its owner sees it (any status), or null when it does not exist or was deleted. */
export async function findCarForOwner(db: Db, carId: string) {
  const [car] = await db
    .select()
    .from(cars)
    .where(and(eq(cars.id, carId), isNull(cars.deletedAt)));
  return car ?? null;
}

/**
 * The signed-in person's own car of the URL (404 when it does not exist or was deleted, 403 when it is another's),
 * read beside the session's lookup with the page's own reads by the car's id (`reads`): one round trip. The reads'
 * answer is returned only once the row showed the car the person's.
 */
export async function requireOwnCar<T = undefined>(
  request: Request,
  context: Pick<AppLoadContext, "db" | "env">,
  carId: string | undefined,
  reads?: () => Promise<T>,
) {
  const [user, [found, alongside]] = await requireUserWith(request, context, () =>
    Promise.all([findCarForOwner(context.db, carId ?? ""), reads?.() as Promise<T>]),
  );
  return { user, car: requireOwner(found, user, "errors.carNotFound"), alongside };
}

/** The car's pickup points in the owner's order (the edit form's stored values). */
export function findPickupPoints(db: Db, carId: string) {
  return db.select().from(pickupPoints).where(eq(pickupPoints.carId, carId)).orderBy(asc(pickupPoints.sortOrder));
}

/** The listing card's switch (My Listings): show or hide one of the owner's cars. */
export const AvailabilitySchema = z.object({
  intent: z.literal("availability"),
  carId: z.string().min(1).max(64),
  available: z.enum(["true", "false"]),
});

/** true when the owner's car changed. */
export async function setAvailability(db: Db, ownerId: string, carId: string, available: boolean) {
  const result = await db
    .update(cars)
    .set({ available, updatedAt: new Date() })
    .where(
      and(
        eq(cars.id, carId),
        eq(cars.ownerId, ownerId),
        isNull(cars.deletedAt),
        // A rejected or suspended listing is shown to nobody: its switch is not offered, nor honoured.
        inArray(cars.status, ["pending", "approved"]),
      ),
    );
  return result.rowsAffected > 0;
}

/** The owner takes a new daily price (Dynamic Pricing's suggestion); a lower price notifies favourites (trigger). */
export async function setDailyPrice(db: Db, ownerId: string, carId: string, dailyPrice: number) {
  await db
    .update(cars)
    .set({ dailyPrice, updatedAt: new Date() })
    .where(and(eq(cars.id, carId), eq(cars.ownerId, ownerId), isNull(cars.deletedAt)));
}

export type DeleteOutcome =
  | { status: "deleted"; photoKeys: string[] }
  | { status: "withdrawn" }
  | { status: "has-open-bookings" }
  | { status: "not-found" };

/**
 * Deletes the owner's listing. A car someone has booked and not finished with cannot go. A car with past bookings
 * is withdrawn instead (hidden everywhere, kept for the bookings' records); any other car is deleted with its
 * photos' rows, and the caller removes the photo objects it is given.
 */
export async function deleteListing(db: Db, ownerId: string, carId: string): Promise<DeleteOutcome> {
  const mine = and(eq(cars.id, carId), eq(cars.ownerId, ownerId), isNull(cars.deletedAt));
  const [car] = await db.select({ id: cars.id }).from(cars).where(mine);
  if (!car) return { status: "not-found" };
  const [open, any, photos] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(and(eq(bookings.carId, carId), inArray(bookings.status, [...OPEN_BOOKING_STATUSES]))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(eq(bookings.carId, carId)),
    db.select({ storageKey: carImages.storageKey }).from(carImages).where(eq(carImages.carId, carId)),
  ]);
  if (Number(open[0]?.n) > 0) return { status: "has-open-bookings" };
  if (Number(any[0]?.n) > 0) {
    // Withdrawing is conditional on no open booking having appeared meanwhile.
    const result = await db
      .update(cars)
      .set({ deletedAt: new Date(), available: false, updatedAt: new Date() })
      .where(
        and(
          mine,
          sql`not exists (select 1 from ${bookings} where ${bookings.carId} = ${carId}
            and ${inArray(bookings.status, [...OPEN_BOOKING_STATUSES])})`,
        ),
      );
    return result.rowsAffected > 0 ? { status: "withdrawn" } : { status: "has-open-bookings" };
  }
  const result = await db
    .delete(cars)
    .where(and(mine, sql`not exists (select 1 from ${bookings} where ${bookings.carId} = ${carId})`));
  if (result.rowsAffected === 0) return { status: "has-open-bookings" };
  return { status: "deleted", photoKeys: photos.map((photo) => photo.storageKey) };
}

// ------------------------------------------------------------------ drafts

/** Drafts untouched this long are cleared by the scheduled job. */
export const DRAFT_LIFETIME_DAYS = 30;

export async function findDraft(db: Db, ownerId: string | SQL, draftId: string) {
  const [draft] = await db
    .select({ id: listingDrafts.id, data: listingDrafts.data, updatedAt: listingDrafts.updatedAt })
    .from(listingDrafts)
    .where(and(eq(listingDrafts.id, draftId), eq(listingDrafts.ownerId, ownerId)));
  return draft ? { id: draft.id, values: draft.data as ListingValues, revision: draft.updatedAt.getTime() } : null;
}

/** Saves the values into the owner's draft (a new one when `draftId` is null or not theirs); returns its id. */
export async function saveDraft(db: Db, ownerId: string, draftId: string | null, values: ListingValues) {
  if (draftId) {
    const result = await db
      .update(listingDrafts)
      .set({ data: values, updatedAt: new Date() })
      .where(and(eq(listingDrafts.id, draftId), eq(listingDrafts.ownerId, ownerId)));
    if (result.rowsAffected > 0) return draftId;
  }
  const [row] = await db.insert(listingDrafts).values({ ownerId, data: values }).returning({ id: listingDrafts.id });
  return row!.id;
}

/**
 * Creates the listing from a draft in one write: the car (pending, available, unverified, zero counts: part 1 §4),
 * its pickup points, the rows of its photos (already stored in R2 under `carId`), and the draft's removal. Returns
 * the new car's id.
 */
export async function createListing(
  db: Db,
  ownerId: string,
  listing: { car: CarValues; pickupPoints: PickupPointRow[] },
  draftId: string | null,
  { carId = crypto.randomUUID(), photos = [] }: { carId?: string; photos?: readonly StoredPhoto[] } = {},
) {
  const now = new Date();
  await db.batch([
    db.insert(cars).values({
      id: carId,
      ownerId,
      ...listing.car,
      status: "pending",
      available: true,
      verified: false,
      submittedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    ...listing.pickupPoints.map((point) => db.insert(pickupPoints).values({ carId, ...point })),
    ...(photos.length > 0 ? [db.insert(carImages).values(photoRows(carId, photos))] : []),
    db.delete(listingDrafts).where(and(eq(listingDrafts.id, draftId ?? ""), eq(listingDrafts.ownerId, ownerId))),
  ]);
  return carId;
}

/**
 * Saves the owner's changes with its pickup points, in one write. A rejected listing goes back to review, and so does
 * an approved one whose make, model, year, VIN or type changed (needsReview); price and text changes stay live.
 */
export async function updateListing(
  db: Db,
  ownerId: string,
  carId: string,
  listing: { car: CarValues; pickupPoints: PickupPointRow[] },
  review: boolean,
) {
  const mine = and(eq(cars.id, carId), eq(cars.ownerId, ownerId), isNull(cars.deletedAt));
  const now = new Date();
  const [updated] = await db.batch([
    db
      .update(cars)
      .set({
        ...listing.car,
        updatedAt: now,
        ...(review
          ? { status: "pending" as const, submittedAt: now, rejectionReason: null, approvedAt: null, approvedBy: null }
          : {}),
      })
      .where(mine),
    // The owner was checked by the caller (ownership never changes); the car's update above names it again.
    db.delete(pickupPoints).where(eq(pickupPoints.carId, carId)),
    ...listing.pickupPoints.map((point) => db.insert(pickupPoints).values({ carId, ...point })),
  ]);
  return updated.rowsAffected > 0;
}
