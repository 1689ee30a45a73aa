// Every money action a newcomer can take on the demo data, against a freshly seeded database and the local payment
// stand-in, as `npm start` serves them: the seed's payments must be ones the stand-in made (scripts/seed/demo-money.ts), so
// that a decline releases its hold, a cancellation, a claim or an admin's refund gives money back, and the job returns
// deposits and pays hosts — none of them "The booking has no payment to refund". Each test acts on its own copy of one
// seeded file, through the routes people use (or the scheduled job, at the moment it would run), and then checks the
// money rows: every refund made, every hold let go, every payout sent or waiting for its host's account.
import sharp from "sharp";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, charges, damageClaims, payoutAccounts, payoutReversals, payouts, refunds, users } from "#db/schema";
import { chargeLater } from "~/payments/charges.server";
import { reimbursementLineItems } from "~/pricing/line-items";
import { findTripBooking, submitTripForm } from "~/trips/trip-records.server";
import { tripTimes } from "~/bookings/trip-rules";
import { runScheduledJobs } from "~/jobs.server";
import { action as decideAction } from "~/routes/_admin+/admin.claims.$claimId";
import { action as moneyAction } from "~/routes/_admin+/admin.payouts_.$bookingId";
import { action as bookingsAction } from "~/routes/_bookings+/bookings";
import { action as claimAction } from "~/routes/_bookings+/bookings_.$bookingId_.claim";
import { action as onboardingAction } from "~/routes/_dev+/dev.connect.$accountId";
import { action as startPayoutsAction } from "~/routes/_profiles+/profile.payouts";
import { cancelOnItsPage } from "./support/cancel-page";
import type { TestContext } from "./support/context";
import { sessionCookieFor } from "./support/factories";
import { ORIGIN, callRoute, formRequest } from "./support/routes";
import { contextOverCopy, seedDemoFile, type SeededDemo } from "./support/seeded-db";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// The first seed renders the demo's photos (later ones read them from the cache).
const SEED_TIMEOUT = 180_000;
const STAND_IN_ID = (prefix: string) => new RegExp(`^${prefix}_standin_[0-9a-f]{32}$`);

let demo: SeededDemo;
let ctx: TestContext;

beforeAll(async () => {
  demo = await seedDemoFile();
}, SEED_TIMEOUT);
afterAll(() => demo?.remove());
beforeEach(async () => {
  ctx = await contextOverCopy(demo.file);
});
afterEach(async () => {
  await ctx.close();
});

const at = (ms: number) => new Date(ms);
const cookies = new Map<string, string>();
async function cookieOf(userId: string) {
  // Sessions are rows of the copy: each test signs its people in anew.
  const key = `${ctx.file}:${userId}`;
  if (!cookies.has(key)) cookies.set(key, await sessionCookieFor(ctx, userId));
  return cookies.get(key)!;
}
async function idOf(email: string) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}
const bookingsIn = (status: (typeof bookings.$inferSelect)["status"]) =>
  ctx.db.select().from(bookings).where(eq(bookings.status, status)).orderBy(bookings.id);
const bookingRow = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refundsOf = (bookingId: string) => ctx.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));

/** Posts a form of a route as the signed-in user; the answer must be a redirect (the action's success). */
async function post(
  action: Parameters<typeof callRoute>[0],
  path: string,
  fields: Record<string, string>,
  userId: string,
  params: Record<string, string> = {},
) {
  const result = await callRoute(
    action,
    formRequest(path, fields, { cookie: await cookieOf(userId) }),
    ctx.context,
    params,
  );
  expect([302, 303], `${path} ${JSON.stringify(fields)}: ${JSON.stringify(result.data)}`).toContain(result.status);
  return result;
}

/**
 * What every test ends with: each refund made by the stand-in, no hold left on a cancelled booking, every recorded
 * payment one the stand-in took, no more refunded than was paid, and every payout sent or waiting for its host.
 */
