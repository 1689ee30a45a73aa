// The bench's stages for what a Worker at the edge pays (decision 005): database round trips over the wire, and
// Worker CPU per request. Each returns its goal rows (goals.ts) and its figures for results.json.
import { DEMO_PASSWORD } from "../../scripts/seed/demo-data";
import { measureCpuBeside, UNCACHED_COOKIE, workerdPids } from "./cpu";
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
  path: string;
  /** ms of workerd CPU per request as read, the static file's beside it, and the first less the second. */
  grossMs: number;
  staticMs: number;
  ms: number;
}

/** The goal's pages: anonymous `/`, `/rentals` and a car page rendered (not cached); signed in `/rentals`, `/bookings`, a trip. */
export function cpuPages(pages: EdgePages): { name: string; path: string; signedIn: boolean }[] {
  return [
    { name: "/ (uncached)", path: "/", signedIn: false },
    { name: "/rentals (uncached, 24 cards)", path: "/rentals", signedIn: false },
    { name: "car page (uncached)", path: pages.carPath, signedIn: false },
    { name: "/rentals (signed in)", path: "/rentals", signedIn: true },
    { name: "/bookings (signed in)", path: "/bookings", signedIn: true },
    { name: "trip page (signed in)", path: pages.tripPath, signedIn: true },
  ];
}

/** Worker CPU per request of each page, less the static file's taken beside it (cpu.ts, measureCpuBeside). */
export async function cpuStage(
  origin: string,
  serverPgid: number,
  pages: EdgePages,
  say: (line: string) => void,
  only?: (name: string) => boolean,
): Promise<{ rows: GoalRow[]; results: CpuResult[]; pids: number[] }> {
  const pids = workerdPids(serverPgid);
  if (pids.length === 0) throw new Error(`No workerd process in the server's process group ${serverPgid}`);
  const ip = { "CF-Connecting-IP": "198.18.9.1" };
  const staticFile = { url: `${origin}/favicon.svg`, headers: ip };
  const results: CpuResult[] = [];
  for (const page of cpuPages(pages).filter((p) => only?.(p.name) ?? true)) {
    say(`Worker CPU: ${page.name} × ${CPU_REQUESTS}, /favicon.svg beside it (workerd ${pids.join(", ")})`);
    const headers = { ...ip, Cookie: page.signedIn ? pages.session : UNCACHED_COOKIE };
    const { grossMs, staticMs } = await measureCpuBeside(
      pids,
      { url: origin + page.path, headers },
      staticFile,
      CPU_REQUESTS,
    );
    results.push({ name: page.name, path: page.path, grossMs, staticMs, ms: grossMs - staticMs });
  }
  const rows = results.map((r) =>
    goalAtMost(
      `Worker CPU: ${r.name}`,
      round1(r.ms),
      CPU_TARGET_MS,
      "ms",
      `${round1(r.grossMs)} ms less the static file's ${round1(r.staticMs)} ms`,
    ),
  );
  return { rows, results, pids };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
