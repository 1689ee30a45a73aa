import { describe, expect, it } from "vitest";
import { detectImageType, MAX_PHOTO_BYTES, photoProblem, sortPickedPhotos } from "~/photos/photo-rules";

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const webp = new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ");
const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
const gif = new TextEncoder().encode("GIF89a......");

describe("photo type by content", () => {
  it("recognises JPEG, PNG and WebP by their first bytes", () => {
    expect(detectImageType(jpeg)).toBe("jpeg");
    expect(detectImageType(png)).toBe("png");
    expect(detectImageType(webp)).toBe("webp");
  });
  it("refuses anything else, whatever the file is called", () => {
    for (const bytes of [
      html,
      svg,
      gif,
      new Uint8Array(),
      jpeg.subarray(0, 2),
      new TextEncoder().encode("RIFF....AVI "),
    ]) {
      expect(detectImageType(bytes)).toBeNull();
    }
  });
});

describe("a batch of photos", () => {
  const ok = { size: 1000, head: jpeg };
  it("is refused when not an image, 5 MB or more, or more than 10 with the stored ones", () => {
    expect(photoProblem([ok, { size: 10, head: html }])).toBe("validation.photoType");
    expect(photoProblem([{ size: MAX_PHOTO_BYTES, head: png }])).toBe("validation.photoSize");
    expect(photoProblem([{ size: MAX_PHOTO_BYTES - 1, head: png }])).toBeNull();
    expect(photoProblem(Array.from({ length: 11 }, () => ok))).toBe("validation.photoCount");
    expect(
      photoProblem(
        Array.from({ length: 3 }, () => ok),
        8,
      ),
    ).toBe("validation.photoCount");
    expect(
      photoProblem(
        Array.from({ length: 2 }, () => ok),
        8,
      ),
    ).toBeNull();
  });
});

describe("the picker with JavaScript", () => {
  const photo = (name: string, head = jpeg, size = 1000) => ({ name, head, size });
  it("keeps the good photos in order and names every kind of file it left out, at once", () => {
    const { kept, problems } = sortPickedPhotos(
      [photo("a"), photo("gif", gif), photo("b"), photo("huge", png, MAX_PHOTO_BYTES), photo("c")],
      2,
    );
    expect(kept.map((file) => file.name)).toEqual(["a", "b"]);
    expect(problems).toEqual(["validation.photoType", "validation.photoSize", "validation.photoCount"]);
  });
  it("says nothing when everything fits", () => {
    expect(sortPickedPhotos([photo("a"), photo("b", webp)], 10)).toEqual({
      kept: [photo("a"), photo("b", webp)],
      problems: [],
    });
  });
  it("refuses an eleventh photo, and any photo when no place is left", () => {
    expect(
      sortPickedPhotos(
        Array.from({ length: 11 }, (_, i) => photo(String(i))),
        10,
      ).problems,
    ).toEqual(["validation.photoCount"]);
    expect(sortPickedPhotos([photo("a")], 0)).toEqual({ kept: [], problems: ["validation.photoCount"] });
  });
});