async function expectMoneyInOrder() {
  const allRefunds = await ctx.db.select().from(refunds);
  for (const refund of allRefunds) {
    expect(refund, refund.idempotencyKey).toMatchObject({ status: "succeeded", lastError: null });
    expect(refund.stripeRefundId).toMatch(STAND_IN_ID("re"));
  }
  const rentals = new Map(
    (await ctx.db.select().from(charges).where(eq(charges.purpose, "rental"))).map((c) => [c.bookingId, c]),
  );
  for (const booking of await ctx.db.select().from(bookings)) {
    // Every booking has its rental charge, in its payment's state, for its total (decision 035).
    const rental = rentals.get(booking.id);
    expect(rental, booking.id).toMatchObject({ status: booking.paymentStatus, amount: booking.totalAmount });
    if (booking.paymentStatus !== "unpaid") {
      expect(rental!.stripePaymentIntentId, booking.id).toMatch(STAND_IN_ID("pi"));
      expect(rental!.stripeCheckoutSessionId, booking.id).toMatch(STAND_IN_ID("cs"));
    }
    if (booking.status === "cancelled") expect(booking.paymentStatus, booking.id).not.toBe("authorized");
    const refunded = allRefunds.filter((r) => r.bookingId === booking.id).reduce((sum, r) => sum + r.amount, 0);
    expect(refunded, booking.id).toBeLessThanOrEqual(booking.paymentStatus === "captured" ? booking.totalAmount : 0);
  }
  const accounts = await ctx.db.select().from(payoutAccounts);
  const enabled = new Set(accounts.filter((a) => a.status === "enabled").map((a) => a.userId));
  for (const account of accounts) expect(account.stripeAccountId).toMatch(STAND_IN_ID("acct"));
  for (const payout of await ctx.db.select().from(payouts)) {
    if (enabled.has(payout.hostId)) {
      expect(payout, payout.idempotencyKey).toMatchObject({ status: "paid", lastError: null });
      expect(payout.stripeTransferId).toMatch(STAND_IN_ID("tr"));
    } else {
      expect(payout.status, payout.idempotencyKey).toBe("waiting_for_account");
    }
  }
  for (const reversal of await ctx.db.select().from(payoutReversals)) {
    expect(["succeeded", "netted", "pending"], reversal.idempotencyKey).toContain(reversal.status);
  }
}

describe("the demo's requests", () => {
  it("declined by their hosts: each card hold is released, nothing is refunded", async () => {
    const pending = await bookingsIn("pending");
    expect(pending.length).toBeGreaterThanOrEqual(5);
    for (const booking of pending) {
      expect(booking.paymentStatus).toBe("authorized");
      await post(bookingsAction, "/bookings", { intent: "decline", bookingId: booking.id }, booking.ownerId);
      expect(await bookingRow(booking.id)).toMatchObject({
        status: "cancelled",
        cancelReason: "declined",
        paymentStatus: "released",
      });
      expect(await refundsOf(booking.id)).toEqual([]);
    }
    await expectMoneyInOrder();
  });

  it("withdrawn by their renters: each card hold is released", async () => {
    for (const booking of await bookingsIn("pending")) {
      await post(bookingsAction, "/bookings", { intent: "cancel", bookingId: booking.id }, booking.renterId);
      expect(await bookingRow(booking.id)).toMatchObject({
        status: "cancelled",
        cancelReason: "cancelled_by_renter",
        paymentStatus: "released",
      });
    }
    await expectMoneyInOrder();
  });

  it("confirmed by their hosts (the card captured), then cancelled by the renter for what the cancel page shows", async () => {
    for (const booking of await bookingsIn("pending")) {
      await post(bookingsAction, "/bookings", { intent: "confirm", bookingId: booking.id }, booking.ownerId);
      expect(await bookingRow(booking.id)).toMatchObject({
        status: "confirmed",
        paymentStatus: "captured",
        depositStatus: (booking.depositAmount ?? 0) > 0 ? "held" : "none",
      });
      await cancelAsShown(booking.id, booking.renterId);
    }
    await expectMoneyInOrder();
  });
});

