// npm run bench:cpu — the Worker's CPU per uncached render, the measure that counts at the edge (a Worker on the
// free plan may spend 10 ms of CPU on a request; docs/decisions/037-worker-cpu-per-render.md).
//
// Serves the production build on the bench's database (10,000 extra cars, tests/bench/prepare.ts; seeded when
// missing) and, for each page, reads the CPU time (utime + stime in /proc/<pid>/stat) of the server's workerd
// processes before and after each of N sequential requests of that one URL, each followed by a request of a static
// file (/favicon.svg) read the same way: the static file's mean is the baseline, so what is left is the page's own
// work (its render, its loaders), not the runtime's per-request plumbing. Sequential, so nothing but the measured
// request runs in the Worker meanwhile. CPU, not wall time; still, a machine busy with other work slows the caches
// and cores the Worker shares, so compare figures from runs on a quiet machine, one after the other.
//
// Anonymous pages would come from the edge cache after the first request (decisions 006 and 024). A request with a
// toast cookie is never cached (app/edge-cache.server.ts), and one whose value is not a signed toast renders no
// toast and clears nothing, so each such request renders the page a first visitor gets, without the local cache's
// put (in wrangler dev the cache runs inside the same workerd, so a miss would also bill its storage to the
// Worker; at the edge that is the runtime's I/O, not the Worker's CPU).
//
// Flags: --no-build (serve build/ as it is), --runs N (requests per page, 40), --only PATH (one page, for profiling).
// Environment: BENCH_CPU_PORT (8815), BENCH_CPU_LIBSQL_PORT (8816), BENCH_CPU_PARTYKIT_PORT (8817).
import { createClient } from "@libsql/client";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD } from "../../scripts/seed/demo-data";
import {
  build,
  checkPortsFree,
  DB_FILE,
  pickCarPage,
  prepareDatabase,
  serve,
  snapshotTree,
  type Ports,
} from "./prepare";
import { beginShutdown, stopAllGroups, stopGroup, type Group } from "./processes";

/** Workers' free plan: CPU per request. */
export const CPU_TARGET_MS = 10;
export const STATIC_FILE = "/favicon.svg";
/** The demo renter (scripts/seed/demo-data.ts): owns no car, has trips. */
export const SIGNED_IN_AS = "renter@demo.lt";

export interface GoalRow {
  goal: string;
  target: number;
  measured: number;
  unit: string;
  pass: boolean;
}

export interface CpuPage {
  /** What the goal row calls it. */
  goal: string;
  path: string;
  signedIn: boolean;
  /** Send an unsigned toast cookie, so that an anonymous page is rendered and not served from the edge cache. */
  bypassCache: boolean;
}

export interface CpuFigure {
  page: CpuPage;
  /** CPU per request in ms, the static file's subtracted. */
  perRequestMs: number;
  /** CPU per request in ms as read, before the subtraction. */
  rawMs: number;
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** Every process whose ancestry reaches `rootPid` (the server's process group leader). */
function descendants(rootPid: number): { pid: number; name: string }[] {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    parents.set(Number(entry), stat.ppid);
    names.set(Number(entry), stat.name);
  }
  const found: { pid: number; name: string }[] = [];
  for (const [pid] of parents) {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) {
      if (at === rootPid) {
        found.push({ pid, name: names.get(pid) ?? "" });
        break;
      }
    }
  }
  return found;
}

