// npm run worker-size (part of `npm test`, after the build): bundles the production Worker exactly as
// `wrangler deploy --env production` would (`--dry-run`, nothing is uploaded) and fails when the bundle is over
// 1 MiB gzipped: past that, cold starts slow down and Cloudflare's smaller plans refuse the upload. Prints the size.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const LIMIT_BYTES = 1024 * 1024;
const outdir = mkdtempSync(join(tmpdir(), "ratai-worker-"));
try {
  execFileSync(
    "npx",
    ["wrangler", "deploy", "--dry-run", "--env", "production", "--outdir", outdir],
    // WRANGLER_LOG=error keeps wrangler's banner and warnings out of the one line this prints.
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_LOG: "error" } },
  );
  const bundle = readFileSync(join(outdir, "worker.js"));
  const gzipped = gzipSync(bundle, { level: 9 }).length;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`Worker bundle: ${kib(bundle.length)}, gzip ${kib(gzipped)} (limit ${kib(LIMIT_BYTES)})`);
  if (gzipped > LIMIT_BYTES) {
    console.error(
      `The Worker is over ${kib(LIMIT_BYTES)} gzipped: look for what grew (npx wrangler deploy --dry-run --outdir … and its worker.js.map).`,
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
