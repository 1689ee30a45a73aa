// What the host's pages say about their money (decision 023): the sums of their payouts not yet paid, by what they
// wait for. The account's state itself is payoutSetupOf (payout-accounts.server.ts).
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { payouts } from "#db/schema";
import type { Db } from "~/db.server";
import { payoutSetupOf } from "~/payouts/payout-accounts.server";
import type { PayoutSetupState } from "~/payouts/account-status";

/** Cents and counts of the host's unpaid payouts: held until payouts are enabled, on their way, or failed. */
export interface PayoutMoney {
  waiting: { amount: number; count: number };
  scheduled: { amount: number; count: number };
  failed: { amount: number; count: number };
}

export async function payoutMoneyOf(db: Db, userId: string | SQL): Promise<PayoutMoney> {
  const rows = await db
    .select({
      status: payouts.status,
      amount: sql<number>`coalesce(sum(${payouts.amount}), 0)`,
      count: sql<number>`count(*)`,
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.hostId, userId),
        inArray(payouts.status, ["waiting_for_account", "scheduled", "sending", "failed"]),
      ),
    )
    .groupBy(payouts.status);
  const money: PayoutMoney = {
    waiting: { amount: 0, count: 0 },
    scheduled: { amount: 0, count: 0 },
    failed: { amount: 0, count: 0 },
  };
  for (const row of rows) {
    // One being sent right now is, to the host, on its way like a scheduled one.
    const group =
      row.status === "waiting_for_account" ? money.waiting : row.status === "failed" ? money.failed : money.scheduled;
    group.amount += Number(row.amount);
    group.count += Number(row.count);
  }
  return money;
}

/** The compact card on /profile and /host-dashboard: the state and what waits for it, nothing more. */
export interface PayoutCard {
  state: PayoutSetupState;
  waiting: number;
}

export async function payoutCardOf(db: Db, userId: string | SQL): Promise<PayoutCard> {
  const [setup, money] = await Promise.all([payoutSetupOf(db, userId), payoutMoneyOf(db, userId)]);
  return { state: setup.state, waiting: money.waiting.amount };
}
