// Applies db/migrations (drizzle-kit's output) to a libSQL database: the local file, a test file, or Turso.
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql/web";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export async function migrateDatabase(client: Client) {
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
}
