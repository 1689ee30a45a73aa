// A host's confirm takes the renter's money (docs/decisions/034, 2026-11-29): the capture is asked of Stripe under
// the charge's one key (`capture-<charge key>`), and only a capture Stripe took is written, as a step of its own. A
// failure at each point leaves a state the scheduled job mends, never a cancelled booking with the money taken nor a
// confirmed one whose money is never taken: Stripe out of reach, Stripe's answer lost after it captured, the capture's
// write refused, a refusal whose cancellation could not be written, a step after the capture failing. Stripe is the
// real SDK against its fake (support/fake-stripe.ts, faults injected with failNext); the database's faults are
// triggers that refuse one write, dropped again before the job runs.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bookings, notifications } from "#db/schema";
import { applyBookingAction } from "~/bookings/booking-actions.server";
import { CAPTURE_RETRY_AFTER_MS } from "~/bookings/booking-expiry.server";
import { runScheduledJobs } from "~/jobs.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, rentalChargeRow, setRentalStripeIds } from "./support/factories";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { ORIGIN } from "./support/routes";
import { authorisedPayment, stripeEnv } from "./support/stripe";

const TOTAL = 32_640;
const DEPOSIT = 20_000;
const NOW = new Date("2031-03-01T09:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
/** A confirmed booking whose capture is recorded, its deposit held with it. */
const PAID = { status: "confirmed", paymentStatus: "captured", depositStatus: "held" } as const;
/** A confirmed booking whose capture is still owed: its card held, the job's to mend. */
const OWED = { status: "confirmed", paymentStatus: "authorized", depositStatus: "none" } as const;

let fake: FakeStripe;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(async () => {
  ctx = await createTestContext(stripeEnv(fake, "whsec_capture"));
});
afterEach(() => ctx.close());

/** A paid request waiting for its host: the card held on Stripe's fake for the whole amount. */
async function paidRequest() {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx, { verified: true });
  const car = await createCar(ctx, host.id, { dailyPrice: 4000, depositAmount: DEPOSIT });
  const id = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "pending", {
    startDate: "2031-04-01",
    endDate: "2031-04-04",
    totalAmount: TOTAL,
    depositAmount: DEPOSIT,
    paymentStatus: "authorized",
  });
  const intentId = await authorisedPayment(ctx.context, fake, id, TOTAL);
  await setRentalStripeIds(ctx, id, { stripePaymentIntentId: intentId });
  const { idempotencyKey } = await rentalChargeRow(ctx, id);
  return { id, host, renter, intentId, captureKey: `capture-${idempotencyKey}` };
}

const confirm = (request: { id: string; host: { id: string } }, now = NOW) =>
  applyBookingAction(ctx.context, {
    bookingId: request.id,
    userId: request.host.id,
    action: "confirm",
    origin: ORIGIN,
    now,
  });

