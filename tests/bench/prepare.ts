// The benchmark's own world: a database with the demo and 10,000 extra cars, its own local R2, the production
// build, and the start script serving them on ports of its own.
import { createClient } from "@libsql/client";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { relative, resolve, sep } from "node:path";
import { childEnv, portFree, runToEnd, startGroup, waitForHttp, type Group } from "./processes";

const ROOT = resolve(".");
export const BENCH_DIR = resolve("tests/.artifacts/bench");
/**
 * A copy of the working tree that the benchmark builds and serves (see snapshotTree). Outside the repository, so
 * that tsc, ESLint and Tailwind's scan of the main tree never see a second copy of the sources.
 */
export const TREE = resolve(
  tmpdir(),
  `ratai-bench-${createHash("sha256").update(ROOT).digest("hex").slice(0, 8)}`,
  "tree",
);
export const DB_FILE = resolve(BENCH_DIR, "bench.db");
export const PERSIST_TO = resolve(BENCH_DIR, "state");
const SEEDED_MARK = resolve(BENCH_DIR, "seeded.json");
export const BULK_CARS = 10_000;

export interface Ports {
  web: number;
  libsql: number;
  partykit: number;
}

export interface SeedInfo {
  reused: boolean;
  seconds: number;
  cars: number;
  publicCars: number;
}

// Not copied: installed or generated things, and what git ignores anyway.
const NOT_COPIED = new Set([
  "node_modules",
  ".git",
  "build",
  ".wrangler",
  ".cache",
  ".partykit",
  "test-results",
  "playwright-report",
  "tests/.artifacts",
]);

/**
 * Copies the working tree (sources, config, public/; node_modules linked) to a folder in the system's tmp, and the
 * benchmark builds and serves that copy. Others keep editing and building in the main tree meanwhile: wrangler
 * dev watches its sources and build/, and a rebuild there would restart or stop the server mid-measurement, and
 * our build would empty their build/ under their feet.
 */
export function snapshotTree(options: { copyBuild: boolean }): void {
  rmSync(TREE, { recursive: true, force: true });
  cpSync(ROOT, TREE, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => {
      const path = relative(ROOT, source).split(sep).join("/");
      return !NOT_COPIED.has(path) && !/^db\/[^/]+\.db(-.*)?$/.test(path) && !path.endsWith(".log");
    },
  });
  symlinkSync(resolve(ROOT, "node_modules"), resolve(TREE, "node_modules"), "dir");
  if (options.copyBuild) cpSync(resolve(ROOT, "build"), resolve(TREE, "build"), { recursive: true });
}

interface SeededMark {
  at: string;
  bulkCars: number;
  migrations: string[];
}

