// A catalogue as big as the benchmarks use: the demo data plus 10,000 bulk cars, built once per test run (about
// 15 s) and copied for each test file that reads it.
import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase } from "../../../db/migrate";
import { createNodeClient, prepareLocalFile } from "../../../db/node-client";
import { createMemoryPhotoStore } from "../../../scripts/seed/photo-store";
import { seedBulkCars } from "../../../scripts/seed/seed-bulk";
import { seedDemo } from "../../../scripts/seed/seed-demo";
import type { TestContext } from "./context";
import { createMemoryBucket } from "./memory-bucket";
import { contextOverCopy } from "./seeded-db";

export const BULK_CARS = 10_000;

const templateDir = join(tmpdir(), `ratai-test-catalogue-${process.ppid}`);
const templateFile = join(templateDir, "catalogue.db");

async function ensureCatalogueTemplate() {
  if (existsSync(templateFile)) return;
  const dir = mkdtempSync(join(tmpdir(), "ratai-catalogue-build-"));
  const client = createNodeClient({ file: join(dir, "catalogue.db") });
  await prepareLocalFile(client);
  await migrateDatabase(client);
  const photos = createMemoryPhotoStore();
  await seedDemo(client, photos, { now: new Date() });
  await seedBulkCars(client, photos, { count: BULK_CARS });
  await client.execute("PRAGMA journal_mode = DELETE");
  client.close();
  try {
    renameSync(dir, templateDir);
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A test context over a private copy of the 10,000-car catalogue. */
export async function createCatalogueContext(): Promise<TestContext> {
  await ensureCatalogueTemplate();
  return contextOverCopy(templateFile, { ENVIRONMENT: "test", PHOTOS: createMemoryBucket() });
}
