// The photo pipeline against the in-memory R2 bucket and the Images double (sharp, as wrangler dev emulates it).
// Every test image is drawn here with sharp; each test has its own bucket, so "nothing stored" is a count.
import { randomBytes } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_PHOTOS } from "~/photos/photo-rules";
import { avatarObject, carPhotoObjects, newCarPhotoKey } from "~/photos/photo-keys";
import {
  deleteAvatar,
  deleteStoredPhotos,
  PhotoProcessingError,
  preparePhotos,
  rotateStoredPhoto,
  storeAvatar,
  storeCarPhoto,
  storeCarPhotos,
  type PhotoBindings,
  type StoredPhoto,
} from "~/photos/photo-storage.server";
import { deletePrivateDocuments, readPrivateDocument, storePrivateDocument } from "~/photos/document-storage.server";
import { loader as imageLoader } from "~/routes/_resources+/images.$";
import { createTestContext, type TestContext } from "./support/context";
import { createImagesBinding } from "./support/images-binding";
import { createMemoryBucket } from "./support/memory-bucket";

const carId = crypto.randomUUID();
const userId = crypto.randomUUID();

function createBindings(options?: Parameters<typeof createImagesBinding>[0]) {
  return { photos: createMemoryBucket(), images: createImagesBinding(options) };
}

/** A photo-like image: a gradient, so encoders have detail to work on. */
async function drawImage(width: number, height: number, format: "jpeg" | "png" | "webp") {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = 128;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return new Uint8Array(await image[format]().toBuffer());
}

/** Red on the left half, blue on the right: which way it was turned can be read from the pixels. */
async function drawHalves(width: number, height: number) {
  const red = await sharp({ create: { width: width / 2, height, channels: 3, background: "#f00" } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: "#00f" } }).composite([
    { input: red, left: 0, top: 0 },
  ]);
  return new Uint8Array(await image.jpeg({ quality: 95 }).toBuffer());
}

const asFile = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type = "image/jpeg") =>
  new File([bytes], name, { type });

async function storedImage(env: PhotoBindings, key: string) {
  const object = await env.photos.get(key);
  if (!object) throw new Error(`${key} is not stored`);
  const bytes = Buffer.from(await object.arrayBuffer());
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height, bytes };
}

/** "red" or "blue" for one pixel, allowing for what lossy encoding does to flat colour. */
async function colourAt(bytes: Buffer, x: number, y: number) {
  const { data } = await sharp(bytes)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r = 0, g = 0, b = 0] = data;
  if (r > 200 && g < 60 && b < 60) return "red";
  if (b > 200 && r < 60 && g < 60) return "blue";
  return `rgb(${r}, ${g}, ${b})`;
}

function objectsOf(photos: StoredPhoto[]) {
  return photos.flatMap((photo) => Object.values(carPhotoObjects(photo.storageKey))).sort();
}

const keysOf = (env: ReturnType<typeof createBindings>) => env.photos.keys().sort();

