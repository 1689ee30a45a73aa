// The photos of a trip (check-in, check-out, a claim, a dispute): stored privately by the photo pipeline
// (photos/photo-storage.server.ts#storeTripPhotos), recorded in trip_photos, and shown only to the booking's renter,
// its host and admins (the route /bookings/{id}/photos/{photoId}).
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { TripPhotoAngle, TripPhotoSubject } from "#db/enums";
import { bookings, tripPhotos } from "#db/schema";
import type { Db } from "~/db.server";
import type { AppEnv } from "~/env.server";
import { deleteTripPhotos, storeTripPhotos } from "~/photos/photo-storage.server";

export type TripPhotoRow = typeof tripPhotos.$inferInsert;

/**
 * Stores the files and returns the rows to insert with the change they document (`db.insert(tripPhotos).values(rows)`
 * in the same batch). If that batch fails, call `forgetTripPhotos` with the rows so no object is left behind.
 */
export async function storeTripPhotoFiles(
  env: Pick<AppEnv, "photos" | "images">,
  input: {
    bookingId: string;
    subject: TripPhotoSubject;
    uploadedBy: string;
    files: ReadonlyArray<{ file: Blob; angle: TripPhotoAngle }>;
    now: Date;
  },
): Promise<TripPhotoRow[]> {
  const stored = await storeTripPhotos(
    env,
    input.bookingId,
    input.files.map((entry) => entry.file),
  );
  return stored.map((photo, position) => ({
    id: crypto.randomUUID(),
    bookingId: input.bookingId,
    subject: input.subject,
    angle: input.files[position]?.angle ?? "other",
    uploadedBy: input.uploadedBy,
    storageKey: photo.storageKey,
    width: photo.width,
    height: photo.height,
    position,
    createdAt: input.now,
  }));
}

/** The insert of stored photos' rows, for the batch of the change they document; null when there are none. */
export const insertTripPhotos = (db: Db, rows: TripPhotoRow[]) =>
  rows.length > 0 ? db.insert(tripPhotos).values(rows) : null;

/** Deletes the objects of photos whose rows were not written. */
export const forgetTripPhotos = (env: Pick<AppEnv, "photos">, rows: TripPhotoRow[]) =>
  deleteTripPhotos(
    env,
    rows.map((row) => row.storageKey),
  ).catch((error) => console.warn("trip photos left behind", error));

/** A booking's trip photos in the order they were taken, for its page and the admin's claim view. */
export function findTripPhotos(db: Db, bookingId: string | SQL) {
  return db
    .select({
      id: tripPhotos.id,
      subject: tripPhotos.subject,
      angle: tripPhotos.angle,
      uploadedBy: tripPhotos.uploadedBy,
      width: tripPhotos.width,
      height: tripPhotos.height,
      createdAt: tripPhotos.createdAt,
    })
    .from(tripPhotos)
    .where(eq(tripPhotos.bookingId, bookingId))
    .orderBy(asc(tripPhotos.createdAt), asc(tripPhotos.position));
}

/** The address a trip photo is served at (never public, never cached by a shared cache). */
export const tripPhotoUrl = (bookingId: string, photoId: string) => `/bookings/${bookingId}/photos/${photoId}`;

/** A trip photo as the pages show it: where it is served and its size. */
export interface TripPhotoView {
  id: string;
  angle: TripPhotoAngle;
  url: string;
  width: number;
  height: number;
}

export const tripPhotoView = (
  bookingId: string,
  photo: { id: string; angle: TripPhotoAngle; width: number; height: number },
): TripPhotoView => ({
  id: photo.id,
  angle: photo.angle,
  url: tripPhotoUrl(bookingId, photo.id),
  width: photo.width,
  height: photo.height,
});

/** A trip photo of that booking with the booking's two parties, or null when there is none (asked for by ids alone). */
export async function findTripPhoto(db: Db, ids: { bookingId: string; photoId: string }) {
  const [row] = await db
    .select({ storageKey: tripPhotos.storageKey, renterId: bookings.renterId, ownerId: bookings.ownerId })
    .from(tripPhotos)
    .innerJoin(bookings, eq(bookings.id, tripPhotos.bookingId))
    .where(and(eq(tripPhotos.id, ids.photoId), eq(tripPhotos.bookingId, ids.bookingId)))
    .limit(1);
  return row ?? null;
}

/**
 * A trip photo for this reader: its storage key when they are the booking's renter or host or an admin; "forbidden"
 * for anyone else; null when there is no such photo of that booking.
 */
export function viewableTripPhoto(
  photo: Awaited<ReturnType<typeof findTripPhoto>>,
  reader: { id: string; isAdmin: boolean },
): { storageKey: string } | "forbidden" | null {
  if (!photo) return null;
  if (!reader.isAdmin && photo.renterId !== reader.id && photo.ownerId !== reader.id) return "forbidden";
  return { storageKey: photo.storageKey };
}
