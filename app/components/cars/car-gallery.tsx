// The car page's photos (part 2 §2). Server HTML that works without JavaScript: a scroll-snap strip whose arrows,
// dots and thumbnails are #anchor links and whose photos link to their full-size files. With JavaScript the links
// scroll the strip smoothly, the dots follow the scroll, and a photo opens the full-screen viewer, whose code loads
// on first use.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type MouseEvent, type UIEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { imageUrl, photoSrcSet } from "~/utils/images";
import { useHydrated } from "~/utils/use-hydrated";
import type { LightboxProps } from "./lightbox";
import { scrollBehavior, wrapIndex, type CarPhoto } from "./lightbox-state";

const Lightbox = lazy((): Promise<{ default: ComponentType<LightboxProps> }> =>
  import("./lightbox").catch(() => ({ default: OpenPhotoFile })),
);

/** The car page's layout: full width on phones, from `lg` two thirds of a `max-w-7xl` page (800 px at most). */
export const DEFAULT_SIZES = "(min-width: 1280px) 800px, (min-width: 1024px) calc((100vw - 5rem) * 2 / 3), 100vw";

const slideId = (index: number) => `photo-${index + 1}`;
const overlay = "grid size-11 place-items-center rounded-full bg-black/55 text-white shadow hover:bg-black/75";