describe("the demo's trips charged again after checkout", () => {
  it("are paid with the card their checkout saved to the renter's Customer, at once and once", async () => {
    const trips = [...(await bookingsIn("confirmed")), ...(await bookingsIn("completed"))];
    expect(trips.length).toBeGreaterThanOrEqual(3);
    for (const booking of trips) {
      const charge = {
        bookingId: booking.id,
        purpose: "reimbursement" as const,
        items: reimbursementLineItems({ amount: 4_200, receiver: "host" }),
        key: `reimbursement-${booking.id}-tolls`,
        description: "Tolls",
        captureLater: false,
        now: new Date(),
      };
      const outcome = await chargeLater(ctx.context, ORIGIN, charge);
      expect(outcome, booking.id).toMatchObject({ status: "captured", failureReason: null });
      expect(await chargeLater(ctx.context, ORIGIN, charge)).toEqual(outcome);
      const [made] = await ctx.db.select().from(charges).where(eq(charges.id, outcome.chargeId));
      const [rental] = await ctx.db
        .select()
        .from(charges)
        .where(and(eq(charges.bookingId, booking.id), eq(charges.purpose, "rental")));
      expect(made!.stripeCustomerId).toMatch(STAND_IN_ID("cus"));
      expect(made).toMatchObject({
        stripeCustomerId: rental!.stripeCustomerId,
        stripePaymentMethodId: rental!.stripePaymentMethodId,
      });
      expect(made!.stripePaymentIntentId).toMatch(STAND_IN_ID("pi"));
    }
    await expectMoneyInOrder();
  });
});

/** Cancels on the booking's cancel page as the party, for the refund it shows; that refund is made. */
async function cancelAsShown(bookingId: string, userId: string) {
  const { preview, shown, result } = await cancelOnItsPage(ctx.context, await cookieOf(userId), bookingId);
  expect(preview.kind).toBe("paid");
  expect(result.status, JSON.stringify(result.data)).toBe(303);
  const booking = await bookingRow(bookingId);
  expect(booking).toMatchObject({ status: "cancelled", paymentStatus: "captured" });
  expect(booking.depositStatus).toBe((booking.depositAmount ?? 0) > 0 ? "returned" : "none");
  expect(await refundsOf(bookingId)).toEqual([expect.objectContaining({ kind: "cancellation", amount: shown })]);
  return { booking, shown };
}

describe("the demo's confirmed bookings", () => {
  it("cancelled by their renters on the cancel page: the policy's refund is made", async () => {
    const confirmed = await bookingsIn("confirmed");
    expect(confirmed.length).toBeGreaterThanOrEqual(4);
    for (const booking of confirmed) await cancelAsShown(booking.id, booking.renterId);
    await expectMoneyInOrder();
  });

  it("cancelled by their hosts on the cancel page: everything is refunded", async () => {
    for (const booking of await bookingsIn("confirmed")) {
      const { shown } = await cancelAsShown(booking.id, booking.ownerId);
      expect(shown).toBe(booking.totalAmount);
    }
    await expectMoneyInOrder();
  });
});

