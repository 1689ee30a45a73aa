// npm start: the whole marketplace locally, on embedded defaults (no accounts, no secrets).
//   1. the libSQL database file: created, migrated and seeded when missing, migrated otherwise;
//   2. the production build (remix vite:build), unless --no-build;
//   3. the libSQL HTTP adapter over the file (what the Worker talks to, as it would to Turso);
//   4. PartyKit's dev server for the conversation rooms;
//   5. the Worker in workerd (wrangler dev) with Workers Static Assets and local R2;
//   6. the Worker's scheduled jobs (expiring requests, saved-search alerts, housekeeping) on wrangler.toml's
//      [triggers] crons, once at start and then on schedule: wrangler dev never fires cron triggers, so this script
//      does, through the `/__scheduled` endpoint of `wrangler dev --test-scheduled` (a dev-only flag: a deployed
//      Worker has no such endpoint), which runs the Worker's own `scheduled` handler.
// Environment: PORT (8787), PARTYKIT_PORT (1999), LIBSQL_PORT (8080), DB_FILE (db/local.db),
// PERSIST_TO (.wrangler/state), WORKER_DATABASE_URL (the adapter's own URL; the bench puts its latency proxy there,
// decision 005). Flags: --fresh (start from a new database and R2), --no-build, --dev (Vite's dev
// server in Node with hot reload instead of the build in workerd; for editing), --no-cron (the endpoint only, no
// timer: the journeys run jobs when a test asks, never in the middle of another).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { startLibsqlHttpServer } from "../db/libsql-http-server";
import { migrateDatabase } from "../db/migrate";
import { createNodeClient } from "../db/node-client";
import { readCrons, startCronRunner } from "./cron-schedule";

const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 8787);
const partykitPort = Number(process.env.PARTYKIT_PORT ?? 1999);
const libsqlPort = Number(process.env.LIBSQL_PORT ?? 8080);
const dbFile = resolve(process.env.DB_FILE ?? "db/local.db");
const persistTo = resolve(process.env.PERSIST_TO ?? ".wrangler/state");
const quiet = args.has("--quiet");

const DEMO_ACCOUNTS = [
  ["admin@demo.lt", "administrator"],
  ["host@demo.lt", "verified host with cars"],
  ["renter@demo.lt", "verified renter"],
  ["newbie@demo.lt", "unverified account"],
  ["company@demo.lt", "company account (UAB Baltic Drive)"],
] as const;

const children: ChildProcess[] = [];
// Keep local tools off the network: no telemetry, no update checks.
const childEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1", CI: process.env.CI ?? "" };

function log(message: string) {
  if (!quiet) console.log(message);
}

function run(command: string, commandArgs: string[], options: { name: string; wait: boolean }) {
  const child = spawn(command, commandArgs, {
    stdio: quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
    env: childEnv,
  });
  if (!options.wait) {
    children.push(child);
    child.on("exit", (code, signal) => {
      if (!stopping) {
        console.error(`${options.name} stopped (${signal ?? code}); shutting down.`);
        void stop(1);
      }
    });
    return Promise.resolve(0);
  }
  return new Promise<number>((done, fail) => {
    child.on("exit", (code) =>
      code === 0 ? done(0) : fail(new Error(`${options.name} failed with exit code ${code}`)),
    );
  });
}

/** Miniflare fetches Request.cf from the internet at start; a placeholder file makes it skip that. */
function writeCfPlaceholder() {
  const file = resolve("node_modules/.mf/cf.json");
  mkdirSync(dirname(file), { recursive: true });
  if (!existsSync(file)) {
    writeFileSync(
      file,
      JSON.stringify({
        colo: "VNO",
        country: "LT",
        city: "Vilnius",
        timezone: "Europe/Vilnius",
        asn: 0,
        asOrganization: "local",
      }),
    );
  }
  const now = new Date();
  utimesSync(file, now, now);
}

async function prepareDatabase() {
  if (args.has("--fresh")) {
    for (const path of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, persistTo])
      rmSync(path, { recursive: true, force: true });
  }
  const isNew = !existsSync(dbFile);
  const client = createNodeClient({ file: dbFile });
  try {
    await migrateDatabase(client);
  } finally {
    client.close();
  }
  if (isNew) {
    log("Seeding the demo database (first start)…");
    await run(
      "npx",
      ["tsx", "scripts/seed.ts", "--db", dbFile, "--persist-to", persistTo, ...(quiet ? ["--quiet"] : [])],
      {
        name: "seed",
        wait: true,
      },
    );
  }
}

