// The admins' payout pages (issue 18) against a real libSQL file: /admin/payouts lists payouts by state and retries a
// failed one at once (audit line, the host told); a booking's money page reviews an admin's refund without writing,
// then confirms it with the refund, the host's part and the audit line in one batch, within its bounds and once.
// Money goes through the local stand-in gateway (its refunds, transfers and reversals succeed at once); a Stripe that
// cannot be reached (a closed port) stands for a failure.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  chargeLineItems,
  charges,
  notifications,
  payoutAccounts,
  payoutReversals,
  payouts,
  profiles,
  refunds,
} from "#db/schema";
import { action as listAction, loader as listLoader } from "~/routes/_admin+/admin.payouts";
import { action as moneyAction, loader as moneyLoader } from "~/routes/_admin+/admin.payouts_.$bookingId";
import { reversalKey } from "~/payouts/payouts.server";
import { suggestedHostPart } from "~/pricing/payout-amounts";
import { createTestContext, type TestContext } from "./support/context";
import { changedTables, fingerprint } from "./support/db-fingerprint";
import { createBooking, createCar, createSignedInUser, createUser } from "./support/factories";
import { callRoute, formRequest, getRequest, toastOf } from "./support/routes";

const DEPOSIT = 30_000;
/** Three days at 40 €, a 300 € deposit returned: the host's share is the factory's 117.60 €. */
const MONEY = { depositAmount: DEPOSIT, totalAmount: 12_640 + DEPOSIT, hostEarnings: 11_760 };
const STRIPE_REASON = "Your destination account needs to have at least one of the capabilities enabled: transfers";

type Payout = typeof payouts.$inferInsert;

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeEach(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, { isAdmin: true });
});
afterEach(() => ctx.close());

/**
 * A completed, captured booking whose deposit went back, and its host (enabled for transfers); with `payout`, its
 * payout in that state (a failed one was taken, so its amount is fixed, and waits for its next attempt).
 */
async function settledBooking(c: TestContext, payout?: Payout["status"], overrides: Partial<Payout> = {}) {
  const host = await createSignedInUser(c, { isHost: true, verified: true, fullName: "Rasa Savininkė" });
  const renter = await createUser(c, { verified: true });
  const car = await createCar(c, host.id);
  const bookingId = await createBooking(c, { carId: car.id, renterId: renter.id, ownerId: host.id }, "completed", {
    ...MONEY,
    paymentStatus: "captured",
    stripePaymentIntentId: `pi_standin_${crypto.randomUUID().slice(0, 8)}`,
    depositStatus: "returned",
    confirmedAt: new Date(Date.now() - 10 * 86_400_000),
    completedAt: new Date(Date.now() - 3 * 86_400_000),
  });
  await c.db.insert(payoutAccounts).values({
    userId: host.id,
    stripeAccountId: `acct_${crypto.randomUUID().slice(0, 12)}`,
    businessType: "individual",
    status: "enabled",
    detailsSubmitted: true,
    payoutsEnabled: true,
  });
  let payoutId: string | null = null;
  if (payout) {
    const now = new Date();
    const values: Payout = {
      bookingId,
      hostId: host.id,
      gross: 12_000,
      hostShare: MONEY.hostEarnings,
      claimKept: 0,
      amount: MONEY.hostEarnings,
      status: payout,
      idempotencyKey: `payout-${bookingId}`,
      settledAt: new Date(now.getTime() - 86_400_000),
      ...(payout === "failed" && {
        sentAmount: MONEY.hostEarnings,
        attempts: 2,
        lastError: STRIPE_REASON,
        nextAttemptAt: new Date(now.getTime() + 30 * 60_000),
      }),
      ...(payout === "paid" && {
        sentAmount: MONEY.hostEarnings,
        attempts: 1,
        stripeTransferId: `tr_standin_${bookingId.slice(0, 8)}`,
        paidAt: new Date(now.getTime() - 3_600_000),
      }),
      ...overrides,
    };
    const [row] = await c.db.insert(payouts).values(values).returning({ id: payouts.id });
    payoutId = row!.id;
  }
  return { host, renter, bookingId, payoutId };
}

const list = (query = "", cookie = admin.cookie) =>
  callRoute<Awaited<ReturnType<typeof listLoader>>>(
    listLoader,
    getRequest(`/admin/payouts${query}`, { cookie }),
    ctx.context,
  );
