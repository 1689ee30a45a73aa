// Integration tests run loaders and actions against a real libSQL file. Each test file gets its own copy of a
// database migrated once per run; each test makes its own data with the factories.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Client } from "@libsql/client";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb } from "~/db.server";
import { parseEnv, type WorkerEnv } from "~/env.server";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../../../db/migrate";
import { createNodeClient, prepareLocalFile } from "../../../db/node-client";
import { createImagesBinding } from "./images-binding";
import { createMemoryBucket } from "./memory-bucket";

/** The migrations' own hash: a template left by another checkout (or an older commit) of the same run is never reused. */
function migrationsHash() {
  const hash = createHash("sha256");
  for (const name of readdirSync(MIGRATIONS_FOLDER)
    .filter((file) => file.endsWith(".sql"))
    .sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  return hash.digest("hex").slice(0, 12);
}

const templateDir = join(tmpdir(), `ratai-test-template-${process.ppid}-${migrationsHash()}`);
const templateFile = join(templateDir, "template.db");

async function ensureTemplate() {
  if (existsSync(templateFile)) return;
  const dir = mkdtempSync(join(tmpdir(), "ratai-template-build-"));
  const client = createNodeClient({ file: join(dir, "template.db") });
  await migrateDatabase(client);
  // A one-file copy needs the write-ahead log folded in.
  await client.execute("PRAGMA journal_mode = DELETE");
  client.close();
  try {
    // Renaming a directory is atomic: parallel test workers see no template or a complete one.
    renameSync(dir, templateDir);
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TestContext {
  context: AppLoadContext;
  client: Client;
  db: AppLoadContext["db"];
  file: string;
  /** Resolves once the work handed to `waitUntil` (after the response, as on Workers) has finished. */
  settled(): Promise<void>;
  /**
   * Closes the database once the work handed to `waitUntil` has finished (a car page's view is written in a batch a
   * moment after its answer: closing under it would fail the next test with its error).
   */
  close(): Promise<void>;
}

/** What a production Worker must have set (app/env.server.ts refuses to start without it): placeholders for tests. */
export const PRODUCTION_ENV: Partial<WorkerEnv> = {
  ENVIRONMENT: "production",
  EMAIL_API_KEY: "re_key",
  DATABASE_AUTH_TOKEN: "t",
  SESSION_SECRET: "s".repeat(40),
  PASSWORD_PEPPER: "p",
  APP_URL: "https://ratai.lt",
  PARTYKIT_SECRET: "k",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
};

export async function createTestContext(overrides: Partial<WorkerEnv> = {}): Promise<TestContext> {
  await ensureTemplate();
  const dir = mkdtempSync(join(tmpdir(), "ratai-test-"));
  const file = join(dir, "test.db");
  copyFileSync(templateFile, file);
  const client = createNodeClient({ file });
  await prepareLocalFile(client);
  const raw: WorkerEnv = {
    ENVIRONMENT: "test",
    PHOTOS: createMemoryBucket(),
    IMAGES: createImagesBinding(),
    // No live rooms unless a test brings its own (messages.test.ts does).
    PARTYKIT_HOST: "off",
    ...overrides,
  };
  return testContextOver(client, raw, file, dir);
}

/** A test context over an open database file in `dir` (removed on close), as the Worker builds its own. */
export function testContextOver(client: Client, raw: WorkerEnv, file: string, dir: string): TestContext {
  const pending: Promise<unknown>[] = [];
  const db = createDb(client);
  const context = {
    cloudflare: {
      env: raw,
      ctx: { waitUntil: (work: Promise<unknown>) => void pending.push(work), passThroughOnException() {} },
    },
    env: parseEnv(raw),
    db,
  } as AppLoadContext;
  return {
    context,
    client,
    db,
    file,
    async settled() {
      await Promise.allSettled(pending.splice(0));
    },
    async close() {
      await Promise.allSettled(pending.splice(0));
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
