// Node has neither createImageBitmap nor a canvas: the decoding and encoding are stood in for here, so these tests
// check the decisions (what is kept, what size, which type) and the fallbacks to the file as chosen.
import { afterEach, describe, expect, it, vi } from "vitest";
import { downsizedSize, downsizeForUpload, KEEP_BELOW_BYTES } from "./downsize.client";

const photo = (bytes: number, name = "IMG_0042.JPG") =>
  new File([new Uint8Array(bytes)], name, { type: "image/jpeg", lastModified: 1_700_000_000_000 });

/** A browser whose canvas encodes `encodes` (answering PNG for the rest) into blobs of `encodedBytes`. */
function fakeBrowser({ encodes, encodedBytes = 1000 }: { encodes: string[]; encodedBytes?: number }) {
  const canvases: Array<{ width: number; height: number; drawn: number[] }> = [];
  const close = vi.fn();
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn(async () => ({ width: 4000, height: 3000, close })),
  );
  vi.stubGlobal(
    "OffscreenCanvas",
    class {
      record: { width: number; height: number; drawn: number[] };
      constructor(width: number, height: number) {
        this.record = { width, height, drawn: [] };
        canvases.push(this.record);
      }
      getContext() {
        return {
          fillRect() {},
          translate() {},
          rotate() {},
          drawImage: (_image: unknown, ...box: number[]) => this.record.drawn.push(...box),
        };
      }
      async convertToBlob({ type }: { type: string }) {
        return new Blob([new Uint8Array(encodedBytes)], { type: encodes.includes(type) ? type : "image/png" });
      }
    },
  );
  return { canvases, close };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the size a photo is downsized to", () => {
  it("fits the longest side into maxEdge and turns with the rotation", () => {
    expect(downsizedSize(4000, 3000, { maxEdge: 2000, rotate: 0 })).toEqual({ width: 2000, height: 1500 });
    expect(downsizedSize(4000, 3000, { maxEdge: 2000, rotate: 90 })).toEqual({ width: 1500, height: 2000 });
    expect(downsizedSize(3000, 4000, { maxEdge: 2000, rotate: 180 })).toEqual({ width: 1500, height: 2000 });
  });

  it("never enlarges", () => {
    expect(downsizedSize(800, 600, { maxEdge: 2000, rotate: 0 })).toEqual({ width: 800, height: 600 });
    expect(downsizedSize(800, 600, { maxEdge: 2000, rotate: 270 })).toEqual({ width: 600, height: 800 });
  });
});

describe("downsizing before upload", () => {
  it("keeps a small photo that is not rotated as it is, without decoding it", async () => {
    const { canvases } = fakeBrowser({ encodes: ["image/webp"] });
    const small = photo(KEEP_BELOW_BYTES);
    expect(await downsizeForUpload(small)).toBe(small);
    expect(createImageBitmap).not.toHaveBeenCalled();
    expect(canvases).toHaveLength(0);
  });

  it("sends the photo as chosen where the browser cannot decode it", async () => {
    const large = photo(KEEP_BELOW_BYTES + 1);
    expect(await downsizeForUpload(large)).toBe(large);
    fakeBrowser({ encodes: ["image/webp"] });
    vi.mocked(createImageBitmap).mockRejectedValueOnce(new DOMException("undecodable", "InvalidStateError"));
    expect(await downsizeForUpload(large, { rotate: 90 })).toBe(large);
  });

  it("encodes a large photo as WebP within maxEdge, named after the original", async () => {
    const { canvases, close } = fakeBrowser({ encodes: ["image/webp", "image/jpeg"] });
    const result = await downsizeForUpload(photo(3_000_000));
    expect(canvases).toEqual([{ width: 2000, height: 1500, drawn: [-1000, -750, 2000, 1500] }]);
    expect(result).toMatchObject({
      name: "IMG_0042.webp",
      type: "image/webp",
      size: 1000,
      lastModified: 1_700_000_000_000,
    });
    expect(close).toHaveBeenCalled();
  });

  it("turns a photo by swapping the canvas's sides, even a small one", async () => {
    const { canvases } = fakeBrowser({ encodes: ["image/webp"] });
    const result = await downsizeForUpload(photo(1000), { rotate: 90, maxEdge: 1000 });
    expect(canvases).toEqual([{ width: 750, height: 1000, drawn: [-500, -375, 1000, 750] }]);
    expect(result.type).toBe("image/webp");
  });

  it("uses JPEG where the browser cannot encode WebP", async () => {
    fakeBrowser({ encodes: ["image/jpeg"] });
    const result = await downsizeForUpload(photo(3_000_000, "scan.png"));
    expect(result).toMatchObject({ name: "scan.jpg", type: "image/jpeg" });
  });

  it("keeps the original when the copy would not be smaller", async () => {
    fakeBrowser({ encodes: ["image/webp"], encodedBytes: 2_000_000 });
    const large = photo(1_500_000);
    expect(await downsizeForUpload(large)).toBe(large);
  });
});
