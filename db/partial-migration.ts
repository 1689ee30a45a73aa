// For tests of what a migration does to the data the release before left: the database migrated up to the
// migration, then, once the test has written that data, the rest. Statements are run one by one as drizzle-kit
// split them, like the migrator does.
import type { Client } from "@libsql/client";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_FOLDER } from "./migrate";

/** Applies the migrations before `prefix` (e.g. "0014"); the returned function applies it and those after. */
export async function migrateUpTo(client: Client, prefix: string): Promise<() => Promise<void>> {
  const files = readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const apply = async (file: string) => {
    for (const statement of readFileSync(join(MIGRATIONS_FOLDER, file), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await client.execute(statement);
    }
  };
  const before = files.findIndex((f) => f.startsWith(`${prefix}_`));
  if (before < 0) throw new Error(`No migration ${prefix}`);
  for (const file of files.slice(0, before)) await apply(file);
  return async () => {
    for (const file of files.slice(before)) await apply(file);
  };
}

/** A person as every release so far wrote one, for a test's data: a user and their profile, by id. */
export const personRows = (id: string) => [
  {
    sql: "insert into users (id, email, password_hash, created_at, updated_at) values (?, ?, 'x', 0, 0)",
    args: [id, `${id}@example.com`],
  },
  {
    sql: `insert into profiles (id, email, terms_accepted_at, privacy_accepted_at, created_at, updated_at)
      values (?, ?, 0, 0, 0, 0)`,
    args: [id, `${id}@example.com`],
  },
];

/** The host's car `car` as every release so far wrote one, for a test's data: a Toyota in Vilnius, approved. */
export const carRow = (listingType: "rental" | "both", dailyPrice: number) => ({
  sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
    listing_type, daily_price, status, available, submitted_at, created_at, updated_at)
    values ('car', 'host', 'Toyota', 'Corolla', 2020, 45000, 'Vilnius', 'suv', 'hybrid', 'automatic', ?, ?, 'approved',
    1, 0, 0, 0)`,
  args: [listingType, dailyPrice],
});
