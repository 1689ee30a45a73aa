// The full-screen photo viewer (part 1 §2 "Image lightbox"); the car gallery loads this module on first use. A native
// modal <dialog>: the page behind goes inert and does not scroll, focus moves in, Escape closes. The rules are in
// lightbox-state.ts; this file turns buttons, keys and pointers into its actions.
import { useEffect, useLayoutEffect, useReducer, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { formatPercent } from "~/utils/format";
import { imageUrl } from "~/utils/images";
import {
  downloadName,
  fitSize,
  initialViewer,
  keyCommand,
  LINK_COPIED_MS,
  panLimit,
  pinchZoom,
  scrollBehavior,
  stepZoom,
  swipeDirection,
  viewerReducer,
  wrapIndex,
  ZOOM_MAX,
  ZOOM_MIN,
  type CarPhoto,
  type Pan,
  type Size,
  type ViewerCommand,
} from "./lightbox-state";

export type LightboxProps = {
  images: CarPhoto[];
  title: string;
  /** The photo to open at. */
  index: number;
  /** Called once the dialog has closed, with the photo it showed last. */
  onClose: (index: number) => void;
};

type Gesture = { start: Pan; pan: Pan; zoom: number; distance: number; pinched: boolean };

const control =
  "grid size-11 shrink-0 place-items-center rounded-full text-white hover:bg-white/15 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent";
const pager =
  "absolute top-1/2 grid size-12 -translate-y-1/2 place-items-center rounded-full bg-black/55 text-white hover:bg-black/75";

const centre = (points: Pan[]) => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});
const spread = ([a, b]: Pan[]) => (a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0);

