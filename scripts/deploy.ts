// npm run deploy: production, in order, stopping at the first step that fails with what to fix (README "Deploying"):
//   1. the environment: DATABASE_URL, DATABASE_AUTH_TOKEN, APP_URL, PARTYKIT_HOST (or PARTYKIT_LOGIN); a Cloudflare
//      login (CLOUDFLARE_API_TOKEN or `wrangler login`); the Worker's secrets and the rooms' PARTYKIT_SECRET, by name;
//   2. the build, and the Worker's size (under 1 MiB gzip, scripts/worker-size.ts);
//   3. the database migrations, against Turso;
//   4. the PartyKit rooms (`partykit deploy`, partykit.json);
//   5. the Worker (`wrangler deploy --env production` with this deployment's vars and custom domain);
//   6. what is left by hand (the Stripe webhook).
// `--dry-run` touches no account: the checks that need one are skipped, missing settings get placeholders, the
// migrations are listed, the party is only bundled, and the Worker goes through `wrangler deploy --dry-run`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../db/migrate";
import { createNodeClient } from "../db/node-client";
import {
  checkDeployEnv,
  checkPartySecrets,
  checkWorkerSecrets,
  manualSteps,
  parsePartyEnvList,
  parseSecretList,
  workerDeployArgs,
  type DeploySettings,
} from "./deploy-checks";

const dryRun = process.argv.includes("--dry-run");
const childEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };

class StepFailed extends Error {}

let stepNumber = 0;
async function step(title: string, fix: string, body: () => void | Promise<void>) {
  stepNumber += 1;
  console.log(`\n━━ ${stepNumber}. ${title}`);
  try {
    await body();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`\n✗ Step ${stepNumber} (${title}) failed: ${reason}`);
    console.error(`  To fix: ${fix}`);
    console.error(`  Nothing after this step ran; \`npm run deploy\` is safe to run again.`);
    process.exit(1);
  }
}

/** Runs a command with its output shown; throws when it fails. */
function run(command: string, args: string[]) {
  console.log(`$ ${command} ${args.map(shown).join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: childEnv });
  if (result.status !== 0) throw new StepFailed(`\`${command} ${args[0]} ${args[1] ?? ""}\` exited ${result.status}`);
}

/** Runs a command for its output (the account checks), without showing it; colours stripped. */
function capture(command: string, args: string[]): { ok: boolean; stdout: string; stderr: string } {
  // Not WRANGLER_LOG=error: wrangler prints `whoami` and `secret list --format json` through the log it would silence.
  const result = spawnSync(command, args, { encoding: "utf8", env: childEnv });
  return {
    ok: result.status === 0,
    stdout: stripVTControlCharacters(result.stdout ?? ""),
    stderr: stripVTControlCharacters(result.stderr ?? ""),
  };
}

/** The line of wrangler's output that says what went wrong. */
function wranglerError(output: string): string {
  const lines = output.split("\n").map((line) => line.trim());
  const error = lines.find((line) => line.includes("[ERROR]")) ?? lines.find(Boolean) ?? "no output";
  return error.replace(/^✘ \[ERROR\] /, "");
}

