// The host's side of getting paid (decision 023): /profile/payouts, Stripe's return and refresh URLs, and the local
// stand-in onboarding page that feeds `account.updated` to the same handler as Stripe's webhook. Run against a real
// libSQL file with the stand-in gateway (no STRIPE_SECRET_KEY) unless a test says otherwise.
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { payoutAccounts, payouts, stripeEvents } from "#db/schema";
import type { PayoutStatus } from "#db/enums";
import type { StandInOutcome } from "~/payouts/payout-accounts.server";
import { requirementTopics } from "~/payouts/requirement-topics";
import { loader as hostDashboardLoader } from "~/routes/_dashboard+/host-dashboard";
import { action as standInAction, loader as standInLoader } from "~/routes/_dev+/dev.connect.$accountId";
import { loader as profileLoader } from "~/routes/_profiles+/profile._index";
import { action as payoutsAction, loader as payoutsLoader } from "~/routes/_profiles+/profile.payouts";
import { loader as refreshLoader } from "~/routes/_profiles+/profile.payouts_.refresh";
import { loader as returnLoader } from "~/routes/_profiles+/profile.payouts_.return";
import { takeToast } from "~/utils/toast.server";
import { createTestContext, PRODUCTION_ENV, type TestContext } from "./support/context";
import { createBooking, createCar, createSignedInUser, createUser } from "./support/factories";
import { ORIGIN, callRoute, formRequest, getRequest } from "./support/routes";

type PayoutsPage = Awaited<ReturnType<typeof payoutsLoader>>;
type ActionAnswer = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };

const GOOD_FORM = { legalName: "Ona Onaitė", iban: "LT12 1000 0111 0100 1000", outcome: "enabled" };

const payoutsPage = (ctx: TestContext, cookie: string) =>
  callRoute<PayoutsPage>(payoutsLoader, getRequest("/profile/payouts", { cookie }), ctx.context);

const startSetup = (ctx: TestContext, cookie: string, fields: Record<string, string> = { intent: "start" }) =>
  callRoute<ActionAnswer>(payoutsAction, formRequest("/profile/payouts", fields, { cookie }), ctx.context);

const standIn = (ctx: TestContext, cookie: string, accountId: string, fields?: Record<string, string>) =>
  callRoute<ActionAnswer>(
    fields ? standInAction : standInLoader,
    fields
      ? formRequest(`/dev/connect/${accountId}`, fields, { cookie })
      : getRequest(`/dev/connect/${accountId}`, { cookie }),
    ctx.context,
    { accountId },
  );

async function accountOf(ctx: TestContext, userId: string) {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

const eventCount = async (ctx: TestContext) => (await ctx.db.select({ n: count() }).from(stripeEvents))[0]!.n;

/** The host's account made through the page's button: its Stripe id (from the stand-in link it redirected to). */
async function startedAccount(ctx: TestContext, cookie: string) {
  const started = await startSetup(ctx, cookie);
  expect(started.status).toBe(303);
  const url = new URL(started.location!);
  expect(url.origin).toBe(ORIGIN);
  const accountId = /^\/dev\/connect\/(acct_standin_[a-f0-9]+)$/.exec(url.pathname)?.[1];
  expect(accountId).toBeDefined();
  return accountId!;
}

/** A settled booking's payout of `amount` cents for the host, in `status`. */
async function payoutFor(ctx: TestContext, hostId: string, amount: number, status: PayoutStatus) {
  const renter = await createUser(ctx, { verified: true });
  const car = await createCar(ctx, hostId);
  const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: hostId }, "completed");
  await ctx.db.insert(payouts).values({
    bookingId,
    hostId,
    gross: amount,
    hostShare: amount,
    amount,
    status,
    idempotencyKey: `payout-${bookingId}`,
    settledAt: new Date(),
  });
}

