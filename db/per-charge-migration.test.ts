// Migration 0025 on a database as the release before left it: bookings with their rental charges and a later charge,
// refunds in every state (owed, on its way, made, failed and due again, held after Stripe accepted it and reissued, a
// key from before the ledger, one written row by row without its charge), payouts in every state and reversals of
// each kind. Every refund, payout and reversal keeps its row, key, status and charge (a row without one gets its
// booking's rental charge); from then on a refund is unique per charge and kind (and a line item's per line item and
// kind), a payout per charge, and a row written without its charge is given its booking's rental charge.
import { createClient, type InArgs } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { carRow, migrateUpTo, personRows } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BOOKINGS = ["b1", "b2", "b3", "b4", "b5"];

const REFUND_COLUMNS = `id, booking_id, kind, amount, status, idempotency_key, attempts, last_error, next_attempt_at,
  stripe_refund_id, succeeded_at, reason, created_at, reissues, charge_id`;
/** Refunds in every state, as the release before wrote them (the last one written row by row, without its charge). */
// prettier-ignore
const REFUNDS: InArgs[] = [
  ["r-pending", "b1", "cancellation", 1000, "pending", "refund-b1-cancellation", 0, null, null, null, null, null, 1, 0, "rental-b1"],
  ["r-processing", "b1", "deposit", 20000, "processing", "refund-b1-deposit", 1, null, 86_400_000, "re_1", null, null, 2, 0, "rental-b1"],
  ["r-made", "b2", "deposit", 20000, "succeeded", "refund-b2-deposit", 1, null, null, "re_2", 5, null, 3, 0, "rental-b2"],
  ["r-due", "b2", "cancellation", 4000, "failed", "refund-b2-cancellation", 2, "Stripe unreachable", 600_000, null, null, null, 4, 0, "rental-b2"],
  ["r-held", "b3", "admin", 5000, "failed", "refund-b3-admin", 1, "expired_or_canceled_card", null, "re_3", null, "Not clean", 5, 1, "rental-b3"],
  // Owed before the ledger (migration 0016): the key the old sweep used.
  ["r-legacy", "b3", "cancellation", 9000, "pending", "refund-b3", 0, null, null, null, null, null, 6, 0, "rental-b3"],
  // Written row by row after charges (the demo's seed, a journey's setup) without naming its charge.
  ["r-unnamed", "b4", "deposit", 20000, "succeeded", "refund-b4-deposit", 1, null, null, "re_4", 7, null, 7, 0, null],
];

const PAYOUT_COLUMNS = `id, booking_id, host_id, gross, host_share, claim_kept, amount, sent_amount, status,
  idempotency_key, attempts, last_error, next_attempt_at, sending_since, stripe_transfer_id, settled_at, paid_at,
  charge_id, created_at, updated_at`;
// prettier-ignore
const PAYOUTS: InArgs[] = [
  ["p-waiting", "b1", "host", 12000, 11760, 0, 11760, null, "waiting_for_account", "payout-b1", 0, null, null, null, null, 10, null, "rental-b1", 10, 10],
  ["p-paid", "b2", "host", 12000, 11760, 0, 11760, 11760, "paid", "payout-b2", 1, null, null, 20, "tr_2", 10, 21, "rental-b2", 10, 21],
  ["p-failed", "b3", "host", 12000, 11760, 0, 11760, 6760, "failed", "payout-b3", 3, "balance_insufficient", 9_000, null, null, 10, null, "rental-b3", 10, 30],
  ["p-sending", "b4", "host", 12000, 11760, 6240, 18000, 18000, "sending", "payout-b4", 0, null, null, 40, null, 10, null, null, 10, 40],
  ["p-scheduled", "b5", "host", 12000, 11760, 0, 11760, null, "scheduled", "payout-b5", 0, null, null, null, null, 10, null, "rental-b5", 10, 10],
];

const REVERSAL_COLUMNS = `id, payout_id, refund_id, amount, status, idempotency_key, attempts, last_error,
  next_attempt_at, stripe_reversal_id, succeeded_at, created_at`;
// prettier-ignore
const REVERSALS: InArgs[] = [
  ["v-made", "p-paid", "r-made", 4000, "succeeded", "reversal-r-made", 1, null, null, "trr_1", 22, 22],
  ["v-netted", "p-failed", "r-held", 5000, "netted", "reversal-r-held", 0, null, null, null, 23, 23],
  ["v-pending", "p-waiting", "r-processing", 1000, "pending", "reversal-r-processing", 0, null, null, null, null, 24],
];

const insert = (table: string, columns: string, rows: InArgs[]) =>
  rows.map((args) => ({
    sql: `insert into ${table} (${columns}) values (${(args as unknown[]).map(() => "?").join(", ")})`,
    args,
  }));