function readStat(pid: number): { name: string; ppid: number; ticks: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The name is in parentheses and may hold spaces; the fields after it are space-separated.
  const close = text.lastIndexOf(")");
  const name = text.slice(text.indexOf("(") + 1, close);
  const fields = text.slice(close + 2).split(" ");
  // After the name: state(0) ppid(1) … utime(11) stime(12).
  return { name, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** The workerd processes that serve the Worker (not PartyKit's, which runs its own). */
export function workerdPids(server: Group, webPort: number): number[] {
  const all = descendants(server.pgid).filter((p) => p.name === "workerd");
  const partykit = all.filter((p) => {
    try {
      return readFileSync(`/proc/${p.pid}/cmdline`, "utf8").includes("partykit");
    } catch {
      return false;
    }
  });
  const pids = all.filter((p) => !partykit.includes(p)).map((p) => p.pid);
  if (pids.length === 0) throw new Error(`No workerd process found under the server (port ${webPort})`);
  return pids;
}

function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) ticks += readStat(pid)?.ticks ?? 0;
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Not signed, so the page shows no toast; its name alone keeps the answer out of the edge cache. */
export const UNCACHED_COOKIE = "toast=none";

async function request(origin: string, path: string, cookie: string | undefined): Promise<void> {
  const response = await fetch(origin + path, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  if (response.headers.has("X-Edge-Cache")) throw new Error(`${path} went through the edge cache`);
  if (response.headers.has("Set-Cookie")) throw new Error(`${path} set a cookie`);
}

const cookieFor = (page: CpuPage, session: string | undefined) =>
  page.signedIn ? session : page.bypassCache ? UNCACHED_COOKIE : undefined;

const STATIC_PAGE: CpuPage = { goal: "static", path: STATIC_FILE, signedIn: false, bypassCache: false };

/**
 * CPU per request of one URL and of the static file, in the same window: `runs` pairs of sequential requests (the
 * page, then the static file), each request's CPU added to its own side, after a few to warm the isolate up. The
 * static file's figure is taken beside the page's, so a machine that gets busier halfway moves both alike.
 */
async function measureOne(
  origin: string,
  pids: number[],
  page: CpuPage,
  cookie: string | undefined,
  runs: number,
): Promise<{ pageMs: number; staticMs: number }> {
  for (let i = 0; i < 3; i++) await request(origin, page.path, cookieFor(page, cookie));
  let pageMs = 0;
  let staticMs = 0;
  for (let i = 0; i < runs; i++) {
    let at = cpuMs(pids);
    await request(origin, page.path, cookieFor(page, cookie));
    pageMs += cpuMs(pids) - at;
    at = cpuMs(pids);
    await request(origin, STATIC_PAGE.path, undefined);
    staticMs += cpuMs(pids) - at;
  }
  return { pageMs: pageMs / runs, staticMs: staticMs / runs };
}

/** Each page's CPU per request, less the static file's measured beside it (measureOne). */
export async function measureWorkerCpu(options: {
  origin: string;
  pids: number[];
  pages: CpuPage[];
  cookie: string | undefined;
  runs: number;
  say?: (line: string) => void;
}): Promise<{ staticMs: number; figures: CpuFigure[] }> {
  const figures: CpuFigure[] = [];
  const statics: number[] = [];
  for (const page of options.pages) {
    const { pageMs, staticMs } = await measureOne(options.origin, options.pids, page, options.cookie, options.runs);
    options.say?.(`${page.goal}: ${pageMs.toFixed(1)} ms as read, static file beside it ${staticMs.toFixed(1)} ms`);
    figures.push({ page, rawMs: pageMs, perRequestMs: pageMs - staticMs });
    statics.push(staticMs);
  }
  return { staticMs: statics.reduce((a, b) => a + b, 0) / Math.max(1, statics.length), figures };
}

/** The goal rows the lead's report prints: one per page, CPU per request against the edge's 10 ms. */
export function cpuGoalRows(figures: CpuFigure[]): GoalRow[] {
  return figures.map((figure) => ({
    goal: `Worker CPU per request, ${figure.page.goal}`,
    target: CPU_TARGET_MS,
    measured: Math.round(figure.perRequestMs * 10) / 10,
    unit: "ms",
    pass: figure.perRequestMs <= CPU_TARGET_MS,
  }));
}

/** The pages of the goal: anonymous `/`, `/rentals` and a car page uncached; signed in `/rentals`, `/bookings`, a trip. */
export function cpuPages(carId: string, tripId: string): CpuPage[] {
  return [
    { goal: "/ (anonymous, uncached)", path: "/", signedIn: false, bypassCache: true },
    { goal: "/rentals, 24 cards (anonymous, uncached)", path: "/rentals", signedIn: false, bypassCache: true },
    { goal: "car page (anonymous, uncached)", path: `/car/${carId}`, signedIn: false, bypassCache: true },
    { goal: "/rentals (signed in)", path: "/rentals", signedIn: true, bypassCache: false },
    { goal: "/bookings (signed in)", path: "/bookings", signedIn: true, bypassCache: false },
    { goal: "trip page (signed in)", path: `/bookings/${tripId}`, signedIn: true, bypassCache: false },
  ];
}

/** The signed-in renter's newest trip on the bench database. */
export async function pickTrip(): Promise<string> {
  const client = createClient({ url: `file:${DB_FILE}` });
  try {
    const result = await client.execute({
      sql: `select b.id from bookings b join users u on u.id = b.renter_id where u.email = ? order by b.created_at desc limit 1`,
      args: [SIGNED_IN_AS],
    });
    const id = result.rows[0]?.id;
    if (!id) throw new Error(`${SIGNED_IN_AS} has no booking in ${DB_FILE}`);
    return String(id);
  } finally {
    client.close();
  }
}

/** The demo renter's session cookie, from one sign-in over HTTP (no redirect followed; the toast cookie left off). */
export async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/auth/signin`, {
    method: "POST",
    body: new URLSearchParams({ email: SIGNED_IN_AS, password: DEMO_PASSWORD }),
    headers: { Origin: origin, "CF-Connecting-IP": "198.18.0.2" },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => /^(?:__Host-)?session=./.test(cookie));
  if (response.status !== 302 || !session) throw new Error(`Signing in as ${SIGNED_IN_AS} answered ${response.status}`);
  return session;
}

async function main() {
  const { values } = parseArgs({
    options: {
      "no-build": { type: "boolean", default: false },
      runs: { type: "string", default: "40" },
      only: { type: "string" },
    },
    strict: true,
  });
  const runs = Number(values.runs);
  const ports: Ports = {
    web: Number(process.env.BENCH_CPU_PORT ?? 8815),
    libsql: Number(process.env.BENCH_CPU_LIBSQL_PORT ?? 8816),
    partykit: Number(process.env.BENCH_CPU_PARTYKIT_PORT ?? 8817),
  };
  const origin = `http://127.0.0.1:${ports.web}`;
  const started = performance.now();
  const say = (line: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  await checkPortsFree(ports);
  snapshotTree({ copyBuild: values["no-build"] });
  const seed = await prepareDatabase({ fresh: false, say });
  say(`Database: ${seed.cars} cars (${seed.publicCars} public)${seed.reused ? ", reused" : ""}`);
  if (!values["no-build"]) {
    say("Building");
    await build();
  }
  say("Starting the server");
  const server = await serve(ports);
  try {
    const pids = workerdPids(server, ports.web);
    const car = await pickCarPage();
    const trip = await pickTrip();
    const cookie = await signIn(origin);
    let pages = cpuPages(car.id, trip);
    if (values.only) pages = pages.filter((page) => page.path === values.only || page.goal.includes(values.only!));
    say(`workerd ${pids.join(", ")}; ${runs} requests a page`);
    const result = await measureWorkerCpu({ origin, pids, pages, cookie, runs, say });
    console.log(`\nstatic file ${STATIC_FILE}: ${result.staticMs.toFixed(1)} ms a request (the mean of the baselines)`);
    for (const row of cpuGoalRows(result.figures)) {
      console.log(
        `${row.pass ? "PASS" : "FAIL"}  ${row.goal.padEnd(58)} ${row.measured.toFixed(1).padStart(6)} ${row.unit}  (≤ ${row.target})`,
      );
    }
  } finally {
    await stopGroup(server);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const stop = () => {
    beginShutdown();
    void stopAllGroups().then(() => process.exit(130));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  main().then(
    () => stopAllGroups(),
    async (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      await stopAllGroups();
      process.exit(1);
    },
  );
}