const read = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const captureKeys = (intentId: string) =>
  fake.requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/capture`).map((r) => r.idempotencyKey);
const noticesTo = async (userId: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.type);

/** The database refuses one write until `heal` (an SQLite trigger raising an error). */
async function refuse(name: string, when: string) {
  await ctx.db.run(sql.raw(`create trigger ${name} ${when} begin select raise(abort, 'injected: ${name}'); end`));
  return () => ctx.db.run(sql.raw(`drop trigger ${name}`));
}

/** The confirm fails on the write the trigger refuses (Drizzle names the query; the database's error is its cause). */
async function expectRefusedBy(confirming: Promise<unknown>, name: string) {
  const error = await confirming.then(
    () => null,
    (thrown: unknown) => thrown as Error & { cause?: Error },
  );
  expect(String(error?.cause?.message ?? error?.message)).toContain(`injected: ${name}`);
}

/** console.error was called with this first argument (for the booking), then forgotten: the house fails on others. */
function expectLogged(message: string, bookingId: string) {
  expect(vi.mocked(console.error)).toHaveBeenCalledWith(message, bookingId, expect.anything());
  vi.mocked(console.error).mockClear();
}

describe("a confirm's capture that fails on the way", () => {
  it("Stripe out of reach: confirmed with the card still held, not cancelled; the job captures it once, later", async () => {
    const request = await paidRequest();
    // The request and the SDK's one retry, both dropped before Stripe acted.
    fake.failNext(/\/capture$/, 0);
    fake.failNext(/\/capture$/, 0);
    expect(await confirm(request)).toMatchObject({ ok: true, status: "confirmed" });
    expectLogged("capture not answered; the scheduled job asks again", request.id);
    expect(await read(request.id)).toMatchObject(OWED);
    expect(fake.paymentIntents.get(request.intentId)!.status).toBe("requires_capture");
    expect(await noticesTo(request.renter.id)).toEqual(["booking_confirmed"]);

    // Not while the confirm's own capture may still be on its way.
    await runScheduledJobs(ctx.context, at(CAPTURE_RETRY_AFTER_MS - 60_000));
    expect(fake.captureCount(request.intentId)).toBe(0);
    await runScheduledJobs(ctx.context, at(CAPTURE_RETRY_AFTER_MS + 60_000));
    expect(await read(request.id)).toMatchObject(PAID);
    expect(fake.captureCount(request.intentId)).toBe(1);
    expect(new Set(captureKeys(request.intentId))).toEqual(new Set([request.captureKey]));
    // Mended: the next run asks nothing more.
    await runScheduledJobs(ctx.context, at(CAPTURE_RETRY_AFTER_MS + 20 * 60_000));
    expect(captureKeys(request.intentId)).toHaveLength(3);
  });

  it("Stripe captured and its answer was lost: the job's retry under the same key finds that capture, never a second", async () => {
    const request = await paidRequest();
    // Stripe made the capture under the confirm's key; the answer never arrived (twice: the SDK retries once).
    await getPaymentGateway(ctx.context.env, ORIGIN).capture(
      request.intentId,
      request.captureKey.slice("capture-".length),
    );
    fake.failNext(/\/capture$/, 0);
    fake.failNext(/\/capture$/, 0);
    expect(await confirm(request)).toMatchObject({ ok: true, status: "confirmed" });
    expectLogged("capture not answered; the scheduled job asks again", request.id);
    expect(await read(request.id)).toMatchObject(OWED);
    expect(fake.cancelCount(request.intentId)).toBe(0);

    await runScheduledJobs(ctx.context, at(CAPTURE_RETRY_AFTER_MS + 60_000));
    expect(await read(request.id)).toMatchObject(PAID);
    expect(fake.captureCount(request.intentId)).toBe(1);
    expect(fake.cancelCount(request.intentId)).toBe(0);
  });

  it("the capture taken and its write refused: confirmed, the money not let go; the job writes it", async () => {
    const request = await paidRequest();
    const heal = await refuse(
      "capture_not_written",
      "before update of payment_status on bookings when new.payment_status = 'captured'",
    );
    expect(await confirm(request)).toMatchObject({ ok: true, status: "confirmed" });
    expectLogged("capture taken and not recorded; the scheduled job records it", request.id);
    expect(await read(request.id)).toMatchObject(OWED);
    expect(fake.captureCount(request.intentId)).toBe(1);
    expect(fake.cancelCount(request.intentId)).toBe(0);
    await heal();

    await runScheduledJobs(ctx.context, at(CAPTURE_RETRY_AFTER_MS + 60_000));
    expect(await read(request.id)).toMatchObject(PAID);
    // Stripe answered the job's request with the first capture (the same key): one capture in all.
    expect(fake.captureCount(request.intentId)).toBe(1);
    expect(captureKeys(request.intentId)).toEqual([request.captureKey, request.captureKey]);
  });

  it("a refusal whose cancellation could not be written: the job meets the same refusal and ends the booking", async () => {
    const request = await paidRequest();
    // The hold is gone (Stripe let it lapse): a capture is refused, and Stripe keeps that answer under its key.
    await getPaymentGateway(ctx.context.env, ORIGIN).release(request.intentId, "lapsed");
    const heal = await refuse(
      "cancel_not_written",
      "before update of status on bookings when new.status = 'cancelled'",
    );
    await expectRefusedBy(confirm(request), "cancel_not_written");
    expectLogged("capture failed", request.id);
    expect(await read(request.id)).toMatchObject(OWED);
    await heal();

    await runScheduledJobs(ctx.context, at(CAPTURE_RETRY_AFTER_MS + 60_000));
    expectLogged("capture failed", request.id);
    expect(await read(request.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "payment_failed",
      paymentStatus: "released",
    });
    expect(fake.captureCount(request.intentId)).toBe(0);
    expect(await noticesTo(request.renter.id)).toContain("booking_cancelled");
  });

  it("a step after the capture's write failing: the booking stands confirmed and paid, and the job leaves it", async () => {
    const request = await paidRequest();
    const heal = await refuse("notices_not_written", "before insert on notifications");
    await expectRefusedBy(confirm(request), "notices_not_written");
    expect(await read(request.id)).toMatchObject(PAID);
    await heal();

    await runScheduledJobs(ctx.context, at(CAPTURE_RETRY_AFTER_MS + 60_000));
    expect(await read(request.id)).toMatchObject(PAID);
    expect(fake.captureCount(request.intentId)).toBe(1);
    expect(captureKeys(request.intentId)).toEqual([request.captureKey]);
  });
});
