import { describe, expect, it } from "vitest";
import {
  downloadName,
  fitSize,
  initialViewer,
  keyCommand,
  panLimit,
  pinchZoom,
  stepZoom,
  swipeDirection,
  viewerReducer,
  wrapIndex,
  type ViewerState,
} from "~/components/cars/lightbox-state";

const noLimit = { x: Infinity, y: Infinity };

describe("paging", () => {
  it("wraps around both ways", () => {
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(12, 5)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
    let state = initialViewer(4, 5);
    state = viewerReducer(state, { type: "go", index: state.index + 1 });
    expect(state.index).toBe(0);
    state = viewerReducer(state, { type: "go", index: state.index - 1 });
    expect(state.index).toBe(4);
  });

  it("starts zoom, turn and pan over when the photo changes", () => {
    let state: ViewerState = initialViewer(1, 3);
    state = viewerReducer(state, { type: "zoom", zoom: 2, limit: noLimit });
    state = viewerReducer(state, { type: "rotate" });
    state = viewerReducer(state, { type: "view", zoom: 2, x: 40, y: -20, limit: noLimit });
    expect(state).toMatchObject({ zoom: 2, rotation: 90, x: 40, y: -20 });
    expect(viewerReducer(state, { type: "go", index: 2 })).toEqual({
      index: 2,
      count: 3,
      zoom: 1,
      rotation: 0,
      x: 0,
      y: 0,
    });
  });

  it("keeps the view when paging lands on the same photo (a car with one photo)", () => {
    const zoomed = viewerReducer(initialViewer(0, 1), { type: "zoom", zoom: 2, limit: noLimit });
    expect(viewerReducer(zoomed, { type: "go", index: 1 })).toBe(zoomed);
    expect(viewerReducer(zoomed, { type: "go", index: -1 })).toBe(zoomed);
  });
});

describe("zoom", () => {
  it("goes from 50 % to 300 % in steps of 50 % and stops at the ends", () => {
    const up: number[] = [];
    let zoom = 0.5;
    for (let i = 0; i < 7; i += 1) up.push((zoom = stepZoom(zoom, 1)));
    expect(up).toEqual([1, 1.5, 2, 2.5, 3, 3, 3]);
    expect(stepZoom(1, -1)).toBe(0.5);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });

  it("steps from a pinched zoom to the neighbouring steps", () => {
    expect(stepZoom(1.3, 1)).toBe(1.5);
    expect(stepZoom(1.3, -1)).toBe(1);
    expect(stepZoom(2.999999, 1)).toBe(3);
  });

  it("clamps pinches to the same limits", () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 1000)).toBe(3);
    expect(pinchZoom(1, 100, 10)).toBe(0.5);
    expect(pinchZoom(1.5, 0, 50)).toBe(1.5);
  });

  it("clamps zoom actions and keeps the centred point while the pan fits", () => {
    let state = initialViewer(0, 1);
    state = viewerReducer(state, { type: "zoom", zoom: 9, limit: noLimit });
    expect(state.zoom).toBe(3);
    state = viewerReducer(state, { type: "view", zoom: 3, x: 90, y: 30, limit: noLimit });
    state = viewerReducer(state, { type: "zoom", zoom: 1.5, limit: { x: 100, y: 100 } });
    expect(state).toMatchObject({ zoom: 1.5, x: 45, y: 15 });
    state = viewerReducer(state, { type: "zoom", zoom: 1, limit: { x: 0, y: 0 } });
    expect(state).toMatchObject({ zoom: 1, x: 0, y: 0 });
    expect(viewerReducer(state, { type: "zoom", zoom: 0.1, limit: { x: 0, y: 0 } }).zoom).toBe(0.5);
  });
});

