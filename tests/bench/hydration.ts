// npm run bench:hydration — how the pages behave on a slow phone once their scripts run (decision 005, 025, 028):
// Chromium at 4× CPU (Emulation.setCPUThrottlingRate through the DevTools protocol), a 375 × 800 phone viewport, a
// cold cache per run, against the production build served as `npm run bench` serves it (prepare.ts: the 10,000-car
// database in tests/.artifacts/bench/, a copy of the tree built and served on ports of its own).
//
//   - TBT on /, /rentals and the car page: long tasks (PerformanceObserver `longtask`) from first contentful paint
//     until the page has hydrated and no long task began for 2 s, each beyond 50 ms summed (Lighthouse's rule,
//     hydration-figures.ts);
//   - INP of the named interactions after the page has hydrated: Event Timing entries (`event`, durationThreshold
//     16), an interaction's latency its slowest entry;
//   - the dialogs' latency: from the tap's pointerdown to the first frame after the dialog is in the page and
//     visible (a frame callback after the DOM change);
//   - first-load JS as served (brotli): every script the page requested before it hydrated, fetched again from the
//     server with `Accept-Encoding: br`.
// Median of 3 runs. `measureHydration` and `hydrationRows` are for run.ts; the file also runs alone.
// Flags: --no-build (serve build/ as it is), --runs N. Environment: BENCH_PORT (8820), BENCH_LIBSQL_PORT (8821),
// BENCH_PARTYKIT_PORT (8822), CHROME_PATH.
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync } from "node:zlib";
import { interactionToNextPaint, median, totalBlockingTime, type EventEntry, type LongTask } from "./hydration-figures";
import { BASELINE_FILE, goalAtMost, goalTable, readBaseline, type GoalRow } from "./goals";
import { CHROME_FLAGS, CHROME_PATH } from "./lighthouse";
import {
  BENCH_DIR,
  build,
  checkPortsFree,
  pickCarPage,
  prepareDatabase,
  serve,
  snapshotTree,
  TREE,
  type Ports,
} from "./prepare";
import { beginShutdown, stopAllGroups } from "./processes";
import { signInDemoRenter } from "./sign-in";

export const HYDRATION_TARGETS = { tbtMs: 200, inpMs: 200, dialogVisibleMs: 300, firstLoadJsKb: 100 };
export const CPU_SLOWDOWN = 4;
export const PHONE = { width: 375, height: 800 };
const QUIET_MS = 2_000;
const EVENT_THRESHOLD_MS = 16;

/** What the page records from its first byte on (an init script): long tasks, paints, event timing, dialogs. */
const RECORDER = `(() => {
  const record = (window.__hydration = { tasks: [], events: [], fcp: null, hydratedAt: null, tapAt: null, dialogAt: null });
  const observe = (type, options, each) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...options }); } catch {}
  };
  observe("longtask", {}, (e) => record.tasks.push({ startTime: e.startTime, duration: e.duration }));
  observe("paint", {}, (e) => { if (e.name === "first-contentful-paint") record.fcp = e.startTime; });
  observe("event", { durationThreshold: ${EVENT_THRESHOLD_MS} }, (e) =>
    record.events.push({ name: e.name, interactionId: e.interactionId, startTime: e.startTime, duration: e.duration }));
  // The document may have no <html> yet when this runs: watch the document for root's data-hydrated.
  new MutationObserver(() => {
    if (record.hydratedAt === null && document.documentElement?.dataset.hydrated) record.hydratedAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  const visibleDialog = () => [...document.querySelectorAll("dialog[open], [role=dialog]")].some((d) => {
    const box = d.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(d).visibility !== "hidden";
  });
  // From the tap on, each frame looks for a dialog on screen; the first frame that has one is when it showed.
  addEventListener("pointerdown", (e) => {
    record.tapAt = e.timeStamp;
    record.dialogAt = null;
    const started = performance.now();
    const look = () => {
      if (visibleDialog()) record.dialogAt = performance.now();
      else if (performance.now() - started < 30000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, true);
})();`;

interface Recorded {
  tasks: LongTask[];
  events: EventEntry[];
  fcp: number | null;
  hydratedAt: number | null;
  tapAt: number | null;
  dialogAt: number | null;
}

