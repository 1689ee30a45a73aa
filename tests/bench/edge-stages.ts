// The bench's stages for what a Worker at the edge pays (decision 005): database round trips over the wire, and
// Worker CPU per request. Each returns its goal rows (goals.ts) and its figures for results.json.
import { DEMO_PASSWORD } from "../../scripts/seed/demo-data";
import { measureCpu, workerdPids } from "./cpu";
import type { GoalRow } from "./goals";
import { goalAtMost } from "./goals";
import type { LatencyProxy } from "./proxy";
import { measureTrips, tripRows, type TripPage, type TripResult } from "./round-trips";

export const PROXY_DELAY_MS = Number(process.env.BENCH_PROXY_DELAY_MS ?? 40);
const TRIP_RUNS = 5;
/** Requests per CPU figure: about 100 clock ticks at 25 ms a request, so a tick more or less moves it by 1 %. */
export const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 40);
export const CPU_TARGET_MS = 10;

export interface EdgePages {
  carPath: string;
  tripPath: string;
  /** The demo renter's session cookie. */
  session: string;
  signedInAs: string;
}

/** A query string of its own per request: the edge cache keys on it (decision 006), so each is a miss, a render. */
const uncached = (path: string) => (run: number) =>
  `${path}${path.includes("?") ? "&" : "?"}bench=${Date.now()}-${run}`;

function tripPages(p: EdgePages, origin: string): TripPage[] {
  const signedIn = () => ({ Cookie: p.session });
  return [
    { name: "/ (anonymous)", path: uncached("/"), maxTrips: 1 },
    { name: "/rentals (anonymous)", path: uncached("/rentals"), maxTrips: 1 },
    { name: "text search (anonymous)", path: uncached("/cars?search=BMW"), maxTrips: 1 },
    { name: "car page (anonymous)", path: uncached(p.carPath), maxTrips: 1 },
    { name: "edge-cache hit (/rentals again)", path: () => "/rentals", warmup: 2, maxTrips: 0 },
    {
      name: "POST /auth/signin",
      path: () => "/auth/signin",
      method: "POST",
      headers: () => ({ Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }),
      body: () => new URLSearchParams({ email: p.signedInAs, password: DEMO_PASSWORD }).toString(),
      warmup: 0,
      maxTrips: 2,
    },
    { name: "/rentals (signed in)", path: () => "/rentals", headers: signedIn, maxTrips: 1 },
    { name: "/bookings (signed in)", path: () => "/bookings", headers: signedIn, maxTrips: 1 },
    { name: "trip page (signed in)", path: () => p.tripPath, headers: signedIn, maxTrips: 1 },
    { name: "/dashboard (signed in)", path: () => "/dashboard", headers: signedIn, maxTrips: 1 },
  ];
}

export async function roundTripStage(
  origin: string,
  proxy: LatencyProxy,
  pages: EdgePages,
  say: (line: string) => void,
): Promise<{ rows: GoalRow[]; results: TripResult[] }> {
  const list = tripPages(pages, origin);
  const results: TripResult[] = [];
  for (const page of list) {
    say(`Round trips at +${PROXY_DELAY_MS} ms: ${page.name}`);
    results.push(await measureTrips(origin, proxy, page, { runs: TRIP_RUNS, delayMs: PROXY_DELAY_MS }));
  }
  return { rows: tripRows(list, results, PROXY_DELAY_MS), results };
}

export interface CpuResult {
  name: string;
  url: string;
  /** ms of workerd CPU per request, and the same less the static file's. */
  grossMs: number;
  ms: number;
}

export async function cpuStage(
  origin: string,
  serverPgid: number,
  pages: EdgePages,
  say: (line: string) => void,
): Promise<{ rows: GoalRow[]; results: CpuResult[]; staticMs: number; pids: number[] }> {
  const pids = workerdPids(serverPgid);
  if (pids.length === 0) throw new Error(`No workerd process in the server's process group ${serverPgid}`);
  const anonymous = { "CF-Connecting-IP": "198.18.9.1" };
  const signedIn = { ...anonymous, Cookie: pages.session };
  let n = 0;
  const fresh = (path: string) => () => origin + uncached(path)(n++);
  const list = [
    { name: "/ (uncached)", url: fresh("/"), headers: anonymous },
    { name: "/rentals (uncached, 24 cards)", url: fresh("/rentals"), headers: anonymous },
    { name: "car page (uncached)", url: fresh(pages.carPath), headers: anonymous },
    { name: "/rentals (signed in)", url: () => `${origin}/rentals`, headers: signedIn },
    { name: "/bookings (signed in)", url: () => `${origin}/bookings`, headers: signedIn },
    { name: "trip page (signed in)", url: () => origin + pages.tripPath, headers: signedIn },
  ];
  say(`Worker CPU: /favicon.svg × ${CPU_REQUESTS} (workerd ${pids.join(", ")})`);
  const staticMs = await measureCpu(pids, `${origin}/favicon.svg`, anonymous, CPU_REQUESTS);
  const results: CpuResult[] = [];
  for (const page of list) {
    say(`Worker CPU: ${page.name} × ${CPU_REQUESTS}`);
    const grossMs = await measureCpu(pids, page.url, page.headers, CPU_REQUESTS);
    results.push({ name: page.name, url: page.url().replace(origin, ""), grossMs, ms: grossMs - staticMs });
  }
  const rows = results.map((r) =>
    goalAtMost(
      `Worker CPU: ${r.name}`,
      round1(r.ms),
      CPU_TARGET_MS,
      "ms",
      `${round1(r.grossMs)} ms less the static file's ${round1(staticMs)} ms`,
    ),
  );
  return { rows, results, staticMs, pids };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