it("keeps every refund, payout and reversal, and makes the ledgers unique per charge", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0025");
  await client.execute("PRAGMA foreign_keys=ON");
  await client.batch([
    ...personRows("host"),
    ...personRows("renter"),
    carRow("rental", 4000),
    ...BOOKINGS.flatMap((id, i) => [
      {
        sql: `insert into bookings (id, car_id, renter_id, owner_id, status, payment_status, start_date, end_date,
          total_days, daily_rate, subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount,
          deposit_amount, deposit_status, created_at, updated_at)
          values (?, 'car', 'renter', 'host', 'completed', 'captured', ?, ?, 3, 4000, 12000, 240, 400, 11760, 32640,
          20000, 'returned', 0, 0)`,
        args: [id, `2026-0${i + 1}-01`, `2026-0${i + 1}-04`],
      },
      {
        sql: `insert into charges (id, booking_id, purpose, payer_id, amount, status, idempotency_key,
          stripe_payment_intent_id, created_at, updated_at)
          values (?, ?, 'rental', 'renter', 32640, 'captured', ?, ?, 0, 0)`,
        args: [`rental-${id}`, id, id, `pi_${id}`],
      },
    ]),
    // b1's extension, paid off-session (decision 035): its days for the host, the fee for the platform.
    {
      sql: `insert into charges (id, booking_id, purpose, payer_id, amount, status, idempotency_key,
        stripe_payment_intent_id, created_at, updated_at)
        values ('ext-b1', 'b1', 'extension', 'renter', 8160, 'captured', 'extension-b1-1', 'pi_ext', 1, 1)`,
      args: [],
    },
    {
      sql: `insert into charge_line_items (id, charge_id, code, quantity, unit_amount, amount, payer, receiver, position)
        values ('ext-days', 'ext-b1', 'rental_days', 2, 4000, 8000, 'renter', 'host', 0),
               ('ext-fee', 'ext-b1', 'renter_service_fee', 1, 160, 160, 'renter', 'platform', 1)`,
      args: [],
    },
    ...insert("refunds", REFUND_COLUMNS, REFUNDS),
    ...insert("payouts", PAYOUT_COLUMNS, PAYOUTS),
    ...insert("payout_reversals", REVERSAL_COLUMNS, REVERSALS),
  ]);
  const before = async (table: string, columns: string) =>
    (await client.execute(`select ${columns} from ${table} order by id`)).rows.map((r) => ({ ...r }));
  const refundsBefore = await before("refunds", REFUND_COLUMNS);
  const payoutsBefore = await before("payouts", PAYOUT_COLUMNS);
  const reversalsBefore = await before("payout_reversals", REVERSAL_COLUMNS);

  await migrateRest();

  // Every row as it was, key and status and all; the two written without their charge now name the rental's.
  const named = (rows: Record<string, unknown>[], id: string, chargeId: string) =>
    rows.map((r) => (r.id === id ? { ...r, charge_id: chargeId } : r));
  expect(await before("refunds", REFUND_COLUMNS)).toEqual(named(refundsBefore, "r-unnamed", "rental-b4"));
  expect(await before("payouts", PAYOUT_COLUMNS)).toEqual(named(payoutsBefore, "p-sending", "rental-b4"));
  expect(await before("payout_reversals", REVERSAL_COLUMNS)).toEqual(reversalsBefore);
  expect((await client.execute("select count(*) as n from refunds where line_item_id is not null")).rows[0]!.n).toBe(0);
  expect((await client.execute("select count(*) as n from payouts where line_item_id is not null")).rows[0]!.n).toBe(0);

  const refund = (id: string, kind: string, key: string, charge: string | null, line: string | null = null) =>
    client.execute({
      sql: `insert into refunds (id, booking_id, kind, amount, status, idempotency_key, created_at, charge_id,
        line_item_id) values (?, 'b1', ?, 100, 'pending', ?, 9, ?, ?)`,
      args: [id, kind, key, charge, line],
    });
  // A refund per charge and kind: the rental's second deposit refund is refused, the extension's own is taken.
  await expect(refund("again", "deposit", "refund-b1-deposit-2", "rental-b1")).rejects.toThrow(/UNIQUE/);
  await refund("ext-deposit", "cancellation", "refund-extension-b1-1-cancellation", "ext-b1");
  await expect(refund("ext-twice", "cancellation", "refund-extension-b1-1-cancellation-x", "ext-b1")).rejects.toThrow(
    /UNIQUE/,
  );
  // A refund of one line item: per line item and kind, beside a refund of its charge as a whole.
  await refund("line", "cancellation", "refund-extension-b1-1-cancellation-0", "ext-b1", "ext-days");
  await refund("line-admin", "admin", "refund-extension-b1-1-admin-0", "ext-b1", "ext-days");
  await expect(refund("line-twice", "admin", "refund-extension-b1-1-admin-0-x", "ext-b1", "ext-days")).rejects.toThrow(
    /UNIQUE/,
  );
  await expect(refund("no-line", "deposit", "refund-x", "ext-b1", "nowhere")).rejects.toThrow(/FOREIGN KEY/);
  // Written without its charge: the booking's rental charge, and unique as such.
  await refund("unnamed", "admin", "refund-b1-admin", null);
  expect((await client.execute("select charge_id from refunds where id = 'unnamed'")).rows[0]!.charge_id).toBe(
    "rental-b1",
  );

  const payout = (id: string, key: string, charge: string | null, line: string | null = null) =>
    client.execute({
      sql: `insert into payouts (id, booking_id, host_id, gross, host_share, amount, status, idempotency_key,
        settled_at, charge_id, line_item_id, created_at, updated_at)
        values (?, 'b1', 'host', 8000, 7840, 7840, 'scheduled', ?, 9, ?, ?, 9, 9)`,
      args: [id, key, charge, line],
    });
  // A payout per charge: the extension's own beside the rental's, a second of either refused.
  await payout("p-ext", "payout-extension-b1-1", "ext-b1");
  await expect(payout("p-ext-2", "payout-extension-b1-1-0", "ext-b1", "ext-days")).rejects.toThrow(/UNIQUE/);
  await expect(payout("p-rental-2", "payout-b1-again", "rental-b1")).rejects.toThrow(/UNIQUE/);
  await expect(payout("p-unnamed", "payout-b1-unnamed", null)).rejects.toThrow(/UNIQUE/);
  expect(
    (await client.execute("select id, charge_id from payouts where booking_id = 'b1' order by id")).rows.map((r) => ({
      ...r,
    })),
  ).toEqual([
    { id: "p-ext", charge_id: "ext-b1" },
    { id: "p-waiting", charge_id: "rental-b1" },
  ]);
  client.close();
});