/** Each migration as `tag when sha256`: drizzle applies again one whose journal time changed. */
function migrationList(): string[] {
  const folder = resolve(TREE, "db/migrations");
  const journal = JSON.parse(readFileSync(resolve(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => {
    const sql = readFileSync(resolve(folder, `${entry.tag}.sql`));
    return `${entry.tag} ${entry.when} ${createHash("sha256").update(sql).digest("hex").slice(0, 16)}`;
  });
}

function readMark(): SeededMark | undefined {
  try {
    return JSON.parse(readFileSync(SEEDED_MARK, "utf8")) as SeededMark;
  } catch {
    return undefined;
  }
}

/**
 * Why the bench database cannot be reused, or null when it can: it must be finished, and the migrations it was
 * made with must still come first (new ones on top are applied by the start script).
 */
function staleReason(): string | null {
  if (!existsSync(DB_FILE)) return "missing";
  const mark = readMark();
  if (!mark || mark.bulkCars !== BULK_CARS) return "not finished last time";
  const now = migrationList();
  if (!Array.isArray(mark.migrations) || mark.migrations.some((m, i) => now[i] !== m)) {
    return "made with migrations that have changed since";
  }
  return null;
}

/** Seeds a new bench database when it is missing, half-made, stale, or `fresh` is asked for; reuses it otherwise. */
export async function prepareDatabase(options: { fresh: boolean; say: (line: string) => void }): Promise<SeedInfo> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const stale = options.fresh ? "--fresh" : staleReason();
  const started = performance.now();
  if (stale) {
    if (stale !== "missing" && stale !== "--fresh") options.say(`The bench database was ${stale}; seeding again`);
    const migrations = migrationList();
    for (const path of [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, PERSIST_TO, SEEDED_MARK]) {
      rmSync(path, { recursive: true, force: true });
    }
    const logFile = resolve(BENCH_DIR, "seed.log");
    writeFileSync(logFile, "");
    const base = ["tsx", "scripts/seed.ts", "--db", DB_FILE, "--persist-to", PERSIST_TO, "--quiet"];
    options.say("Seeding the demo data");
    await runToEnd("seed (demo)", "npx", base, { logFile, timeoutMs: 5 * 60_000, cwd: TREE });
    options.say(`Seeding ${BULK_CARS.toLocaleString("en")} more cars`);
    await runToEnd("seed (bulk)", "npx", [...base, "--cars", String(BULK_CARS)], {
      logFile,
      timeoutMs: 10 * 60_000,
      cwd: TREE,
    });
    const mark: SeededMark = { at: new Date().toISOString(), bulkCars: BULK_CARS, migrations };
    writeFileSync(SEEDED_MARK, JSON.stringify(mark, null, 2) + "\n");
  }
  const counts = await countCars();
  return {
    reused: stale === null,
    seconds: (performance.now() - started) / 1000,
    ...counts,
  };
}

async function countCars() {
  const client = createClient({ url: `file:${DB_FILE}` });
  try {
    const result = await client.execute(
      "select count(*) as cars, sum(status = 'approved' and available = 1) as public_cars from cars",
    );
    const row = result.rows[0];
    return { cars: Number(row?.cars ?? 0), publicCars: Number(row?.public_cars ?? 0) };
  } finally {
    client.close();
  }
}

export interface CarPage {
  id: string;
  title: string;
  images: number;
}

/** The demo renter's newest trip that is under way or coming (a page of /bookings/<id>), else the newest booking. */
export async function pickTrip(email: string): Promise<string> {
  const client = createClient({ url: `file:${DB_FILE}` });
  try {
    const result = await client.execute({
      sql: `select b.id from bookings b join users u on u.id = b.renter_id where u.email = ?
        order by b.status in ('active', 'confirmed') desc, b.created_at desc limit 1`,
      args: [email],
    });
    const id = result.rows[0]?.id;
    if (id === undefined || id === null) throw new Error(`${email} has no booking in ${DB_FILE}`);
    return String(id);
  } finally {
    client.close();
  }
}

/** "One car page": the newest approved, available rental that has photos. */
export async function pickCarPage(): Promise<CarPage> {
  const client = createClient({ url: `file:${DB_FILE}` });
  try {
    const result = await client.execute(`
      select c.id, c.make, c.model, c.year, (select count(*) from car_images i where i.car_id = c.id) as images
      from cars c
      where c.status = 'approved' and c.available = 1 and c.listing_type in ('rental', 'both')
        and exists (select 1 from car_images i where i.car_id = c.id)
      order by c.created_at desc
      limit 1`);
    const row = result.rows[0];
    if (!row) throw new Error(`No approved, available rental with photos in ${DB_FILE}`);
    return {
      id: String(row.id),
      title: `${String(row.make)} ${String(row.model)} ${String(row.year)}`,
      images: Number(row.images),
    };
  } finally {
    client.close();
  }
}

export async function build(): Promise<void> {
  const logFile = resolve(BENCH_DIR, "build.log");
  writeFileSync(logFile, "");
  await runToEnd("build", "npx", ["remix", "vite:build"], { logFile, timeoutMs: 5 * 60_000, cwd: TREE });
}

export async function checkPortsFree(ports: Ports): Promise<void> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) if (!(await portFree(port))) busy.push(`${name} ${port}`);
  if (busy.length > 0) {
    throw new Error(
      `Ports in use: ${busy.join(", ")}. Stop what holds them, or choose others with BENCH_PORT, BENCH_LIBSQL_PORT, BENCH_PARTYKIT_PORT.`,
    );
  }
}

/**
 * `scripts/start.ts --no-build --quiet` on the bench files and ports; resolves once `/` answers. `workerDatabaseUrl`
 * is where the Worker finds the database (the bench's latency proxy, proxy.ts; the adapter's own port otherwise), and
 * `cron: false` keeps the scheduled jobs off (their reads would land among a page's at the proxy).
 */
export async function serve(
  ports: Ports,
  options: { workerDatabaseUrl?: string; cron?: boolean } = {},
): Promise<Group> {
  const { workerDatabaseUrl, cron = true } = options;
  const logFile = resolve(BENCH_DIR, "server.log");
  writeFileSync(logFile, "");
  const server = startGroup(
    "server",
    "npx",
    ["tsx", "scripts/start.ts", "--no-build", "--quiet", ...(cron ? [] : ["--no-cron"])],
    {
      logFile,
      cwd: TREE,
      env: childEnv({
        PORT: String(ports.web),
        LIBSQL_PORT: String(ports.libsql),
        PARTYKIT_PORT: String(ports.partykit),
        DB_FILE,
        PERSIST_TO,
        ...(workerDatabaseUrl ? { WORKER_DATABASE_URL: workerDatabaseUrl } : {}),
      }),
    },
  );
  await waitForHttp(`http://127.0.0.1:${ports.web}/`, 3 * 60_000, server);
  return server;
}
