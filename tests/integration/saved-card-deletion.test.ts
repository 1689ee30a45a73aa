// A deleted account's saved card goes with it (app/payments/customers.server.ts, decision 035), against a real libSQL
// file and the Stripe fake: the renter paid a request with their card saved to a Stripe Customer, withdrew it, and
// deleted their account on /account/delete; the Customer is deleted at Stripe after the answer and its card detached,
// and the profile forgets the Customer. With Stripe out of reach at that moment the account is deleted all the same, and
// the scheduled job deletes the Customer on its next run.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { profiles } from "#db/schema";
import { applyBookingAction } from "~/bookings/booking-actions.server";
import { runScheduledJobs } from "~/jobs.server";
import { action as bookAction } from "~/routes/_cars+/car.$id.book";
import { action as deleteAction } from "~/routes/_account+/account.delete";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, sessionCookieFor } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { callRoute, formRequest, ORIGIN } from "./support/routes";
import { deliverWebhook, stripeEnv } from "./support/stripe";

const WEBHOOK_SECRET = "whsec_test_saved_card_deletion";
const CUSTOMER_PATH = /^\/v1\/customers\/[^/]+$/;

let fake: FakeStripe;
let ctx: TestContext;

beforeEach(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake, WEBHOOK_SECRET));
});
afterEach(async () => {
  await ctx.close();
  await fake.close();
});

/** A renter who paid a request (their card saved to a Customer) and withdrew it: nothing open, a card on file. */
async function renterWithSavedCard() {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  await ctx.db.update(profiles).set({ dateOfBirth: "1990-05-05" }).where(eq(profiles.id, renter.id));
  const car = await createCar(ctx, host.id, { dailyPrice: 4_500 });
  const cookie = await sessionCookieFor(ctx, renter.id);
  const [start, end] = [addDays(vilniusDay(), 10), addDays(vilniusDay(), 12)];
  const opened = await callRoute(
    bookAction,
    formRequest(
      `/car/${car.id}/book`,
      { start, end, period: "daily", insurance: "none", pickup: "car-location", dropoff: "same" },
      { cookie },
    ),
    ctx.context,
    { id: car.id },
  );
  const sessionId = opened.location!.split("/").pop()!;
  expect((await deliverWebhook(ctx.context, fake.completeSession(sessionId), WEBHOOK_SECRET)).status).toBe(200);
  const [{ customerId }] = (await ctx.db
    .select({ customerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, renter.id))) as [{ customerId: string }];
  expect(fake.customers.has(customerId)).toBe(true);
  const bookingId = fake.sessions.get(sessionId)!.metadata.booking_id!;
  const withdrawn = await applyBookingAction(ctx.context, {
    bookingId,
    userId: renter.id,
    action: "cancel",
    origin: ORIGIN,
  });
  expect(withdrawn).toMatchObject({ ok: true });
  return { renter, cookie, customerId };
}

const deleteAccount = (cookie: string, password: string) =>
  callRoute(deleteAction, formRequest("/account/delete", { currentPassword: password }, { cookie }), ctx.context);

const customerOnProfile = async (userId: string) =>
  (await ctx.db.select({ id: profiles.stripeCustomerId }).from(profiles).where(eq(profiles.id, userId)))[0]!.id;

const savedCardsOf = (customerId: string) =>
  [...fake.paymentMethods.values()].filter((card) => card.customer === customerId);

describe("deleting an account with a saved card", () => {
  it("deletes its Stripe Customer after the answer, detaches the card, and the profile forgets the Customer", async () => {
    const { renter, cookie, customerId } = await renterWithSavedCard();
    expect(savedCardsOf(customerId)).toHaveLength(1);

    const answer = await deleteAccount(cookie, renter.password);
    expect(answer.location).toBe("/");
    await ctx.settled();

    expect(fake.customers.has(customerId)).toBe(false);
    expect(savedCardsOf(customerId)).toEqual([]);
    expect(fake.requests.filter((r) => r.method === "DELETE" && CUSTOMER_PATH.test(r.path))).toHaveLength(1);
    expect(await customerOnProfile(renter.id)).toBeNull();
    // The job finds nothing left to delete.
    await runScheduledJobs(ctx.context, new Date());
    expect(fake.requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
  });

  it("Stripe out of reach: the account is deleted all the same, and the job deletes the Customer on its next run", async () => {
    const { renter, cookie, customerId } = await renterWithSavedCard();
    // A 500 and the SDK's one retry.
    fake.failNext(CUSTOMER_PATH, 500);
    fake.failNext(CUSTOMER_PATH, 500);

    expect((await deleteAccount(cookie, renter.password)).location).toBe("/");
    await ctx.settled();
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      "saved card not deleted; the scheduled job asks again",
      renter.id,
      expect.anything(),
    );
    vi.mocked(console.error).mockClear();
    expect(fake.customers.has(customerId)).toBe(true);
    expect(await customerOnProfile(renter.id)).toBe(customerId);

    await runScheduledJobs(ctx.context, new Date());
    expect(fake.customers.has(customerId)).toBe(false);
    expect(await customerOnProfile(renter.id)).toBeNull();
  });
});