export interface PageLoad {
  tbtMs: number | null;
  longTasks: number;
  hydratedAtMs: number | null;
  scripts: string[];
}

export interface Interaction {
  inpMs: number;
  dialogMs: number | null;
}

export interface HydrationResult {
  runs: number;
  cpuSlowdown: number;
  viewport: typeof PHONE;
  tbt: Record<string, (number | null)[]>;
  inp: Record<string, (number | null)[]>;
  dialog: Record<string, (number | null)[]>;
  firstLoadJs: Record<string, { brotliBytes: number; served: string; scripts: number }>;
  rows: GoalRow[];
}

async function newPhone(browser: Browser, cookie?: { name: string; value: string; url: string }) {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: false });
  if (cookie) await context.addCookies([cookie]);
  await context.addInitScript(RECORDER);
  return context;
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __hydration: Recorded }).__hydration);

/** Opens `url` at 4× CPU and waits for hydration and then 2 s without a long task. */
async function load(context: BrowserContext, url: string): Promise<{ page: Page; result: PageLoad }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  // Polled from here, four times a second: Playwright's own wait runs in the page on every frame, and at 4× CPU
  // that is long tasks of its own.
  for (const deadline = Date.now() + 60_000; ; await page.waitForTimeout(250)) {
    if (await page.evaluate(() => document.documentElement.dataset.hydrated === "true")) break;
    if (Date.now() > deadline) throw new Error(`${url} did not hydrate within 60 s`);
  }
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const { tasks, now } = await page.evaluate(() => ({
      tasks: (window as unknown as { __hydration: Recorded }).__hydration.tasks,
      now: performance.now(),
    }));
    const lastEnd = Math.max(0, ...tasks.map((t) => t.startTime + t.duration));
    if (now - lastEnd >= QUIET_MS) break;
    await page.waitForTimeout(250);
  }
  const record = await recorded(page);
  const hydratedAt = record.hydratedAt;
  const scripts = await page.evaluate(
    (until) =>
      performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js") && (until === null || e.startTime <= until))
        .map((e) => e.name),
    hydratedAt,
  );
  return {
    page,
    result: {
      tbtMs: record.fcp === null ? null : totalBlockingTime(record.tasks, record.fcp),
      longTasks: record.tasks.length,
      hydratedAtMs: hydratedAt,
      scripts,
    },
  };
}

/** Taps `selector` (the first match), waits for `after`, and reads the interaction's INP and dialog latency. */
async function tap(page: Page, selector: string, after: () => Promise<unknown>, dialog: boolean): Promise<Interaction> {
  await page.evaluate(() => {
    const record = (window as unknown as { __hydration: Recorded }).__hydration;
    record.events.length = 0;
  });
  await page.locator(selector).first().click({ timeout: 30_000 });
  await after();
  // Event Timing entries arrive after the next paint; give them two frames and a beat.
  await page.waitForTimeout(500);
  if (dialog) {
    await page.waitForFunction(
      () => (window as unknown as { __hydration: Recorded }).__hydration.dialogAt !== null,
      undefined,
      { timeout: 30_000 },
    );
  }
  const record = await recorded(page);
  return {
    // An interaction faster than the observer's threshold leaves no entry: it took under 16 ms.
    inpMs: interactionToNextPaint(record.events) ?? EVENT_THRESHOLD_MS,
    dialogMs: dialog && record.tapAt !== null && record.dialogAt !== null ? record.dialogAt - record.tapAt : null,
  };
}

