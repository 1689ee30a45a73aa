// Migration 0016 on a database as the release before left it: a cancelled booking whose payment was captured and
// never given back is owed its refund under the key the earlier attempts used; paid bookings hold their deposit;
// completed ones get a claim window from the deploy; the notifications table, rebuilt for its wider CHECK, keeps its
// rows and the price-drop triggers (0005) that write to it.
import { createClient, type Client } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrateUpTo, personRows } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;

async function triggers(client: Client) {
  const rows = await client.execute("select name from sqlite_master where type = 'trigger' order by name");
  return rows.rows.map((row) => String(row.name));
}

it("owes the refunds left unpaid, holds paid deposits, opens claim windows, and keeps the price-drop triggers", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0016");
  const triggersBefore = await triggers(client);
  expect(triggersBefore).toEqual(expect.arrayContaining(["cars_price_drop_daily", "cars_price_drop_sale"]));

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
      sql: "insert into notifications (id, user_id, type, data, read, created_at) values ('old', 'renter', 'booking_confirmed', '{}', 0, 5)",
      args: [],
    },
  ]);
  const booking = (id: string, status: string, paymentStatus: string, start: string, end: string, deposit: number) => ({
    sql: `insert into bookings (id, car_id, renter_id, owner_id, status, payment_status, stripe_payment_intent_id,
      start_date, end_date, total_days, daily_rate, subtotal, platform_fee, payment_processor_fee, host_earnings,
      total_amount, deposit_amount, created_at, updated_at)
      values (?, 'car', 'renter', 'host', ?, ?, ?, ?, ?, 3, 4000, 12000, 240, 400, 11760, ?, ?, 0, 0)`,
    args: [id, status, paymentStatus, `pi_${id}`, start, end, 12640 + deposit, deposit],
  });
  await client.batch([
    booking("cancelled_captured", "cancelled", "captured", "2026-01-01", "2026-01-04", 20000),
    booking("cancelled_captured_no_deposit", "cancelled", "captured", "2026-01-05", "2026-01-08", 0),
    booking("cancelled_released", "cancelled", "released", "2026-01-09", "2026-01-12", 20000),
    booking("confirmed_paid", "confirmed", "captured", "2026-02-01", "2026-02-04", 20000),
    booking("confirmed_no_deposit", "confirmed", "captured", "2026-02-05", "2026-02-08", 0),
    booking("confirmed_authorized", "confirmed", "authorized", "2026-02-09", "2026-02-12", 20000),
    booking("completed_paid", "completed", "captured", "2025-12-01", "2025-12-04", 20000),
    booking("completed_no_deposit", "completed", "captured", "2025-12-05", "2025-12-08", 0),
    booking("pending_request", "pending", "authorized", "2026-03-01", "2026-03-04", 20000),
  ]);

  const before = Date.now();
  await migrateRest();
  const after = Date.now();

  // The refunds owed: one per cancelled booking whose payment was captured, the whole payment, the old key.
  const owed = await client.execute("select * from refunds order by booking_id");
  expect(owed.rows.map((r) => ({ ...r }))).toEqual([
    expect.objectContaining({
      booking_id: "cancelled_captured",
      kind: "cancellation",
      amount: 12640 + 20000,
      status: "pending",
      idempotency_key: "refund-cancelled_captured",
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
      stripe_refund_id: null,
      succeeded_at: null,
    }),
    expect.objectContaining({
      booking_id: "cancelled_captured_no_deposit",
      amount: 12640,
      idempotency_key: "refund-cancelled_captured_no_deposit",
    }),
  ]);
  for (const row of owed.rows) {
    expect(Number(row.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Number(row.created_at)).toBeLessThanOrEqual(after + 1000);
  }

  const rows = Object.fromEntries(
    (
      await client.execute(
        "select id, deposit_status, deposit_kept, claim_window_ends_at, cancellation_policy, check_in_overdue_at from bookings",
      )
    ).rows.map((row) => [String(row.id), row]),
  );
  const deposit = (id: string) => rows[id]!.deposit_status;
  expect(deposit("confirmed_paid")).toBe("held");
  expect(deposit("completed_paid")).toBe("held");
  expect(deposit("confirmed_no_deposit")).toBe("none");
  expect(deposit("completed_no_deposit")).toBe("none");
  expect(deposit("confirmed_authorized")).toBe("none");
  expect(deposit("pending_request")).toBe("none");
  // A cancelled booking's deposit goes back with its refund; it is not held for a trip.
  expect(deposit("cancelled_captured")).toBe("none");
  // Completed trips: the claim window closes a day after the deploy; nothing else has one.
  const window = Number(rows.completed_paid!.claim_window_ends_at);
  expect(window).toBeGreaterThanOrEqual(before + DAY - 1000);
  expect(window).toBeLessThanOrEqual(after + DAY + 1000);
  for (const id of Object.keys(rows).filter((id) => id !== "completed_paid")) {
    expect(rows[id]!.claim_window_ends_at).toBeNull();
  }
  for (const row of Object.values(rows)) {
    expect(row).toMatchObject({ deposit_kept: 0, cancellation_policy: "24_hours", check_in_overdue_at: null });
  }
  const [car] = (await client.execute("select cancellation_policy from cars")).rows;
  expect(car!.cancellation_policy).toBe("24_hours");

  // The notifications kept their rows and take the new types; the triggers are all back (later migrations add
  // their own, e.g. 0018's) and still write to it.
  expect(await triggers(client)).toEqual(expect.arrayContaining(triggersBefore));
  const kept = await client.execute("select * from notifications where id = 'old'");
  expect(kept.rows[0]).toMatchObject({ user_id: "renter", type: "booking_confirmed", created_at: 5 });
  await client.execute(
    "insert into notifications (id, user_id, type, created_at) values ('new', 'renter', 'deposit_returned', 6)",
  );
  await expect(
    client.execute("insert into notifications (id, user_id, type, created_at) values ('bad', 'renter', 'bogus', 7)"),
  ).rejects.toThrow(/CHECK constraint failed/);
  await client.execute("update cars set daily_price = 4500 where id = 'car'");
  await client.execute("update cars set sale_price = 1400000 where id = 'car'");
  const drops = await client.execute(
    "select user_id, data from notifications where type = 'price_drop' order by json_extract(data, '$.price_kind')",
  );
  expect(drops.rows.map((r) => [r.user_id, JSON.parse(String(r.data))])).toEqual([
    ["fan", expect.objectContaining({ car_id: "car", old_price: 5000, new_price: 4500, price_kind: "daily" })],
    ["fan", expect.objectContaining({ car_id: "car", old_price: 1500000, new_price: 1400000, price_kind: "sale" })],
  ]);
  // The bookings' own triggers (overlap, blocked days) survived the columns added in place: an overlap is refused.
  // (Written as today's release writes a booking: its payment's Stripe ids are its rental charge's since 0023.)
  const overlap = booking("overlap", "confirmed", "captured", "2026-02-02", "2026-02-03", 0);
  await expect(
    client.execute({
      sql: overlap.sql.replace(" stripe_payment_intent_id,", "").replace("?, ?, ?, ?, ?, 3", "?, ?, ?, ?, 3"),
      args: overlap.args.filter((arg) => arg !== "pi_overlap"),
    }),
  ).rejects.toThrow(/booking_overlap/);
  client.close();
});
