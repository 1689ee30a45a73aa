// Migration 0027 on a database as the release before left it: host_daily_stats starts from the cars' daily figures,
// and its triggers keep each host's day equal to the sum over their cars through new days, added views and
// inquiries, and a car deleted with its figures (decision 027).
import { createClient, type Client } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrateUpTo } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const person = (id: string) => [
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
const car = (id: string, owner: string) => ({
  sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
    listing_type, daily_price, status, available, submitted_at, created_at, updated_at)
    values (?, ?, 'Toyota', 'Model', 2020, 45000, 'Vilnius', 'suv', 'hybrid', 'automatic', 'rental', 5000, 'approved', 1,
    0, 0, 0)`,
  args: [id, owner],
});
/** As app/cars/listing-stats.server.ts counts: a new day's row, or the day's row added to. */
const count = (carId: string, day: string, views: number, inquiries: number) => ({
  sql: `insert into listing_daily_stats (car_id, day, views, inquiries) values (?, ?, ?, ?)
    on conflict (car_id, day) do update set views = views + excluded.views, inquiries = inquiries + excluded.inquiries`,
  args: [carId, day, views, inquiries],
});

async function kept(client: Client) {
  const rows = await client.execute(
    "select owner_id, day, views, inquiries from host_daily_stats where views <> 0 or inquiries <> 0 order by 1, 2",
  );
  return rows.rows.map(
    (row) => `${String(row.owner_id)} ${String(row.day)} ${Number(row.views)}/${Number(row.inquiries)}`,
  );
}

async function summed(client: Client) {
  const rows = await client.execute(`select c.owner_id, s.day, sum(s.views) as views, sum(s.inquiries) as inquiries
    from listing_daily_stats s join cars c on c.id = s.car_id group by 1, 2 having sum(s.views) <> 0 or sum(s.inquiries) <> 0
    order by 1, 2`);
  return rows.rows.map(
    (row) => `${String(row.owner_id)} ${String(row.day)} ${Number(row.views)}/${Number(row.inquiries)}`,
  );
}

it("starts from the cars' figures and keeps each host's days as they are counted and as cars go", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0027");
  await client.batch([
    ...person("ana"),
    ...person("ben"),
    car("a1", "ana"),
    car("a2", "ana"),
    car("b1", "ben"),
    count("a1", "2026-11-01", 3, 1),
    count("a2", "2026-11-01", 2, 0),
    count("b1", "2026-11-01", 7, 2),
  ]);
  await migrateRest();
  expect(await kept(client)).toEqual(["ana 2026-11-01 5/1", "ben 2026-11-01 7/2"]);

  for (const step of [
    count("a1", "2026-11-01", 1, 1),
    count("a2", "2026-11-02", 4, 0),
    count("b1", "2026-11-02", 1, 0),
    "delete from cars where id = 'a1'",
    "delete from listing_daily_stats where car_id = 'b1' and day = '2026-11-01'",
  ]) {
    await client.execute(step);
    expect(await kept(client)).toEqual(await summed(client));
  }
  expect(await kept(client)).toEqual(["ana 2026-11-01 2/0", "ana 2026-11-02 4/0", "ben 2026-11-02 1/0"]);
  client.close();
});
