// Migration 0022 on a database as the release before left it: the notifications table, rebuilt for its wider CHECK,
// keeps every row and the price-drop triggers (0005) that write to it, and takes the return clock's three types;
// bookings gain check_out_overdue_at (empty for every trip so far, so the job tells both parties of a missing
// check-out once) in place, keeping their overlap triggers; the job finds active trips by their end through an index.
import { createClient, type Client } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrateUpTo, personRows } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function triggers(client: Client) {
  const rows = await client.execute("select name from sqlite_master where type = 'trigger' order by name");
  return rows.rows.map((row) => String(row.name));
}

it("keeps the notifications and their triggers, takes the new types, and adds the check-out flag in place", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0022");
  await client.execute("PRAGMA foreign_keys=ON");
  const triggersBefore = await triggers(client);
  expect(triggersBefore).toEqual(
    expect.arrayContaining(["cars_price_drop_daily", "cars_price_drop_sale", "bookings_no_overlap_insert"]),
  );

  const booking = (id: string, status: string, start: string, end: string) => ({
    sql: `insert into bookings (id, car_id, renter_id, owner_id, status, payment_status, start_date, end_date,
      total_days, daily_rate, subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount,
      deposit_amount, deposit_status, created_at, updated_at)
      values (?, 'car', 'renter', 'host', ?, 'captured', ?, ?, 3, 4000, 12000, 240, 400, 11760, 32640, 20000, 'held',
      0, 0)`,
    args: [id, status, start, end],
  });
  await client.batch([
    ...personRows("host"),
    ...personRows("renter"),
    ...personRows("fan"),
    {
      sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
        listing_type, daily_price, sale_price, status, available, submitted_at, created_at, updated_at)
        values ('car', 'host', 'Toyota', 'Corolla', 2020, 45000, 'Vilnius', 'suv', 'hybrid', 'automatic', 'both',
        5000, 1500000, 'approved', 1, 0, 0, 0)`,
      args: [],
    },
    { sql: "insert into favorites (id, user_id, car_id, created_at) values ('fav', 'fan', 'car', 0)", args: [] },
    {
      sql: `insert into notifications (id, user_id, type, title, message, data, read, created_at)
        values ('old', 'renter', 'trip_check_in_overdue', null, null, '{"booking_id":"active"}', 1, 5)`,
      args: [],
    },
    {
      sql: "insert into notifications (id, user_id, type, data, read, created_at) values ('paid', 'host', 'payout_sent', '{}', 0, 6)",
      args: [],
    },
    booking("active", "active", "2026-02-01", "2026-02-04"),
    booking("completed", "completed", "2026-01-01", "2026-01-04"),
  ]);
  // The new types are refused before the migration.
  await expect(
    client.execute(
      "insert into notifications (id, user_id, type, created_at) values ('early', 'renter', 'trip_auto_completed', 1)",
    ),
  ).rejects.toThrow(/CHECK constraint failed/);

  await migrateRest();

  const kept = await client.execute("select * from notifications order by created_at");
  expect(kept.rows.map((row) => ({ ...row }))).toEqual([
    {
      id: "old",
      user_id: "renter",
      type: "trip_check_in_overdue",
      title: null,
      message: null,
      data: '{"booking_id":"active"}',
      read: 1,
      created_at: 5,
    },
    {
      id: "paid",
      user_id: "host",
      type: "payout_sent",
      title: null,
      message: null,
      data: "{}",
      read: 0,
      created_at: 6,
    },
  ]);
  for (const [id, type] of [
    ["a", "trip_check_out_overdue"],
    ["b", "trip_auto_completed"],
    ["c", "claim_referred"],
  ]) {
    await client.execute({
      sql: "insert into notifications (id, user_id, type, created_at) values (?, 'renter', ?, 7)",
      args: [id!, type!],
    });
  }
  await expect(
    client.execute("insert into notifications (id, user_id, type, created_at) values ('bad', 'renter', 'bogus', 8)"),
  ).rejects.toThrow(/CHECK constraint failed/);
  // A notification still goes with its user (the foreign key survived the rebuild).
  await expect(
    client.execute("insert into notifications (id, user_id, type, created_at) values ('x', 'nobody', 'system', 9)"),
  ).rejects.toThrow(/FOREIGN KEY/);

  // The triggers are all back and still write to the table.
  expect(await triggers(client)).toEqual(expect.arrayContaining(triggersBefore));
  await client.execute("update cars set daily_price = 4500 where id = 'car'");
  const drops = await client.execute("select user_id, data from notifications where type = 'price_drop'");
  expect(drops.rows.map((r) => [r.user_id, JSON.parse(String(r.data)).new_price])).toEqual([["fan", 4500]]);

  // Bookings keep their rows with no check-out flag yet, and their overlap guard.
  const rows = await client.execute("select id, status, check_out_overdue_at from bookings order by id");
  expect(rows.rows.map((row) => ({ ...row }))).toEqual([
    { id: "active", status: "active", check_out_overdue_at: null },
    { id: "completed", status: "completed", check_out_overdue_at: null },
  ]);
  await expect(client.execute(booking("overlap", "confirmed", "2026-02-02", "2026-02-03"))).rejects.toThrow(
    /booking_overlap/,
  );
  // The job's read of active trips by their end uses the new index.
  const plan = await client.execute(
    "explain query plan select id from bookings where status = 'active' and end_date <= '2026-02-10'",
  );
  expect(plan.rows.map((row) => String(row.detail)).join("\n")).toContain("bookings_active_end_idx");
  client.close();
});