export default function Lightbox({ images, title, index, onClose }: LightboxProps) {
  const { t, i18n } = useTranslation("lightbox");
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  const pointers = useRef(new Map<number, Pan>());
  const gesture = useRef<Gesture | null>(null);
  const [state, dispatch] = useReducer(viewerReducer, undefined, () => initialViewer(index, images.length));
  const [stage, setStage] = useState<Size>({ width: 0, height: 0 });
  const [dragging, setDragging] = useState(false);
  const [message, setMessage] = useState<{ text: string } | null>(null);

  const total = images.length;
  const photo = images[state.index]!;
  const full = imageUrl(photo.storageKey, "full");
  const box = fitSize(stage, photo, state.rotation);
  const limitAt = (zoom: number) => panLimit(stage, box, zoom, state.rotation);

  // Before paint: open as a modal (focus goes in), then measure the stage the photo must fit.
  useLayoutEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    closeButton.current?.focus();
    const stageElement = stageRef.current!;
    const measure = () => setStage({ width: stageElement.clientWidth, height: stageElement.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stageElement);
    return () => observer.disconnect();
  }, []);

  function run(command: ViewerCommand) {
    if (command === "rotate") return dispatch({ type: "rotate" });
    if (command === "previous" || command === "next")
      return dispatch({ type: "go", index: state.index + (command === "next" ? 1 : -1) });
    const zoom = stepZoom(state.zoom, command === "zoomIn" ? 1 : -1);
    dispatch({ type: "zoom", zoom, limit: limitAt(zoom) });
  }

  // On the document: a click on the photo leaves focus on the body, and the keys must work all the same.
  const runKey = useRef(run);
  runKey.current = run;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const command = keyCommand(event);
      if (!command) return;
      event.preventDefault();
      runKey.current(command);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // The neighbours load while this one is looked at, so the next one shows at once.
  useEffect(() => {
    for (const step of [1, -1])
      new Image().src = imageUrl(images[wrapIndex(state.index + step, total)]!.storageKey, "full");
    thumbs.current?.children[state.index]?.scrollIntoView({
      block: "nearest",
      inline: "nearest",
      behavior: scrollBehavior(),
    });
  }, [images, state.index, total]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), LINK_COPIED_MS);
    return () => clearTimeout(timer);
  }, [message]);

  async function share() {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      return setMessage({ text: t("viewer.linkCopied") });
    } catch {
      // No clipboard here (an insecure origin, a refused permission): the system's share sheet instead.
    }
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
      } catch {
        // Dismissed.
      }
      return;
    }
    setMessage({ text: t("viewer.shareFailed") });
  }

  // Pointers: one drags (pans when zoomed in, swipes otherwise), two pinch.
  function begin() {
    const points = [...pointers.current.values()];
    gesture.current = {
      start: centre(points),
      pan: { x: state.x, y: state.y },
      zoom: state.zoom,
      distance: spread(points),
      pinched: points.length > 1 || Boolean(gesture.current?.pinched),
    };
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as Element).closest("button, a")) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    begin();
    setDragging(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g || !pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    const zoom = points.length > 1 ? pinchZoom(g.zoom, g.distance, spread(points)) : state.zoom;
    const at = centre(points);
    const ratio = zoom / g.zoom;
    // Not zoomed in, the photo follows the finger sideways until the swipe decides.
    const limit = zoom > 1 ? limitAt(zoom) : g.pinched ? { x: 0, y: 0 } : { x: Infinity, y: 0 };
    dispatch({
      type: "view",
      zoom,
      x: g.pan.x * ratio + at.x - g.start.x,
      y: g.pan.y * ratio + at.y - g.start.y,
      limit,
    });
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    // The last move can arrive only with the lift.
    onPointerMove(event);
    pointers.current.delete(event.pointerId);
    const g = gesture.current;
    // One finger lifted from a pinch: the other pans on from where it is.
    if (pointers.current.size > 0) return begin();
    gesture.current = null;
    setDragging(false);
    if (!g || state.zoom > 1) return;
    const direction = g.pinched ? 0 : swipeDirection(event.clientX - g.start.x, event.clientY - g.start.y);
    dispatch(
      direction
        ? { type: "go", index: state.index + direction }
        : { type: "view", zoom: state.zoom, x: 0, y: 0, limit: { x: 0, y: 0 } },
    );
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="lightbox-title"
      aria-describedby="lightbox-help"
      onClose={() => onClose(state.index)}
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-hidden overscroll-contain border-0 bg-neutral-950 p-0 text-white [--focus:#93b4ff] [color-scheme:dark] backdrop:bg-black"
    >
      <div className="flex h-full flex-col">
        <h2 id="lightbox-title" className="sr-only">
          {t("viewer.title", { title })}
        </h2>
        <p id="lightbox-help" className="sr-only">
          {t("viewer.help")}
        </p>

        <div className="flex items-center gap-1 p-2">
          <p aria-live="polite" className="mr-auto px-3 text-sm font-semibold tabular-nums">
            {t("gallery.counter", { current: state.index + 1, total })}
          </p>
          <a
            href={full}
            download={downloadName(title, state.index)}
            aria-label={t("viewer.download")}
            className={control}
          >
            <Icon name="download" />
          </a>
          <button type="button" onClick={() => void share()} aria-label={t("viewer.share")} className={control}>
            <Icon name="share" />
          </button>
          <button
            ref={closeButton}
            type="button"
            onClick={() => dialog.current?.close()}
            aria-label={t("viewer.close")}
            className={control}
          >
            <Icon name="close" className="size-6" />
          </button>
        </div>

        <div
          ref={stageRef}
          data-testid="lightbox-stage"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          className={`relative min-h-0 flex-1 touch-none overflow-hidden select-none ${
            state.zoom > 1 ? (dragging ? "cursor-grabbing" : "cursor-grab") : ""
          }`}
        >
          <img
            key={state.index}
            src={full}
            alt={t("gallery.photoAlt", { title, current: state.index + 1, total })}
            width={box.width}
            height={box.height}
            draggable={false}
            decoding="async"
            style={{
              // Centred by position: a turned photo may be wider than the stage, and grid centring would not allow that.
              left: (stage.width - box.width) / 2,
              top: (stage.height - box.height) / 2,
              width: box.width,
              height: box.height,
              transform: `translate(${state.x}px, ${state.y}px) rotate(${state.rotation}deg) scale(${state.zoom})`,
              // The card size, most likely cached already, stands in while the full size loads.
              backgroundImage: `url(${imageUrl(photo.storageKey, "card")})`,
            }}
            className={`absolute max-w-none bg-cover bg-center ${
              dragging ? "" : "motion-safe:transition-transform motion-safe:duration-200 motion-safe:ease-out"
            }`}
          />
          {total > 1 ? (
            <>
              <button
                type="button"
                onClick={() => run("previous")}
                aria-label={t("gallery.previous")}
                className={`${pager} left-2`}
              >
                <Icon name="chevronLeft" className="size-7" />
              </button>
              <button
                type="button"
                onClick={() => run("next")}
                aria-label={t("gallery.next")}
                className={`${pager} right-2`}
              >
                <Icon name="chevronRight" className="size-7" />
              </button>
            </>
          ) : null}
          <p role="status" className="pointer-events-none absolute inset-x-0 bottom-4 flex justify-center px-4">
            {message ? (
              <span className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-neutral-900 shadow-lg">
                {message.text}
              </span>
            ) : null}
          </p>
        </div>

        <div className="flex items-center justify-center gap-1 p-2">
          <button
            type="button"
            onClick={() => run("zoomOut")}
            aria-label={t("viewer.zoomOut")}
            aria-disabled={state.zoom <= ZOOM_MIN || undefined}
            className={control}
          >
            <Icon name="zoomOut" />
          </button>
          <span aria-live="polite" data-testid="lightbox-zoom" className="w-14 text-center text-sm tabular-nums">
            {formatPercent(state.zoom * 100, i18n.language, 0)}
          </span>
          <button
            type="button"
            onClick={() => run("zoomIn")}
            aria-label={t("viewer.zoomIn")}
            aria-disabled={state.zoom >= ZOOM_MAX || undefined}
            className={control}
          >
            <Icon name="zoomIn" />
          </button>
          <span aria-hidden="true" className="mx-2 h-6 w-px bg-white/25" />
          <button type="button" onClick={() => run("rotate")} aria-label={t("viewer.rotate")} className={control}>
            <Icon name="rotate" />
          </button>
        </div>

        {total > 1 ? (
          <ul
            ref={thumbs}
            aria-label={t("viewer.thumbnails")}
            className="flex shrink-0 gap-2 overflow-x-auto px-2 pt-1 pb-[max(0.5rem,env(safe-area-inset-bottom))] [justify-content:safe_center] [scrollbar-width:thin]"
          >
            {images.map((image, i) => (
              <li key={image.storageKey} className="shrink-0 p-0.5">
                <button
                  type="button"
                  onClick={() => dispatch({ type: "go", index: i })}
                  aria-label={t("gallery.goTo", { current: i + 1, total })}
                  aria-current={i === state.index || undefined}
                  className="block overflow-hidden rounded-md opacity-60 ring-2 ring-transparent hover:opacity-100 aria-[current=true]:opacity-100 aria-[current=true]:ring-white"
                >
                  <img
                    src={imageUrl(image.storageKey, "card")}
                    alt=""
                    width={64}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    draggable={false}
                    className="h-12 w-16 object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </dialog>
  );
}
