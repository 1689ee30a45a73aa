// Sequential database round trips per page, counted over the wire at the bench's latency proxy (proxy.ts), and the
// page's time to first byte with the proxy's 40 ms and with none (decision 005, "Round trips over the wire").
import { goalAtMost, type GoalRow } from "./goals";
import { sequentialTrips, type LatencyProxy, type ProxiedRequest } from "./proxy";
import { sleep } from "./processes";

export interface TripPage {
  name: string;
  /** A path, or one per run (a query string that varies keeps an anonymous page out of the edge cache). */
  path: (run: number) => string;
  method?: "GET" | "POST";
  headers?: () => Record<string, string>;
  body?: () => string;
  /** Requests before the measured ones: a cache hit needs the page stored first. */
  warmup?: number;
  maxTrips: number;
}

export interface TripResult {
  name: string;
  /** Median over the runs of the sequential round trips that finished before the answer had. */
  trips: number;
  perRun: number[];
  /** Median requests at the proxy per answer, and the median started during it that finished after (waitUntil). */
  requests: number;
  after: number;
  ttfbMs: number;
  ttfbWithoutDelayMs: number;
  statuses: number[];
}

/** The requests a page's answer waited for: started after it was sent, finished before its body had. */
export function requestsOnPath(requests: readonly ProxiedRequest[], from: number, to: number): ProxiedRequest[] {
  return requests.filter((r) => r.start >= from && r.end > 0 && r.end <= to);
}

export const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function quiet(proxy: LatencyProxy) {
  // Whatever the last answer left running (a waitUntil read) ends before the next page is sent.
  const deadline = performance.now() + 5_000;
  while (proxy.requests.some((r) => r.end === 0) && performance.now() < deadline) await sleep(20);
  await sleep(50);
}

async function send(origin: string, page: TripPage, run: number) {
  const started = performance.now();
  const response = await fetch(origin + page.path(run), {
    method: page.method ?? "GET",
    headers: { "CF-Connecting-IP": `198.18.7.${1 + (run % 250)}`, ...page.headers?.() },
    body: page.body?.(),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const firstByte = performance.now();
  await response.arrayBuffer();
  return { started, ttfb: firstByte - started, ended: performance.now(), status: response.status };
}

export async function measureTrips(
  origin: string,
  proxy: LatencyProxy,
  page: TripPage,
  options: { runs: number; delayMs: number },
): Promise<TripResult> {
  let run = 0;
  proxy.delayMs = 0;
  for (let i = 0; i < (page.warmup ?? 1); i++) await send(origin, page, run++);
  const without: number[] = [];
  const perRun: number[] = [];
  const requests: number[] = [];
  const after: number[] = [];
  const ttfb: number[] = [];
  const statuses: number[] = [];
  // Without and with the delay in turn, so that a machine getting busier or quieter moves both alike.
  for (let i = 0; i < options.runs; i++) {
    proxy.delayMs = 0;
    await quiet(proxy);
    without.push((await send(origin, page, run++)).ttfb);
    proxy.delayMs = options.delayMs;
    await quiet(proxy);
    const sent = await send(origin, page, run++);
    await quiet(proxy);
    const started = proxy.requests.filter((r) => r.start >= sent.started);
    const onPath = requestsOnPath(started, sent.started, sent.ended);
    perRun.push(sequentialTrips(onPath));
    requests.push(onPath.length);
    after.push(started.length - onPath.length);
    ttfb.push(sent.ttfb);
    statuses.push(sent.status);
  }
  proxy.delayMs = 0;
  return {
    name: page.name,
    trips: median(perRun),
    perRun,
    requests: median(requests),
    after: median(after),
    ttfbMs: median(ttfb),
    ttfbWithoutDelayMs: median(without),
    statuses: [...new Set(statuses)],
  };
}

export function tripRows(pages: TripPage[], results: TripResult[], delayMs: number): GoalRow[] {
  return results.map((result, i) =>
    goalAtMost(
      `round trips: ${result.name}`,
      result.trips,
      pages[i]!.maxTrips,
      "",
      `TTFB ${Math.round(result.ttfbWithoutDelayMs)} → ${Math.round(result.ttfbMs)} ms at +${delayMs} ms; ` +
        `${result.requests} requests` +
        (result.after > 0 ? ` (+${result.after} after the answer)` : "") +
        `; runs ${result.perRun.join(" ")}; ${result.statuses.join("/")}`,
    ),
  );
}
