// How wide each stored size is made. The Images binding is given a width only (a height as well would letterbox in
// wrangler's local emulation), and never one wider than the source: locally it would enlarge the image.
import { IMAGE_WIDTHS } from "~/utils/images";
import type { ImageSize } from "./webp-size";

export type Rotation = 0 | 90 | 180 | 270;

/** The source's size as it will stand after the rotation. */
export function rotatedSize({ width, height }: ImageSize, rotate: Rotation): ImageSize {
  return rotate === 90 || rotate === 270 ? { width: height, height: width } : { width, height };
}

/** Car photos: each size is as wide as the pages ask for (images.ts), or as the source. */
export function carPhotoWidth(source: ImageSize, variant: "card" | "medium" | "full"): number {
  return Math.min(source.width, IMAGE_WIDTHS[variant]);
}

/**
 * Avatars are shown in circles with object-fit: cover, so the shorter side is what must be sharp: it is made
 * IMAGE_WIDTHS.avatar pixels long (or left as it is when shorter).
 */
export function avatarWidth(source: ImageSize): number {
  const shorter = Math.min(source.width, source.height);
  return Math.min(source.width, Math.round((source.width * IMAGE_WIDTHS.avatar) / shorter));
}
