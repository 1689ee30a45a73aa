// A host's payout account (Stripe Connect Express, decision 023). `startOnboarding` creates the account on the first
// visit (country LT, the profile's e-mail, individual or company from the profile) and returns Stripe's hosted
// onboarding link; the host comes back to /profile/payouts/return, where the account is re-read from Stripe. Its state
// otherwise arrives as `account.updated` (Stripe's webhook, or the stand-in onboarding page, through the same
// `handleAccountEvent`), each event handled once and never over a newer state. When an account becomes able to
// receive transfers, the host's waiting payouts are scheduled in the same batch.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PayoutBusinessType } from "#db/enums";
import { payoutAccounts, payouts, profiles, stripeEvents } from "#db/schema";
import type { Db } from "~/db.server";
import { getPaymentGateway, type ConnectAccount } from "~/payments/gateway.server";
import { standInId } from "~/payments/stand-in-ids";
import { accountState, type PayoutSetupState } from "~/payouts/account-status";
import { isUniqueViolation } from "~/utils/db-errors.server";

type Context = Pick<AppLoadContext, "db" | "env">;

/** Where Stripe's onboarding sends the host back: after it (return) or when its link went stale (refresh). */
export const PAYOUTS_RETURN_PATH = "/profile/payouts/return";
export const PAYOUTS_REFRESH_PATH = "/profile/payouts/refresh";

/** A Stripe event about a connected account (Stripe.Event satisfies it; `created` is in seconds). */
export interface AccountEvent {
  id: string;
  type: string;
  created: number;
  account?: string | null;
  data: { object: Record<string, unknown> };
}

export interface PayoutSetup {
  state: PayoutSetupState;
  businessType: PayoutBusinessType | null;
  requirementsDue: string[];
  disabledReason: string | null;
  updatedAt: Date | null;
}

/** What the host's pages show about their payouts. */
export async function payoutSetupOf(db: Db, userId: string | SQL): Promise<PayoutSetup> {
  return (await findPayoutAccount(db, userId)).setup;
}

/** The host's account: its Stripe id (null before onboarding started) and what the pages show of it. */
export interface FoundPayoutAccount {
  stripeAccountId: string | null;
  setup: PayoutSetup;
}

/** The host's account row; the host is their id or SQL that yields it (the session's subquery, decision 002). */
export async function findPayoutAccount(db: Db, userId: string | SQL): Promise<FoundPayoutAccount> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return foundAccount(row);
}

function foundAccount(row: typeof payoutAccounts.$inferSelect | undefined): FoundPayoutAccount {
  if (!row) {
    return {
      stripeAccountId: null,
      setup: { state: "not_started", businessType: null, requirementsDue: [], disabledReason: null, updatedAt: null },
    };
  }
  return {
    stripeAccountId: row.stripeAccountId,
    setup: {
      state: row.status,
      businessType: row.businessType,
      requirementsDue: row.requirementsDue,
      disabledReason: row.disabledReason,
      updatedAt: row.updatedAt,
    },
  };
}

/**
 * Creates the host's account if they have none (the gateway's key makes a retry return the same Stripe account, and
 * the table's primary key keeps one row per host), then returns where to send them: Stripe's onboarding.
 */
