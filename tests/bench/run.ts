// npm run bench — performance measured, not guessed (docs/decisions/005-how-performance-is-measured.md).
//   1. a database with the demo and 10,000 more cars, and its own local R2, in tests/.artifacts/bench/ (kept);
//   2. the production build of a copy of the working tree (prepare.ts says why), served by scripts/start.ts on
//      ports of its own;
//   3. Lighthouse (mobile, simulated Slow 4G and 4× CPU, median of 3) on /, /rentals and one car page;
//   4. the HTML, JS and CSS bytes of each page, gzipped; the card images of /rentals;
//   5. requests per second of /rentals with two filters against a static file of the same server.
// Prints the figures against the targets and writes them to tests/.artifacts/bench/results.json. Exits 0 whatever
// was measured (it is a measurement); --strict exits 1 when a target is missed. Exits 1 when it could not measure.
// Flags: --fresh (seed the bench database again), --no-build (serve build/ as it is), --strict.
// Environment: BENCH_PORT (8810), BENCH_LIBSQL_PORT (8811), BENCH_PARTYKIT_PORT (8812), CHROME_PATH.
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { measurePage, type PageBytes } from "./bytes";
import { checkCardImages, EAGER_CARDS, type CardsReport } from "./cards";
import { BenchBrowser, summarizePage, type LighthousePage } from "./lighthouse";
import { measureLoad, type LoadResult } from "./load";
import {
  BENCH_DIR,
  build,
  checkPortsFree,
  pickCarPage,
  prepareDatabase,
  serve,
  snapshotTree,
  TREE,
  type CarPage,
  type Ports,
  type SeedInfo,
} from "./prepare";
import {
  beginShutdown,
  isShuttingDown,
  mark,
  stopAllGroups,
  stopGroup,
  logTail,
  waitForPortsFree,
  type Group,
} from "./processes";
import { atLeast, atMost, info, KB, kb, ms, printTable, type Row } from "./report";

const TARGETS = {
  lighthouse: 95,
  jsBytes: 110 * KB,
  cssBytes: 15 * KB,
  cardImageBytes: 40 * KB,
  rpsRatio: 0.3,
};
const LIGHTHOUSE_RUNS = 3;
const LOAD = { connections: 50, seconds: 15, warmupSeconds: 3 };
const FILTERED_RENTALS = "/rentals?category=suv&fuelType=petrol";
const STATIC_FILE = "/favicon.svg";

