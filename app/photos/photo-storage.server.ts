// Photos in the PHOTOS bucket. Car photos, avatars and trip photos are decoded, rotated, resized and re-encoded to
// WebP by the Cloudflare Images binding (emulated with sharp by `wrangler dev`), so nothing a user uploads is served
// as they sent it. Identity documents, kept as uploaded, are in document-storage.server.ts.
// Every function takes the request's bindings (`context.env`); nothing is kept in module scope.
import { detectImageType, MAX_PHOTO_BYTES, photoProblem, type PhotoProblem } from "~/photos/photo-rules";
import type { AppEnv } from "~/env.server";
import {
  avatarObject,
  carPhotoObjects,
  isAvatarKey,
  isOwnCarPhotoKey,
  isTripPhotoKey,
  newAvatarKey,
  newCarPhotoKey,
  newTripPhotoKey,
  tripPhotoObject,
} from "./photo-keys";
import { avatarWidth, carPhotoWidth, rotatedSize, type Rotation } from "./photo-sizes";
import { readWebpSize, type ImageSize } from "./webp-size";

export type { Rotation } from "./photo-sizes";

export type PhotoBindings = Pick<AppEnv, "photos" | "images">;

/** Bytes in a plain ArrayBuffer, which request and response bodies take. */
type Bytes = Uint8Array<ArrayBuffer>;

/** What a car_images row records: the key prefix and the size of the full image. */
export interface StoredPhoto {
  storageKey: string;
  width: number;
  height: number;
}

/**
 * One photo could not be stored: the Images binding could not decode or encode it ("unreadable"), or R2 refused
 * a write ("storage"). Whatever had been written for it is deleted before this is thrown.
 */
export class PhotoProcessingError extends Error {
  readonly reason: "unreadable" | "storage";
  constructor(reason: "unreadable" | "storage", options?: { cause?: unknown }) {
    super(reason === "unreadable" ? "The image could not be processed" : "The image could not be stored", options);
    this.name = "PhotoProcessingError";
    this.reason = reason;
  }
}

/** What the upload forms say, next to the file field, when R2 refused the upload (both languages, common.json). */
export const STORAGE_UNAVAILABLE = "common:errors.storageUnavailable";

/** True when R2 refused to store an upload (the bucket is out of reach): the form says so next to the file field. */
export function isStorageFailure(error: unknown): boolean {
  return error instanceof PhotoProcessingError && error.reason === "storage";
}

// Quality is honoured in production; wrangler's local emulation ignores it. The full size opens in the lightbox,
// the card fills listing grids on phones, so it trades more detail for bytes.
const FULL_QUALITY = 82;
/** The car page's main photo on phones, its largest paint: between the two. */
const MEDIUM_QUALITY = 78;
const CARD_QUALITY = 75;
const AVATAR_QUALITY = 80;
/** A rotation re-encodes an image that is already lossy: the spec's 0.9 keeps the second generation close. */
const ROTATED_QUALITY = 90;
/** Cloudflare Images' limit for a transformation's input (100 megapixels): larger ones are refused before sending. */
const MAX_SOURCE_PIXELS = 100_000_000;
/** As the binding reads the file: a file that starts like a JPEG but decodes as something else is refused too. */
const DECODABLE_FORMATS = new Set(["image/jpeg", "image/png", "image/webp"]);
/** R2 deletes at most 1,000 keys per call. */
const R2_DELETE_BATCH = 1000;

// ------------------------------------------------------------------ car photos

export type PreparedPhotos = { ok: true; files: File[] } | { ok: false; problem: PhotoProblem };

/**
 * The cheap checks of part 1 §5, before anything is decoded or stored: at most MAX_PHOTOS counting the
 * `alreadyStored` ones, JPEG, PNG or WebP by content, each under 5 MB. Takes `formData.getAll(name)` as it is.
 */
export async function preparePhotos(
  entries: ReadonlyArray<File | string>,
  alreadyStored: number,
): Promise<PreparedPhotos> {
  // A file input left empty still submits one part: a nameless, empty file (or an empty string without multipart).
  const chosen = entries.filter((entry) =>
    typeof entry === "string" ? entry !== "" : entry.size > 0 || entry.name !== "",
  );
  const files = chosen.filter((entry): entry is File => typeof entry !== "string");
  if (files.length < chosen.length) return { ok: false, problem: "validation.photoType" };
  const heads = await Promise.all(files.map(async (file) => ({ size: file.size, head: await readHead(file) })));
  const problem = photoProblem(heads, alreadyStored);
  return problem ? { ok: false, problem } : { ok: true, files };
}

