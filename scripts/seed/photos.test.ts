import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { packPhoto, renderPhotoThroughDisk, unpackPhoto, type PhotoSpec } from "./photos";

const spec: PhotoSpec = { shape: "hatchback", colour: "#2f6fd6", background: "city" };
const isWebp = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(8, 12)) === "WEBP";
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "seed-photos-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the seed's photo disk cache", () => {
  it("packs a photo's sizes into one file and reads back the same bytes; a cut file reads as none", () => {
    const photo = { full: new Uint8Array([1, 2, 3]), medium: new Uint8Array([6]), card: new Uint8Array([4, 5]) };
    const packed = packPhoto(photo);
    expect(unpackPhoto(packed)).toEqual(photo);
    expect(unpackPhoto(packed.subarray(0, packed.length - 1))).toBeNull();
    expect(unpackPhoto(new Uint8Array([9, 9]))).toBeNull();
    expect(unpackPhoto(packPhoto({ full: photo.full } as never))).toBeNull();
  });

  it("renders once into the cache, then reads the file instead of rendering", async () => {
    const rendered = await renderPhotoThroughDisk(spec, dir);
    expect([rendered.full, rendered.medium, rendered.card].every(isWebp)).toBe(true);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(unpackPhoto(readFileSync(join(dir, files[0]!)))).toEqual(rendered);

    // What the file holds is what the next caller gets: it was read, not rendered again.
    const marked = { full: new Uint8Array([7]), medium: new Uint8Array([9]), card: new Uint8Array([8]) };
    writeFileSync(join(dir, files[0]!), packPhoto(marked));
    expect(await renderPhotoThroughDisk(spec, dir)).toEqual(marked);

    // Another drawing is another file.
    await renderPhotoThroughDisk({ ...spec, mirrored: true }, dir);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it("renders again over a broken file and leaves a whole one", async () => {
    const first = await renderPhotoThroughDisk(spec, dir);
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file!), new Uint8Array([1, 0, 0, 0, 91]));
    expect(await renderPhotoThroughDisk(spec, dir)).toEqual(first);
    expect(unpackPhoto(readFileSync(join(dir, file!)))).toEqual(first);
    expect(readdirSync(dir)).toEqual([file]);
  });
});