/** A plain left click; with a modifier the link does what links do (a new tab, a download). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function CarGallery({
  images,
  title,
  sizes = DEFAULT_SIZES,
}: {
  /** The first is the main photo. */
  images: CarPhoto[];
  /** "BMW X5 2021": the alt texts say "BMW X5 2021 — photo 2 of 5". */
  title: string;
  /** The `sizes` of the main photo, for a layout other than the car page's. */
  sizes?: string;
}) {
  const { t } = useTranslation("lightbox");
  const strip = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const frame = useRef(0);
  const [active, setActive] = useState(0);
  const [viewer, setViewer] = useState<number | null>(null);
  const [moved, setMoved] = useState(false);
  // Its controls show texts the server did not render: they wait for the page's complete texts, as useHydrated's do.
  const hydrated = useHydrated();

  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  // The photo in view when React takes over: a person may have swiped before the page hydrated.
  useEffect(() => {
    const element = strip.current;
    if (element) setActive(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
  }, []);
  useEffect(() => {
    if (viewer !== null || !returnFocus.current) return;
    returnFocus.current.focus({ preventScroll: true });
    returnFocus.current = null;
  }, [viewer]);

  const total = images.length;
  if (total === 0) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-2xl bg-subtle text-muted">
        <Icon name="car" className="size-12" />
        <p className="text-sm font-medium">{t("gallery.noPhotos")}</p>
      </div>
    );
  }

  function goTo(index: number, behavior: ScrollBehavior = scrollBehavior()) {
    const element = strip.current;
    element?.scrollTo({ left: wrapIndex(index, total) * element.clientWidth, behavior });
  }

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const element = event.currentTarget;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() =>
      setActive(Math.round(element.scrollLeft / Math.max(1, element.clientWidth))),
    );
  }

  const jump = (index: number) => (event: MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    goTo(index);
    setMoved(true);
    // An arrow scrolls away with its photo: focus goes to the same arrow on the photo coming in.
    const arrow = event.currentTarget.dataset.arrow;
    if (arrow)
      strip.current
        ?.querySelector<HTMLElement>(`#${slideId(wrapIndex(index, total))} [data-arrow="${arrow}"]`)
        ?.focus({ preventScroll: true });
  };

  const open = (index: number) => (event: MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setViewer(index);
  };

  function close(index: number) {
    goTo(index, "instant");
    setActive(index);
    setViewer(null);
    // Focus goes back where it came from; from a photo, to the photo the viewer ended on.
    const from = opener.current;
    returnFocus.current =
      from?.dataset.photo !== undefined
        ? (strip.current?.querySelector<HTMLElement>(`#${slideId(index)} [data-photo]`) ?? from)
        : from;
  }

  return (
    <section aria-label={t("gallery.label", { title })}>
      <div className="relative overflow-hidden rounded-2xl bg-subtle">
        <div
          ref={strip}
          onScroll={onScroll}
          className="flex aspect-[4/3] snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] motion-safe:scroll-smooth"
        >
          {images.map((image, i) => {
            // With JavaScript only the photo in view is there for keyboards and screen readers.
            const hidden = hydrated && i !== active;
            const full = imageUrl(image.storageKey, "full");
            return (
              <div
                key={image.storageKey}
                id={slideId(i)}
                aria-hidden={hidden || undefined}
                className="relative w-full shrink-0 scroll-mt-24 snap-center snap-always"
              >
                <a
                  href={full}
                  data-photo=""
                  onClick={open(i)}
                  tabIndex={hidden ? -1 : undefined}
                  className="block size-full"
                >
                  <img
                    src={full}
                    srcSet={photoSrcSet(image.storageKey)}
                    sizes={sizes}
                    width={image.width}
                    height={image.height}
                    alt={t("gallery.photoAlt", { title, current: i + 1, total })}
                    loading={i === 0 ? "eager" : "lazy"}
                    decoding={i === 0 ? undefined : "async"}
                    // React 18 knows no fetchPriority; the lowercase attribute goes through as it is.
                    {...(i === 0 ? { fetchpriority: "high" } : {})}
                    className="size-full object-cover"
                  />
                </a>
                {total > 1 ? (
                  <>
                    <span
                      aria-hidden="true"
                      className="absolute top-2 left-2 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white tabular-nums"
                    >
                      {t("gallery.counter", { current: i + 1, total })}
                    </span>
                    <a
                      href={`#${slideId(wrapIndex(i - 1, total))}`}
                      data-arrow="previous"
                      onClick={jump(i - 1)}
                      tabIndex={hidden ? -1 : undefined}
                      aria-label={t("gallery.previous")}
                      className={`${overlay} absolute top-1/2 left-2 -translate-y-1/2`}
                    >
                      <Icon name="chevronLeft" className="size-6" />
                    </a>
                    <a
                      href={`#${slideId(wrapIndex(i + 1, total))}`}
                      data-arrow="next"
                      onClick={jump(i + 1)}
                      tabIndex={hidden ? -1 : undefined}
                      aria-label={t("gallery.next")}
                      className={`${overlay} absolute top-1/2 right-2 -translate-y-1/2`}
                    >
                      <Icon name="chevronRight" className="size-6" />
                    </a>
                  </>
                ) : null}
              </div>
            );
          })}
        </div>

        {hydrated ? (
          <button
            type="button"
            onClick={open(active)}
            aria-label={t("gallery.openFullScreen")}
            className={`${overlay} absolute top-2 right-2`}
          >
            <Icon name="expand" />
          </button>
        ) : null}

        {total > 1 ? (
          // Dots on phones; from `sm` the thumbnails below do the same.
          <ol className="absolute inset-x-0 bottom-1 flex flex-wrap justify-center sm:hidden">
            {images.map((image, i) => (
              <li key={image.storageKey}>
                <a
                  href={`#${slideId(i)}`}
                  onClick={jump(i)}
                  aria-label={t("gallery.goTo", { current: i + 1, total })}
                  aria-current={i === active || undefined}
                  className="group grid size-6 place-items-center"
                >
                  <span className="block size-2 rounded-full bg-white/60 shadow ring-1 ring-black/30 group-aria-[current=true]:size-2.5 group-aria-[current=true]:bg-white" />
                </a>
              </li>
            ))}
          </ol>
        ) : null}
      </div>

      <p aria-live="polite" className="sr-only">
        {moved ? t("gallery.photoAlt", { title, current: active + 1, total }) : ""}
      </p>

      {total > 1 ? (
        <ol className="mt-3 hidden grid-cols-6 gap-2 sm:grid">
          {images.map((image, i) => (
            <li key={image.storageKey}>
              <a
                href={`#${slideId(i)}`}
                onClick={jump(i)}
                aria-label={t("gallery.goTo", { current: i + 1, total })}
                aria-current={i === active || undefined}
                className="block overflow-hidden rounded-lg opacity-75 ring-2 ring-transparent ring-offset-2 ring-offset-canvas hover:opacity-100 aria-[current=true]:opacity-100 aria-[current=true]:ring-primary"
              >
                <img
                  src={imageUrl(image.storageKey, "card")}
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover"
                />
              </a>
            </li>
          ))}
        </ol>
      ) : null}

      {viewer !== null ? (
        <Suspense
          fallback={
            <p role="status" className="fixed inset-0 z-50 grid place-items-center bg-neutral-950/90 text-white">
              {t("viewer.loading")}
            </p>
          }
        >
          <Lightbox images={images} title={title} index={viewer} onClose={close} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** Should the viewer's code fail to load (a dropped connection), the photo opens as its file, as without JavaScript. */
function OpenPhotoFile({ images, index, onClose }: LightboxProps) {
  useEffect(() => {
    onClose(index);
    window.location.assign(imageUrl(images[index]!.storageKey, "full"));
  }, [images, index, onClose]);
  return null;
}
