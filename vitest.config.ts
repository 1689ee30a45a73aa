// Vitest runs unit tests (next to the rules: app/**/*.test.ts, and the scripts' logic beside them) and integration
// tests (tests/integration) in Node, without the Remix and Cloudflare Vite plugins (they keep handles open and the
// run never ends).
import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// remix-i18next's files name source maps whose sources it does not ship: inlined (below), each would be a warning.
const withoutSourceMaps: Plugin = {
  name: "remix-i18next-without-source-maps",
  load(id) {
    if (!/\/node_modules\/remix-i18next\/build\/.*\.js$/.test(id)) return null;
    return readFileSync(id, "utf8").replace(/^\/\/# sourceMappingURL=.*$/m, "");
  },
};

export default defineConfig({
  plugins: [tsconfigPaths(), withoutSourceMaps],
  test: {
    environment: "node",
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "party/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/bench/**/*.test.ts",
    ],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    // A timeout catches a test that hangs; it is not a speed check (durations come from injected clocks). CI's machine
    // is busy: at a load of 15–20 a photo test that takes 3 s on a quiet one took 20 s, so a test gets two minutes.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default keeps a core for its own process (cpus − 1: one fork on a 2-core machine). The integration
    // files wait on libSQL files and sockets enough that two forks on two cores ran the suite in 234 s, not 317 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Through vitest's transform, so that a test's vi.mock of react-i18next (to the lite one the production build
    // renders with) reaches root's useChangeLanguage too; Node would load it with the real react-i18next.
    server: { deps: { inline: ["remix-i18next"] } },
  },
});