export async function startOnboarding(context: Context, userId: string, origin: string, now = new Date()) {
  const { db } = context;
  const gateway = getPaymentGateway(context.env, origin);
  let [account] = await db
    .select({ stripeAccountId: payoutAccounts.stripeAccountId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId))
    .limit(1);
  if (!account) {
    const [profile] = await db
      .select({
        email: profiles.email,
        accountType: profiles.accountType,
        companyName: profiles.companyName,
        language: profiles.preferredLanguage,
      })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1);
    if (!profile) throw new Error(`No profile for ${userId}`);
    const businessType: PayoutBusinessType = profile.accountType === "company" ? "company" : "individual";
    const { accountId } = await gateway.createConnectAccount({
      userId,
      email: profile.email,
      businessType,
      businessName: profile.accountType === "company" ? profile.companyName : null,
      language: profile.language,
    });
    await db
      .insert(payoutAccounts)
      .values({ userId, stripeAccountId: accountId, businessType, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    [account] = await db
      .select({ stripeAccountId: payoutAccounts.stripeAccountId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, userId))
      .limit(1);
  }
  return onboardingLink(context, account!.stripeAccountId, origin);
}

/** Stripe's hosted onboarding for an account that exists: a fresh link each time (one use, short-lived). */
export async function onboardingLink(context: Context, stripeAccountId: string, origin: string) {
  const { url } = await getPaymentGateway(context.env, origin).onboardingLink({
    accountId: stripeAccountId,
    refreshUrl: `${origin}${PAYOUTS_REFRESH_PATH}`,
    returnUrl: `${origin}${PAYOUTS_RETURN_PATH}`,
  });
  return url;
}

/**
 * The statements that apply an account's state as of `stateAt` (ms): the account row (only if nothing newer was
 * applied), and the scheduling of the host's waiting payouts once it can receive transfers.
 */
function applyAccountState(db: Db, account: ConnectAccount, stateAt: number, now: Date) {
  const state = accountState(account);
  const update = db
    .update(payoutAccounts)
    .set({ ...state, stripeStateAt: new Date(stateAt), updatedAt: now })
    .where(
      and(
        eq(payoutAccounts.stripeAccountId, account.id),
        or(isNull(payoutAccounts.stripeStateAt), lte(payoutAccounts.stripeStateAt, new Date(stateAt))),
      ),
    )
    .returning({ userId: payoutAccounts.userId, status: payoutAccounts.status });
  return { state, update, schedule: scheduleWaitingPayouts(db, now) };
}

/**
 * Payouts follow their hosts' accounts: a scheduled one of a host who cannot receive transfers waits, a waiting one
 * of a host who now can is scheduled. Run after every account change and by the job.
 */
export function scheduleWaitingPayouts(db: Db, now: Date) {
  const enabled = db
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.status, "enabled"));
  return [
    db
      .update(payouts)
      .set({ status: "scheduled", nextAttemptAt: null, updatedAt: now })
      .where(and(eq(payouts.status, "waiting_for_account"), inArray(payouts.hostId, enabled))),
    db
      .update(payouts)
      .set({ status: "waiting_for_account", updatedAt: now })
      .where(and(eq(payouts.status, "scheduled"), sql`${payouts.hostId} not in ${enabled}`)),
  ] as const;
}

export type AccountEventResult = "handled" | "duplicate" | "ignored" | "unknown_account";

/**
 * `account.updated` from Stripe's webhook or the stand-in: recorded by its id in the same batch as its change, so a
 * replay changes nothing; an event older than the state already applied changes nothing either. A failed re-read
 * throws: the webhook answers 500 and Stripe delivers the event again. An event about an account that is no host's of
 * ours is recorded and answered as done (`unknown_account`), see recordUnknownAccountEvent.
 */
export async function handleAccountEvent(
  context: Context,
  event: AccountEvent,
  now = new Date(),
): Promise<AccountEventResult> {
  if (event.type !== "account.updated") return "ignored";
  const sent = event.data.object as unknown as ConnectAccount;
  if (typeof sent.id !== "string") return "ignored";
  const { db } = context;
  const [ours] = await db
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, sent.id))
    .limit(1);
  if (!ours) return recordUnknownAccountEvent(db, event, sent.id, now);
  // What is applied is the account as Stripe has it now, stamped with the time of that read as refreshPayoutAccount's
  // are: Stripe does not promise the order of its events, and `created` counts whole seconds, so of two changes in one
  // second delivered the wrong way round the older would win, and an event of the second just after a re-read would
  // be dropped. The stand-in has nothing to re-read and gives the event's (its origin is for its pages only).
  const reread = await getPaymentGateway(context.env, "").retrieveConnectAccount(sent.id);
  const { update, schedule } = reread
    ? applyAccountState(db, reread, now.getTime(), now)
    : applyAccountState(db, sent, event.created * 1000, now);
  try {
    await db.batch([
      db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now }),
      update,
      ...schedule,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  return "handled";
}

