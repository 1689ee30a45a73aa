// Browser journeys in real Chromium (Debian's), with JavaScript on and off, against the production build served by
// workerd through the same start script people use, on its own ports and a fresh database.
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8799);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * The same build with its database out of reach (port 9 on this machine: nothing listens), for tests/e2e/faults, and
 * with Stripe configured (a test key, a known webhook secret; nothing calls Stripe), for the webhook's answers over
 * HTTP in tests/e2e/resource-routes.
 */
const FAULT_PORT = Number(process.env.E2E_FAULT_PORT ?? PORT - 2);
export const FAULT_URL = `http://127.0.0.1:${FAULT_PORT}`;
export const FAULT_STRIPE_WEBHOOK_SECRET = "whsec_e2e_resource_routes";
/** How long the servers below may take to answer, from their start. */
const SERVER_START_MS = 360_000;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "tests/.artifacts/results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A journey runs two browsers' worth of pages against workerd on two cores, with axe on each page: on a busy CI
  // machine the longest (booking, trips, admin) take over a minute, and with other work beside them (a load of 25 on
  // two cores) the profile's took 1.8 minutes and a host's confirming post over 10 s. The limits are for a journey
  // that hangs, not one that is slow: 4 minutes a journey, 20 s an assertion.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  // The JSON report keeps each journey's start, duration and worker: where a run's wall time goes (CI's budget).
  reporter: [["list"], ["json", { outputFile: "tests/.artifacts/e2e-report.json" }]],
  use: {
    baseURL: BASE_URL,
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions: {
      // Debian's headless shell (scripts/ensure-chromium.sh installs it): what Playwright runs headless with its own
      // browsers; the full browser's new headless mode costs a GPU process and browser UI per run on a 2-core machine.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // The demo accounts sign in once for each project that depends on this one (tests/e2e/demo-sessions.setup.ts).
    { name: "demo sessions", testMatch: /demo-sessions\.setup\.ts$/ },
    // Journeys that only make sense one way are tagged, and the other project leaves them out (no skips in tests).
    // Checks of HTTP answers alone (@http) involve no page, so they run once, in the first project.
    {
      name: "js",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true },
      grepInvert: /@no-js-only/,
      dependencies: ["demo sessions"],
    },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      grepInvert: /@js-only|@http/,
      dependencies: ["demo sessions"],
    },
  ],
  webServer: [
    {
      // --no-cron: the scheduled jobs run only when a journey asks (GET /__scheduled), never in the middle of another.
      command: "npx tsx scripts/start.ts --fresh --no-build --quiet --no-cron",
      url: `${BASE_URL}/`,
      // A fresh seed and two workerd processes: 165 s at a load of 23 on two cores, so a busy machine gets twice that.
      timeout: SERVER_START_MS,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        LIBSQL_PORT: process.env.E2E_LIBSQL_PORT ?? "8098",
        PARTYKIT_PORT: process.env.E2E_PARTYKIT_PORT ?? "2098",
        DB_FILE: "tests/.artifacts/e2e.db",
        PERSIST_TO: "tests/.artifacts/state",
      },
    },
    {
      // The Worker alone in workerd, its DATABASE_URL on a closed port: what visitors see when libSQL is unreachable;
      // Stripe configured, so its webhook answers as in production.
      command: [
        "npx wrangler dev --ip 127.0.0.1 --show-interactive-dev-session=false --log-level error",
        `--port ${FAULT_PORT} --inspector-port ${FAULT_PORT + 10000} --persist-to tests/.artifacts/fault-state`,
        "--var DATABASE_URL:http://127.0.0.1:9 --var PARTYKIT_HOST:off",
        `--var STRIPE_SECRET_KEY:sk_test_e2e --var STRIPE_WEBHOOK_SECRET:${FAULT_STRIPE_WEBHOOK_SECRET}`,
      ].join(" "),
      url: `${FAULT_URL}/favicon.svg`,
      timeout: SERVER_START_MS,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