describe("the demo's claim on the Huracán's deposit", () => {
  async function theClaim() {
    const [claim] = await ctx.db.select().from(damageClaims).where(eq(damageClaims.status, "awaiting_renter"));
    const booking = await bookingRow(claim!.bookingId);
    expect(booking).toMatchObject({ status: "completed", depositStatus: "claimed" });
    return { claim: claim!, booking };
  }

  /** The deposit less what the claim keeps went back; the booking says how much was kept. */
  async function expectSettled(bookingId: string, deposit: number, kept: number) {
    expect(await bookingRow(bookingId)).toMatchObject({
      depositKept: kept,
      depositStatus: kept === 0 ? "returned" : kept === deposit ? "kept" : "partly_kept",
    });
    const made = (await refundsOf(bookingId)).filter((r) => r.kind === "deposit");
    expect(made).toEqual(kept === deposit ? [] : [expect.objectContaining({ amount: deposit - kept })]);
  }

  it("accepted by the renter: the rest of the deposit goes back, and the job then pays the host with the claim", async () => {
    const { claim, booking } = await theClaim();
    await post(claimAction, `/bookings/${booking.id}/claim`, { intent: "accept" }, booking.renterId, {
      bookingId: booking.id,
    });
    await expectSettled(booking.id, booking.depositAmount!, claim.amount);
    // Paid once the trip's claim window has closed (a day after its check-out: maybe later today).
    await runScheduledJobs(
      ctx.context,
      at(Math.max(demo.now.getTime(), booking.claimWindowEndsAt!.getTime()) + MINUTE),
    );
    const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.bookingId, booking.id));
    expect(payout).toMatchObject({
      status: "paid",
      claimKept: claim.amount,
      amount: booking.hostEarnings + claim.amount,
    });
    await expectMoneyInOrder();
  });

  it("disputed by the renter and decided by an admin: the deposit less what the admin keeps goes back", async () => {
    const { claim, booking } = await theClaim();
    await post(
      claimAction,
      `/bookings/${booking.id}/claim`,
      { intent: "dispute", note: "The odometer was misread at check-out." },
      booking.renterId,
      { bookingId: booking.id },
    );
    const kept = Math.floor(claim.amount / 2 / 100) * 100;
    await post(
      decideAction,
      `/admin/claims/${claim.id}`,
      { amount: String(kept / 100), reason: "Half: the late hours stand, the kilometres are in doubt." },
      await idOf("admin@demo.lt"),
      { claimId: claim.id },
    );
    await expectSettled(booking.id, booking.depositAmount!, kept);
    await expectMoneyInOrder();
  });

  it("left unanswered: the job settles it when the renter's 72 hours are over", async () => {
    const { claim, booking } = await theClaim();
    await runScheduledJobs(ctx.context, at(claim.respondBy.getTime() + MINUTE));
    expect((await ctx.db.select().from(damageClaims).where(eq(damageClaims.id, claim.id)))[0]!.status).toBe("lapsed");
    await expectSettled(booking.id, booking.depositAmount!, claim.amount);
    await expectMoneyInOrder();
  });
});

describe("the demo's trips under way", () => {
  it("checked out at their end: the job returns each deposit when its claim window closes, and pays the hosts", async () => {
    const active = await bookingsIn("active");
    expect(active.length).toBeGreaterThanOrEqual(3);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();
    const side = (name: string) => new File([new Uint8Array(jpeg)], `${name}.jpg`, { type: "image/jpeg" });
    let lastEnd = 0;
    for (const booking of active) {
      const end = tripTimes(booking).end;
      lastEnd = Math.max(lastEnd, end);
      const form = new FormData();
      const fields = { intent: "record", kind: "check_out", odometerKm: "999999", fuelLevel: "8" };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const name of ["photoFront", "photoBack", "photoLeft", "photoRight"]) form.append(name, side(name));
      const outcome = await submitTripForm(ctx.context, {
        booking: (await findTripBooking(ctx.db, booking.id))!,
        userId: booking.ownerId,
        formData: form,
        origin: ORIGIN,
        now: at(end),
      });
      expect(outcome, booking.id).toMatchObject({ ok: true });
    }
    await runScheduledJobs(ctx.context, at(lastEnd + DAY + 10 * MINUTE));
    for (const booking of active) {
      expect(await bookingRow(booking.id)).toMatchObject({ status: "completed", depositStatus: "returned" });
      expect(await refundsOf(booking.id)).toEqual([
        expect.objectContaining({ kind: "deposit", amount: booking.depositAmount }),
      ]);
      const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.bookingId, booking.id));
      expect(payout, booking.id).toMatchObject({ amount: booking.hostEarnings });
    }
    await expectMoneyInOrder();
  });
});