/**
 * Stores the card and full sizes of one photo under a new key, rotated clockwise by `rotate` first. Throws
 * PhotoProcessingError, having deleted whatever it wrote, when the image cannot be processed or stored.
 */
export async function storeCarPhoto(
  env: PhotoBindings,
  carId: string,
  photo: Blob | Uint8Array,
  { rotate = 0 }: { rotate?: Rotation } = {},
): Promise<StoredPhoto> {
  const images = requireImages(env);
  const storageKey = newCarPhotoKey(carId);
  const bytes = await acceptedPhotoBytes(photo);
  const source = rotatedSize(await inspect(images, bytes), rotate);
  return storeCarSizes(env.photos, images, storageKey, bytes, {
    width: carPhotoWidth(source, "full"),
    rotate,
    quality: FULL_QUALITY,
  });
}

/**
 * Stores photos one after another (a Worker has 128 MB; each decode happens in the binding, but each upload is
 * read whole). A photo that cannot be processed is counted and leaves nothing behind; the others are kept, for the
 * caller to report a partial success. When R2 refuses a write (PhotoProcessingError "storage": the bucket is out
 * of reach, not this photo at fault) or anything unexpected happens, the whole batch is deleted and the error
 * rethrown: the caller says so and writes no rows.
 */
export async function storeCarPhotos(
  env: PhotoBindings,
  carId: string,
  photos: ReadonlyArray<Blob | Uint8Array>,
): Promise<{ stored: StoredPhoto[]; failed: number }> {
  const stored: StoredPhoto[] = [];
  let failed = 0;
  try {
    for (const photo of photos) {
      try {
        stored.push(await storeCarPhoto(env, carId, photo));
      } catch (error) {
        if (!(error instanceof PhotoProcessingError) || error.reason === "storage") throw error;
        failed += 1;
      }
    }
  } catch (error) {
    await deleteQuietly(
      env.photos,
      stored.flatMap((photo) => Object.values(carPhotoObjects(photo.storageKey))),
    );
    throw error;
  }
  return { stored, failed };
}

/**
 * Turns a stored photo clockwise by re-encoding its full size under a new key (the old URLs are cached as
 * immutable). `save` records the new photo (update the car_images row); only once it has succeeded are the old
 * objects deleted, and if it fails the new ones are, so neither a row without objects nor orphans remain.
 * The caller has checked that the photo belongs to `carId` and that the user may change it.
 */
export async function rotateStoredPhoto(
  env: PhotoBindings,
  carId: string,
  storageKey: string,
  degrees: Exclude<Rotation, 0>,
  save: (rotated: StoredPhoto) => Promise<unknown>,
): Promise<StoredPhoto> {
  const images = requireImages(env);
  const newKey = newCarPhotoKey(carId);
  const stored = await readObject(env.photos, carPhotoObjects(storageKey).full);
  const size = stored && readWebpSize(stored);
  if (!stored || !size) throw new PhotoProcessingError("unreadable");
  const rotated = await storeCarSizes(env.photos, images, newKey, stored, {
    width: carPhotoWidth(rotatedSize(size, degrees), "full"),
    rotate: degrees,
    quality: ROTATED_QUALITY,
  });
  try {
    await save(rotated);
  } catch (error) {
    await deleteQuietly(env.photos, Object.values(carPhotoObjects(newKey)));
    throw error;
  }
  // The rotation has happened and is saved: failing to delete the old objects must not report otherwise.
  if (isOwnCarPhotoKey(storageKey)) await deleteQuietly(env.photos, Object.values(carPhotoObjects(storageKey)));
  return rotated;
}

/**
 * Deletes both sizes of each photo. Keys that do not belong to a single car's photo (the bulk seed's shared pool,
 * anything else) are left alone.
 */
export async function deleteStoredPhotos(env: Pick<PhotoBindings, "photos">, storageKeys: readonly string[]) {
  const objects = storageKeys.filter(isOwnCarPhotoKey).flatMap((key) => Object.values(carPhotoObjects(key)));
  await deleteObjects(env.photos, objects);
}