describe("setting up payouts with the local stand-in", () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.close());

  it("not started: the page says so; the button makes the account and sends the host to the stand-in", async () => {
    const host = await createSignedInUser(ctx, { isHost: true });
    const before = await payoutsPage(ctx, host.cookie);
    expect(before.data).toMatchObject({ state: "not_started", businessType: "individual", topics: [] });

    const accountId = await startedAccount(ctx, host.cookie);
    const row = await accountOf(ctx, host.id);
    expect(row).toMatchObject({ stripeAccountId: accountId, status: "details_needed", businessType: "individual" });
    const started = await startSetup(ctx, host.cookie);
    // Stripe's link goes back to our return URL, which the stand-in's link carries too.
    expect(new URL(started.location!).searchParams.get("return")).toBe(`${ORIGIN}/profile/payouts/return`);
    // A second press reuses the account.
    expect(started.location).toContain(accountId);
    expect(await ctx.db.select().from(payoutAccounts)).toHaveLength(1);

    const page = await standIn(ctx, host.cookie, accountId);
    expect(page).toMatchObject({ status: 200, data: { businessType: "individual", legalName: "Test Person" } });
  });

  it("a company is set up as a company", async () => {
    const company = await createSignedInUser(ctx, { accountType: "company" });
    expect((await payoutsPage(ctx, company.cookie)).data.businessType).toBe("company");
    const accountId = await startedAccount(ctx, company.cookie);
    expect((await accountOf(ctx, company.id))!.businessType).toBe("company");
    expect((await standIn(ctx, company.cookie, accountId)).data).toMatchObject({ legalName: "UAB Testas" });
  });

  it.each<[StandInOutcome, string, string[]]>([
    ["enabled", "success", []],
    ["in_review", "info", []],
    ["details_needed", "warning", ["bankAccount", "identityDocument"]],
  ])(
    "the stand-in's %s: back through the return URL, a toast, and the state on the page",
    async (outcome, type, topics) => {
      const host = await createSignedInUser(ctx, { isHost: true });
      const accountId = await startedAccount(ctx, host.cookie);

      const submitted = await standIn(ctx, host.cookie, accountId, { ...GOOD_FORM, outcome });
      expect(submitted).toMatchObject({ status: 303, location: "/profile/payouts/return" });
      expect(await eventCount(ctx)).toBe(1);

      const back = await callRoute(
        returnLoader,
        getRequest("/profile/payouts/return", { cookie: host.cookie }),
        ctx.context,
      );
      expect(back.location).toBe("/profile/payouts");
      const toastCookie = back.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const { toast } = await takeToast(new Request(ORIGIN, { headers: { Cookie: toastCookie } }), ctx.context.env);
      expect(toast).toMatchObject({
        type,
        title: `payouts:toasts.${outcome}`,
        description: `payouts:toasts.${outcome}Text`,
      });

      const page = await payoutsPage(ctx, host.cookie);
      expect(page.data).toMatchObject({ state: outcome, topics });
      expect((await accountOf(ctx, host.id))!.status).toBe(outcome);
    },
  );

  it("shows the earnings waiting for payouts, and schedules them once payouts are enabled", async () => {
    const host = await createSignedInUser(ctx, { isHost: true });
    await payoutFor(ctx, host.id, 11_760, "waiting_for_account");
    await payoutFor(ctx, host.id, 2_540, "waiting_for_account");
    await payoutFor(ctx, host.id, 5_000, "paid");
    const waiting = await payoutsPage(ctx, host.cookie);
    expect(waiting.data.money).toEqual({
      waiting: { amount: 14_300, count: 2 },
      scheduled: { amount: 0, count: 0 },
      failed: { amount: 0, count: 0 },
    });
    const profile = await callRoute<{ payouts: unknown }>(
      profileLoader,
      getRequest("/profile", { cookie: host.cookie }),
      ctx.context,
    );
    expect(profile.data.payouts).toEqual({ state: "not_started", waiting: 14_300 });
    const dashboard = await callRoute<{ payouts: unknown }>(
      hostDashboardLoader,
      getRequest("/host-dashboard", { cookie: host.cookie }),
      ctx.context,
    );
    expect(dashboard.data.payouts).toEqual({ state: "not_started", waiting: 14_300 });

    const accountId = await startedAccount(ctx, host.cookie);
    await standIn(ctx, host.cookie, accountId, GOOD_FORM);
    const enabled = await payoutsPage(ctx, host.cookie);
    expect(enabled.data).toMatchObject({
      state: "enabled",
      money: { waiting: { amount: 0, count: 0 }, scheduled: { amount: 14_300, count: 2 } },
    });
  });

  it("the host dashboard shows no payout card to someone without listings", async () => {
    const user = await createSignedInUser(ctx);
    const dashboard = await callRoute<{ payouts: unknown }>(
      hostDashboardLoader,
      getRequest("/host-dashboard", { cookie: user.cookie }),
      ctx.context,
    );
    expect(dashboard.data.payouts).toBeNull();
  });

  it("someone else cannot open or submit a host's stand-in page, and changes nothing", async () => {
    const host = await createSignedInUser(ctx, { isHost: true });
    const stranger = await createSignedInUser(ctx, { isHost: true });
    const accountId = await startedAccount(ctx, host.cookie);
    const before = await accountOf(ctx, host.id);

    expect((await standIn(ctx, stranger.cookie, accountId)).status).toBe(404);
    expect((await standIn(ctx, stranger.cookie, accountId, GOOD_FORM)).status).toBe(404);
    expect((await standIn(ctx, host.cookie, "acct_standin_unknown", GOOD_FORM)).status).toBe(404);
    const guest = await callRoute(standInAction, formRequest(`/dev/connect/${accountId}`, GOOD_FORM), ctx.context, {
      accountId,
    });
    expect(guest.location).toMatch(/^\/auth\/signin\?redirectTo=/);

    expect(await accountOf(ctx, host.id)).toEqual(before);
    expect(await eventCount(ctx)).toBe(0);
    expect((await payoutsPage(ctx, stranger.cookie)).data.state).toBe("not_started");
  });

  it.each([
    ["LT12 1000 0111 0100 100", "too short"],
    ["DE89370400440532013000", "not Lithuanian"],
    ["LT12 1000 0111 0100 100A", "a letter"],
    ["", "blank"],
  ])("a bad IBAN (%s, %s): 400 with the message next to the field, the values kept, nothing written", async (iban) => {
    const host = await createSignedInUser(ctx, { isHost: true });
    const accountId = await startedAccount(ctx, host.cookie);
    const before = await accountOf(ctx, host.id);
    const answer = await standIn(ctx, host.cookie, accountId, { ...GOOD_FORM, iban, outcome: "in_review" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({ iban: ["payouts:standIn.errors.iban"] });
    // Conform leaves a blank field out of what it sends back.
    expect(answer.data.result.initialValue).toMatchObject({
      legalName: GOOD_FORM.legalName,
      outcome: "in_review",
      ...(iban && { iban }),
    });
    expect(await accountOf(ctx, host.id)).toEqual(before);
    expect(await eventCount(ctx)).toBe(0);
  });

  it("a missing legal name or outcome is refused with its own message", async () => {
    const host = await createSignedInUser(ctx, { isHost: true });
    const accountId = await startedAccount(ctx, host.cookie);
    const answer = await standIn(ctx, host.cookie, accountId, { legalName: " ", iban: GOOD_FORM.iban, outcome: "x" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({
      legalName: ["payouts:standIn.errors.legalName"],
      outcome: ["payouts:standIn.errors.outcome"],
    });
    expect(await eventCount(ctx)).toBe(0);
  });

  it("a forged intent on /profile/payouts is refused and makes no account", async () => {
    const user = await createSignedInUser(ctx);
    const answer = await startSetup(ctx, user.cookie, { intent: "enable" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error?.[""]).toEqual(["errors.badRequest"]);
    expect(await accountOf(ctx, user.id)).toBeUndefined();
  });

  it("refresh: a new link for an existing account; someone who never started is shown the page", async () => {
    const host = await createSignedInUser(ctx, { isHost: true });
    const none = await callRoute(
      refreshLoader,
      getRequest("/profile/payouts/refresh", { cookie: host.cookie }),
      ctx.context,
    );
    expect(none.location).toBe("/profile/payouts");
    expect(await accountOf(ctx, host.id)).toBeUndefined();

    const accountId = await startedAccount(ctx, host.cookie);
    const renewed = await callRoute(
      refreshLoader,
      getRequest("/profile/payouts/refresh", { cookie: host.cookie }),
      ctx.context,
    );
    expect(renewed.status).toBe(302);
    expect(new URL(renewed.location!).pathname).toBe(`/dev/connect/${accountId}`);
  });

  it("return and refresh send a guest to sign in and back", async () => {
    for (const [loader, path] of [
      [returnLoader, "/profile/payouts/return"],
      [refreshLoader, "/profile/payouts/refresh"],
    ] as const) {
      const answer = await callRoute(loader, getRequest(path), ctx.context);
      expect(answer.location).toBe(`/auth/signin?redirectTo=${encodeURIComponent(path)}`);
    }
    expect((await payoutsPage(ctx, "")).status).toBe(401);
  });
});

describe("with Stripe configured", () => {
  let ctx: TestContext;
  afterEach(() => ctx.close());

  it("the stand-in page does not exist, for the account's own host either", async () => {
    ctx = await createTestContext();
    for (const overrides of [
      { STRIPE_SECRET_KEY: "sk_test_onboarding", STRIPE_WEBHOOK_SECRET: "whsec_onboarding" },
      PRODUCTION_ENV,
    ]) {
      const configured = await createTestContext(overrides);
      try {
        const host = await createSignedInUser(configured, { isHost: true });
        const accountId = "acct_standin_configured";
        await configured.db
          .insert(payoutAccounts)
          .values({ userId: host.id, stripeAccountId: accountId, businessType: "individual" });
        const cookie = host.cookie;
        expect((await standIn(configured, cookie, accountId)).status).toBe(404);
        expect((await standIn(configured, cookie, accountId, GOOD_FORM)).status).toBe(404);
        expect((await configured.db.select().from(stripeEvents)).length).toBe(0);
      } finally {
        configured.close();
      }
    }
  });

  it("Stripe unreachable: a message on the page, no account row, no 500", async () => {
    // Nothing listens on port 9: every call to Stripe fails to connect.
    ctx = await createTestContext({
      STRIPE_SECRET_KEY: "sk_test_onboarding",
      STRIPE_WEBHOOK_SECRET: "whsec_onboarding",
      STRIPE_API_URL: "http://127.0.0.1:9",
    });
    const host = await createSignedInUser(ctx, { isHost: true });
    const answer = await startSetup(ctx, host.cookie);
    expect(answer.status).toBe(503);
    expect(answer.data.result.error?.[""]).toEqual(["payouts:errors.stripeUnavailable"]);
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      "payout onboarding could not start",
      host.id,
      expect.anything(),
    );
    vi.mocked(console.error).mockClear();
    expect(await ctx.db.select().from(payoutAccounts)).toEqual([]);
    expect((await payoutsPage(ctx, host.cookie)).data.state).toBe("not_started");
  });
});

describe("requirement topics", () => {
  it("reads Stripe's field paths as plain topics, each once, never the raw name", () => {
    expect(
      requirementTopics([
        "individual.verification.document",
        "external_account",
        "individual.dob.day",
        "individual.address.city",
        "company.tax_id",
        "representative.first_name",
        "tos_acceptance.date",
        "business_profile.url",
        "individual.phone",
        "something.new",
        "external_account",
      ]),
    ).toEqual([
      "bankAccount",
      "identityDocument",
      "personalDetails",
      "address",
      "contact",
      "companyDetails",
      "companyPeople",
      "businessProfile",
      "terms",
      "other",
    ]);
    expect(requirementTopics([])).toEqual([]);
  });
});