const retry = (payoutId: string, cookie = admin.cookie, c = ctx) =>
  callRoute<{ error?: string }>(
    listAction,
    formRequest("/admin/payouts?status=failed", { intent: "retry", payoutId }, { cookie }),
    c.context,
  );
const moneyPage = (bookingId: string, cookie = admin.cookie) =>
  callRoute<Awaited<ReturnType<typeof moneyLoader>>>(
    moneyLoader,
    getRequest(`/admin/payouts/${bookingId}`, { cookie }),
    ctx.context,
    { bookingId },
  );

interface RefundAnswer {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  review: {
    amount: number;
    hostPart: number;
    platform: number;
    takeBack: string;
    proposed: boolean;
    fields: Record<string, string>;
  } | null;
}
const refund = (bookingId: string, fields: Record<string, string>, cookie = admin.cookie) =>
  callRoute<RefundAnswer>(moneyAction, formRequest(`/admin/payouts/${bookingId}`, fields, { cookie }), ctx.context, {
    bookingId,
  });

describe("/admin/payouts", () => {
  it("names a company host by its registered name and company number; a person's payout has neither", async () => {
    const company = await settledBooking(ctx, "paid");
    const person = await settledBooking(ctx, "paid");
    await ctx.db
      .update(profiles)
      .set({ accountType: "company", companyName: "UAB Baltic Drive", companyNumber: "305123456" })
      .where(eq(profiles.id, company.host.id));
    const rows = (await list()).data.payouts;
    expect(rows.find((p) => p.bookingId === company.bookingId)).toMatchObject({
      hostName: "Rasa Savininkė",
      company: { name: "UAB Baltic Drive", code: "305123456" },
    });
    expect(rows.find((p) => p.bookingId === person.bookingId)).toMatchObject({ company: null });
  });

  it("lists payouts by state with counts: all (failed first) by default, one state with ?status", async () => {
    const paid = await settledBooking(ctx, "paid");
    const failed = await settledBooking(ctx, "failed");
    const waiting = await settledBooking(ctx, "waiting_for_account");

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.data.status).toBe("all");
    expect(all.data.counts).toMatchObject({ all: 3, failed: 1, paid: 1, waiting_for_account: 1, scheduled: 0 });
    expect(all.data.payouts.map((p) => p.bookingId)).toEqual([failed.bookingId, waiting.bookingId, paid.bookingId]);
    const shown = all.data.payouts[0]!;
    expect(shown).toMatchObject({
      hostName: "Rasa Savininkė",
      hostId: failed.host.id,
      amount: MONEY.hostEarnings,
      attempts: 2,
      lastError: STRIPE_REASON,
    });
    expect(shown.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(all.data.payouts[2]).toMatchObject({
      status: "paid",
      transferId: `tr_standin_${paid.bookingId.slice(0, 8)}`,
    });

    const onlyFailed = await list("?status=failed");
    expect(onlyFailed.data.status).toBe("failed");
    expect(onlyFailed.data.payouts.map((p) => p.bookingId)).toEqual([failed.bookingId]);
    const onlyPaid = await list("?status=paid");
    expect(onlyPaid.data.payouts.map((p) => p.bookingId)).toEqual([paid.bookingId]);
    // A state that does not exist is the default view, never an error.
    expect((await list("?status=lost")).data.status).toBe("all");
  });

  it("retries a failed payout at once: paid with a transfer, the audit line written, the host told", async () => {
    const { bookingId, payoutId, host } = await settledBooking(ctx, "failed");
    const answer = await retry(payoutId!);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/payouts?status=failed");
    expect(await toastOf(answer.headers, ctx.context.env)).toMatchObject({
      type: "success",
      title: "admin:payouts.toasts.paid",
    });

    const [row] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId!));
    expect(row).toMatchObject({ status: "paid", attempts: 3, lastError: null, nextAttemptAt: null });
    expect(row!.stripeTransferId).toMatch(/^tr_standin_/);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, payoutId!));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: "retry_payout",
      targetType: "payout",
      details: { booking: bookingId },
    });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, host.id));
    expect(told).toEqual([
      expect.objectContaining({ type: "payout_sent", data: { booking_id: bookingId, amount: MONEY.hostEarnings } }),
    ]);

    // Nothing failed any more: a second click is told so, and changes nothing.
    const before = await fingerprint(ctx.client);
    const again = await retry(payoutId!);
    expect(again.status).toBe(409);
    expect(again.data.error).toBe("admin:payouts.errors.retryGone");
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });

  it("says how a retry failed, with Stripe's reason, when Stripe cannot be reached", async () => {
    const unreachable = await createTestContext({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_URL: "http://127.0.0.1:9",
    });
    try {
      const boss = await createSignedInUser(unreachable, { isAdmin: true });
      const { payoutId } = await settledBooking(unreachable, "failed");
      const answer = await retry(payoutId!, boss.cookie, unreachable);
      expect(answer.status).toBe(302);
      const toast = await toastOf(answer.headers, unreachable.context.env);
      expect(toast).toMatchObject({ type: "error", title: "admin:payouts.toasts.failed" });
      expect(toast!.values!.reason).toBeTruthy();
      const [row] = await unreachable.db.select().from(payouts).where(eq(payouts.id, payoutId!));
      expect(row).toMatchObject({ status: "failed", attempts: 3 });
      expect(row!.lastError).toBe(toast!.values!.reason);
      const logged = vi.mocked(console.error).mock.calls.filter((call) => String(call[0]).startsWith("payout failed"));
      expect(logged).toHaveLength(1);
      vi.mocked(console.error).mockClear();
    } finally {
      unreachable.close();
    }
  });

  it("lists the failed reversals with their reason", async () => {
    const { bookingId, payoutId } = await settledBooking(ctx, "paid");
    const [made] = await ctx.db
      .insert(refunds)
      .values({
        bookingId,
        kind: "admin",
        amount: 4000,
        status: "succeeded",
        idempotencyKey: `refund-${bookingId}-admin`,
        reason: "Neveikė kondicionierius",
      })
      .returning({ id: refunds.id });
    await ctx.db.insert(payoutReversals).values({
      payoutId: payoutId!,
      refundId: made!.id,
      amount: 3000,
      status: "failed",
      idempotencyKey: reversalKey(made!.id),
      attempts: 1,
      lastError: "Insufficient funds in the connected account",
      nextAttemptAt: new Date(Date.now() + 600_000),
    });
    const page = await list();
    expect(page.data.reversals).toEqual([
      expect.objectContaining({
        payoutId,
        bookingId,
        amount: 3000,
        lastError: expect.stringContaining("Insufficient"),
      }),
    ]);
    // Retrying it sends it now (the payout was paid): reversed.
    const answer = await retry(payoutId!);
    expect(await toastOf(answer.headers, ctx.context.env)).toMatchObject({ title: "admin:payouts.toasts.reversed" });
    const [reversal] = await ctx.db.select().from(payoutReversals).where(eq(payoutReversals.payoutId, payoutId!));
    expect(reversal).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("refuses everyone but admins, on the loader and the action, and changes nothing", async () => {
    const { payoutId, host } = await settledBooking(ctx, "failed");
    const before = await fingerprint(ctx.client);
    expect((await list("", host.cookie)).status).toBe(403);
    expect((await retry(payoutId!, host.cookie)).status).toBe(403);
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });
});

