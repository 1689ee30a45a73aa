// Worker CPU per request, read from the kernel (decision 005, "Worker CPU"): utime + stime of the workerd process
// before and after n sequential requests of one URL, less the same for a static file in the same run (what serving
// any request costs workerd whatever the Worker does), per request. CPU, not wall time, so a busy machine slows it
// down without changing it much; /proc counts in clock ticks (10 ms), hence many requests per figure.
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux whatever the kernel's HZ). */
export const TICKS_PER_SECOND = 100;

export interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  pgrp: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
}

/** /proc/<pid>/stat: the command is in parentheses and may hold spaces or ')', so fields are counted after the last ')'. */
export function parseProcStat(text: string): ProcStat {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) throw new Error(`Not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // After the command: state (3), ppid (4), pgrp (5), … utime (14), stime (15), numbering from pid = 1.
  const field = (n: number) => Number(fields[n - 3]);
  const utime = field(14);
  const stime = field(15);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`No utime/stime in: ${text.slice(0, 80)}`);
  return {
    pid: Number(text.slice(0, open)),
    comm: text.slice(open + 1, close),
    ppid: field(4),
    pgrp: field(5),
    cpuTicks: utime + stime,
  };
}

function readStat(pid: number): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * The Worker's workerd processes in a process group (the bench's server: npx → tsx → wrangler → workerd; wrangler
 * runs two, the Worker's and its proxy's). PartyKit's workerd in the same group is left out: its parent is not wrangler.
 */
export function workerdPids(pgid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== undefined && stat.pgrp === pgid && stat.comm === "workerd")
    .filter((stat) => /wrangler/.test(commandLine(stat.ppid)))
    .map((stat) => stat.pid);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** utime + stime of a process, or the sum over several (wrangler runs more than one workerd). */
export function cpuTicks(pids: number | readonly number[]): number {
  let ticks = 0;
  for (const pid of typeof pids === "number" ? [pids] : pids) {
    const stat = readStat(pid);
    if (!stat) throw new Error(`Process ${pid} is gone`);
    ticks += stat.cpuTicks;
  }
  return ticks;
}

/** Milliseconds of CPU per request, from the ticks a run of `requests` took. */
export function msPerRequest(ticks: number, requests: number): number {
  return ((ticks / TICKS_PER_SECOND) * 1000) / requests;
}

/**
 * Not signed, so the page shows no toast and sets no cookie; a request with a cookie is neither served from nor stored
 * in the edge cache (decision 006), so the page is rendered. A query string of its own per request would miss too,
 * but each miss then stores its copy, in the same workerd, and that work would count as the render's (anonymous
 * /rentals read 61 ms that way against 41 ms signed in).
 */
export const UNCACHED_COOKIE = "toast=none";

export interface CpuRequest {
  url: string;
  headers: Record<string, string>;
}

/** One request, its body read to the end (a streamed page's whole render counts), rendered rather than cached. */
async function get({ url, headers }: CpuRequest): Promise<void> {
  const response = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(60_000) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`CPU: ${url} answered ${response.status}`);
  if (response.headers.has("X-Edge-Cache")) throw new Error(`CPU: ${url} went through the edge cache`);
  if (response.headers.has("Set-Cookie")) throw new Error(`CPU: ${url} set a cookie`);
}

/**
 * The CPU the processes `pids` spend per request of `page` and of `staticFile`, in ms: n pairs of sequential requests
 * (the page, then the static file), each request's ticks added to its own side, after 3 of each to warm the isolate.
 * The static file is taken beside the page, so a machine that gets busier halfway moves both alike.
 */
export async function measureCpuBeside(
  pids: number | readonly number[],
  page: CpuRequest,
  staticFile: CpuRequest,
  n: number,
): Promise<{ grossMs: number; staticMs: number }> {
  for (let i = 0; i < 3; i++) await Promise.all([get(page), get(staticFile)]);
  let pageTicks = 0;
  let staticTicks = 0;
  for (let i = 0; i < n; i++) {
    let before = cpuTicks(pids);
    await get(page);
    pageTicks += cpuTicks(pids) - before;
    before = cpuTicks(pids);
    await get(staticFile);
    staticTicks += cpuTicks(pids) - before;
  }
  return { grossMs: msPerRequest(pageTicks, n), staticMs: msPerRequest(staticTicks, n) };
}
