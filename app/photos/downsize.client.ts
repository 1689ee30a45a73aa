// Photos are made smaller in the browser before they are uploaded, so a phone sends a few hundred kilobytes
// instead of a camera's 5 MB, and the wizard's "rotate 90°" is applied before the server sees the photo (part 1:
// rotated images are re-encoded at 0.9 quality). This is about bandwidth only: the server checks and re-encodes
// every upload again, and whatever fails here falls back to the file as chosen.
//
// No dependency: createImageBitmap decodes (it applies the EXIF orientation, so a phone's portrait photo stays
// upright once re-encoded without the tag; Safari also decodes HEIC this way, which the server would refuse) and
// a canvas encodes, WebP where the browser can, JPEG elsewhere.

export type UploadRotation = 0 | 90 | 180 | 270;

export interface DownsizeOptions {
  /** The longest side of the result in pixels; smaller images are never enlarged. */
  maxEdge?: number;
  /** Encoder quality from 0 to 1. */
  quality?: number;
  /** Clockwise, in degrees. */
  rotate?: UploadRotation;
}

/** Files this small are sent as chosen unless rotated: re-encoding would cost quality and save little. */
export const KEEP_BELOW_BYTES = 1024 * 1024;

/** The result's size: the longest side at most `maxEdge`, then turned by `rotate`. */
export function downsizedSize(
  width: number,
  height: number,
  { maxEdge, rotate }: { maxEdge: number; rotate: UploadRotation },
): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  const scaled = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  return rotate === 90 || rotate === 270 ? { width: scaled.height, height: scaled.width } : scaled;
}

/**
 * A smaller (and turned) copy of `file` as WebP or JPEG, or `file` itself when it is small and not rotated, when the
 * browser cannot decode or encode it, or when the copy would not be smaller.
 */
export async function downsizeForUpload(
  file: File,
  { maxEdge = 2000, quality = 0.9, rotate = 0 }: DownsizeOptions = {},
): Promise<File> {
  if (rotate === 0 && file.size <= KEEP_BELOW_BYTES) return file;
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = downsizedSize(bitmap.width, bitmap.height, { maxEdge, rotate });
    const blob = await encode(bitmap, size, rotate, quality);
    if (!blob || (rotate === 0 && blob.size >= file.size)) return file;
    const extension = blob.type === "image/webp" ? "webp" : "jpg";
    const name = `${file.name.replace(/\.[^.]*$/, "") || "photo"}.${extension}`;
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

type DrawingContext = Pick<CanvasRenderingContext2D, "fillStyle" | "fillRect" | "translate" | "rotate" | "drawImage">;

interface Canvas {
  context: DrawingContext;
  toBlob(type: string, quality: number): Promise<Blob | null>;
}

async function encode(
  bitmap: ImageBitmap,
  size: { width: number; height: number },
  rotate: UploadRotation,
  quality: number,
): Promise<Blob | null> {
  const canvas = createCanvas(size.width, size.height);
  if (!canvas) return null;
  const { context } = canvas;
  // JPEG has no transparency: see-through parts of a PNG would otherwise turn black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size.width, size.height);
  context.translate(size.width / 2, size.height / 2);
  context.rotate((rotate * Math.PI) / 180);
  const drawn = rotate === 90 || rotate === 270 ? { width: size.height, height: size.width } : size;
  context.drawImage(bitmap, -drawn.width / 2, -drawn.height / 2, drawn.width, drawn.height);
  // A browser that cannot encode a type answers PNG instead (Safari for WebP), hence the check of the answer.
  for (const type of ["image/webp", "image/jpeg"]) {
    const blob = await canvas.toBlob(type, quality);
    if (blob?.type === type) return blob;
  }
  return null;
}

/** An OffscreenCanvas where it has a 2D context (Safari before 16.4 has none), else a detached <canvas>. */
function createCanvas(width: number, height: number): Canvas | null {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (context) return { context, toBlob: (type, quality) => canvas.convertToBlob({ type, quality }) };
  }
  if (typeof document === "undefined") return null;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  return { context, toBlob: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)) };
}