describe("/admin/payouts/{bookingId}", () => {
  it("shows each charge as its own payment, with its line items and who receives each", async () => {
    const { bookingId, renter } = await settledBooking(ctx, "paid");
    // A later charge on the same booking (two more days, decision 035), captured on its own.
    const extensionId = crypto.randomUUID();
    await ctx.db.batch([
      ctx.db.insert(charges).values({
        id: extensionId,
        bookingId,
        purpose: "extension",
        payerId: renter.id,
        amount: 8_160,
        status: "captured",
        idempotencyKey: `extension-${bookingId}`,
        createdAt: new Date(Date.now() - 86_400_000),
      }),
      ctx.db.insert(chargeLineItems).values([
        {
          chargeId: extensionId,
          code: "rental_days",
          quantity: 2,
          unitAmount: 4_000,
          amount: 8_000,
          payer: "renter",
          receiver: "host",
          position: 0,
        },
        {
          chargeId: extensionId,
          code: "renter_service_fee",
          quantity: 1,
          unitAmount: 160,
          amount: 160,
          payer: "renter",
          receiver: "platform",
          position: 1,
        },
      ]),
    ]);
    const page = await moneyPage(bookingId);
    const payments = page.data.events.filter((e) => e.kind === "payment");
    expect(payments).toEqual([
      expect.objectContaining({
        purpose: "rental",
        amount: MONEY.totalAmount,
        status: "captured",
        items: expect.arrayContaining([
          { code: "rental_days", quantity: 3, unitAmount: 4_000, amount: 12_000, receiver: "host" },
          expect.objectContaining({ code: "deposit", amount: DEPOSIT, receiver: "held" }),
        ]),
      }),
      expect.objectContaining({
        purpose: "extension",
        amount: 8_160,
        status: "captured",
        items: [
          { code: "rental_days", quantity: 2, unitAmount: 4_000, amount: 8_000, receiver: "host" },
          { code: "renter_service_fee", quantity: 1, unitAmount: 160, amount: 160, receiver: "platform" },
        ],
      }),
    ]);
    // Each charge's amount is the sum of what its payer pays.
    const rental = payments[0] as Extract<(typeof payments)[number], { kind: "payment" }>;
    expect(rental.items.reduce((sum, item) => sum + (item.code === "host_service_fee" ? 0 : item.amount), 0)).toBe(
      MONEY.totalAmount,
    );
  });

  it("shows every movement of the booking's money in time order", async () => {
    const { bookingId } = await settledBooking(ctx, "paid");
    const page = await moneyPage(bookingId);
    expect(page.status).toBe(200);
    expect(page.data.events.map((e) => e.kind)).toEqual(["payment", "depositHeld", "depositSettled", "payout"]);
    expect(page.data.bounds).toMatchObject({
      captured: true,
      refundable: MONEY.totalAmount,
      reversible: MONEY.hostEarnings,
      takeBack: "reversal",
      adminRefundId: null,
    });
    const missing = await moneyPage(crypto.randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ message: "admin:moneyPage.notFound" });
  });

  it("reviews a refund without writing anything: the proposed host part, and how it comes back", async () => {
    const { bookingId } = await settledBooking(ctx, "paid");
    const before = await fingerprint(ctx.client);
    const answer = await refund(bookingId, { intent: "review", amount: "40", reason: "Neveikė kondicionierius" });
    expect(answer.status).toBe(200);
    const proposed = suggestedHostPart(4000, MONEY, { amount: MONEY.hostEarnings }, 0);
    expect(proposed).toBeGreaterThan(0);
    expect(answer.data.review).toMatchObject({
      amount: 4000,
      hostPart: proposed,
      platform: 4000 - proposed,
      takeBack: "reversal",
      proposed: true,
      fields: { amount: "40.00", hostPart: (proposed / 100).toFixed(2), reason: "Neveikė kondicionierius" },
    });
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });

  it("confirms a refund of a paid payout: refund, reversal and audit line in one go, both sent", async () => {
    const { bookingId, payoutId } = await settledBooking(ctx, "paid");
    const answer = await refund(bookingId, {
      intent: "confirm",
      amount: "40,00",
      hostPart: "25",
      reason: "Neveikė kondicionierius",
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/payouts/${bookingId}`);
    expect(await toastOf(answer.headers, ctx.context.env)).toMatchObject({
      type: "success",
      title: "admin:moneyPage.toasts.refunded",
    });

    const made = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(made).toEqual([
      expect.objectContaining({
        kind: "admin",
        amount: 4000,
        status: "succeeded",
        reason: "Neveikė kondicionierius",
        idempotencyKey: `refund-${bookingId}-admin`,
      }),
    ]);
    const reversals = await ctx.db.select().from(payoutReversals).where(eq(payoutReversals.payoutId, payoutId!));
    expect(reversals).toEqual([
      expect.objectContaining({
        refundId: made[0]!.id,
        amount: 2500,
        status: "succeeded",
        idempotencyKey: reversalKey(made[0]!.id),
      }),
    ]);
    expect(reversals[0]!.stripeReversalId).toMatch(/^trr_standin_|_standin_/);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "refund_booking"), eq(auditLog.targetId, bookingId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ amount: 4000, hostPart: 2500, reason: "Neveikė kondicionierius" });

    const page = await moneyPage(bookingId);
    expect(page.data.events.map((e) => e.kind)).toEqual([
      "payment",
      "depositHeld",
      "depositSettled",
      "payout",
      "refund",
      "reversal",
    ]);
    expect(page.data.bounds).toMatchObject({
      refundable: MONEY.totalAmount - 4000,
      reversible: MONEY.hostEarnings - 2500,
      adminRefundId: made[0]!.id,
    });

    // A second admin refund (a double submit, or a second try) is refused and writes nothing.
    const before = await fingerprint(ctx.client);
    const second = await refund(bookingId, { intent: "confirm", amount: "10", hostPart: "0", reason: "Dar kartą" });
    expect(second.status).toBe(409);
    expect(second.data.result.error?.[""]).toEqual(["admin:moneyPage.errors.duplicate"]);
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });

  it("nets the host's part of a payout not yet sent: the reversal waits for the payout job", async () => {
    const { bookingId, payoutId } = await settledBooking(ctx, "scheduled");
    const review = await refund(bookingId, { intent: "review", amount: "20", hostPart: "10", reason: "Vėlavo" });
    expect(review.data.review).toMatchObject({ takeBack: "netted", hostPart: 1000, proposed: false });
    const answer = await refund(bookingId, { intent: "confirm", amount: "20", hostPart: "10", reason: "Vėlavo" });
    expect(answer.status).toBe(302);
    const [reversal] = await ctx.db.select().from(payoutReversals).where(eq(payoutReversals.payoutId, payoutId!));
    expect(reversal).toMatchObject({ amount: 1000, status: "pending", attempts: 0 });
  });

  it("refunds a booking not yet settled from the platform alone: no host part can be taken", async () => {
    const { bookingId } = await settledBooking(ctx);
    const review = await refund(bookingId, { intent: "review", amount: "20", reason: "Gestas" });
    expect(review.data.review).toMatchObject({ takeBack: "none", hostPart: 0, platform: 2000 });
    const before = await fingerprint(ctx.client);
    const refused = await refund(bookingId, { intent: "confirm", amount: "20", hostPart: "5", reason: "Gestas" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.hostPart).toEqual(["admin:moneyPage.errors.aboveReversible"]);
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
    const answer = await refund(bookingId, { intent: "confirm", amount: "20", hostPart: "0", reason: "Gestas" });
    expect(answer.status).toBe(302);
    expect(await ctx.db.select().from(payoutReversals)).toEqual([]);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toHaveLength(1);
  });

  it("refuses what is beyond the bounds next to its field, keeps the values and writes nothing", async () => {
    const { bookingId } = await settledBooking(ctx, "paid");
    await ctx.db.insert(refunds).values({
      bookingId,
      kind: "deposit",
      amount: DEPOSIT,
      status: "succeeded",
      idempotencyKey: `refund-${bookingId}-deposit`,
    });
    const left = MONEY.totalAmount - DEPOSIT;
    const before = await fingerprint(ctx.client);
    const cases: [Record<string, string>, string, string][] = [
      [{ amount: ((left + 1) / 100).toFixed(2), reason: "Per daug" }, "amount", "aboveRefundable"],
      [{ amount: "0", reason: "Nulis" }, "amount", "amountPositive"],
      [{ amount: "abc", reason: "Ne skaičius" }, "amount", "amountFormat"],
      [{ amount: "20", reason: "   " }, "reason", "reason"],
      [{ amount: "20", hostPart: "30", reason: "Daugiau nei grąžinama" }, "hostPart", "aboveRefund"],
      [{ amount: "120", hostPart: "117.61", reason: "Daugiau nei išmoka" }, "hostPart", "aboveReversible"],
    ];
    for (const [fields, field, message] of cases) {
      for (const intent of ["review", "confirm"]) {
        const answer = await refund(bookingId, { intent, hostPart: "0", ...fields });
        expect(answer.status, `${intent} ${JSON.stringify(fields)}`).toBe(400);
        expect(answer.data.result.error?.[field]).toEqual([`admin:moneyPage.errors.${message}`]);
        expect(answer.data.result.initialValue).toMatchObject({ ...fields });
        expect(answer.data.review).toBeNull();
      }
    }
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });

  it("takes refunds only of captured payments", async () => {
    const { bookingId } = await settledBooking(ctx);
    await ctx.client.execute({
      sql: "update bookings set payment_status = 'released' where id = ?",
      args: [bookingId],
    });
    const page = await moneyPage(bookingId);
    expect(page.data.bounds.captured).toBe(false);
    const before = await fingerprint(ctx.client);
    const answer = await refund(bookingId, { intent: "confirm", amount: "10", hostPart: "0", reason: "Bandymas" });
    expect(answer.status).toBe(409);
    expect(answer.data.result.error?.[""]).toEqual(["admin:moneyPage.errors.notCaptured"]);
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });

  it("refuses everyone but admins, on the loader and the action, and changes nothing", async () => {
    const { bookingId, host } = await settledBooking(ctx, "paid");
    const before = await fingerprint(ctx.client);
    expect((await moneyPage(bookingId, host.cookie)).status).toBe(403);
    const answer = await refund(
      bookingId,
      { intent: "confirm", amount: "10", hostPart: "5", reason: "Savo naudai" },
      host.cookie,
    );
    expect(answer.status).toBe(403);
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });
});