async function storeCarSizes(
  bucket: R2Bucket,
  images: ImagesBinding,
  storageKey: string,
  source: Bytes,
  full: { width: number; rotate: Rotation; quality: number },
): Promise<StoredPhoto> {
  const fullImage = await encodeWebp(images, source, full);
  // The smaller sizes are made from the full size: a smaller upload to the binding, already turned the right way.
  const mediumImage = await encodeMediumSize(images, fullImage.bytes, fullImage);
  const cardImage = await encodeWebp(images, fullImage.bytes, {
    width: carPhotoWidth(fullImage, "card"),
    rotate: 0,
    quality: CARD_QUALITY,
  });
  const objects = carPhotoObjects(storageKey);
  await putAll(bucket, [
    [objects.full, fullImage.bytes],
    [objects.medium, mediumImage.bytes],
    [objects.card, cardImage.bytes],
  ]);
  return { storageKey, width: fullImage.width, height: fullImage.height };
}

function encodeMediumSize(images: ImagesBinding, full: Bytes, size: ImageSize) {
  return encodeWebp(images, full, { width: carPhotoWidth(size, "medium"), rotate: 0, quality: MEDIUM_QUALITY });
}

/**
 * The medium size of a car photo stored before there was one (or whose medium write was lost), made from its full
 * size and kept beside it, so the image route can serve every photo in every size. Null when the photo has no full
 * size (the caller answers 404). Two requests racing here write the same bytes to the same key.
 */
export async function makeMediumSize(env: PhotoBindings, storageKey: string): Promise<Bytes | null> {
  const objects = carPhotoObjects(storageKey);
  const full = await readObject(env.photos, objects.full);
  const size = full && readWebpSize(full);
  if (!full || !size) return null;
  const medium = await encodeMediumSize(requireImages(env), full, size);
  await putAll(env.photos, [[objects.medium, medium.bytes]]);
  return medium.bytes;
}

// ------------------------------------------------------------------ avatars

/**
 * Stores an avatar (check it with `preparePhotos([file], 0)` first) and returns its key for profiles.avatar_key.
 * Throws PhotoProcessingError like storeCarPhoto. Delete the previous one with deleteAvatar once the profile row
 * points at the new key.
 */
export async function storeAvatar(env: PhotoBindings, userId: string, photo: Blob | Uint8Array): Promise<string> {
  const images = requireImages(env);
  const avatarKey = newAvatarKey(userId);
  const bytes = await acceptedPhotoBytes(photo);
  const avatar = await encodeWebp(images, bytes, {
    width: avatarWidth(await inspect(images, bytes)),
    rotate: 0,
    quality: AVATAR_QUALITY,
  });
  await putAll(env.photos, [[avatarObject(avatarKey), avatar.bytes]]);
  return avatarKey;
}

export async function deleteAvatar(env: Pick<PhotoBindings, "photos">, avatarKey: string) {
  if (isAvatarKey(avatarKey)) await env.photos.delete(avatarObject(avatarKey));
}

// ------------------------------------------------------------------ trip photos

/**
 * Stores the photos of a trip record, a claim or a dispute (check them with `preparePhotos` first): each decoded,
 * turned upright and re-encoded to WebP at the full size, like listing photos, but under `private/trips/`, which only
 * the trip photo route serves (to the booking's two parties and admins). All or nothing: a photo that cannot be read
 * or stored deletes the ones already written and throws PhotoProcessingError, so the caller writes no rows.
 */
export async function storeTripPhotos(
  env: PhotoBindings,
  bookingId: string,
  photos: ReadonlyArray<Blob | Uint8Array>,
): Promise<StoredPhoto[]> {
  const images = requireImages(env);
  const stored: StoredPhoto[] = [];
  try {
    for (const photo of photos) {
      const storageKey = newTripPhotoKey(bookingId);
      const bytes = await acceptedPhotoBytes(photo);
      const image = await encodeWebp(images, bytes, {
        width: carPhotoWidth(await inspect(images, bytes), "full"),
        rotate: 0,
        quality: FULL_QUALITY,
      });
      await putAll(env.photos, [[tripPhotoObject(storageKey), image.bytes]]);
      stored.push({ storageKey, width: image.width, height: image.height });
    }
  } catch (error) {
    await deleteQuietly(
      env.photos,
      stored.map((photo) => tripPhotoObject(photo.storageKey)),
    );
    throw error;
  }
  return stored;
}

/** A trip photo for a route that has checked the reader may see it; null if absent. */
export async function readTripPhoto(
  env: Pick<PhotoBindings, "photos">,
  storageKey: string,
): Promise<{ body: ReadableStream; size: number } | null> {
  if (!isTripPhotoKey(storageKey)) return null;
  const object = await env.photos.get(tripPhotoObject(storageKey));
  return object ? { body: object.body, size: object.size } : null;
}

