import { describe, expect, it } from "vitest";
import {
  interactionLatencies,
  interactionToNextPaint,
  median,
  totalBlockingTime,
  type EventEntry,
} from "./hydration-figures";

describe("totalBlockingTime", () => {
  it("sums the part of each task beyond 50 ms", () => {
    const tasks = [
      { startTime: 1000, duration: 120 },
      { startTime: 1500, duration: 51 },
      { startTime: 2000, duration: 300 },
    ];
    expect(totalBlockingTime(tasks, 0)).toBe(70 + 1 + 250);
  });

  it("counts nothing for tasks of 50 ms or less", () => {
    expect(totalBlockingTime([{ startTime: 10, duration: 50 }], 0)).toBe(0);
  });

  it("clips a task that starts before first contentful paint, as Lighthouse does", () => {
    // 200 ms task, FCP 120 ms into it: 80 ms after FCP, of which 30 block.
    expect(totalBlockingTime([{ startTime: 1000, duration: 200 }], 1120)).toBe(30);
    // Only 40 ms of it after FCP: nothing blocks.
    expect(totalBlockingTime([{ startTime: 1000, duration: 200 }], 1160)).toBe(0);
  });

  it("clips at the end of the window and ignores tasks outside it", () => {
    const tasks = [
      { startTime: 100, duration: 80 },
      { startTime: 5000, duration: 400 },
    ];
    expect(totalBlockingTime(tasks, 200, 5100)).toBe(50);
  });
});

const entry = (name: string, interactionId: number, duration: number, startTime = 0): EventEntry => ({
  name,
  interactionId,
  duration,
  startTime,
});

describe("interaction latency and INP", () => {
  it("takes an interaction's slowest entry", () => {
    const entries = [entry("pointerdown", 7, 24), entry("pointerup", 7, 40), entry("click", 7, 112)];
    expect(interactionLatencies(entries)).toEqual(new Map([[7, 112]]));
  });

  it("ignores entries that are not part of an interaction", () => {
    const entries = [entry("mouseover", 0, 400), entry("pointerenter", 0, 300), entry("click", 3, 56)];
    expect(interactionToNextPaint(entries)).toBe(56);
  });

  it("is the worst interaction below 50 interactions, null with none", () => {
    const entries = [entry("click", 1, 80), entry("keydown", 2, 240), entry("click", 3, 16)];
    expect(interactionToNextPaint(entries)).toBe(240);
    expect(interactionToNextPaint([entry("mouseover", 0, 500)])).toBeNull();
  });

  it("skips the worst of every 50 interactions beyond that (the 98th percentile)", () => {
    const entries = Array.from({ length: 60 }, (_, i) => entry("click", i + 1, i === 0 ? 900 : 100 + i));
    expect(interactionToNextPaint(entries)).toBe(159);
  });
});

describe("median", () => {
  it("is the middle of the measured values, failed runs left out", () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([300, null, 100])).toBe(200);
    expect(median([null, null])).toBeNull();
  });
});