describe("rotation", () => {
  it("turns by 90° and recentres", () => {
    let state = viewerReducer(initialViewer(0, 2), { type: "view", zoom: 2, x: 10, y: 10, limit: noLimit });
    state = viewerReducer(state, { type: "rotate" });
    expect(state).toMatchObject({ rotation: 90, x: 0, y: 0, zoom: 2 });
    state = viewerReducer(viewerReducer(viewerReducer(state, { type: "rotate" }), { type: "rotate" }), {
      type: "rotate",
    });
    expect(state.rotation % 360).toBe(0);
  });

  it("fits the turned photo into the stage", () => {
    const photo = { width: 1600, height: 1200 };
    // A desktop stage: upright the photo fills the height; turned, its long side must fit the height.
    expect(fitSize({ width: 1280, height: 600 }, photo, 0)).toEqual({ width: 800, height: 600 });
    expect(fitSize({ width: 1280, height: 600 }, photo, 90)).toEqual({ width: 600, height: 450 });
    // A phone held upright: turned, the photo grows to use the height.
    expect(fitSize({ width: 375, height: 600 }, photo, 0)).toEqual({ width: 375, height: 281 });
    expect(fitSize({ width: 375, height: 600 }, photo, 270)).toEqual({ width: 500, height: 375 });
    // Never beyond the stored size.
    expect(fitSize({ width: 3000, height: 3000 }, photo, 0)).toEqual(photo);
    expect(fitSize({ width: 0, height: 0 }, photo, 0)).toEqual({ width: 0, height: 0 });
  });
});

describe("pan", () => {
  it("lets the zoomed photo move until its edge meets the stage's edge", () => {
    const stage = { width: 400, height: 300 };
    const box = { width: 400, height: 300 };
    expect(panLimit(stage, box, 1, 0)).toEqual({ x: 0, y: 0 });
    expect(panLimit(stage, box, 0.5, 0)).toEqual({ x: 0, y: 0 });
    expect(panLimit(stage, box, 2, 0)).toEqual({ x: 200, y: 150 });
    // Turned, the photo's height runs across.
    expect(panLimit(stage, box, 2, 90)).toEqual({ x: 100, y: 250 });
  });

  it("clamps a drag to the limit", () => {
    const state = viewerReducer(initialViewer(0, 1), {
      type: "view",
      zoom: 2,
      x: 500,
      y: -500,
      limit: { x: 200, y: 150 },
    });
    expect(state).toMatchObject({ x: 200, y: -150 });
  });
});

describe("swipe", () => {
  it("needs more than 50 px sideways, more sideways than vertical", () => {
    expect(swipeDirection(-51, 0)).toBe(1);
    expect(swipeDirection(80, 20)).toBe(-1);
    expect(swipeDirection(-50, 0)).toBe(0);
    expect(swipeDirection(60, 70)).toBe(0);
    expect(swipeDirection(-60, -60)).toBe(0);
    expect(swipeDirection(0, 0)).toBe(0);
  });
});

describe("keys", () => {
  it("map arrows, + and -, and R; leave modified keys to the browser", () => {
    expect(keyCommand({ key: "ArrowLeft" })).toBe("previous");
    expect(keyCommand({ key: "ArrowRight" })).toBe("next");
    expect(keyCommand({ key: "+" })).toBe("zoomIn");
    expect(keyCommand({ key: "=" })).toBe("zoomIn");
    expect(keyCommand({ key: "-" })).toBe("zoomOut");
    expect(keyCommand({ key: "r" })).toBe("rotate");
    expect(keyCommand({ key: "R" })).toBe("rotate");
    expect(keyCommand({ key: "Escape" })).toBeNull();
    expect(keyCommand({ key: "x" })).toBeNull();
    expect(keyCommand({ key: "+", ctrlKey: true })).toBeNull();
    expect(keyCommand({ key: "r", metaKey: true })).toBeNull();
  });
});

describe("download name", () => {
  it("is the title as a slug and the photo's number", () => {
    expect(downloadName("BMW X5 2021", 1)).toBe("bmw-x5-2021-2.webp");
    expect(downloadName("Škoda Octavia — 2020!", 0)).toBe("škoda-octavia-2020-1.webp");
    expect(downloadName("  ", 4)).toBe("photo-5.webp");
  });
});
