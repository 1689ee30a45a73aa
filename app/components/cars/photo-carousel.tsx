// A card's photos: a horizontal strip with scroll snapping, so a thumb swipes through them without JavaScript.
// With it, arrows step through and the counter follows. A broken photo falls back to the placeholder beneath it.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/use-hydrated";
import { Icon } from "~/components/ui/icons";
import { imageUrl } from "~/utils/images";

export interface CarouselImage {
  storageKey: string;
  width: number;
  height: number;
}

export function PhotoCarousel({
  images,
  alt,
  eager = false,
  className = "aspect-[4/3]",
  frozen = false,
}: {
  images: CarouselImage[];
  alt: string;
  /** The first photo of a card in the first row loads at once; every other photo waits until it is near. */
  eager?: boolean;
  className?: string;
  /**
   * Rendered once as HTML that React never hydrates (a listing card's, card-html.ts): the arrows are in it, hidden
   * until the card's own listeners show them (frozen-card.ts), and the strip and counter are marked for them.
   */
  frozen?: boolean;
}) {
  const { t } = useTranslation("cars");
  const strip = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<Set<number>>(new Set());
  const hydrated = useHydrated();
  const arrows = frozen || hydrated;

  useEffect(() => {
    const element = strip.current;
    if (!element || images.length < 2) return;
    const onScroll = () => setIndex(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
    // From the photo in view: a person may have swiped before the page hydrated.
    onScroll();
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, [images.length]);

  const go = (step: number) => {
    const element = strip.current;
    if (!element) return;
    const next = (index + step + images.length) % images.length;
    element.scrollTo({ left: next * element.clientWidth, behavior: "smooth" });
  };

  return (
    <div className={`group relative overflow-hidden bg-subtle ${className}`}>
      <div aria-hidden="true" className="absolute inset-0 grid place-items-center text-muted">
        <Icon name="car" className="size-12 opacity-40" />
      </div>
      {images.length > 0 ? (
        <ul
          ref={strip}
          data-photo-strip={frozen ? "" : undefined}
          className="relative flex h-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
          aria-label={t("card.photos", { count: images.length })}
          // Keyboard users scroll the strip with the arrow keys once it has focus.
          tabIndex={images.length > 1 ? 0 : undefined}
        >
          {images.map((image, i) => (
            <li key={image.storageKey + i} className="h-full w-full shrink-0 snap-center">
              {broken.has(i) ? null : (
                <img
                  src={imageUrl(image.storageKey, "card")}
                  width={640}
                  height={480}
                  alt={images.length > 1 ? t("card.photoOf", { title: alt, n: i + 1, count: images.length }) : alt}
                  loading={eager && i === 0 ? "eager" : "lazy"}
                  decoding="async"
                  fetchPriority={eager && i === 0 ? "high" : undefined}
                  onError={frozen ? undefined : () => setBroken((set) => new Set(set).add(i))}
                  className="h-full w-full object-cover"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {images.length > 1 ? (
        <>
          <span
            data-photo-counter={frozen ? "" : undefined}
            className="pointer-events-none absolute right-2 bottom-2 rounded-full bg-black/65 px-2 py-0.5 text-xs font-semibold text-white tabular-nums"
          >
            {index + 1} / {images.length}
          </span>
          {arrows ? (
            <>
              <button
                type="button"
                hidden={frozen || undefined}
                data-photo-step={frozen ? -1 : undefined}
                onClick={frozen ? undefined : () => go(-1)}
                className="absolute top-1/2 left-2 hidden -translate-y-1/2 rounded-full bg-black/55 p-1.5 text-white group-hover:block focus-visible:block"
                aria-label={t("card.previousPhoto")}
              >
                <Icon name="chevronRight" className="size-4 rotate-180" />
              </button>
              <button
                type="button"
                hidden={frozen || undefined}
                data-photo-step={frozen ? 1 : undefined}
                onClick={frozen ? undefined : () => go(1)}
                className="absolute top-1/2 right-2 hidden -translate-y-1/2 rounded-full bg-black/55 p-1.5 text-white group-hover:block focus-visible:block"
                aria-label={t("card.nextPhoto")}
              >
                <Icon name="chevronRight" className="size-4" />
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
