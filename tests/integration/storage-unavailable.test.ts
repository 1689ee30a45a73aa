// R2 refusing writes while someone uploads (listing photos, an avatar, a verification document): the form answers
// 503 with the message next to the file field, in both languages, keeps what was typed, and leaves no row pointing
// at an object that does not exist, no object without a row, and no car created without its photos.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { carImages, cars, listingDrafts, profiles, verificationDocuments } from "#db/schema";
import { action as editAction } from "~/routes/_my-listings+/my-listings.$carId.edit";
import { action as wizardAction } from "~/routes/_my-listings+/my-listings.new";
import { action as profileAction } from "~/routes/_profiles+/profile._index";
import { action as verificationAction } from "~/routes/_profiles+/profile.verification";
import { STORAGE_UNAVAILABLE } from "~/photos/photo-storage.server";
import en from "~/locales/en/common.json";
import lt from "~/locales/lt/common.json";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, sessionCookieFor } from "./support/factories";
import type { MemoryBucket } from "./support/memory-bucket";
import { callRoute, formRequest, ORIGIN } from "./support/routes";

let ctx: TestContext;
let bucket: MemoryBucket;
let owner: { id: string; cookie: string };

beforeEach(async () => {
  ctx = await createTestContext();
  bucket = ctx.context.cloudflare.env.PHOTOS as unknown as MemoryBucket;
  const user = await createUser(ctx, { verified: true, isHost: true });
  owner = { id: user.id, cookie: await sessionCookieFor(ctx, user.id) };
});
afterEach(() => ctx.close());

function multipart(path: string, fields: Record<string, string>, files: Record<string, File[]>, cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, list] of Object.entries(files)) for (const file of list) body.append(name, file);
  return new Request(new URL(path, ORIGIN), { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body });
}

const jpeg = async (name = "car.jpg") =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a62" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: "image/jpeg" },
  );

async function wizardStep(fields: Record<string, string>) {
  const result = await callRoute(
    wizardAction,
    formRequest("/my-listings/new", fields, { cookie: owner.cookie }),
    ctx.context,
  );
  return result.location ? new URL(result.location, ORIGIN).searchParams.get("draft") : null;
}

/** A sale listing through steps 1-3; returns the draft id. */
async function saleDraft() {
  const draft = await wizardStep({ step: "1", intent: "next", listingType: "sale" });
  const vehicle = { make: "Škoda", model: "Octavia", year: "2019", mileage: "120000", location: "Vilnius" };
  await wizardStep({ step: "2", intent: "next", draft: draft!, ...vehicle });
  await wizardStep({ step: "3", intent: "next", draft: draft!, salePrice: "12500" });
  return draft!;
}

/** Step 4 with two photos and a description. */
async function createWithPhotos(draft: string) {
  type Reply = { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
  return callRoute<Reply>(
    wizardAction,
    multipart(
      "/my-listings/new",
      { step: "4", intent: "create", draft, description: "Typed while R2 was down" },
      { photos: [await jpeg("a.jpg"), await jpeg("b.jpg")] },
      owner.cookie,
    ),
    ctx.context,
  );
}

it("the message exists in both languages", () => {
  expect(STORAGE_UNAVAILABLE).toBe("common:errors.storageUnavailable");
  expect(en.errors.storageUnavailable).toMatch(/try again/i);
  expect(lt.errors.storageUnavailable).toMatch(/bandykite dar kartą/i);
});

describe("creating a listing while R2 refuses writes", () => {
  // 0: nothing can be written; 3: the first photo's two sizes and the second's full size go in, then R2 fails.
  it.each([0, 3])(
    "after %i writes: no car, no photo rows, no objects; the message at the photos field",
    async (after) => {
      const draft = await saleDraft();
      bucket.failPuts(after);
      const result = await createWithPhotos(draft);
      expect(result.status).toBe(503);
      expect(result.data.result.error).toEqual({ photos: [STORAGE_UNAVAILABLE] });
      expect(result.data.result.initialValue).toMatchObject({ description: "Typed while R2 was down" });
      expect(await ctx.db.select().from(cars).where(eq(cars.ownerId, owner.id))).toHaveLength(0);
      expect(await ctx.db.select().from(carImages)).toHaveLength(0);
      expect(bucket.keys()).toEqual([]);
      // The draft is still there: trying again later starts from it.
      expect(await ctx.db.select().from(listingDrafts).where(eq(listingDrafts.id, draft))).toHaveLength(1);

      // R2 is back: the same post creates the listing with both photos.
      bucket.failPuts(null);
      const again = await createWithPhotos(draft);
      expect(again.status).toBe(302);
      const [car] = await ctx.db.select().from(cars).where(eq(cars.ownerId, owner.id));
      const rows = await ctx.db.select().from(carImages).where(eq(carImages.carId, car!.id));
      expect(rows.map((r) => [r.isPrimary, r.sortOrder])).toEqual([
        [true, 0],
        [false, 1],
      ]);
      expect(bucket.keys().sort()).toEqual(
        rows
          .flatMap((r) => [`${r.storageKey}/card.webp`, `${r.storageKey}/medium.webp`, `${r.storageKey}/full.webp`])
          .sort(),
      );
    },
  );
});

it("adding photos to a listing while R2 refuses writes adds no row and leaves the stored ones as they were", async () => {
  const car = await createCar(ctx, owner.id);
  bucket.failPuts(1);
  const result = await callRoute<{ photoError?: string }>(
    editAction,
    multipart(`/my-listings/${car.id}/edit`, { intent: "add_photos" }, { photos: [await jpeg()] }, owner.cookie),
    ctx.context,
    { carId: car.id },
  );
  expect(result.status).toBe(503);
  expect(result.data.photoError).toBe(STORAGE_UNAVAILABLE);
  expect(await ctx.db.select().from(carImages).where(eq(carImages.carId, car.id))).toHaveLength(0);
  expect(bucket.keys()).toEqual([]);
});

it("an avatar while R2 refuses writes: the message at the field, the profile keeps its photo", async () => {
  bucket.failPuts(0);
  const result = await callRoute<{ intent: string; error: string }>(
    profileAction,
    multipart("/profile?index", { intent: "avatar" }, { avatar: [await jpeg("me.jpg")] }, owner.cookie),
    ctx.context,
  );
  expect(result.status).toBe(503);
  expect(result.data).toEqual({ intent: "avatar", error: STORAGE_UNAVAILABLE });
  const [profile] = await ctx.db
    .select({ avatarKey: profiles.avatarKey })
    .from(profiles)
    .where(eq(profiles.id, owner.id));
  expect(profile!.avatarKey).toBeNull();
  expect(bucket.keys()).toEqual([]);
});

it("a verification document while R2 refuses writes: the message at that document, no row", async () => {
  const newbie = await createUser(ctx);
  bucket.failPuts(0);
  const result = await callRoute<{ intent: string; kind: string | null; error: string }>(
    verificationAction,
    multipart(
      "/profile/verification",
      { intent: "upload", kind: "identity" },
      { document: [new File(["%PDF-1.4\n% id\n%%EOF\n"], "pasas.pdf", { type: "application/pdf" })] },
      await sessionCookieFor(ctx, newbie.id),
    ),
    ctx.context,
  );
  expect(result.status).toBe(503);
  expect(result.data).toEqual({ intent: "upload", kind: "identity", error: STORAGE_UNAVAILABLE });
  expect(
    await ctx.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, newbie.id)),
  ).toHaveLength(0);
  expect(bucket.keys()).toEqual([]);
});
