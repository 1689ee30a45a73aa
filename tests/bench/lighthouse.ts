// Lighthouse 12 in Debian's Chromium: mobile form factor, default simulated throttling (Slow 4G, 4× CPU),
// performance category only. The browser gets the same network-off flags as the Playwright runs, and every host
// name but localhost resolves to nothing, so a request to the internet fails at once instead of hanging a run.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { mkdirSync, rmSync } from "node:fs";
import { groupAlive, isShuttingDown, sleep, unwatchGroup, watchGroup, withTimeout } from "./processes";

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** playwright.config.ts's flags, plus headless, plus no DNS. */
export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
const LIGHTHOUSE_ONLY_FLAGS = [
  "--headless=new",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];

const RUN_TIMEOUT_MS = 120_000;

export interface NetworkItem {
  url: string;
  resourceType?: string;
  mimeType?: string;
  statusCode?: number;
  transferSize?: number;
  resourceSize?: number;
  finished?: boolean;
}

export interface LighthouseRun {
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  warnings: string[];
  error?: string;
}

export interface LighthousePage {
  url: string;
  runs: LighthouseRun[];
  validRuns: number;
  median: Omit<LighthouseRun, "warnings" | "error">;
  /** Network records of the run Lighthouse itself would call the median one (closest to median FCP and TTI). */
  network: NetworkItem[];
  lighthouseVersion?: string;
  benchmarkIndex?: number;
}

/** One Chromium for the whole run, launched by chrome-launcher into a profile of its own under the bench folder. */
export class BenchBrowser {
  private chrome: chromeLauncher.LaunchedChrome | undefined;

  constructor(private readonly profileDir: string) {}

  /** The DevTools port, launching the browser when it is not running. */
  async port(): Promise<number> {
    if (!this.chrome) await this.start();
    return this.chrome!.port;
  }

  private async start() {
    if (isShuttingDown()) throw new Error("not starting Chromium, the benchmark is stopping");
    rmSync(this.profileDir, { recursive: true, force: true });
    mkdirSync(this.profileDir, { recursive: true });
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: [...CHROME_FLAGS, ...LIGHTHOUSE_ONLY_FLAGS],
      userDataDir: this.profileDir,
      handleSIGINT: false,
      logLevel: "silent",
      maxConnectionRetries: 100,
    });
    this.chrome = chrome;
    watchGroup(chrome.pid);
    // Ctrl-C while it was starting: the shutdown has already passed this browser by.
    if (isShuttingDown()) {
      await this.stop();
      throw new Error("the benchmark is stopping");
    }
  }

  async stop() {
    const chrome = this.chrome;
    this.chrome = undefined;
    if (!chrome) return;
    try {
      chrome.kill(); // SIGKILL to its process group
    } catch {
      // already gone
    }
    const deadline = Date.now() + 5_000;
    while (groupAlive(chrome.pid) && Date.now() < deadline) await sleep(100);
    unwatchGroup(chrome.pid);
    rmSync(this.profileDir, { recursive: true, force: true });
  }

  private async runOnce(url: string, port: number): Promise<Result> {
    const flags: Flags = {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      maxWaitForLoad: 45_000,
    };
    const result = await withTimeout(`Lighthouse on ${url}`, RUN_TIMEOUT_MS, lighthouse(url, flags));
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  }

  /**
   * One run; a run that fails or comes back without a score is retried once in a new browser. A browser that
   * cannot start at all is not a broken run but a broken benchmark, so that error is thrown.
   */
  async run(url: string): Promise<Result | { error: string }> {
    for (let attempt = 1; ; attempt++) {
      const port = await this.port();
      try {
        const lhr = await this.runOnce(url, port);
        const problem = lhr.runtimeError?.message ?? (lhr.categories.performance?.score == null ? "no score" : null);
        if (!problem) return lhr;
        if (attempt >= 2) return { error: problem };
      } catch (error) {
        if (attempt >= 2 || isShuttingDown()) return { error: error instanceof Error ? error.message : String(error) };
      }
      await this.stop();
    }
  }
}

const numeric = (lhr: Result, id: string): number | null => {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};

export function summarizeRun(lhr: Result | { error: string }): LighthouseRun {
  if ("error" in lhr) {
    return {
      score: null,
      lcpMs: null,
      tbtMs: null,
      cls: null,
      fcpMs: null,
      speedIndexMs: null,
      warnings: [],
      error: lhr.error,
    };
  }
  const score = lhr.categories.performance?.score;
  return {
    score: typeof score === "number" ? Math.round(score * 100) : null,
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    fcpMs: numeric(lhr, "first-contentful-paint"),
    speedIndexMs: numeric(lhr, "speed-index"),
    warnings: lhr.runWarnings.map(String),
  };
}

export function median(values: (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarizePage(url: string, results: (Result | { error: string })[]): LighthousePage {
  const runs = results.map(summarizeRun);
  const valid = results.filter((r): r is Result => !("error" in r));
  const medianRun = valid.length > 0 ? computeMedianRun(valid) : undefined;
  const details = medianRun?.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  return {
    url,
    runs,
    validRuns: valid.length,
    median: {
      score: median(runs.map((r) => r.score)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      speedIndexMs: median(runs.map((r) => r.speedIndexMs)),
    },
    network: details?.items ?? [],
    lighthouseVersion: valid[0]?.lighthouseVersion,
    benchmarkIndex: valid[0]?.environment.benchmarkIndex,
  };
}