let options: { fresh: boolean; build: boolean; strict: boolean };
try {
  const { values } = parseArgs({
    options: {
      fresh: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      strict: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log("Usage: npm run bench -- [--fresh] [--no-build] [--strict]");
    process.exit(0);
  }
  options = { fresh: values.fresh ?? false, build: !values["no-build"], strict: values.strict ?? false };
} catch (error) {
  console.error(
    `${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench -- [--fresh] [--no-build] [--strict]`,
  );
  process.exit(2);
}

const ports: Ports = {
  web: Number(process.env.BENCH_PORT ?? 8810),
  libsql: Number(process.env.BENCH_LIBSQL_PORT ?? 8811),
  partykit: Number(process.env.BENCH_PARTYKIT_PORT ?? 8812),
};
const origin = `http://127.0.0.1:${ports.web}`;
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const say = (line: string) => {
  checkpoint();
  console.log(`[${elapsed().toFixed(0).padStart(4)} s] ${line}`);
  if (server) mark(server, line);
};

let server: Group | undefined;
const browser = new BenchBrowser(resolve(BENCH_DIR, "chrome-profile"));
let cleaning: Promise<void> | undefined;
let interruptedBy: NodeJS.Signals | undefined;

class Interrupted extends Error {}

/** Between steps: after Ctrl-C nothing more is measured, the shutdown handler takes over. */
function checkpoint() {
  if (isShuttingDown()) throw new Interrupted("interrupted");
  // A server that died mid-run would turn every later figure into nonsense (0 rps, broken runs).
  if (server && server.exitCode !== undefined) {
    throw new Error(
      `The server stopped during the benchmark (exit code ${server.exitCode}):\n${logTail(server.logFile)}`,
    );
  }
}

/** Stops the browser and every process group this run started; safe to call more than once. */
function cleanup(): Promise<void> {
  beginShutdown();
  cleaning ??= (async () => {
    await browser.stop();
    if (server) await stopGroup(server);
    await stopAllGroups();
    rmSync(dirname(TREE), { recursive: true, force: true });
  })();
  return cleaning;
}

// Lighthouse leaves some protocol calls unawaited; when its browser goes away (a timed-out run, Ctrl-C) they
// reject with nobody listening. The run itself already reports its failure, so those are not fatal.
const isProtocolError = (error: unknown) =>
  error instanceof Error && ("protocolMethod" in error || error.message.startsWith("Protocol error"));
process.on("unhandledRejection", (error) => {
  if (isProtocolError(error) || isShuttingDown()) return;
  console.error(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  void cleanup().finally(() => process.exit(1));
});

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (interruptedBy) return;
    interruptedBy = signal;
    console.error(`\n${signal}: stopping what the benchmark started…`);
    void cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

async function main() {
  say(`Benchmark: ports ${ports.web} (web), ${ports.libsql} (libSQL), ${ports.partykit} (PartyKit)`);
  await checkPortsFree(ports);

  if (!options.build && (!existsSync("build/server/index.js") || !existsSync("build/client"))) {
    throw new Error("--no-build, but there is no build/ to serve: run npm run build first");
  }
  say(`Copying the working tree to ${TREE}${options.build ? "" : " (with build/)"}`);
  snapshotTree({ copyBuild: !options.build });

  const seed: SeedInfo = await prepareDatabase({ fresh: options.fresh, say });
  say(
    `${seed.reused ? "Reusing" : "Seeded"} tests/.artifacts/bench/bench.db: ${seed.cars.toLocaleString("en")} cars, ` +
      `${seed.publicCars.toLocaleString("en")} public${seed.reused ? "" : ` (${seed.seconds.toFixed(0)} s)`}`,
  );

  if (options.build) {
    say("Building (remix vite:build)");
    const buildStarted = performance.now();
    await build();
    say(`Built in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s`);
  }

  const car: CarPage = await pickCarPage();
  const pages = [
    { name: "/", path: "/" },
    { name: "/rentals", path: "/rentals" },
    { name: "car page", path: `/car/${car.id}` },
  ];
  say(`Car page: /car/${car.id} (${car.title}, ${car.images} photos)`);

  await checkPortsFree(ports);
  say("Serving the build (scripts/start.ts --no-build --quiet)");
  server = await serve(ports);
  say(`Serving at ${origin}`);

  // Warm the Worker and the database adapter so the first Lighthouse run does not pay for cold starts.
  const statuses: Record<string, number> = {};
  for (const path of [...pages.map((p) => p.path), FILTERED_RENTALS, STATIC_FILE]) {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(origin + path, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      statuses[path] = response.status;
    }
  }
  const notOk = Object.entries(statuses).filter(([, status]) => status !== 200);
  if (notOk.length > 0) say(`Warning: ${notOk.map(([path, status]) => `${path} answered ${status}`).join(", ")}`);

  const lighthouseResults = pages.map(() => [] as Parameters<typeof summarizePage>[1]);
  const total = pages.length * LIGHTHOUSE_RUNS;
  let done = 0;
  // Round-robin over the pages, so that drift on a busy machine spreads over all three.
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
    for (const [index, page] of pages.entries()) {
      done++;
      const runStarted = performance.now();
      const result = await browser.run(origin + page.path);
      checkpoint();
      lighthouseResults[index]!.push(result);
      const took = ((performance.now() - runStarted) / 1000).toFixed(0);
      if ("error" in result) say(`Lighthouse ${done}/${total} ${page.name}: broken (${result.error})`);
      else {
        const score = result.categories.performance?.score;
        say(
          `Lighthouse ${done}/${total} ${page.name}: ${score == null ? "no score" : Math.round(score * 100)} (${took} s)`,
        );
      }
    }
  }
  const lighthouse: LighthousePage[] = pages.map((page, i) => summarizePage(origin + page.path, lighthouseResults[i]!));

  say("Checking the card images of /rentals");
  const cards: CardsReport = await checkCardImages(`${origin}/rentals`, await browser.port());
  await browser.stop();

  say("Measuring bytes (HTML, JS, CSS)");
  const bytes: PageBytes[] = [];
  for (const [i, page] of pages.entries()) bytes.push(await measurePage(origin + page.path, lighthouse[i]!.network));

  say(`Load: ${FILTERED_RENTALS} for ${LOAD.seconds} s, ${LOAD.connections} connections`);
  const dynamic: LoadResult = await measureLoad(origin + FILTERED_RENTALS, LOAD);
  say(`Load: ${STATIC_FILE} for ${LOAD.seconds} s, ${LOAD.connections} connections`);
  const staticFile: LoadResult = await measureLoad(origin + STATIC_FILE, LOAD);

  say("Stopping the server");
  const stoppedServer = server;
  server = undefined;
  await stopGroup(stoppedServer);
  await stopAllGroups();
  const busy = await waitForPortsFree(Object.values(ports), 15_000);
  if (busy.length > 0) say(`Warning: ports still in use after stopping: ${busy.join(", ")}`);

  const rows = buildRows({ pages, lighthouse, bytes, cards, dynamic, staticFile });
  const seconds = elapsed();
  const judged = rows.filter((r) => r.verdict === "PASS" || r.verdict === "FAIL");
  const failed = judged.filter((r) => r.verdict === "FAIL");

  console.log(`\nRatai benchmark: ${origin}, ${seed.publicCars.toLocaleString("en")} public cars\n`);
  console.log(printTable(rows));
  console.log(
    `\n  ${judged.length - failed.length}/${judged.length} targets met` +
      (failed.length > 0 ? `; missed: ${failed.map((r) => `${r.section}: ${r.what}`).join("; ")}` : "") +
      `. ${seconds.toFixed(0)} s in all.`,
  );

  const resultsFile = resolve(BENCH_DIR, "results.json");
  writeFileSync(
    resultsFile,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        seconds: Math.round(seconds),
        targets: TARGETS,
        settings: {
          lighthouse: {
            runs: LIGHTHOUSE_RUNS,
            formFactor: "mobile",
            throttling: "simulated (Lighthouse default: Slow 4G, 150 ms RTT, 1.6 Mbps; 4× CPU)",
            version: lighthouse[0]?.lighthouseVersion,
            benchmarkIndex: lighthouse[0]?.benchmarkIndex,
          },
          load: { ...LOAD, dynamicUrl: FILTERED_RENTALS, staticUrl: STATIC_FILE },
          eagerCards: EAGER_CARDS,
          kilobyte: KB,
        },
        database: seed,
        carPage: car,
        statuses,
        lighthouse: lighthouse.map(({ network, ...page }) => ({ ...page, requests: network.length })),
        bytes,
        cards,
        load: { dynamic, static: staticFile, ratio: ratio(dynamic, staticFile) },
        rows,
        passed: failed.length === 0,
        missed: failed.map((r) => `${r.section}: ${r.what}`),
      },
      null,
      2,
    ) + "\n",
  );
  console.log(`  Written to ${resultsFile}`);
  return failed.length;
}

