// The photo viewer's rules (part 1 §2 "Image lightbox", part 1 §8): wrap-around paging, zoom 50–300 % in steps of
// 50 %, quarter turns, pan within the photo, pinch and swipe. Framework-free so they are unit-tested.

export type CarPhoto = { storageKey: string; width: number; height: number };
export type Size = { width: number; height: number };
export type Pan = { x: number; y: number };

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.5;
/** The card swipe rule (part 1 §2): more than 50 px sideways, and more sideways than up or down. */
export const SWIPE_MIN_PX = 50;
export const LINK_COPIED_MS = 3000;

export type ViewerState = { index: number; count: number; zoom: number; rotation: number; x: number; y: number };

export type ViewerAction =
  | { type: "go"; index: number }
  | { type: "zoom"; zoom: number; limit: Pan }
  | { type: "view"; zoom: number; x: number; y: number; limit: Pan }
  | { type: "rotate" };

export function initialViewer(index: number, count: number): ViewerState {
  return { index: wrapIndex(index, count), count, zoom: 1, rotation: 0, x: 0, y: 0 };
}

export function wrapIndex(index: number, count: number) {
  return count > 0 ? ((index % count) + count) % count : 0;
}

export function clampZoom(zoom: number) {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** The next step up (+1) or down (-1) from any zoom, a pinched 1.3 included (up to 1.5, down to 1). */
export function stepZoom(zoom: number, direction: 1 | -1) {
  const steps = zoom / ZOOM_STEP;
  const next = direction > 0 ? Math.floor(steps + 1e-9) + 1 : Math.ceil(steps - 1e-9) - 1;
  return clampZoom(next * ZOOM_STEP);
}

/** Two fingers: the zoom at the gesture's start times how far they moved apart, within the limits. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number) {
  return startDistance > 0 ? clampZoom((startZoom * distance) / startDistance) : clampZoom(startZoom);
}

/** 1 for the next photo (finger moved left), -1 for the previous, 0 when it was no swipe. */
export function swipeDirection(dx: number, dy: number): 1 | -1 | 0 {
  if (Math.abs(dx) <= SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

export function isQuarterTurned(rotation: number) {
  return Math.abs(rotation / 90) % 2 === 1;
}

/** The photo's unrotated box so that, turned, it fits the stage whole; never larger than the stored size. */
export function fitSize(stage: Size, photo: Size, rotation: number): Size {
  const turned = isQuarterTurned(rotation);
  const width = turned ? stage.height : stage.width;
  const height = turned ? stage.width : stage.height;
  const scale = Math.max(0, Math.min(width / photo.width, height / photo.height, 1));
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

/** How far the zoomed photo may move from the centre before its edge leaves the stage's edge. */
export function panLimit(stage: Size, box: Size, zoom: number, rotation: number): Pan {
  const turned = isQuarterTurned(rotation);
  const width = (turned ? box.height : box.width) * zoom;
  const height = (turned ? box.width : box.height) * zoom;
  return { x: Math.max(0, (width - stage.width) / 2), y: Math.max(0, (height - stage.height) / 2) };
}

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case "go":
      // Zoom, turn and pan start over with every other photo (and stay when it is this one: a single photo).
      return wrapIndex(action.index, state.count) === state.index ? state : initialViewer(action.index, state.count);
    case "zoom": {
      const zoom = clampZoom(action.zoom);
      // Keeps the point at the centre where it is.
      const ratio = zoom / state.zoom;
      return { ...state, zoom, x: clamp(state.x * ratio, action.limit.x), y: clamp(state.y * ratio, action.limit.y) };
    }
    case "view":
      return {
        ...state,
        zoom: clampZoom(action.zoom),
        x: clamp(action.x, action.limit.x),
        y: clamp(action.y, action.limit.y),
      };
    case "rotate":
      return { ...state, rotation: state.rotation + 90, x: 0, y: 0 };
  }
}

export type ViewerCommand = "previous" | "next" | "zoomIn" | "zoomOut" | "rotate";

/** The viewer's keys; Escape is the dialog's own. Modified keys stay the browser's (Ctrl + + zooms the page). */
export function keyCommand(event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const commands: Record<string, ViewerCommand> = {
    ArrowLeft: "previous",
    ArrowRight: "next",
    "+": "zoomIn",
    "=": "zoomIn",
    "-": "zoomOut",
    r: "rotate",
    R: "rotate",
  };
  return commands[event.key] ?? null;
}

/** `bmw-x5-2021-3.webp`: a file name people recognise in their downloads. */
export function downloadName(title: string, index: number) {
  const slug = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "photo"}-${index + 1}.webp`;
}

export function scrollBehavior(): ScrollBehavior {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches
    ? "auto"
    : "smooth";
}
