import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readWebpSize } from "./webp-size";

const opaque = { create: { width: 333, height: 222, channels: 3, background: "#c33" } } as const;
const seeThrough = {
  create: { width: 120, height: 450, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
} as const;

const encode = async (image: sharp.Sharp) => new Uint8Array(await image.toBuffer());

describe("the size of a WebP file", () => {
  it("is read from lossy, lossless and extended files", async () => {
    expect(readWebpSize(await encode(sharp(opaque).webp()))).toEqual({ width: 333, height: 222 });
    expect(readWebpSize(await encode(sharp(opaque).webp({ lossless: true })))).toEqual({ width: 333, height: 222 });
    // Transparency needs the extended format (VP8X).
    expect(readWebpSize(await encode(sharp(seeThrough).webp()))).toEqual({ width: 120, height: 450 });
    expect(readWebpSize(await encode(sharp(seeThrough).webp({ lossless: true })))).toEqual({ width: 120, height: 450 });
    const large = await encode(sharp({ create: { ...opaque.create, width: 16000, height: 3 } }).webp());
    expect(readWebpSize(large)).toEqual({ width: 16000, height: 3 });
  });

  it("is not read from an empty, cut-off or other file", async () => {
    const webp = await encode(sharp(opaque).webp());
    expect(readWebpSize(new Uint8Array())).toBeNull();
    expect(readWebpSize(webp.subarray(0, webp.length - 1))).toBeNull();
    expect(readWebpSize(webp.subarray(0, 20))).toBeNull();
    expect(readWebpSize(await encode(sharp(opaque).png()))).toBeNull();
    expect(readWebpSize(await encode(sharp(opaque).jpeg()))).toBeNull();
  });

  it("is read from a view into a larger buffer", async () => {
    const webp = await encode(sharp(opaque).webp());
    const padded = new Uint8Array(webp.length + 10);
    padded.set(webp, 7);
    expect(readWebpSize(padded.subarray(7, 7 + webp.length))).toEqual({ width: 333, height: 222 });
  });
});