/** " (served br 8.2 KB)" when the server compressed, " (served uncompressed)" otherwise. */
function served(encoding: string, bytes: number): string {
  return encoding === "none" || encoding === "" ? " (served uncompressed)" : ` (served ${encoding} ${kb(bytes)})`;
}

function ratio(dynamic: LoadResult, staticFile: LoadResult): number | null {
  return staticFile.rps > 0 ? dynamic.rps / staticFile.rps : null;
}

function buildRows(m: {
  pages: { name: string; path: string }[];
  lighthouse: LighthousePage[];
  bytes: PageBytes[];
  cards: CardsReport;
  dynamic: LoadResult;
  staticFile: LoadResult;
}): Row[] {
  const rows: Row[] = [];
  for (const [i, page] of m.pages.entries()) {
    const lh = m.lighthouse[i]!;
    const b = m.bytes[i]!;
    const section = page.name;
    if (page.path !== page.name) rows.push(info(section, "URL", page.path));
    rows.push(
      atLeast(section, "Lighthouse performance (median)", lh.median.score, TARGETS.lighthouse, (v) => String(v)),
    );
    rows.push(
      info(
        section,
        "runs: scores",
        `${lh.validRuns}/${lh.runs.length}: ${lh.runs.map((r) => r.score ?? "broken").join(", ")}`,
        lh.validRuns,
      ),
    );
    rows.push(info(section, "LCP (median)", ms(lh.median.lcpMs), lh.median.lcpMs));
    rows.push(info(section, "TBT (median)", ms(lh.median.tbtMs), lh.median.tbtMs));
    rows.push(info(section, "CLS (median)", lh.median.cls === null ? "n/a" : lh.median.cls.toFixed(3), lh.median.cls));
    rows.push(info(section, "FCP (median)", ms(lh.median.fcpMs), lh.median.fcpMs));
    rows.push(
      info(
        section,
        "HTML, gzip",
        `${kb(b.html.gzip)}${served(b.html.servedEncoding, b.html.servedBytes)}`,
        b.html.gzip,
      ),
    );
    for (const [label, kind, limit] of [
      ["JS on first load, gzip", b.js, TARGETS.jsBytes],
      ["CSS, gzip", b.css, TARGETS.cssBytes],
    ] as const) {
      const row = atMost(section, label, kind.gzip, limit, kb);
      row.measured = `${kind.files} files ${row.measured}${served(kind.servedEncodings.join("/"), kind.served)}`;
      rows.push(row);
    }
    if (b.foreignRequests.length > 0) {
      rows.push(info(section, "requests to other origins", b.foreignRequests.join(" "), b.foreignRequests.length));
    }
  }

  const cardsSection = `/rentals card images`;
  if (m.cards.cards === 0) {
    rows.push({ section: cardsSection, what: "cards", measured: "no cards", target: "", verdict: "SKIP", value: 0 });
  } else {
    rows.push(info(cardsSection, "cards / images", `${m.cards.cards} / ${m.cards.images.length}`));
    rows.push(atMost(cardsSection, "largest card image", m.cards.largest?.bytes ?? 0, TARGETS.cardImageBytes, kb));
    const problems = m.cards.problems;
    rows.push({
      section: cardsSection,
      what: `width, height; lazy after the first ${EAGER_CARDS} cards`,
      measured: problems.length === 0 ? "all images" : `${problems.length} problems`,
      target: "every image",
      verdict: problems.length === 0 ? "PASS" : "FAIL",
      value: problems.length,
    });
    for (const problem of problems.slice(0, 5)) rows.push(info(cardsSection, "", problem));
    if (problems.length > 5) rows.push(info(cardsSection, "", `… ${problems.length - 5} more in results.json`));
    if (m.cards.lazyAboveFold > 0) {
      rows.push(info(cardsSection, "lazy images above the fold", String(m.cards.lazyAboveFold), m.cards.lazyAboveFold));
    }
  }

  const loadSection = "requests per second";
  for (const r of [m.dynamic, m.staticFile]) {
    const path = new URL(r.url).pathname + new URL(r.url).search;
    rows.push(info(loadSection, path, `${r.rps.toFixed(0)} rps`, r.rps));
    rows.push(info(loadSection, "  latency p50 / p99", `${r.p50Ms} / ${r.p99Ms} ms`));
    rows.push(info(loadSection, "  errors / non-2xx", `${r.errors} / ${r.non2xx}`, r.errors + r.non2xx));
  }
  rows.push(
    atLeast(
      loadSection,
      "ratio (filtered /rentals ÷ static file)",
      ratio(m.dynamic, m.staticFile),
      TARGETS.rpsRatio,
      (v) => v.toFixed(2),
    ),
  );
  return rows;
}

try {
  const missed = await main();
  await cleanup();
  process.exit(options.strict && missed > 0 ? 1 : 0);
} catch (error) {
  if (interruptedBy || error instanceof Interrupted) {
    await cleanup();
    process.exit(interruptedBy === "SIGINT" || !interruptedBy ? 130 : 143);
  }
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanup();
  process.exit(1);
}
