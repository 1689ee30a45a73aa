import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";
import { loader as imageLoader } from "~/routes/_resources+/images.$";
import {
  avatarObject,
  carPhotoObjects,
  isAvatarKey,
  isOwnCarPhotoKey,
  isPrivateDocumentKey,
  newAvatarKey,
  newCarPhotoKey,
  newPrivateDocumentKey,
} from "./photo-keys";

const carId = crypto.randomUUID();
const userId = crypto.randomUUID();

/** Asks the public image route for `key`, with a bucket that holds every key asked for. */
async function serve(key: string) {
  const get = vi.fn(async () => ({ body: new Blob(["x"]).stream(), size: 1, httpEtag: '"e"' }));
  const args = {
    params: { "*": key },
    request: new Request(`http://localhost/images/${key}`),
    context: { env: { photos: { get } } },
  } as unknown as LoaderFunctionArgs;
  const response = await imageLoader(args);
  return { status: response.status, bucketAsked: get.mock.calls.length > 0 };
}

describe("storage keys", () => {
  it("are new for every photo, under the car or user they belong to", () => {
    const first = newCarPhotoKey(carId);
    expect(first).toMatch(new RegExp(`^cars/${carId}/[0-9a-f-]{36}$`));
    expect(newCarPhotoKey(carId)).not.toBe(first);
    expect(carPhotoObjects(first)).toEqual({
      card: `${first}/card.webp`,
      medium: `${first}/medium.webp`,
      full: `${first}/full.webp`,
    });
    expect(newAvatarKey(userId)).toMatch(new RegExp(`^avatars/${userId}/[0-9a-f-]{36}$`));
    expect(newPrivateDocumentKey(userId)).toMatch(new RegExp(`^private/verification/${userId}/[0-9a-f-]{36}$`));
  });

  it("refuse ids that would not be safe in a URL path", () => {
    for (const id of ["", "../x", "a/b", "a b", "x".repeat(65)]) {
      expect(() => newCarPhotoKey(id)).toThrow();
      expect(() => newAvatarKey(id)).toThrow();
      expect(() => newPrivateDocumentKey(id)).toThrow();
    }
  });

  it("tell a car's own photo from the bulk seed's shared pool and from other objects", () => {
    expect(isOwnCarPhotoKey(newCarPhotoKey(carId))).toBe(true);
    expect(isOwnCarPhotoKey("cars/pool/12")).toBe(false);
    expect(isOwnCarPhotoKey(`${newCarPhotoKey(carId)}/full.webp`)).toBe(false);
    expect(isOwnCarPhotoKey(newAvatarKey(userId))).toBe(false);
    expect(isAvatarKey(newAvatarKey(userId))).toBe(true);
    expect(isAvatarKey(newCarPhotoKey(carId))).toBe(false);
    expect(isPrivateDocumentKey(newPrivateDocumentKey(userId))).toBe(true);
    expect(isPrivateDocumentKey(newAvatarKey(userId))).toBe(false);
  });
});

describe("the public image route", () => {
  it("serves the stored sizes of photos and avatars", async () => {
    const photo = carPhotoObjects(newCarPhotoKey(carId));
    for (const key of [photo.card, photo.full, avatarObject(newAvatarKey(userId))]) {
      expect(await serve(key)).toEqual({ status: 200, bucketAsked: true });
    }
  });

  it("never serves a private document, whatever is appended to its key", async () => {
    const key = newPrivateDocumentKey(userId);
    for (const asked of [key, `${key}/full.webp`, `${key}/avatar.webp`, `cars/../${key}/card.webp`]) {
      expect(await serve(asked)).toEqual({ status: 404, bucketAsked: false });
    }
  });
});
