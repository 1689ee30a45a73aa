// Part 1 §5 photo rules. The type is decided by the file's first bytes, not its name or the browser's claim.

export const MAX_PHOTOS = 10;
/** "Each under 5 MB": 5 MiB itself is refused. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export type ImageType = "jpeg" | "png" | "webp";

export function detectImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((value, index) => at(index) === value)
  )
    return "png";
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF" &&
    String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP"
  )
    return "webp";
  return null;
}

export type PhotoProblem = "validation.photoType" | "validation.photoSize" | "validation.photoCount";

/** The first problem with a batch of photos, counting the ones already stored. */
export function photoProblem(files: { size: number; head: Uint8Array }[], alreadyStored = 0): PhotoProblem | null {
  if (files.length + alreadyStored > MAX_PHOTOS) return "validation.photoCount";
  for (const file of files) {
    if (detectImageType(file.head) === null) return "validation.photoType";
    if (file.size >= MAX_PHOTO_BYTES) return "validation.photoSize";
  }
  return null;
}

/**
 * What the browser's picker keeps of a batch it is given, with `room` places left: images of an allowed type under
 * the size limit, as many as fit, in the order chosen; and the spec's message for each kind of file it left out
 * (type, size, count), shown at once. `head` is the chosen file's first bytes; `size` what would be uploaded.
 */
export function sortPickedPhotos<T extends { size: number; head: Uint8Array }>(
  files: readonly T[],
  room: number,
): { kept: T[]; problems: PhotoProblem[] } {
  const found = new Set<PhotoProblem>();
  const kept: T[] = [];
  for (const file of files) {
    if (detectImageType(file.head) === null) found.add("validation.photoType");
    else if (file.size >= MAX_PHOTO_BYTES) found.add("validation.photoSize");
    else if (kept.length >= room) found.add("validation.photoCount");
    else kept.push(file);
  }
  const order: PhotoProblem[] = ["validation.photoType", "validation.photoSize", "validation.photoCount"];
  return { kept, problems: order.filter((problem) => found.has(problem)) };
}