/**
 * A validly signed event about a Connect account that is no host's of ours (one made outside the app, from Stripe's
 * dashboard, or one whose host was deleted): there is nothing to apply, and Stripe cannot read it (the re-read fails),
 * so refusing it would only have Stripe deliver it again for days. It is recorded as handled (a replay is a
 * duplicate) and logged for whoever reads the Worker's logs, and the webhook answers 200. An event that outruns its
 * own account's row (Stripe's first `account.updated` while startOnboarding is still writing the row) loses nothing:
 * the row starts as `details_needed`, and the return from onboarding and every later event re-read the account.
 */
async function recordUnknownAccountEvent(
  db: Db,
  event: AccountEvent,
  accountId: string,
  now: Date,
): Promise<AccountEventResult> {
  const [recorded] = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!recorded) return "duplicate";
  console.warn("Stripe event for a Connect account that is no host's here: recorded, nothing applied", {
    event: event.id,
    type: event.type,
    account: accountId,
  });
  return "unknown_account";
}

/**
 * Re-reads the host's account from Stripe (on their return from onboarding: the webhook may not have arrived yet).
 * The stand-in has nothing to re-read: its page applied the state already.
 */
export async function refreshPayoutAccount(context: Context, userId: string, origin: string, now = new Date()) {
  return rereadPayoutAccount(context, await findPayoutAccount(context.db, userId), origin, now);
}

/**
 * refreshPayoutAccount for an account already read (beside the session's lookup, decision 002): Stripe's answer sits
 * between that read and the write, which reads the state it leaves back in its own batch.
 */
export async function rereadPayoutAccount(
  context: Context,
  found: FoundPayoutAccount,
  origin: string,
  now = new Date(),
): Promise<PayoutSetup> {
  const { db } = context;
  if (!found.stripeAccountId) return found.setup;
  const account = await getPaymentGateway(context.env, origin).retrieveConnectAccount(found.stripeAccountId);
  if (!account) return found.setup;
  const { update, schedule } = applyAccountState(db, account, now.getTime(), now);
  const [, , , [row]] = await db.batch([
    update,
    ...schedule,
    db.select().from(payoutAccounts).where(eq(payoutAccounts.stripeAccountId, found.stripeAccountId)).limit(1),
  ]);
  return foundAccount(row).setup;
}

/** The account a stand-in onboarding page is for, with its host (null when there is none). */
export async function standInAccount(db: Db, accountId: string) {
  const [row] = await db
    .select({ userId: payoutAccounts.userId, status: payoutAccounts.status, businessType: payoutAccounts.businessType })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, accountId))
    .limit(1);
  return row ?? null;
}

/** What the stand-in onboarding decides, as Stripe would say it: verified at once, being checked, or left unfinished. */
export type StandInOutcome = "enabled" | "in_review" | "details_needed";

/** The `account.updated` event Stripe would send for that outcome, in Stripe's shape. */
export function standInAccountEvent(accountId: string, outcome: StandInOutcome, now = new Date()): AccountEvent {
  const submitted = outcome !== "details_needed";
  const object: ConnectAccount & { object: string; type: string; country: string } = {
    id: accountId,
    object: "account",
    type: "express",
    country: "LT",
    details_submitted: submitted,
    payouts_enabled: outcome === "enabled",
    charges_enabled: outcome === "enabled",
    capabilities: { transfers: outcome === "enabled" ? "active" : outcome === "in_review" ? "pending" : "inactive" },
    requirements: {
      currently_due: submitted ? [] : ["external_account", "individual.verification.document"],
      past_due: [],
      pending_verification: outcome === "in_review" ? ["individual.verification.document"] : [],
      disabled_reason:
        outcome === "enabled" ? null : submitted ? "requirements.pending_verification" : "requirements.past_due",
    },
  };
  return {
    id: standInId("evt"),
    type: "account.updated",
    created: Math.floor(now.getTime() / 1000),
    account: accountId,
    data: { object: object as unknown as Record<string, unknown> },
  };
}
