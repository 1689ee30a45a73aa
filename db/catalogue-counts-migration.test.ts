// Migration 0026 on a database as the release before left it: catalogue_counts starts from the public cars there
// are, and its triggers keep each scope's count equal to a count of the cars through inserts, moderation, the
// availability switch, a change of listing type and deletes (decision 027).
import { createClient, type Client } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrateUpTo } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const insertCar = (id: string, listingType: "rental" | "sale" | "both", status = "approved", available = 1) => ({
  sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
    listing_type, daily_price, sale_price, status, available, submitted_at, created_at, updated_at)
    values (?, 'host', 'Toyota', 'Model', 2020, 45000, 'Vilnius', 'suv', 'hybrid', 'automatic', ?, 5000, 900000, ?, ?,
    0, 0, 0)`,
  args: [id, listingType, status, available],
});

async function kept(client: Client) {
  const rows = await client.execute("select scope, cars from catalogue_counts order by scope");
  return Object.fromEntries(rows.rows.map((row) => [String(row.scope), Number(row.cars)]));
}

/** The counts as a count of the cars would give them. */
async function counted(client: Client) {
  const public_ = "status = 'approved' and available = 1";
  const one = async (where: string) =>
    Number((await client.execute(`select count(*) as n from cars where ${where}`)).rows[0]!.n);
  return {
    all: await one(public_),
    rental: await one(`${public_} and listing_type <> 'sale'`),
    sale: await one(`${public_} and listing_type <> 'rental'`),
  };
}

it("starts from the public cars and keeps every scope's count as cars come, change and go", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0026");
  await client.batch([
    {
      sql: "insert into users (id, email, password_hash, created_at, updated_at) values ('host', 'h@example.com', 'x', 0, 0)",
      args: [],
    },
    {
      sql: `insert into profiles (id, email, terms_accepted_at, privacy_accepted_at, created_at, updated_at)
        values ('host', 'h@example.com', 0, 0, 0, 0)`,
      args: [],
    },
    insertCar("rental", "rental"),
    insertCar("sale", "sale"),
    insertCar("both", "both"),
    insertCar("pending", "rental", "pending"),
    insertCar("hidden", "sale", "approved", 0),
  ]);
  await migrateRest();
  expect(await kept(client)).toEqual({ all: 3, rental: 2, sale: 2 });

  const steps = [
    insertCar("new-both", "both"),
    insertCar("new-pending", "sale", "pending"),
    "update cars set status = 'approved' where id = 'pending'",
    "update cars set available = 1 where id = 'hidden'",
    "update cars set available = 0 where id = 'rental'",
    "update cars set listing_type = 'rental' where id = 'both'",
    "update cars set listing_type = 'sale' where id = 'rental'",
    "update cars set status = 'suspended' where id = 'sale'",
    "update cars set make = 'Volvo', available = 1 where id = 'new-both'",
    "delete from cars where id = 'new-both'",
    "delete from cars where id = 'rental'",
    "delete from cars where id = 'new-pending'",
  ];
  for (const step of steps) {
    await client.execute(step);
    expect(await kept(client), typeof step === "string" ? step : String(step.args[0])).toEqual(await counted(client));
  }
  expect(await kept(client)).toEqual({ all: 3, rental: 2, sale: 1 });
  client.close();
});
