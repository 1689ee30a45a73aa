// Migration 0021 on a database as the release before left it: every car's search row is named in cars_fts_rows, and
// from then on the triggers keep one row per car, found by that name, through inserts, edits of its text and deletes.
import { createClient, type Client } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrateUpTo } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const insertCar = (id: string, make: string, location: string) => ({
  sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
    listing_type, daily_price, status, available, submitted_at, created_at, updated_at)
    values (?, 'host', ?, 'Model', 2020, 45000, ?, 'suv', 'hybrid', 'automatic', 'rental', 5000, 'approved', 1, 0, 0, 0)`,
  args: [id, make, location],
});

/** The cars a search finds, the way app/search/listing-query.server.ts asks. */
async function found(client: Client, match: string) {
  const rows = await client.execute({
    sql: `select id from cars where id in (select car_id from cars_fts_rows where fts_rowid in
      (select rowid from cars_fts where cars_fts match ?)) order by id`,
    args: [match],
  });
  return rows.rows.map((row) => String(row.id));
}

async function count(client: Client, table: string) {
  return Number((await client.execute(`select count(*) as n from ${table}`)).rows[0]!.n);
}

it("names every car's search row, then keeps them one per car through inserts, edits and deletes", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0021");
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
    insertCar("old-1", "Toyota", "Vilnius"),
    insertCar("old-2", "Škoda", "Kaunas"),
  ]);
  await migrateRest();

  expect(await count(client, "cars_fts_rows")).toBe(2);
  expect(await found(client, '"toyota"*')).toEqual(["old-1"]);
  expect(await found(client, 'location : ("kaunas"*)')).toEqual(["old-2"]);

  await client.execute(insertCar("new", "Tesla", "Klaipėda"));
  expect(await found(client, '"tesla"*')).toEqual(["new"]);
  expect(await found(client, '"klaipeda"*')).toEqual(["new"]);

  // An edit of a car's text rewrites its own row, no other.
  await client.execute("update cars set make = 'Volvo', location = 'Vilnius' where id = 'old-2'");
  expect(await found(client, '"skoda"*')).toEqual([]);
  expect(await found(client, '"volvo"*')).toEqual(["old-2"]);
  expect(await found(client, 'location : ("vilnius"*)')).toEqual(["old-1", "old-2"]);
  expect(await found(client, '"tesla"*')).toEqual(["new"]);

  await client.execute("delete from cars where id = 'old-1'");
  expect(await found(client, '"toyota"*')).toEqual([]);
  expect(await count(client, "cars_fts")).toBe(2);
  expect(await count(client, "cars_fts_rows")).toBe(2);
  client.close();
});
