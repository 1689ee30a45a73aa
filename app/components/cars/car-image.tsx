// A car's first photo in a frame the caller sizes and rounds (a list's thumbnail, a card's top, a receipt's side),
// with a car icon in the frame when the car has no photo. Lazy unless `eager` (the first screen's photos).
import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icons";
import { imageUrl, photoSrcSet } from "~/utils/images";

/** A stored photo: its key, and its size in pixels where the row has it (else the card size, 4:3). */
export type CarImageSource = string | { storageKey: string; width?: number; height?: number } | null;

const ICON_SIZE = { sm: "size-6", md: "size-8", lg: "size-10", xl: "size-12" } as const;

export function CarImage({
  photo,
  alt,
  className,
  icon = "lg",
  eager = false,
  sizes,
  children,
}: {
  photo: CarImageSource;
  /** The car's name, or "" where the name is the text beside the photo. */
  alt: string;
  /** The frame: its size, its rounding, its place in the layout. */
  className: string;
  /** The car icon's size when there is no photo, to suit the frame. */
  icon?: keyof typeof ICON_SIZE;
  eager?: boolean;
  /** With it, the browser picks among the card, medium and full sizes for the frame's width. */
  sizes?: string;
  /** Laid over the photo (status badges); the frame is `relative` for them when the caller says so. */
  children?: ReactNode;
}) {
  const source = typeof photo === "string" ? { storageKey: photo } : photo;
  return (
    <div className={`overflow-hidden bg-subtle ${className}`}>
      {source ? (
        <img
          src={imageUrl(source.storageKey, "card")}
          srcSet={sizes ? photoSrcSet(source.storageKey) : undefined}
          sizes={sizes}
          width={source.width ?? 640}
          height={source.height ?? 480}
          alt={alt}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted">
          <Icon name="car" className={ICON_SIZE[icon]} />
        </div>
      )}
      {children}
    </div>
  );
}
