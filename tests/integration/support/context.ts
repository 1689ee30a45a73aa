// Integration tests run loaders and actions against a real libSQL file. Each test file gets its own copy of a
// database migrated once per run; each test makes its own data with the factories.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Client } from "@libsql/client";
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb } from "~/db.server";
import { parseEnv, type WorkerEnv } from "~/env.server";
import { migrateDatabase } from "../../../db/migrate";
import { createNodeClient, prepareLocalFile } from "../../../db/node-client";
import { createImagesBinding } from "./images-binding";
import { createMemoryBucket } from "./memory-bucket";

const templateDir = join(tmpdir(), `ratai-test-template-${process.ppid}`);
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
  close(): void;
}

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
    ...overrides,
  };
  const env = parseEnv(raw);
  const db = createDb(client);
  const context = {
    cloudflare: { env: raw, ctx: { waitUntil() {}, passThroughOnException() {} } },
    env,
    db,
  } as AppLoadContext;
  return {
    context,
    client,
    db,
    file,
    close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