async function waitForHttp(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Runs the Worker's scheduled handler as the cron trigger would, through wrangler's test endpoint. */
async function runScheduled(cron: string) {
  const response = await fetch(`http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(cron)}`);
  if (!response.ok) throw new Error(`/__scheduled answered ${response.status}`);
}

/**
 * The jobs once now (a machine that was off has requests overdue for expiry), then on each cron's schedule; returns
 * what the banner says of it.
 */
async function scheduleJobs(crons: string[]) {
  if (crons.length === 0) return "none in wrangler.toml";
  for (const cron of new Set(crons)) {
    await runScheduled(cron).catch((error: unknown) => console.error(`scheduled run (${cron}) failed:`, error));
  }
  const runner = startCronRunner(crons, runScheduled);
  process.on("exit", () => runner.stop());
  return `${crons.join(", ")}, run at start and then on schedule`;
}

let stopping = false;
let closeDatabase: (() => Promise<void>) | undefined;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  await closeDatabase?.();
  process.exit(code);
}

process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

try {
  writeCfPlaceholder();
  await prepareDatabase();
  const dev = args.has("--dev");
  if (!args.has("--no-build") && !dev) {
    log("Building…");
    await run("npx", ["remix", "vite:build", "--logLevel", "warn"], { name: "build", wait: true });
  }
  const database = await startLibsqlHttpServer({ file: dbFile, port: libsqlPort });
  closeDatabase = database.close;
  log(`libSQL HTTP adapter on ${database.url} serving ${dbFile}`);

  await run(
    "npx",
    [
      "partykit",
      "dev",
      "--port",
      String(partykitPort),
      "--disable-request-cf-fetch",
      "--no-hotkeys",
      "--persist",
      resolve(persistTo, "partykit"),
    ],
    { name: "partykit", wait: false },
  );
  if (dev) {
    // Vite takes the Worker's vars from wrangler.toml, so in this mode the adapter must be on its default port.
    if (libsqlPort !== 8080) throw new Error("npm run dev needs LIBSQL_PORT 8080 (wrangler.toml's DATABASE_URL)");
    await run("npx", ["remix", "vite:dev", "--port", String(port), "--host", "127.0.0.1"], {
      name: "vite",
      wait: false,
    });
    await waitForHttp(`http://127.0.0.1:${port}/`);
    log(`\n  Editing mode: http://localhost:${port} (Vite, Node). For what deploys, use npm start.\n`);
    await new Promise(() => {});
  }
  await run(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      // The devtools port, one per instance: side-by-side servers (journeys, bench, a second checkout) would all
      // take wrangler's default 9229 and the second would not start.
      "--inspector-port",
      String(Number(process.env.INSPECTOR_PORT ?? port + 10000)),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      // GET /__scheduled?cron=… runs the Worker's scheduled handler (wrangler dev only).
      "--test-scheduled",
      "--log-level",
      quiet ? "error" : "warn",
      "--var",
      `DATABASE_URL:${process.env.WORKER_DATABASE_URL ?? database.url}`,
      "--var",
      `PARTYKIT_HOST:127.0.0.1:${partykitPort}`,
      ...(process.env.ENVIRONMENT ? ["--var", `ENVIRONMENT:${process.env.ENVIRONMENT}`] : []),
    ],
    { name: "wrangler", wait: false },
  );
  await waitForHttp(`http://127.0.0.1:${port}/`);
  const crons = readCrons(readFileSync(resolve("wrangler.toml"), "utf8"));
  const schedule = args.has("--no-cron") ? null : await scheduleJobs(crons);
  log(`
  Ratai is running at http://localhost:${port}  (PartyKit on ${partykitPort}, libSQL on ${libsqlPort})
  E-mails go to http://localhost:${port}/dev/mailbox
  Scheduled jobs (wrangler.toml [triggers], UTC): ${schedule ?? "off (--no-cron)"}

  Demo accounts (password: Demo!pass1)
${DEMO_ACCOUNTS.map(([email, role]) => `    ${email.padEnd(18)} ${role}`).join("\n")}
`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
