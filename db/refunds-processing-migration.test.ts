// Migration 0019 on a database as the release before left it: the refunds table, rebuilt for its wider CHECK, keeps
// every row as it was (reissues 0), and the payout reversals that refer to its rows keep theirs; afterwards it takes
// the status 'processing' and still refuses an unknown one.
import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { carRow, migrateUpTo, personRows } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("keeps the refunds and the reversals that refer to them, and lets a refund be on its way", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0019");
  await client.execute("PRAGMA foreign_keys=ON");
  await client.batch([
    ...personRows("host"),
    ...personRows("renter"),
    carRow("both", 5000),
    {
      sql: `insert into bookings (id, car_id, renter_id, owner_id, status, payment_status, stripe_payment_intent_id,
        start_date, end_date, total_days, daily_rate, subtotal, platform_fee, payment_processor_fee, host_earnings,
        total_amount, deposit_amount, created_at, updated_at)
        values ('b', 'car', 'renter', 'host', 'completed', 'captured', 'pi_b', '2026-01-01', '2026-01-04', 3, 4000,
        12000, 240, 400, 11760, 12640, 0, 0, 0)`,
      args: [],
    },
    {
      sql: `insert into refunds (id, booking_id, kind, amount, status, idempotency_key, attempts, last_error,
        next_attempt_at, stripe_refund_id, succeeded_at, reason, created_at)
        values ('r1', 'b', 'admin', 5000, 'succeeded', 'refund-b-admin', 1, null, null, 're_1', 7, 'Dirty car', 5),
        ('r2', 'b', 'cancellation', 700, 'failed', 'refund-b', 3, 'socket hang up', 99, null, null, null, 6)`,
      args: [],
    },
    {
      sql: `insert into payouts (id, booking_id, host_id, gross, host_share, claim_kept, amount, sent_amount, status,
        idempotency_key, attempts, stripe_transfer_id, settled_at, paid_at, created_at, updated_at)
        values ('p', 'b', 'host', 12000, 11760, 0, 11760, 11760, 'paid', 'payout-b', 1, 'tr_1', 0, 0, 0, 0)`,
      args: [],
    },
    {
      sql: `insert into payout_reversals (id, payout_id, refund_id, amount, status, idempotency_key, attempts,
        created_at) values ('x', 'p', 'r1', 2000, 'succeeded', 'reversal-r1', 1, 8)`,
      args: [],
    },
  ]);
  const before = await client.execute("select * from refunds order by id");

  await migrateRest();

  const after = await client.execute("select * from refunds order by id");
  // (Later migrations add columns of their own: 0023 the refund's charge, 0025 its line item.)
  const own = { reissues: undefined, charge_id: undefined, line_item_id: undefined };
  expect(after.rows.map((row) => ({ ...row, ...own }))).toEqual(before.rows.map((row) => ({ ...row, ...own })));
  expect(after.rows.map((row) => row.reissues)).toEqual([0, 0]);
  const reversals = await client.execute("select id, refund_id, status from payout_reversals");
  expect(reversals.rows.map((row) => ({ ...row }))).toEqual([{ id: "x", refund_id: "r1", status: "succeeded" }]);

  await client.execute("update refunds set status = 'processing' where id = 'r2'");
  await expect(client.execute("update refunds set status = 'on_its_way' where id = 'r2'")).rejects.toThrow(
    /CHECK constraint failed/,
  );
  await expect(client.execute("update refunds set amount = 0 where id = 'r2'")).rejects.toThrow(
    /CHECK constraint failed/,
  );
  const indexes = await client.execute("select name from sqlite_master where type = 'index' and tbl_name = 'refunds'");
  expect(indexes.rows.map((row) => row.name)).toEqual(
    expect.arrayContaining([
      // One per booking and kind until 0025 made it one per charge and kind (decision 035).
      "refunds_charge_kind_unique",
      "refunds_idempotency_key_unique",
      "refunds_due_idx",
      "refunds_stripe_idx",
    ]),
  );
  // The reversals' reference still names the refunds table: a reversal of an unknown refund is refused.
  await expect(
    client.execute(`insert into payout_reversals (id, payout_id, refund_id, amount, status, idempotency_key, attempts,
      created_at) values ('y', 'p', 'nope', 1, 'pending', 'reversal-nope', 0, 9)`),
  ).rejects.toThrow(/FOREIGN KEY/);
  client.close();
});
