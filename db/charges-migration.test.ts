// Migration 0023 on a database as the release before left it, with bookings in every payment state and every way of
// pricing: each booking gets one rental charge for its total, in its payment's state, with the Stripe ids it had and
// its own id as the key (the keys the gateway used: checkout-, capture-, release- + the booking's id); its line items
// add up to the total, the host's earnings and the deposit; refunds and payouts name that charge; the bookings lose
// their Stripe columns; and from then on the booking's payment status carries over to its rental charge.
import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { chargeTotals } from "../app/pricing/line-items";
import { carRow, migrateUpTo, personRows } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface OldBooking {
  id: string;
  payment: "unpaid" | "authorized" | "captured" | "released" | "failed";
  status: string;
  period: "daily" | "weekly" | "monthly";
  days: number;
  rate: number;
  periods: number | null;
  periodPrice: number | null;
  extra: number | null;
  subtotal: number;
  insurance: number;
  insuranceDaily: number | null;
  deposit: number;
  session: string | null;
  intent: string | null;
}

const fee = (subtotal: number) => Math.round(subtotal * 0.02);
const processor = (b: OldBooking) => Math.round((b.subtotal + b.insurance + fee(b.subtotal)) * 0.0326);
const total = (b: OldBooking) => b.subtotal + b.insurance + fee(b.subtotal) + processor(b) + b.deposit;

const BOOKINGS: OldBooking[] = [
  // A checkout left open: nothing paid yet.
  {
    id: "b-unpaid",
    payment: "unpaid",
    status: "pending",
    period: "daily",
    days: 3,
    rate: 4000,
    periods: 3,
    periodPrice: 4000,
    extra: 0,
    subtotal: 12000,
    insurance: 0,
    insuranceDaily: null,
    deposit: 0,
    session: "cs_1",
    intent: null,
  },
  // A request waiting for the host, insured by the day.
  {
    id: "b-authorized",
    payment: "authorized",
    status: "pending",
    period: "daily",
    days: 3,
    rate: 4000,
    periods: 3,
    periodPrice: 4000,
    extra: 0,
    subtotal: 12000,
    insurance: 4500,
    insuranceDaily: 1500,
    deposit: 20000,
    session: "cs_2",
    intent: "pi_2",
  },
  // A weekly trip with two days more, insured by a percentage.
  {
    id: "b-captured",
    payment: "captured",
    status: "completed",
    period: "weekly",
    days: 9,
    rate: 4500,
    periods: 1,
    periodPrice: 25000,
    extra: 2,
    subtotal: 34000,
    insurance: 7400,
    insuranceDaily: 822,
    deposit: 30000,
    session: "cs_3",
    intent: "pi_3",
  },
  // A declined request whose hold was released; a monthly rental.
  {
    id: "b-released",
    payment: "released",
    status: "cancelled",
    period: "monthly",
    days: 30,
    rate: 3000,
    periods: 1,
    periodPrice: 90000,
    extra: 0,
    subtotal: 90000,
    insurance: 0,
    insuranceDaily: null,
    deposit: 0,
    session: "cs_4",
    intent: "pi_4",
  },
  // A checkout that failed; a booking made before whole periods (no period columns).
  {
    id: "b-failed",
    payment: "failed",
    status: "cancelled",
    period: "daily",
    days: 2,
    rate: 5000,
    periods: null,
    periodPrice: null,
    extra: null,
    subtotal: 10000,
    insurance: 0,
    insuranceDaily: null,
    deposit: 0,
    session: "cs_5",
    intent: null,
  },
];