/** The bytes of a response's body as sent (not decoded), asking for brotli, and the encoding it came in. */
function rawBody(url: string): Promise<{ bytes: Buffer; encoding: string }> {
  return new Promise((resolvePromise, reject) => {
    const request = get(url, { headers: { "Accept-Encoding": "br" }, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolvePromise({
          bytes: Buffer.concat(chunks),
          encoding: String(response.headers["content-encoding"] ?? "none"),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${url} took longer than 30 s`)));
    request.on("error", reject);
  });
}

/** The bytes of each script as the server sends them with `Accept-Encoding: br` (brotli 11 here if it sends them raw). */
async function servedBrotli(urls: string[]): Promise<{ bytes: number; served: string }> {
  let bytes = 0;
  const encodings = new Set<string>();
  for (const url of new Set(urls)) {
    const body = await rawBody(url);
    encodings.add(body.encoding);
    bytes += body.encoding === "br" ? body.bytes.length : brotliCompressSync(body.bytes).length;
  }
  return { bytes, served: [...encodings].join(", ") };
}

/** The demo renter's session cookie (sign-in.ts), as the browser's cookie jar takes it. */
async function signIn(origin: string): Promise<{ name: string; value: string; url: string }> {
  const [name, ...value] = (await signInDemoRenter(origin, "198.18.0.2")).split("=");
  return { name: name!, value: value.join("="), url: origin };
}

/**
 * Every figure of the goal, median of `runs`, against a server at `origin` whose car page is `carPath`. Round-robin
 * over the pages so drift on a busy machine spreads over all of them.
 */
export async function measureHydration(
  origin: string,
  carPath: string,
  options: { runs?: number; say?: (line: string) => void } = {},
): Promise<HydrationResult> {
  const runs = options.runs ?? 3;
  const say = options.say ?? (() => {});
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: [...CHROME_FLAGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"],
  });
  const tbt: HydrationResult["tbt"] = { "/": [], "/rentals": [], "car page": [] };
  const inp: HydrationResult["inp"] = {
    "filter toggle (/rentals)": [],
    "favourite (/rentals, signed in)": [],
    "sign-in dialog (car page)": [],
    "booking dialog (car page, signed in)": [],
  };
  const dialog: HydrationResult["dialog"] = {
    "sign-in dialog (car page)": [],
    "booking dialog (car page, signed in)": [],
  };
  const scripts: Record<string, string[]> = {};
  const publicPages: Record<string, string> = {
    "/": "/",
    "/rentals": "/rentals",
    "/sales": "/sales",
    "car page": carPath,
    "/auth/signin": "/auth/signin",
    "/contact": "/contact",
  };
  try {
    const session = await signIn(origin);
    for (let run = 1; run <= runs; run++) {
      for (const [name, path] of Object.entries(publicPages)) {
        // The pages measured only for their scripts are loaded once: the scripts do not change between runs.
        if (run > 1 && !(name in tbt)) continue;
        const context = await newPhone(browser);
        try {
          const { page, result } = await load(context, origin + path);
          if (name in tbt) tbt[name]!.push(result.tbtMs);
          if (run === 1) scripts[name] = result.scripts;
          if (name === "/rentals") {
            const toggle = await tap(page, "main details > summary", () => page.waitForTimeout(0), false);
            const tick = await tap(
              page,
              "main details[open] input[type=checkbox]",
              () => page.waitForTimeout(0),
              false,
            );
            inp["filter toggle (/rentals)"]!.push(Math.max(toggle.inpMs, tick.inpMs));
          }
          if (name === "car page") {
            const opened = await tap(
              page,
              'main a[href^="/auth/signup"]',
              () => page.locator("dialog[open]").waitFor({ timeout: 30_000 }),
              true,
            );
            inp["sign-in dialog (car page)"]!.push(opened.inpMs);
            dialog["sign-in dialog (car page)"]!.push(opened.dialogMs);
          }
          say(`Run ${run}/${runs} ${name}: TBT ${result.tbtMs === null ? "n/a" : Math.round(result.tbtMs)} ms`);
        } finally {
          await context.close();
        }
      }
      const signedIn = await newPhone(browser, session);
      try {
        const rentals = await load(signedIn, `${origin}/rentals`);
        const heart = 'main form[action="/favorites"] button[name=intent]';
        const pressed = await rentals.page.locator(heart).first().getAttribute("aria-pressed");
        const favourite = await tap(
          rentals.page,
          heart,
          () =>
            rentals.page
              .locator(heart)
              .first()
              .and(rentals.page.locator(`[aria-pressed="${pressed === "true" ? "false" : "true"}"]`))
              .waitFor(),
          false,
        );
        inp["favourite (/rentals, signed in)"]!.push(favourite.inpMs);
        // Back as it was, so every run taps the same heart from the same state.
        await rentals.page.locator(heart).first().click();
        await rentals.page.waitForLoadState("networkidle");
        await rentals.page.close();
        const car = await load(signedIn, origin + carPath);
        const opened = await tap(
          car.page,
          `main a[href="${carPath}/book"]`,
          () => car.page.getByRole("dialog").waitFor({ timeout: 30_000 }),
          true,
        );
        inp["booking dialog (car page, signed in)"]!.push(opened.inpMs);
        dialog["booking dialog (car page, signed in)"]!.push(opened.dialogMs);
        say(
          `Run ${run}/${runs} signed in: favourite INP ${favourite.inpMs ?? "n/a"} ms, booking dialog ` +
            `${opened.dialogMs === null ? "n/a" : Math.round(opened.dialogMs)} ms`,
        );
      } finally {
        await signedIn.close();
      }
    }
  } finally {
    await browser.close();
  }
  const firstLoadJs: HydrationResult["firstLoadJs"] = {};
  for (const [name, urls] of Object.entries(scripts)) {
    const { bytes, served } = await servedBrotli(urls);
    firstLoadJs[name] = { brotliBytes: bytes, served, scripts: new Set(urls).size };
  }
  return {
    runs,
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: PHONE,
    tbt,
    inp,
    dialog,
    firstLoadJs,
    rows: hydrationRows({ tbt, inp, dialog, firstLoadJs }),
  };
}

/** The goal's rows: each figure's median against its target. */
export function hydrationRows(m: Pick<HydrationResult, "tbt" | "inp" | "dialog" | "firstLoadJs">): GoalRow[] {
  return [
    ...Object.entries(m.tbt).map(([page, values]) =>
      goalAtMost(`TBT at 4× CPU: ${page}`, median(values), HYDRATION_TARGETS.tbtMs, "ms"),
    ),
    ...Object.entries(m.inp).map(([what, values]) =>
      goalAtMost(`INP at 4× CPU: ${what}`, median(values), HYDRATION_TARGETS.inpMs, "ms"),
    ),
    ...Object.entries(m.dialog).map(([what, values]) =>
      goalAtMost(`visible after the tap: ${what}`, median(values), HYDRATION_TARGETS.dialogVisibleMs, "ms"),
    ),
    ...Object.entries(m.firstLoadJs).map(([page, js]) =>
      goalAtMost(
        `first-load JS (brotli): ${page}`,
        Math.round((js.brotliBytes / 1024) * 10) / 10,
        HYDRATION_TARGETS.firstLoadJsKb,
        "KB",
      ),
    ),
  ];
}

async function main() {
  const { values } = parseArgs({
    options: { "no-build": { type: "boolean", default: false }, runs: { type: "string", default: "3" } },
    strict: true,
  });
  const ports: Ports = {
    web: Number(process.env.BENCH_PORT ?? 8820),
    libsql: Number(process.env.BENCH_LIBSQL_PORT ?? 8821),
    partykit: Number(process.env.BENCH_PARTYKIT_PORT ?? 8822),
  };
  const origin = `http://127.0.0.1:${ports.web}`;
  const started = performance.now();
  const say = (line: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  const copyBuild = Boolean(values["no-build"]);
  if (copyBuild && !existsSync("build/client"))
    throw new Error("--no-build, but there is no build/: run npm run build");
  await checkPortsFree(ports);
  say(`Copying the working tree to ${TREE}`);
  snapshotTree({ copyBuild });
  const seed = await prepareDatabase({ fresh: false, say });
  say(`${seed.reused ? "Reusing" : "Seeded"} the bench database: ${seed.publicCars.toLocaleString("en")} public cars`);
  if (!copyBuild) {
    say("Building");
    await build();
  }
  const car = await pickCarPage();
  try {
    await serve(ports);
    say(`Serving at ${origin}; car page /car/${car.id}`);
    for (const path of ["/", "/rentals", `/car/${car.id}`]) await (await fetch(origin + path)).arrayBuffer();
    const result = await measureHydration(origin, `/car/${car.id}`, { runs: Number(values.runs), say });
    console.log(`\nHydration at ${CPU_SLOWDOWN}× CPU, ${PHONE.width} × ${PHONE.height}, median of ${result.runs}\n`);
    console.log(goalTable(result.rows, readBaseline(BASELINE_FILE)));
    const file = resolve(BENCH_DIR, "hydration.json");
    writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), carPage: car, ...result }, null, 2) + "\n");
    console.log(`\n  Written to ${file}`);
  } finally {
    beginShutdown();
    await stopAllGroups();
    rmSync(dirname(TREE), { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    beginShutdown();
    void stopAllGroups().finally(() => process.exit(1));
  });
}