describe("the scheduled job over the demo's next days", () => {
  it("ends the unanswered requests (holds released), settles the claim, and leaves nothing failed", async () => {
    const pending = await bookingsIn("pending");
    await runScheduledJobs(ctx.context, at(demo.now.getTime() + DAY + HOUR));
    for (const booking of pending) {
      expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", paymentStatus: "released" });
    }
    const [claim] = await ctx.db.select().from(damageClaims);
    await runScheduledJobs(ctx.context, at(claim!.respondBy.getTime() + 10 * MINUTE));
    await expectMoneyInOrder();
  });
});

describe("an admin's refund on the demo's bookings", () => {
  it("on every booking whose money page offers one: reviewed, confirmed and made, the host's part taken back", async () => {
    const admin = await idOf("admin@demo.lt");
    const captured = await ctx.db.select().from(bookings).where(eq(bookings.paymentStatus, "captured"));
    expect(captured.length).toBeGreaterThanOrEqual(15);
    let reversed = 0;
    for (const booking of captured) {
      const path = `/admin/payouts/${booking.id}`;
      const params = { bookingId: booking.id };
      const owed = (await refundsOf(booking.id)).reduce((sum, r) => sum + r.amount, 0);
      const amount = Math.min(2_000, booking.totalAmount - owed);
      if (amount <= 0) continue;
      const reason = "A goodwill refund for a late handover.";
      const review = await callRoute<{ review: { fields: Record<string, string> } }>(
        moneyAction,
        formRequest(
          path,
          { intent: "review", amount: String(amount / 100), reason },
          { cookie: await cookieOf(admin) },
        ),
        ctx.context,
        params,
      );
      expect(review.status, JSON.stringify(review.data)).toBe(200);
      await post(moneyAction, path, { intent: "confirm", ...review.data.review.fields }, admin, params);
      const [made] = (await refundsOf(booking.id)).filter((r) => r.kind === "admin");
      expect(made).toMatchObject({ amount, status: "succeeded" });
      const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.bookingId, booking.id));
      const taken = await ctx.db.select().from(payoutReversals).where(eq(payoutReversals.refundId, made!.id));
      if (payout?.status === "paid" && taken.length > 0) {
        expect(taken[0]).toMatchObject({ status: "succeeded" });
        expect(taken[0]!.stripeReversalId).toMatch(STAND_IN_ID("trr"));
        reversed += 1;
      }
    }
    // The demo host was paid for their settled trips: part of each refund came back from those transfers.
    expect(reversed).toBeGreaterThanOrEqual(3);
    await expectMoneyInOrder();
  });
});

describe("the demo company's payouts", () => {
  it("wait until it finishes onboarding on the stand-in's page, and then the job sends them", async () => {
    const company = await idOf("company@demo.lt");
    const waiting = await ctx.db.select().from(payouts).where(eq(payouts.hostId, company));
    expect(waiting.length).toBeGreaterThan(0);
    expect(new Set(waiting.map((p) => p.status))).toEqual(new Set(["waiting_for_account"]));
    const started = await post(startPayoutsAction, "/profile/payouts", { intent: "start" }, company);
    const accountId = new URL(started.location!).pathname.split("/").at(-1)!;
    await post(
      onboardingAction,
      `/dev/connect/${accountId}`,
      { legalName: "UAB Baltic Drive", iban: "LT12 1000 0111 0100 1000", outcome: "enabled" },
      company,
      { accountId },
    );
    await runScheduledJobs(ctx.context, at(demo.now.getTime() + 10 * MINUTE));
    const sent = await ctx.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.hostId, company), inArray(payouts.status, ["paid"])));
    expect(sent).toHaveLength(waiting.length);
    await expectMoneyInOrder();
  });
});
