// A host's payout account (app/payouts/payout-accounts.server.ts) against a real libSQL file and the Stripe fake
// through the real SDK: onboarding makes one Express account and returns Stripe's link; the account's state arrives
// as `account.updated` through the signed webhook route (once, never over a newer state) or is re-read on return.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { payoutAccounts, stripeEvents } from "#db/schema";
import {
  payoutSetupOf,
  PAYOUTS_REFRESH_PATH,
  PAYOUTS_RETURN_PATH,
  refreshPayoutAccount,
  startOnboarding,
} from "~/payouts/payout-accounts.server";
import { createTestContext, type TestContext } from "./support/context";
import { createUser } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { ORIGIN } from "./support/routes";
import { deliverWebhook, stripeEnv } from "./support/stripe";

// The platform's endpoint and the Connect endpoint, each with its secret (Connect events come to the second).
const WEBHOOK_SECRET = "whsec_test_platform,whsec_test_connect";
const CONNECT_SECRET = "whsec_test_connect";

let fake: FakeStripe;
let ctx: TestContext;

beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
});
afterEach(async () => {
  ctx.close();
  await fake.close();
});

const accountRequests = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/accounts");
const accountRow = async (userId: string) =>
  (await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0];

/** A host who has started onboarding; returns the Stripe account's id. */
async function onboardedHost(options: Parameters<typeof createUser>[1] = {}) {
  const host = await createUser(ctx, { isHost: true, verified: true, ...options });
  await startOnboarding(ctx.context, host.id, ORIGIN);
  const row = await accountRow(host.id);
  return { host, accountId: row!.stripeAccountId };
}

describe("onboarding", () => {
  it("makes one Express account in Lithuania with the host's e-mail and returns Stripe's onboarding link", async () => {
    const host = await createUser(ctx, { isHost: true, verified: true });
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "not_started" });

    const url = await startOnboarding(ctx.context, host.id, ORIGIN);
    const [request, ...more] = accountRequests();
    expect(more).toEqual([]);
    expect(request!.idempotencyKey).toBe(`account-${host.id}`);
    expect(request!.body).toMatchObject({
      type: "express",
      country: "LT",
      email: host.email,
      business_type: "individual",
      capabilities: { transfers: { requested: "true" } },
      metadata: { user_id: host.id },
    });
    expect(request!.body.business_profile).toBeUndefined();
    const [account] = [...fake.accounts.values()];
    expect(await accountRow(host.id)).toMatchObject({
      stripeAccountId: account!.id,
      businessType: "individual",
      status: "details_needed",
    });
    const link = fake.requests.find((r) => r.path === "/v1/account_links")!;
    expect(link.body).toMatchObject({
      account: account!.id,
      type: "account_onboarding",
      refresh_url: `${ORIGIN}${PAYOUTS_REFRESH_PATH}`,
      return_url: `${ORIGIN}${PAYOUTS_RETURN_PATH}`,
    });
    expect(url).toMatch(new RegExp(`^${fake.url}/setup/e/${account!.id}/`));

    // A second visit reuses the account and gets a fresh link.
    const again = await startOnboarding(ctx.context, host.id, ORIGIN);
    expect(again).not.toBe(url);
    expect(accountRequests()).toHaveLength(1);
    expect(fake.accounts.size).toBe(1);
    expect(fake.requests.filter((r) => r.path === "/v1/account_links")).toHaveLength(2);
  });

  it("makes a company's account as a company, under its name", async () => {
    const { host, accountId } = await onboardedHost({ accountType: "company" });
    expect(accountRequests()[0]!.body).toMatchObject({
      business_type: "company",
      business_profile: { name: "UAB Testas" },
    });
    expect(fake.accounts.get(accountId)).toMatchObject({ business_type: "company" });
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "details_needed", businessType: "company" });
  });
});

