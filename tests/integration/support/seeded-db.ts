// Databases the seed filled (scripts/seed), for tests that act on what `npm start` serves: a seeded file is made once, and
// each test gets a private copy of it under a context as the Worker builds its own.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { WorkerEnv } from "~/env.server";
import { migrateDatabase } from "../../../db/migrate";
import { createNodeClient, prepareLocalFile } from "../../../db/node-client";
import { createMemoryPhotoStore } from "../../../scripts/seed/photo-store";
import { seedDemo } from "../../../scripts/seed/seed-demo";
import { testContextOver, type TestContext } from "./context";
import { createImagesBinding } from "./images-binding";
import { createMemoryBucket } from "./memory-bucket";

/** A test context over a private copy of `templateFile` (removed on close). */
export async function contextOverCopy(
  templateFile: string,
  raw: WorkerEnv = {
    ENVIRONMENT: "test",
    PHOTOS: createMemoryBucket(),
    IMAGES: createImagesBinding(),
    PARTYKIT_HOST: "off",
  },
): Promise<TestContext> {
  const dir = mkdtempSync(join(tmpdir(), "ratai-seeded-"));
  const file = join(dir, basename(templateFile));
  copyFileSync(templateFile, file);
  const client = createNodeClient({ file });
  await prepareLocalFile(client);
  return testContextOver(client, raw, file, dir);
}

export interface SeededDemo {
  file: string;
  /** The moment the demo was seeded for: its bookings, trips and payouts are placed around it. */
  now: Date;
  remove(): void;
}

/** The demo data set alone, seeded for `now` into a file of its own, folded into one file for copying. */
export async function seedDemoFile(now = new Date()): Promise<SeededDemo> {
  const dir = mkdtempSync(join(tmpdir(), "ratai-demo-"));
  const file = join(dir, "demo.db");
  const client = createNodeClient({ file });
  try {
    await prepareLocalFile(client);
    await migrateDatabase(client);
    const seeded = await seedDemo(client, createMemoryPhotoStore(), { now });
    if (seeded.status !== "seeded") throw new Error(`The demo was not seeded: ${seeded.status}`);
    await client.execute("PRAGMA journal_mode = DELETE");
  } finally {
    client.close();
  }
  return { file, now, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
