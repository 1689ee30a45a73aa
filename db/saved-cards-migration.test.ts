// Migration 0024 on a database as the release before left it (bookings with their rental charges and line items, a
// second charge, refunds and payouts naming them): charge_line_items, rebuilt for its wider CHECK, keeps every row,
// its unique position and its cascade from charges, and takes a reimbursement; charges gain the saved card's Customer
// and payment method and a failure reason, empty for every charge so far (no card was saved before: those charges
// fail off-session as `no_saved_card` and the renter pays them); profiles gain their Stripe Customer, one per person.
import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { carRow, migrateUpTo, personRows } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINES = [
  // The rental charge of a captured trip: its days, fees, deposit and the host's fee.
  ["rental-b1", "rental_days", 3, 4000, 12000, "renter", "host", 0],
  ["rental-b1", "renter_service_fee", 1, 240, 240, "renter", "platform", 1],
  ["rental-b1", "payment_processing_fee", 1, 399, 399, "renter", "platform", 2],
  ["rental-b1", "deposit", 1, 20000, 20000, "renter", "held", 3],
  ["rental-b1", "host_service_fee", 1, 240, 240, "host", "platform", 4],
  // An extension paid through a checkout of its own (decision 035's first second charge).
  ["ext-b1", "rental_days", 2, 4000, 8000, "renter", "host", 0],
] as const;

it("keeps every line item and charge, takes a reimbursement, and adds the saved card's columns empty", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0024");
  await client.execute("PRAGMA foreign_keys=ON");
  await client.batch([
    ...personRows("host"),
    ...personRows("renter"),
    carRow("rental", 4000),
    {
      sql: `insert into bookings (id, car_id, renter_id, owner_id, status, payment_status, start_date, end_date,
        total_days, daily_rate, subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount,
        deposit_amount, deposit_status, created_at, updated_at)
        values ('b1', 'car', 'renter', 'host', 'completed', 'captured', '2026-01-01', '2026-01-04', 3, 4000, 12000,
        240, 399, 11760, 32639, 20000, 'returned', 0, 0)`,
      args: [],
    },
    {
      sql: `insert into charges (id, booking_id, purpose, payer_id, amount, status, idempotency_key,
        stripe_checkout_session_id, stripe_payment_intent_id, created_at, updated_at)
        values ('rental-b1', 'b1', 'rental', 'renter', 32639, 'captured', 'b1', 'cs_1', 'pi_1', 1, 1),
               ('ext-b1', 'b1', 'extension', 'renter', 8000, 'authorized', 'extension-b1', 'cs_2', 'pi_2', 2, 2)`,
      args: [],
    },
    ...LINES.map((l, i) => ({
      sql: `insert into charge_line_items (id, charge_id, code, quantity, unit_amount, amount, payer, receiver, position)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [`line-${i}`, ...l],
    })),
    {
      sql: `insert into refunds (id, booking_id, kind, amount, status, idempotency_key, charge_id, created_at)
        values ('refund', 'b1', 'deposit', 20000, 'succeeded', 'refund-b1-deposit', 'rental-b1', 0)`,
      args: [],
    },
  ]);

  await migrateRest();

  const lines = await client.execute(
    "select charge_id, code, quantity, unit_amount, amount, payer, receiver, position from charge_line_items order by id",
  );
  expect(lines.rows.map((r) => Object.values(r))).toEqual(LINES.map((l) => [...l]));

  const charges = await client.execute(
    "select id, status, stripe_payment_intent_id, stripe_customer_id, stripe_payment_method_id, failure_reason from charges order by id",
  );
  expect(charges.rows.map((r) => ({ ...r }))).toEqual([
    {
      id: "ext-b1",
      status: "authorized",
      stripe_payment_intent_id: "pi_2",
      stripe_customer_id: null,
      stripe_payment_method_id: null,
      failure_reason: null,
    },
    {
      id: "rental-b1",
      status: "captured",
      stripe_payment_intent_id: "pi_1",
      stripe_customer_id: null,
      stripe_payment_method_id: null,
      failure_reason: null,
    },
  ]);
  expect(
    (await client.execute("select stripe_customer_id from profiles")).rows.map((r) => r.stripe_customer_id),
  ).toEqual([null, null]);

  // The rebuilt table still refuses what it refused, and takes a reimbursement.
  const insertLine = (id: string, code: string, position: number) =>
    client.execute({
      sql: `insert into charge_line_items (id, charge_id, code, quantity, unit_amount, amount, payer, receiver, position)
        values (?, 'ext-b1', ?, 1, 6150, 6150, 'renter', 'host', ?)`,
      args: [id, code, position],
    });
  await insertLine("fuel", "reimbursement", 1);
  await expect(insertLine("odd", "parking", 2)).rejects.toThrow(/CHECK constraint failed/);
  await expect(insertLine("twice", "reimbursement", 1)).rejects.toThrow(/UNIQUE constraint failed/);

  // One Customer per person.
  await client.execute("update profiles set stripe_customer_id = 'cus_1' where id = 'renter'");
  await expect(client.execute("update profiles set stripe_customer_id = 'cus_1' where id = 'host'")).rejects.toThrow(
    /UNIQUE constraint failed/,
  );

  // A charge deleted takes its line items with it, as before; the booking's payment still carries to its rental charge.
  await client.execute("delete from charges where id = 'ext-b1'");
  expect(
    (await client.execute("select count(*) as n from charge_line_items where charge_id = 'ext-b1'")).rows[0]!.n,
  ).toBe(0);
  await client.execute("update bookings set payment_status = 'released' where id = 'b1'");
  expect((await client.execute("select status from charges where id = 'rental-b1'")).rows[0]!.status).toBe("released");
  client.close();
});
