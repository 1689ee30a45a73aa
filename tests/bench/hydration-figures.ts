// The pure part of `npm run bench:hydration` (hydration.ts): Total Blocking Time from long tasks, an interaction's
// latency from Event Timing entries, medians, and the goal rows. No browser here, so it is unit-tested alone.

/** A `longtask` entry, as PerformanceObserver gives it (milliseconds on the page's clock). */
export interface LongTask {
  startTime: number;
  duration: number;
}

/** The part of an `event` (Event Timing) entry that INP reads. */
export interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
}

/** Lighthouse's threshold: the part of a task beyond 50 ms blocks input. */
export const BLOCKING_THRESHOLD_MS = 50;

/**
 * Total Blocking Time as Lighthouse counts it: each task is clipped to [from, to] (first contentful paint to the
 * end of the window), and the part of the clipped task beyond 50 ms is summed. A task shorter than 50 ms after
 * clipping blocks nothing.
 */
export function totalBlockingTime(tasks: readonly LongTask[], from: number, to = Number.POSITIVE_INFINITY): number {
  let blocking = 0;
  for (const task of tasks) {
    const start = Math.max(task.startTime, from);
    const end = Math.min(task.startTime + task.duration, to);
    const clipped = end - start;
    if (clipped > BLOCKING_THRESHOLD_MS) blocking += clipped - BLOCKING_THRESHOLD_MS;
  }
  return blocking;
}

/**
 * Each interaction's latency: the longest duration among the entries that share its `interactionId` (a tap is a
 * pointerdown, a pointerup and a click; the slowest of them is the interaction's). Entries with id 0 (hovers,
 * scrolls, events that are not part of an interaction) do not count.
 */
export function interactionLatencies(entries: readonly EventEntry[]): Map<number, number> {
  const latencies = new Map<number, number>();
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    latencies.set(entry.interactionId, Math.max(latencies.get(entry.interactionId) ?? 0, entry.duration));
  }
  return latencies;
}

/**
 * Interaction to Next Paint of a page's entries: the worst interaction (the 98th percentile only differs from the
 * worst beyond 50 interactions, which a bench run never has). Null when there was no interaction.
 */
export function interactionToNextPaint(entries: readonly EventEntry[]): number | null {
  const latencies = [...interactionLatencies(entries).values()];
  if (latencies.length === 0) return null;
  if (latencies.length < 50) return Math.max(...latencies);
  const sorted = latencies.sort((a, b) => b - a);
  return sorted[Math.floor(latencies.length / 50)]!;
}

/** The median of the numbers that were measured (nulls are failed runs); null when none was. */
export function median(values: readonly (number | null)[]): number | null {
  const measured = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (measured.length === 0) return null;
  const middle = Math.floor(measured.length / 2);
  return measured.length % 2 === 1 ? measured[middle]! : (measured[middle - 1]! + measured[middle]!) / 2;
}