it("gives every booking its rental charge and line items, and moves the payment's ids and ledger onto it", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0023");
  await client.execute("PRAGMA foreign_keys=ON");
  await client.batch([
    ...personRows("host"),
    ...personRows("renter"),
    carRow("rental", 4000),
    ...BOOKINGS.map((b, i) => ({
      sql: `insert into bookings (id, car_id, renter_id, owner_id, pricing_period, status, payment_status, start_date,
        end_date, total_days, daily_rate, period_count, period_price, extra_days, subtotal, insurance_cost,
        platform_fee, payment_processor_fee, host_earnings, total_amount, deposit_amount,
        stripe_checkout_session_id, stripe_payment_intent_id, created_at, updated_at)
        values (?, 'car', 'renter', 'host', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        b.id,
        b.period,
        b.status,
        b.payment,
        `2025-0${i + 1}-01`,
        `2025-0${i + 1}-${String(1 + b.days).padStart(2, "0")}`,
        b.days,
        b.rate,
        b.periods,
        b.periodPrice,
        b.extra,
        b.subtotal,
        b.insurance,
        fee(b.subtotal),
        processor(b),
        b.subtotal - fee(b.subtotal),
        total(b),
        b.deposit,
        b.session,
        b.intent,
        1000 + i,
        2000 + i,
      ],
    })),
    ...BOOKINGS.filter((b) => b.insurance > 0).map((b) => ({
      sql: `insert into booking_insurance (id, booking_id, package_name, daily_cost, total_cost, created_at)
        values (?, ?, 'Basic', ?, ?, 0)`,
      args: [`ins-${b.id}`, b.id, b.insuranceDaily, b.insurance],
    })),
    {
      sql: `insert into refunds (id, booking_id, kind, amount, status, idempotency_key, created_at)
        values ('refund', 'b-captured', 'deposit', 30000, 'succeeded', 'refund-b-captured-deposit', 0)`,
      args: [],
    },
    {
      sql: `insert into payouts (id, booking_id, host_id, gross, host_share, amount, status, idempotency_key,
        settled_at, created_at, updated_at)
        values ('payout', 'b-captured', 'host', 34000, 33320, 33320, 'paid', 'payout-b-captured', 0, 0, 0)`,
      args: [],
    },
  ]);

  await migrateRest();

  const charges = (await client.execute("select * from charges order by booking_id")).rows;
  expect(charges).toHaveLength(BOOKINGS.length);
  for (const b of BOOKINGS) {
    const charge = charges.find((c) => c.booking_id === b.id)!;
    expect(charge, b.id).toMatchObject({
      id: `rental-${b.id}`,
      purpose: "rental",
      payer_id: "renter",
      amount: total(b),
      status: b.payment,
      idempotency_key: b.id,
      stripe_checkout_session_id: b.session,
      stripe_payment_intent_id: b.intent,
      created_at: 1000 + BOOKINGS.indexOf(b),
    });
    const items = (
      await client.execute({
        sql: "select code, quantity, unit_amount, amount, payer, receiver from charge_line_items where charge_id = ? order by position",
        args: [String(charge.id)],
      })
    ).rows.map((r) => ({
      code: String(r.code),
      quantity: Number(r.quantity),
      unitAmount: Number(r.unit_amount),
      amount: Number(r.amount),
      payer: String(r.payer) as "renter" | "host",
      receiver: String(r.receiver) as "host" | "platform" | "held",
    }));
    expect(chargeTotals(items), b.id).toEqual({
      payerTotal: total(b),
      hostShare: b.subtotal - fee(b.subtotal),
      platform: 2 * fee(b.subtotal) + b.insurance + processor(b),
      held: b.deposit,
    });
    for (const item of items) expect(item.amount, `${b.id} ${item.code}`).toBeGreaterThan(0);
  }
  const itemsOf = async (bookingId: string) =>
    (
      await client.execute({
        sql: "select code, quantity, unit_amount from charge_line_items where charge_id = ? order by position",
        args: [`rental-${bookingId}`],
      })
    ).rows.map((r) => [r.code, r.quantity, r.unit_amount]);
  // Whole weeks and the days beyond them; insurance by the day where its daily cost makes it, else as one sum.
  expect(await itemsOf("b-captured")).toEqual(
    expect.arrayContaining([
      ["rental_weeks", 1, 25000],
      ["rental_days", 2, 4500],
      ["insurance", 1, 7400],
      ["deposit", 1, 30000],
    ]),
  );
  expect(await itemsOf("b-authorized")).toEqual(expect.arrayContaining([["insurance", 3, 1500]]));
  expect(await itemsOf("b-failed")).toEqual(expect.arrayContaining([["rental_days", 2, 5000]]));
  expect(await itemsOf("b-released")).toEqual(expect.arrayContaining([["rental_months", 1, 90000]]));

  // The ledger names the charge it moves.
  expect((await client.execute("select charge_id from refunds")).rows[0]!.charge_id).toBe("rental-b-captured");
  expect((await client.execute("select charge_id from payouts")).rows[0]!.charge_id).toBe("rental-b-captured");

  // The Stripe ids live on the charge only.
  const columns = (await client.execute("pragma table_info(bookings)")).rows.map((r) => String(r.name));
  expect(columns).not.toContain("stripe_payment_intent_id");
  expect(columns).not.toContain("stripe_checkout_session_id");

  // The booking's lifecycle moves its payment; its rental charge follows.
  await client.execute("update bookings set payment_status = 'captured' where id = 'b-authorized'");
  const [after] = (await client.execute("select status from charges where booking_id = 'b-authorized'")).rows;
  expect(after!.status).toBe("captured");
  client.close();
});