/** Deletes trip photos (the objects of rows that were not written, or of a booking deleted). */
export async function deleteTripPhotos(env: Pick<PhotoBindings, "photos">, storageKeys: readonly string[]) {
  await deleteObjects(env.photos, storageKeys.filter(isTripPhotoKey).map(tripPhotoObject));
}

// ------------------------------------------------------------------ the Images binding and R2

function requireImages(env: PhotoBindings): ImagesBinding {
  if (!env.images) throw new Error('The IMAGES binding is missing: add [images] binding = "IMAGES" to wrangler.toml');
  return env.images;
}

export async function readHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 16).arrayBuffer());
}

/** The part 1 §5 checks again, for callers that hand in bytes: nothing else is sent to the binding. */
async function acceptedPhotoBytes(photo: Blob | Uint8Array): Promise<Bytes> {
  // Bytes are copied: the caller's buffer may be shared or change while the binding reads it.
  const bytes = photo instanceof Uint8Array ? new Uint8Array(photo) : new Uint8Array(await photo.arrayBuffer());
  if (!detectImageType(bytes) || bytes.length >= MAX_PHOTO_BYTES) throw new PhotoProcessingError("unreadable");
  return bytes;
}

function streamOf(bytes: Bytes): ReadableStream<Uint8Array> {
  return new Response(bytes).body as ReadableStream<Uint8Array>;
}

/** The stored size of a decodable JPEG, PNG or WebP, as the binding reads it. */
async function inspect(images: ImagesBinding, bytes: Bytes): Promise<ImageSize> {
  let info: ImageInfoResponse;
  try {
    info = await images.info(streamOf(bytes));
  } catch (cause) {
    throw new PhotoProcessingError("unreadable", { cause });
  }
  if (!("width" in info) || !DECODABLE_FORMATS.has(info.format) || info.width * info.height > MAX_SOURCE_PIXELS) {
    throw new PhotoProcessingError("unreadable");
  }
  return { width: info.width, height: info.height };
}

async function encodeWebp(
  images: ImagesBinding,
  source: Bytes,
  { width, rotate, quality }: { width: number; rotate: Rotation; quality: number },
): Promise<ImageSize & { bytes: Bytes }> {
  let bytes: Bytes;
  try {
    // One transform: width applies to the rotated image, in production and in the local emulation alike.
    const result = await images
      .input(streamOf(source))
      .transform({ width, fit: "scale-down", ...(rotate ? { rotate } : {}) })
      .output({ format: "image/webp", quality, anim: false });
    bytes = new Uint8Array(await new Response(result.image()).arrayBuffer());
  } catch (cause) {
    throw new PhotoProcessingError("unreadable", { cause });
  }
  const size = readWebpSize(bytes);
  if (!size) throw new PhotoProcessingError("unreadable");
  return { bytes, ...size };
}

async function readObject(bucket: R2Bucket, key: string): Promise<Bytes | null> {
  try {
    const object = await bucket.get(key);
    return object ? new Uint8Array(await object.arrayBuffer()) : null;
  } catch (cause) {
    throw new PhotoProcessingError("storage", { cause });
  }
}

/** Writes every object or none: after a failed write, the ones already written are deleted. */
async function putAll(bucket: R2Bucket, objects: Array<[key: string, bytes: Bytes]>) {
  const written: string[] = [];
  try {
    for (const [key, bytes] of objects) {
      await bucket.put(key, bytes, { httpMetadata: { contentType: "image/webp" } });
      written.push(key);
    }
  } catch (cause) {
    await deleteQuietly(bucket, written);
    throw new PhotoProcessingError("storage", { cause });
  }
}

export async function deleteObjects(bucket: R2Bucket, keys: readonly string[]) {
  for (let start = 0; start < keys.length; start += R2_DELETE_BATCH) {
    await bucket.delete(keys.slice(start, start + R2_DELETE_BATCH));
  }
}

/** Clean-up while another outcome is being reported: a failure here is logged, with the keys left behind. */
async function deleteQuietly(bucket: R2Bucket, keys: readonly string[]) {
  try {
    await deleteObjects(bucket, keys);
  } catch (error) {
    console.warn(`Could not delete ${keys.join(", ")}: ${String(error)}`);
  }
}
