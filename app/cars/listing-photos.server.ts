// A listing's stored photos, as its owner manages them on the edit page: add, move, turn, delete. The first photo
// (sort order 0) is the main one; every change keeps sort orders 0..n-1 and exactly one primary row, in one write.
import { and, asc, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { carImages } from "#db/schema";
import type { Db } from "~/db.server";
import {
  deleteStoredPhotos,
  PhotoProcessingError,
  rotateStoredPhoto,
  storeCarPhotos,
  type PhotoBindings,
  type StoredPhoto,
} from "~/photos/photo-storage.server";

export async function findListingPhotos(db: Db, carId: string) {
  return db
    .select({
      id: carImages.id,
      storageKey: carImages.storageKey,
      width: carImages.width,
      height: carImages.height,
      sortOrder: carImages.sortOrder,
    })
    .from(carImages)
    .where(eq(carImages.carId, carId))
    .orderBy(asc(carImages.sortOrder), asc(carImages.createdAt));
}

/** Writes the order given (ids), first one primary. The primary flag is cleared first: it is unique per car. */
async function saveOrder(db: Db, carId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.batch([
    db.update(carImages).set({ isPrimary: false }).where(eq(carImages.carId, carId)),
    ...ids.map((id, index) =>
      db
        .update(carImages)
        .set({ sortOrder: index, isPrimary: index === 0 })
        .where(and(eq(carImages.id, id), eq(carImages.carId, carId))),
    ),
  ]);
}

/** Moves a photo one place earlier (-1) or later (+1); moving one to the front makes it the main photo. */
export async function movePhoto(db: Db, carId: string, imageId: string, by: -1 | 1) {
  const ids = (await findListingPhotos(db, carId)).map((photo) => photo.id);
  const from = ids.indexOf(imageId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return false;
  ids.splice(to, 0, ...ids.splice(from, 1));
  await saveOrder(db, carId, ids);
  return true;
}

/** Puts the photos in the order given (drag and drop); false unless `ids` are exactly the car's photos. */
export async function reorderPhotos(db: Db, carId: string, ids: string[]) {
  const stored = (await findListingPhotos(db, carId)).map((photo) => photo.id);
  if (ids.length !== stored.length || new Set(ids).size !== ids.length || !ids.every((id) => stored.includes(id)))
    return false;
  await saveOrder(db, carId, ids);
  return true;
}

export async function deletePhoto(db: Db, env: PhotoBindings, carId: string, imageId: string) {
  const photos = await findListingPhotos(db, carId);
  const photo = photos.find((p) => p.id === imageId);
  if (!photo) return false;
  await db.delete(carImages).where(and(eq(carImages.id, imageId), eq(carImages.carId, carId)));
  await saveOrder(
    db,
    carId,
    photos.filter((p) => p.id !== imageId).map((p) => p.id),
  );
  // Objects after rows: a failure leaves an unreachable object, never a row without its image.
  await deleteStoredPhotos(env, [photo.storageKey]);
  return true;
}

/** Turns a photo 90° clockwise (re-encoded under a new key); false when it cannot be read or processed. */
export async function rotatePhoto(db: Db, env: PhotoBindings, carId: string, imageId: string) {
  const [photo] = await db
    .select({ storageKey: carImages.storageKey })
    .from(carImages)
    .where(and(eq(carImages.id, imageId), eq(carImages.carId, carId)));
  if (!photo) return false;
  try {
    await rotateStoredPhoto(env, carId, photo.storageKey, 90, (rotated) =>
      db
        .update(carImages)
        .set({ storageKey: rotated.storageKey, width: rotated.width, height: rotated.height })
        .where(and(eq(carImages.id, imageId), eq(carImages.carId, carId))),
    );
    return true;
  } catch (error) {
    if (error instanceof PhotoProcessingError) return false;
    throw error;
  }
}

/** The car_images rows of photos just stored, placed from sort order `next` on (0: the first is the main one). */
export function photoRows(carId: string, stored: readonly StoredPhoto[], next = 0) {
  return stored.map((photo, index) => ({
    carId,
    storageKey: photo.storageKey,
    width: photo.width,
    height: photo.height,
    isPrimary: next + index === 0,
    sortOrder: next + index,
  }));
}

/**
 * Stores new photos after the existing ones; returns how many failed (for 'Partial Success'). When R2 refuses the
 * upload, PhotoProcessingError "storage" is thrown with nothing stored and no row written (see storeCarPhotos).
 */
export async function addPhotos(context: Pick<AppLoadContext, "db" | "env">, carId: string, files: File[]) {
  const { db, env } = context;
  const outcome = await storeCarPhotos(env, carId, files);
  if (outcome.stored.length > 0) {
    try {
      const [{ next = 0 } = {}] = await db
        .select({ next: sql<number>`coalesce(max(${carImages.sortOrder}) + 1, 0)` })
        .from(carImages)
        .where(eq(carImages.carId, carId));
      await db.insert(carImages).values(photoRows(carId, outcome.stored, Number(next)));
    } catch (error) {
      // No row names them: the objects go too.
      await deleteStoredPhotos(env, storedKeys(outcome.stored));
      throw error;
    }
  }
  return outcome;
}

export const storedKeys = (stored: readonly StoredPhoto[]) => stored.map((photo) => photo.storageKey);