describe("account.updated through the webhook", () => {
  it("moves the host's state along: in review, then enabled, then details needed again", async () => {
    const { host, accountId } = await onboardedHost();
    const review = fake.updateAccount(accountId, "in_review");
    const delivered = await deliverWebhook(ctx.context, review, CONNECT_SECRET);
    expect(delivered).toMatchObject({ status: 200, data: { result: "handled" } });
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({
      state: "in_review",
      requirementsDue: [],
      disabledReason: "requirements.pending_verification",
    });

    await deliverWebhook(ctx.context, fake.updateAccount(accountId, "enabled", review.created + 1), CONNECT_SECRET);
    expect(await accountRow(host.id)).toMatchObject({
      status: "enabled",
      detailsSubmitted: true,
      payoutsEnabled: true,
      disabledReason: null,
    });

    const asked = fake.updateAccount(
      accountId,
      {
        payouts_enabled: false,
        capabilities: { transfers: "inactive" },
        requirements: { past_due: ["external_account"] },
      },
      review.created + 2,
    );
    await deliverWebhook(ctx.context, asked, CONNECT_SECRET);
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({
      state: "details_needed",
      requirementsDue: ["external_account"],
    });
  });

  it("refuses an event signed with no secret of ours, changing nothing", async () => {
    const { host, accountId } = await onboardedHost();
    const refused = await deliverWebhook(ctx.context, fake.updateAccount(accountId, "enabled"), "whsec_other");
    expect(refused.status).toBe(400);
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "details_needed" });
  });

  it("handles a duplicated event once", async () => {
    const { host, accountId } = await onboardedHost();
    const event = fake.updateAccount(accountId, "in_review");
    await deliverWebhook(ctx.context, event, CONNECT_SECRET);
    const before = await accountRow(host.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await deliverWebhook(ctx.context, event, CONNECT_SECRET);
    expect(again).toMatchObject({ status: 200, data: { result: "duplicate" } });
    expect(await accountRow(host.id)).toEqual(before);
    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
  });

  it("never lets an older event delivered late overwrite a newer state", async () => {
    const { host, accountId } = await onboardedHost();
    const older = fake.updateAccount(accountId, "in_review", 1_800_000_000);
    const newer = fake.updateAccount(accountId, "enabled", 1_800_000_060);
    await deliverWebhook(ctx.context, newer, CONNECT_SECRET);
    const late = await deliverWebhook(ctx.context, older, CONNECT_SECRET);
    expect(late.status).toBe(200);
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "enabled" });
  });

  it("applies the account as Stripe has it when two changes of one second arrive the wrong way round", async () => {
    const { host, accountId } = await onboardedHost();
    const first = fake.updateAccount(accountId, "in_review", 1_800_000_000);
    const second = fake.updateAccount(accountId, "enabled", 1_800_000_000);
    await deliverWebhook(ctx.context, second, CONNECT_SECRET);
    await deliverWebhook(ctx.context, first, CONNECT_SECRET);
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "enabled" });
  });

  it("answers other account events as ignored, changing nothing", async () => {
    const { host, accountId } = await onboardedHost();
    const event = fake.event("account.application.authorized", { id: "ca_1", object: "application" }, accountId);
    const delivered = await deliverWebhook(ctx.context, event, CONNECT_SECRET);
    expect(delivered).toMatchObject({ status: 200, data: { result: "ignored" } });
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "details_needed" });
  });

  it("ignores an event for an account that is not ours", async () => {
    const { host } = await onboardedHost();
    const other = await onboardedHost();
    const event = fake.updateAccount(other.accountId, "enabled");
    await deliverWebhook(ctx.context, event, CONNECT_SECRET);
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "details_needed" });
    expect(await payoutSetupOf(ctx.db, other.host.id)).toMatchObject({ state: "enabled" });
  });

  it("records an event for a Connect account nobody here has and answers 200 (Stripe would retry a refusal for days)", async () => {
    const { host } = await onboardedHost();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const stranger = { id: "acct_1NotOurs0000000", object: "account", payouts_enabled: true, details_submitted: true };
    const event = fake.event("account.updated", stranger, stranger.id);
    const before = await ctx.db.select().from(payoutAccounts);
    const asked = fake.requests.length;

    const delivered = await deliverWebhook(ctx.context, event, CONNECT_SECRET);
    expect(delivered).toMatchObject({ status: 200, data: { result: "unknown_account" } });
    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([
      expect.objectContaining({ type: "account.updated" }),
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls[0])).toContain(stranger.id);
    // Nothing applied, and Stripe was not asked about an account it would not show us.
    expect(await ctx.db.select().from(payoutAccounts)).toEqual(before);
    expect(fake.requests.length).toBe(asked);
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "details_needed" });

    // Delivered again: a duplicate, logged once.
    expect(await deliverWebhook(ctx.context, event, CONNECT_SECRET)).toMatchObject({
      status: 200,
      data: { result: "duplicate" },
    });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe("the host's return from onboarding", () => {
  it("re-reads the account from Stripe before its event arrives, and the late event changes nothing", async () => {
    const { host, accountId } = await onboardedHost();
    const event = fake.updateAccount(accountId, "enabled", Math.floor(Date.now() / 1000) - 30);
    const setup = await refreshPayoutAccount(ctx.context, host.id, ORIGIN);
    expect(setup).toMatchObject({ state: "enabled", requirementsDue: [] });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/accounts/${accountId}` });

    // An earlier state's event, delivered after the re-read.
    const stale = { ...event, id: "evt_stale", data: { object: { ...event.data.object, payouts_enabled: false } } };
    await deliverWebhook(ctx.context, stale, CONNECT_SECRET);
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "enabled" });
  });

  it("still applies a change Stripe makes in the same second just after the re-read", async () => {
    const { host, accountId } = await onboardedHost();
    fake.updateAccount(accountId, "in_review");
    expect(await refreshPayoutAccount(ctx.context, host.id, ORIGIN)).toMatchObject({ state: "in_review" });
    // Stamped in whole seconds, so at or before the re-read's millisecond.
    const enabled = fake.updateAccount(accountId, "enabled", Math.floor(Date.now() / 1000));
    await deliverWebhook(ctx.context, enabled, CONNECT_SECRET);
    expect(await payoutSetupOf(ctx.db, host.id)).toMatchObject({ state: "enabled" });
  });

  it("without an account yet answers not started, asking Stripe nothing", async () => {
    const host = await createUser(ctx, { isHost: true });
    expect(await refreshPayoutAccount(ctx.context, host.id, ORIGIN)).toMatchObject({ state: "not_started" });
    expect(fake.requests).toEqual([]);
  });
});
