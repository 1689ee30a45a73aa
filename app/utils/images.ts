// Photo URLs. Objects live in R2 under server-chosen keys; each photo is stored in the sizes pages need.
export type ImageVariant = "card" | "full" | "avatar";

export const IMAGE_WIDTHS: Record<ImageVariant, number> = { card: 640, full: 1600, avatar: 256 };

export function imageUrl(storageKey: string, variant: ImageVariant): string {
  return `/images/${storageKey}/${variant}.webp`;
}
