// Photo URLs. Objects live in R2 under server-chosen keys; each photo is stored in the sizes pages need.
export type ImageVariant = "card" | "medium" | "full" | "avatar";

/**
 * `medium` is the car page's main photo on phones: a 375–412 px screen at 1.75–2× wants 660–825 px, and without it
 * the browser took the 1600 px full size (the 640 px card is a little too narrow), the page's largest paint.
 */
export const IMAGE_WIDTHS: Record<ImageVariant, number> = { card: 640, medium: 800, full: 1600, avatar: 256 };

export function imageUrl(storageKey: string, variant: ImageVariant): string {
  return `/images/${storageKey}/${variant}.webp`;
}

/** A car photo's candidates for `srcset`: the card, medium and full sizes by their widths. */
export function photoSrcSet(storageKey: string) {
  return `${imageUrl(storageKey, "card")} 640w, ${imageUrl(storageKey, "medium")} 800w, ${imageUrl(storageKey, "full")} 1600w`;
}