/** Command lines are echoed; a --var value is a URL, never a secret, but keep the echo readable. */
const shown = (arg: string) => (/[\s"'$]/.test(arg) ? JSON.stringify(arg) : arg);

function migrationTags(): string[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

console.log(dryRun ? "Ratai: deploy, dry run (no account is touched)" : "Ratai: deploy to production");
let settings: DeploySettings | undefined;

await step("Environment", "set what is listed above (README, Deploying), then run `npm run deploy` again.", () => {
  const checked = checkDeployEnv(process.env);
  settings = checked.settings;
  const problems = [...checked.problems];
  if (dryRun) {
    for (const problem of problems) console.log(`  ! ${problem}`);
    if (problems.length) console.log("  (dry run: placeholders stand in for the above)");
    console.log("  Cloudflare login, Worker secrets and PartyKit variables: not checked in a dry run.");
  } else {
    if (process.env.CLOUDFLARE_API_TOKEN) {
      console.log("  Cloudflare: CLOUDFLARE_API_TOKEN is set.");
    } else {
      const whoami = capture("npx", ["wrangler", "whoami"]);
      if (!whoami.ok || /not authenticated/i.test(whoami.stdout + whoami.stderr)) {
        problems.push(
          "No Cloudflare login: `npx wrangler login`, or set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID).",
        );
      } else {
        console.log("  Cloudflare: logged in with wrangler.");
      }
    }
    if (!problems.some((p) => p.startsWith("No Cloudflare login"))) {
      const listed = capture("npx", ["wrangler", "secret", "list", "--env", "production", "--format", "json"]);
      if (listed.ok) {
        problems.push(...checkWorkerSecrets(parseSecretList(listed.stdout)));
      } else {
        problems.push(
          `Could not list the Worker's secrets: ${wranglerError(listed.stderr + listed.stdout)} ` +
            "(before the first deploy, set them with `npx wrangler secret put NAME --env production`).",
        );
      }
    }
    if (settings.partykitHost) {
      const whoami = capture("npx", ["partykit", "whoami"]);
      if (!/Logged in as/.test(whoami.stdout)) {
        problems.push(
          "No PartyKit login: `npx partykit login`, or set PARTYKIT_LOGIN and PARTYKIT_TOKEN (`npx partykit token generate`).",
        );
      } else {
        const listed = capture("npx", ["partykit", "env", "list"]);
        if (listed.ok) problems.push(...checkPartySecrets(parsePartyEnvList(listed.stdout)));
        else problems.push(`Could not list the PartyKit project's variables: ${listed.stderr.trim()}`);
      }
    }
    for (const problem of problems) console.log(`  ✗ ${problem}`);
    if (problems.length) throw new StepFailed(`${problems.length} thing(s) missing`);
  }
  console.log(`  Database: ${new URL(settings.databaseUrl).host}`);
  console.log(`  Site: ${settings.appUrl}`);
  console.log(`  Rooms: ${settings.partykitHost ?? "off (open threads poll every 3 s)"}`);
});
const target = settings as DeploySettings;

await step("Build", "fix the build errors above (`npm run build` shows the same).", () => {
  run("npm", ["run", "build"]);
});

await step(
  "Worker size",
  "the Worker is over 1 MiB gzip or does not bundle: see above (`npm run worker-size`).",
  () => {
    run("npm", ["run", "--silent", "worker-size"]);
  },
);

await step(
  "Database migrations",
  "check DATABASE_URL and DATABASE_AUTH_TOKEN (`turso db show ratai --url`, `turso db tokens create ratai`); " +
    "drizzle applies each migration in one batch, so a failed one left nothing half-written.",
  async () => {
    const tags = migrationTags();
    if (dryRun) {
      console.log(
        `  Skipped (dry run): would apply what is pending of ${tags.length} migrations (latest ${tags.at(-1)}) ` +
          `to ${new URL(target.databaseUrl).host}.`,
      );
      return;
    }
    console.log(
      `  Applying pending migrations (of ${tags.length}, latest ${tags.at(-1)}) to ${new URL(target.databaseUrl).host}…`,
    );
    const client = createNodeClient({ url: target.databaseUrl, authToken: process.env.DATABASE_AUTH_TOKEN });
    try {
      await migrateDatabase(client);
    } finally {
      client.close();
    }
    console.log("  Migrations applied.");
  },
);

await step(
  "PartyKit rooms",
  "`npx partykit login` (or PARTYKIT_LOGIN and PARTYKIT_TOKEN), and `npx partykit env add PARTYKIT_SECRET`.",
  () => {
    if (!target.partykitHost) {
      console.log("  Skipped: PARTYKIT_HOST=off.");
      return;
    }
    if (dryRun) {
      // partykit deploy has no dry run; bundling the server catches what would stop it.
      const outdir = mkdtempSync(join(tmpdir(), "ratai-party-"));
      try {
        run("npx", [
          "esbuild",
          "party/conversation.ts",
          "--bundle",
          "--format=esm",
          "--platform=neutral",
          "--log-level=warning",
          `--outfile=${join(outdir, "party.js")}`,
        ]);
      } finally {
        rmSync(outdir, { recursive: true, force: true });
      }
      console.log(`  Bundled only (dry run): \`npx partykit deploy\` would publish it to ${target.partykitHost}.`);
      return;
    }
    run("npx", ["partykit", "deploy"]);
  },
);

await step(
  "Worker",
  "see wrangler's message above; the database is migrated and the rooms deployed, so running again is safe. " +
    "To go back to the previous version: `npx wrangler rollback --env production`.",
  () => {
    if (!dryRun) {
      run("npx", workerDeployArgs(target, { dryRun: false }));
      return;
    }
    const outdir = mkdtempSync(join(tmpdir(), "ratai-worker-"));
    try {
      run("npx", workerDeployArgs(target, { dryRun: true, outdir }));
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  },
);

console.log(`\n━━ Left to do by hand`);
for (const line of manualSteps(target)) console.log(`  • ${line}`);
console.log(
  dryRun
    ? "\nDry run finished: nothing was uploaded, migrated or deployed."
    : `\nDeployed. Roll back the Worker with \`npx wrangler rollback --env production\` (README, Deploying).`,
);