describe("car photos", () => {
  it("are stored as a card, a medium and a full size in WebP, whichever accepted format they came in", async () => {
    const env = createBindings();
    const files = [
      asFile(await drawImage(3000, 2000, "jpeg"), "landscape.jpg"),
      asFile(await drawImage(800, 600, "png"), "small.png", "image/png"),
      asFile(await drawImage(1200, 1800, "webp"), "portrait.webp", "image/webp"),
    ];
    const prepared = await preparePhotos(files, 0);
    if (!prepared.ok) throw new Error(prepared.problem);

    const { stored, failed } = await storeCarPhotos(env, carId, prepared.files);

    expect(failed).toBe(0);
    // Full sizes 1600 wide, medium 800 and cards 640 wide, never enlarged.
    const expected = [
      { full: [1600, 1067], medium: [800, 534], card: [640, 427] },
      { full: [800, 600], medium: [800, 600], card: [640, 480] },
      { full: [1200, 1800], medium: [800, 1200], card: [640, 960] },
    ];
    for (const [index, photo] of stored.entries()) {
      expect(photo.storageKey).toMatch(new RegExp(`^cars/${carId}/[0-9a-f-]{36}$`));
      const objects = carPhotoObjects(photo.storageKey);
      const full = await storedImage(env, objects.full);
      const medium = await storedImage(env, objects.medium);
      const card = await storedImage(env, objects.card);
      expect([full.format, full.width, full.height]).toEqual(["webp", ...expected[index]!.full]);
      expect([medium.format, medium.width, medium.height]).toEqual(["webp", ...expected[index]!.medium]);
      expect([card.format, card.width, card.height]).toEqual(["webp", ...expected[index]!.card]);
      expect([photo.width, photo.height]).toEqual(expected[index]!.full);
      expect((await env.photos.head(objects.full))?.httpMetadata?.contentType).toBe("image/webp");
    }
    expect(new Set(stored.map((photo) => photo.storageKey)).size).toBe(3);
    expect(keysOf(env)).toEqual(objectsOf(stored));
  });

  it("are turned clockwise on upload when asked, the width limit applying to the turned image", async () => {
    const env = createBindings();
    const photo = await storeCarPhoto(env, carId, await drawHalves(3000, 2000), { rotate: 90 });
    expect([photo.width, photo.height]).toEqual([1600, 2400]);
    const full = await storedImage(env, carPhotoObjects(photo.storageKey).full);
    const card = await storedImage(env, carPhotoObjects(photo.storageKey).card);
    expect([card.width, card.height]).toEqual([640, 960]);
    // The left (red) half is now on top.
    expect(await colourAt(full.bytes, 800, 100)).toBe("red");
    expect(await colourAt(full.bytes, 800, 2300)).toBe("blue");
  });

  it("are turned after storing under a new key, the old objects deleted only once the row is saved", async () => {
    const env = createBindings();
    const original = await storeCarPhoto(env, carId, await drawHalves(1200, 800));
    const old = carPhotoObjects(original.storageKey);
    const save = vi.fn(async (rotated: StoredPhoto) => {
      expect(await env.photos.head(old.full)).not.toBeNull();
      expect(await env.photos.head(carPhotoObjects(rotated.storageKey).full)).not.toBeNull();
    });

    const rotated = await rotateStoredPhoto(env, carId, original.storageKey, 90, save);

    expect(save).toHaveBeenCalledWith(rotated);
    expect(rotated.storageKey).not.toBe(original.storageKey);
    expect([rotated.width, rotated.height]).toEqual([800, 1200]);
    expect(keysOf(env)).toEqual(objectsOf([rotated]));
    const full = await storedImage(env, carPhotoObjects(rotated.storageKey).full);
    expect([full.width, full.height]).toEqual([800, 1200]);
    expect(await colourAt(full.bytes, 400, 50)).toBe("red");
    expect(await colourAt(full.bytes, 400, 1150)).toBe("blue");
  });

  it("keep their old key when saving the turned photo fails, and leave no new objects", async () => {
    const env = createBindings();
    const original = await storeCarPhoto(env, carId, await drawImage(1200, 800, "jpeg"));
    const failure = new Error("database unavailable");
    await expect(rotateStoredPhoto(env, carId, original.storageKey, 180, () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
    expect(keysOf(env)).toEqual(objectsOf([original]));
  });

  it("are deleted in both sizes, leaving the bulk seed's shared photos alone", async () => {
    const env = createBindings();
    const { stored } = await storeCarPhotos(env, carId, [
      await drawImage(900, 600, "jpeg"),
      await drawImage(900, 600, "png"),
    ]);
    await env.photos.put("cars/pool/3/card.webp", new Uint8Array([1]));
    await deleteStoredPhotos(env, [...stored.map((photo) => photo.storageKey), "cars/pool/3"]);
    expect(keysOf(env)).toEqual(["cars/pool/3/card.webp"]);
  });
});

describe("refused photos", () => {
  const html = asFile("<!doctype html><script>alert(document.cookie)</script>", "car.jpg");
  const svg = asFile('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "car.jpg");
  const pdf = asFile("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF", "car.jpg");
  let tooLarge: File;
  let truncated: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    // Noise does not compress: a real 6 MB PNG.
    const noise = await sharp(randomBytes(1500 * 1400 * 3), { raw: { width: 1500, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    tooLarge = asFile(new Uint8Array(noise), "big.png", "image/png");
    const jpeg = await drawImage(1200, 900, "jpeg");
    truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
  });

  it("are refused before anything is decoded: not an image by content, 5 MB or more, too many", async () => {
    expect(tooLarge.size).toBeGreaterThan(6_000_000);
    const jpeg = asFile(await drawImage(300, 200, "jpeg"), "ok.jpg");
    expect(await preparePhotos([jpeg, html], 0)).toEqual({ ok: false, problem: "validation.photoType" });
    expect(await preparePhotos([svg], 0)).toEqual({ ok: false, problem: "validation.photoType" });
    expect(await preparePhotos([pdf], 0)).toEqual({ ok: false, problem: "validation.photoType" });
    expect(await preparePhotos(["car.jpg"], 0)).toEqual({ ok: false, problem: "validation.photoType" });
    expect(await preparePhotos([tooLarge], 0)).toEqual({ ok: false, problem: "validation.photoSize" });
    const eleven = Array.from({ length: MAX_PHOTOS + 1 }, () => jpeg);
    expect(await preparePhotos(eleven, 0)).toEqual({ ok: false, problem: "validation.photoCount" });
    expect(await preparePhotos([jpeg, jpeg], MAX_PHOTOS - 1)).toEqual({ ok: false, problem: "validation.photoCount" });
    expect(await preparePhotos([jpeg], MAX_PHOTOS - 1)).toEqual({ ok: true, files: [jpeg] });
  });

  it("are refused by the storage step too, without reaching the binding or storing anything", async () => {
    const env = createBindings();
    for (const file of [html, svg, pdf, tooLarge]) {
      const error = await storeCarPhoto(env, carId, file).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PhotoProcessingError);
      expect(error).toMatchObject({ reason: "unreadable" });
    }
    expect(env.images.calls).toEqual({ info: 0, output: 0 });
    expect(keysOf(env)).toEqual([]);
  });

  it("count a cut-off image as failed and store nothing for it, however the binding reports it", async () => {
    const prepared = await preparePhotos([asFile(truncated, "cut.jpg")], 0);
    if (!prepared.ok) throw new Error(prepared.problem);
    for (const transformErrors of ["empty-output", "throw"] as const) {
      const env = createBindings({ transformErrors });
      expect(await storeCarPhotos(env, carId, prepared.files)).toEqual({ stored: [], failed: 1 });
      expect(env.images.calls.output).toBe(1);
      expect(keysOf(env)).toEqual([]);
    }
  });

  it("leave no objects behind when one fails in the middle of a batch", async () => {
    const env = createBindings();
    const { stored, failed } = await storeCarPhotos(env, carId, [
      await drawImage(1000, 700, "jpeg"),
      truncated,
      await drawImage(700, 1000, "png"),
    ]);
    expect([stored.length, failed]).toEqual([2, 1]);
    expect(keysOf(env)).toEqual(objectsOf(stored));
  });

  it("leave no objects behind when R2 fails between a photo's two sizes, and report the outage, not one photo", async () => {
    const env = createBindings();
    const put = env.photos.put.bind(env.photos);
    let puts = 0;
    env.photos.put = (async (...args: Parameters<typeof put>) => {
      puts += 1;
      if (puts === 4) throw new Error("R2 unavailable");
      return put(...args);
    }) as typeof put;
    const stored = storeCarPhotos(env, carId, [await drawImage(1000, 700, "jpeg"), await drawImage(1000, 700, "webp")]);
    await expect(stored).rejects.toMatchObject({ name: "PhotoProcessingError", reason: "storage" });
    expect(keysOf(env)).toEqual([]);
  });

  it("delete the whole batch when an unexpected error stops it", async () => {
    const env = createBindings();
    const failure = new Error("the upload was cut off");
    const unreadable = new (class extends Blob {
      override arrayBuffer(): Promise<ArrayBuffer> {
        return Promise.reject(failure);
      }
    })();
    const photos = [await drawImage(1000, 700, "jpeg"), unreadable];
    await expect(storeCarPhotos(env, carId, photos)).rejects.toBe(failure);
    expect(keysOf(env)).toEqual([]);
  });

  it("ignore an empty file input, which still submits a nameless empty file", async () => {
    expect(await preparePhotos([new File([], ""), ""], 0)).toEqual({ ok: true, files: [] });
  });
});

describe("avatars", () => {
  it("are stored with their shorter side 256 pixels wide in WebP, and deleted", async () => {
    const env = createBindings();
    const avatarKey = await storeAvatar(env, userId, asFile(await drawImage(1024, 768, "jpeg"), "me.jpg"));
    expect(avatarKey).toMatch(new RegExp(`^avatars/${userId}/[0-9a-f-]{36}$`));
    const avatar = await storedImage(env, avatarObject(avatarKey));
    expect([avatar.format, avatar.width, avatar.height]).toEqual(["webp", 341, 256]);
    await deleteAvatar(env, avatarKey);
    expect(keysOf(env)).toEqual([]);
  });
});

describe("identity documents", () => {
  const pdfBytes = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

  it("are kept as uploaded, with their type, and read back", async () => {
    const env = createBindings();
    const scan = await drawImage(1000, 700, "jpeg");
    const pdf = await storePrivateDocument(env, userId, asFile(pdfBytes, "registration.pdf", "application/pdf"));
    const photo = await storePrivateDocument(env, userId, asFile(scan, "id-card.jpg"));
    if (!pdf.ok || !photo.ok) throw new Error("refused");
    expect(pdf.key).toMatch(new RegExp(`^private/verification/${userId}/[0-9a-f-]{36}$`));
    expect([pdf.contentType, photo.contentType]).toEqual(["application/pdf", "image/jpeg"]);

    for (const [key, bytes, contentType] of [
      [pdf.key, pdfBytes, "application/pdf"],
      [photo.key, scan, "image/jpeg"],
    ] as const) {
      const read = await readPrivateDocument(env, key);
      expect(read).toMatchObject({ contentType, size: bytes.length });
      expect(new Uint8Array(await new Response(read!.body).arrayBuffer())).toEqual(bytes);
    }
    // The images pipeline is not involved: documents are evidence and kept byte for byte.
    expect(env.images.calls).toEqual({ info: 0, output: 0 });

    await deletePrivateDocuments(env, [pdf.key, photo.key]);
    expect(keysOf(env)).toEqual([]);
  });

  it("are refused when not a PDF or image by content, or 10 MB or more", async () => {
    const env = createBindings();
    const html = asFile("<html><body>passport</body></html>", "passport.pdf", "application/pdf");
    const tenMegabytePdf = new File([pdfBytes, new Uint8Array(10 * 1024 * 1024 - pdfBytes.length)], "scan.pdf");
    expect(await storePrivateDocument(env, userId, html)).toEqual({ ok: false, problem: "validation.documentType" });
    expect(await storePrivateDocument(env, userId, tenMegabytePdf)).toEqual({
      ok: false,
      problem: "validation.documentSize",
    });
    expect(keysOf(env)).toEqual([]);
  });

  it("are never read through the document functions by another key", async () => {
    const env = createBindings();
    const photo = await storeCarPhoto(env, carId, await drawImage(600, 400, "jpeg"));
    expect(await readPrivateDocument(env, carPhotoObjects(photo.storageKey).full)).toBeNull();
    await deletePrivateDocuments(env, [carPhotoObjects(photo.storageKey).full, photo.storageKey]);
    expect(keysOf(env)).toEqual(objectsOf([photo]));
  });
});

describe("in a request's context", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function getImage(key: string) {
    const args = {
      params: { "*": key },
      request: new Request(`http://localhost/images/${key}`),
      context: ctx.context,
    } as unknown as LoaderFunctionArgs;
    return imageLoader(args);
  }

  it("photos stored through context.env are served by the image route; documents are not", async () => {
    const photo = await storeCarPhoto(ctx.context.env, carId, await drawImage(900, 600, "png"));
    const card = await getImage(carPhotoObjects(photo.storageKey).card);
    expect(card.status).toBe(200);
    expect(card.headers.get("Content-Type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await card.arrayBuffer())).metadata()).width).toBe(640);

    const document = await storePrivateDocument(
      ctx.context.env,
      userId,
      new File([await drawImage(400, 300, "jpeg")], "id.jpg"),
    );
    if (!document.ok) throw new Error(document.problem);
    expect(await ctx.context.env.photos.head(document.key)).not.toBeNull();
    expect((await getImage(document.key)).status).toBe(404);
    expect((await getImage(`${document.key}/full.webp`)).status).toBe(404);
  });

  it("a photo stored before the medium size existed gets it made from its full size when it is first asked for", async () => {
    const photo = await storeCarPhoto(ctx.context.env, carId, await drawImage(1800, 1200, "png"));
    const objects = carPhotoObjects(photo.storageKey);
    await ctx.context.env.photos.delete(objects.medium);

    const medium = await getImage(objects.medium);
    expect(medium.status).toBe(200);
    expect(medium.headers.get("Content-Type")).toBe("image/webp");
    // From the full size, 1600 × 1067.
    const served = await sharp(Buffer.from(await medium.arrayBuffer())).metadata();
    expect([served.format, served.width, served.height]).toEqual(["webp", 800, 534]);
    expect(await ctx.context.env.photos.head(objects.medium)).not.toBeNull();
    // A photo without a full size has nothing to make it from.
    expect((await getImage(carPhotoObjects(newCarPhotoKey(carId)).medium)).status).toBe(404);
  });

  it("a key nobody stored is not found", async () => {
    expect((await getImage(carPhotoObjects(newCarPhotoKey(carId)).full)).status).toBe(404);
  });
});
