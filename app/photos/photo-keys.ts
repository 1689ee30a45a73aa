// Where photos and identity documents live in the PHOTOS bucket. Keys are chosen here, never taken from a request,
// and never reused: the public ones are served as immutable for a year, so a changed photo needs a new key.
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** Row ids (UUIDs here) become part of public URLs, so only URL-safe characters are allowed in them. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

// One photo per key. The bulk seed's shared pool (`cars/pool/<n>`) is used by many cars and does not match.
const CAR_PHOTO_KEY = new RegExp(`^cars/[A-Za-z0-9_-]{1,64}/${UUID}$`);
const AVATAR_KEY = new RegExp(`^avatars/[A-Za-z0-9_-]{1,64}/${UUID}$`);
const PRIVATE_DOCUMENT_KEY = new RegExp(`^private/verification/[A-Za-z0-9_-]{1,64}/${UUID}$`);
const TRIP_PHOTO_KEY = new RegExp(`^private/trips/[A-Za-z0-9_-]{1,64}/${UUID}$`);

function keyId(id: string): string {
  if (!ID.test(id)) throw new Error(`Not usable in a storage key: ${JSON.stringify(id)}`);
  return id;
}

/** A fresh prefix for one car photo; its sizes are the `carPhotoObjects` under it. */
export function newCarPhotoKey(carId: string): string {
  return `cars/${keyId(carId)}/${crypto.randomUUID()}`;
}

export function carPhotoObjects(storageKey: string) {
  return {
    card: `${storageKey}/card.webp`,
    medium: `${storageKey}/medium.webp`,
    full: `${storageKey}/full.webp`,
  } as const;
}

/** A photo that belongs to one car alone, so deleting it cannot take another car's photo with it. */
export function isOwnCarPhotoKey(storageKey: string): boolean {
  return CAR_PHOTO_KEY.test(storageKey);
}

/** A fresh prefix for one avatar (what `profiles.avatar_key` holds); the image is `avatarObject` under it. */
export function newAvatarKey(userId: string): string {
  return `avatars/${keyId(userId)}/${crypto.randomUUID()}`;
}

export function avatarObject(avatarKey: string): string {
  return `${avatarKey}/avatar.webp`;
}

export function isAvatarKey(avatarKey: string): boolean {
  return AVATAR_KEY.test(avatarKey);
}

/** Outside `cars/`, `avatars/` and `demo/`, and without an image suffix: the public image route never serves it. */
export function newPrivateDocumentKey(userId: string): string {
  return `private/verification/${keyId(userId)}/${crypto.randomUUID()}`;
}

export function isPrivateDocumentKey(key: string): boolean {
  return PRIVATE_DOCUMENT_KEY.test(key);
}

/**
 * A fresh prefix for one trip photo (check-in, check-out, a claim or a dispute): under `private/`, so the public
 * image route never serves it; its one size is `tripPhotoObject` under it.
 */
export function newTripPhotoKey(bookingId: string): string {
  return `private/trips/${keyId(bookingId)}/${crypto.randomUUID()}`;
}

export function tripPhotoObject(storageKey: string): string {
  return `${storageKey}/full.webp`;
}

export function isTripPhotoKey(key: string): boolean {
  return TRIP_PHOTO_KEY.test(key);
}
