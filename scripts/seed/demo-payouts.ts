// The demo's payouts (decision 023): the demo host finished Stripe's onboarding long ago and was paid for every settled
// trip (their statement has months of lines), the demo company started onboarding and left it unfinished (its
// earnings wait, and its pages say so), and every other host never started (theirs wait too). Which bookings owe a
// payout and how much is decided by the rules the scheduled job uses (app/payouts/payout-rules.ts), so after
// `npm start` the job finds nothing left to write for the seeded bookings.
import { payableNow, type SettlingBooking } from "../../app/payouts/payout-rules";
import type * as schema from "../../db/schema";
import type { DemoMoney } from "./demo-money";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
type PayoutAccountRow = Insert<typeof schema.payoutAccounts>;
type PayoutRow = Insert<typeof schema.payouts>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface DemoPayoutHost {
  userId: string;
  businessType: "individual" | "company";
  /** Onboarded (transfers go out) or started and left unfinished. */
  state: "enabled" | "details_needed";
  /** When they set up payouts. */
  since: number;
}

export interface DemoPayouts {
  accounts: PayoutAccountRow[];
  payouts: PayoutRow[];
}

export function buildDemoPayouts(input: {
  bookings: Array<SettlingBooking & { id: string; ownerId: string }>;
  hosts: DemoPayoutHost[];
  nowMs: number;
  /** The accounts' and transfers' ids, as the stand-in gives them, and the onboarding's events. */
  money: Pick<DemoMoney, "id" | "event">;
  uuid: () => string;
  pick: (low: number, high: number) => number;
}): DemoPayouts {
  const accounts: PayoutAccountRow[] = input.hosts.map((host) => {
    const enabled = host.state === "enabled";
    const since = new Date(host.since);
    // The stand-in onboarding's decision arrived as `account.updated` (app/payouts/payout-accounts.server.ts).
    input.money.event("account.updated", host.since);
    return {
      userId: host.userId,
      stripeAccountId: input.money.id("acct"),
      businessType: host.businessType,
      status: host.state,
      detailsSubmitted: enabled,
      payoutsEnabled: enabled,
      // What Stripe asks a company that stopped halfway: its bank account and a representative's document.
      requirementsDue: enabled ? [] : ["external_account", "representative.verification.document"],
      disabledReason: enabled ? null : "requirements.past_due",
      stripeStateAt: since,
      createdAt: since,
      updatedAt: since,
    };
  });
  const enabledSince = new Map(
    input.hosts.filter((host) => host.state === "enabled").map((host) => [host.userId, host.since]),
  );

  const payouts: PayoutRow[] = [];
  for (const booking of input.bookings) {
    const owed = payableNow(booking, input.nowMs);
    if (!owed) continue;
    const since = enabledSince.get(booking.ownerId);
    // The job sends a payout within ten minutes of its settlement, or when the host's account became able to receive.
    const paidAt = since === undefined ? null : Math.max(owed.settledAt, since) + input.pick(2, 10) * MINUTE;
    const paid = paidAt !== null && paidAt < input.nowMs;
    payouts.push({
      id: input.uuid(),
      bookingId: booking.id,
      hostId: booking.ownerId,
      gross: owed.gross,
      hostShare: owed.hostShare,
      claimKept: owed.claimKept,
      amount: owed.amount,
      sentAmount: paid ? owed.amount : null,
      status: paid ? "paid" : since === undefined ? "waiting_for_account" : "scheduled",
      idempotencyKey: `payout-${booking.id}`,
      attempts: paid ? 1 : 0,
      stripeTransferId: paid ? input.money.id("tr") : null,
      settledAt: new Date(owed.settledAt),
      // Taken for sending, then paid, in the same run (payouts.server.ts leaves the moment it was taken).
      sendingSince: paid ? new Date(paidAt) : null,
      paidAt: paid ? new Date(paidAt) : null,
      createdAt: new Date(owed.settledAt + MINUTE),
      updatedAt: new Date(paid ? paidAt : owed.settledAt + MINUTE),
    });
  }
  return { accounts, payouts };
}

/** The demo host onboarded before their first trip was settled; the company tried a week ago. */
export const demoPayoutSince = {
  enabled: (firstSettledAt: number) => firstSettledAt - 3 * DAY,
  unfinished: (nowMs: number) => nowMs - 7 * DAY,
};
