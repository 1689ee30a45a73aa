// An admin steers the hosts' payouts (decision 023), with JavaScript on and off, in Lithuanian and in English, axe on
// every page: a failed payout is retried from /admin/payouts and is paid; on another booking's money page part of the
// payment is refunded with a reason, the review shows the host's part before anything is written, and after the
// confirmation the page shows the refund and the transfer reversal. A payout the job gave up on is found on
// /admin/held-money (decision 036) with Stripe's reason, and retried from there.
//
// The settled bookings are set up directly in the database, between a host and a renter of this journey's own
// (written here, so no other journey's lists or figures change) on a car nobody else sees (pending review): two
// completed trips whose payments were captured through the local stand-in (its refunds, transfers and reversals
// succeed at once) and whose deposits went back; the host can receive transfers; one payout failed (Stripe's reason
// written down), the other was paid.
import type { Client } from "@libsql/client";
import type AdminTexts from "../../app/locales/en/admin.json";
import {
  PHONE,
  expect,
  expectAccessible,
  isoDay,
  javaScriptOn,
  signInAs,
  test,
  uniqueEmail,
  visit,
  visitCurrent,
  euros,
  fillText,
  localeTexts,
  looseText,
  insertRentalCharge,
} from "./support";

// On a phone's width: the payouts list and a booking's money page must fit one.
test.use({ viewport: PHONE });

const DEPOSIT = 30_000;
const TOTAL = 12_640 + DEPOSIT;
const HOST_SHARE = 11_760;
const STRIPE_REASON = "Your destination account needs to have the transfers capability enabled";

const TEXTS = localeTexts<typeof AdminTexts>("admin");

const reference = (bookingId: string) => bookingId.slice(0, 8).toUpperCase();

/**
 * A confirmed account of this journey's own, written directly (nobody signs in as it: the journey is the admin's, and
 * signing up through the mailbox twice per run would cost more than the rest of it); returns its id.
 */
async function person(database: Client, fullName: string) {
  const id = crypto.randomUUID();
  const email = uniqueEmail("payouts.person");
  const now = Date.now();
  await database.execute({
    sql: `insert into users (id, email, password_hash, email_confirmed_at, created_at, updated_at)
          values (?, ?, 'not-a-hash', ?, ?, ?)`,
    args: [id, email, now, now, now],
  });
  await database.execute({
    sql: `insert into profiles (id, email, full_name, terms_accepted_at, privacy_accepted_at, created_at, updated_at)
          values (?, ?, ?, ?, ?, ?, ?)`,
    args: [id, email, fullName, now, now, now, now],
  });
  return id;
}

/** The two settled trips described at the top; returns their bookings' ids. */
async function settledTrips(database: Client, hostId: string, renterId: string) {
  const now = Date.now();
  const carId = crypto.randomUUID();
  await database.execute({
    sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
            listing_type, daily_price, deposit_amount, status, submitted_at, created_at, updated_at)
          values (?, ?, 'Kia', 'Ceed', 2022, 30000, 'Kaunas', 'suv', 'petrol', 'manual', 'rental', 4000, ?,
            'pending', ?, ?, ?)`,
    args: [carId, hostId, DEPOSIT, now, now, now],
  });
  await database.execute({
    sql: `insert into payout_accounts (user_id, stripe_account_id, business_type, status, details_submitted,
            payouts_enabled, created_at, updated_at)
          values (?, ?, 'individual', 'enabled', 1, 1, ?, ?)`,
    args: [hostId, `acct_standin_${hostId.slice(0, 12)}`, now, now],
  });
  const ids: string[] = [];
  for (const [index, status] of (["failed", "paid"] as const).entries()) {
    const bookingId = crypto.randomUUID();
    const [start, end] = [isoDay(-20 + index * 5), isoDay(-17 + index * 5)];
    await database.execute({
      sql: `insert into bookings (id, car_id, renter_id, owner_id, status, start_date, end_date, total_days,
              daily_rate, subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount, deposit_amount,
              payment_status, deposit_status, confirmed_at, completed_at,
              claim_window_ends_at, created_at, updated_at)
            values (?, ?, ?, ?, 'completed', ?, ?, 3, 4000, 12000, 240, 400, ?, ?, ?, 'captured', 'returned', ?, ?,
              ?, ?, ?)`,
      args: [
        bookingId,
        carId,
        renterId,
        hostId,
        start,
        end,
        HOST_SHARE,
        TOTAL,
        DEPOSIT,
        now - 30 * 86_400_000,
        now - 5 * 86_400_000,
        now - 4 * 86_400_000,
        now,
        now,
      ],
    });
    // The booking's payment is its rental charge's (decision 035).
    await insertRentalCharge(database, bookingId, `pi_standin_${bookingId.slice(0, 8)}`);
    await database.execute({
      sql: `insert into payouts (id, booking_id, host_id, gross, host_share, claim_kept, amount, sent_amount, status,
              idempotency_key, attempts, last_error, next_attempt_at, stripe_transfer_id, settled_at, paid_at,
              created_at, updated_at)
            values (?, ?, ?, 12000, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        crypto.randomUUID(),
        bookingId,
        hostId,
        HOST_SHARE,
        HOST_SHARE,
        HOST_SHARE,
        status,
        `payout-${bookingId}`,
        status === "failed" ? 2 : 1,
        status === "failed" ? STRIPE_REASON : null,
        status === "failed" ? now + 3_600_000 : null,
        status === "paid" ? `tr_standin_${bookingId.slice(0, 8)}` : null,
        now - 4 * 86_400_000,
        status === "paid" ? now - 3 * 86_400_000 : null,
        now - 4 * 86_400_000,
        now,
      ],
    });
    ids.push(bookingId);
  }
  return { failedBooking: ids[0]!, paidBooking: ids[1]! };
}

// One language a project (one journey per behaviour): Lithuanian with JavaScript, English without.
test("an admin retries a failed payout → paid; refunds part of a paid one, reviewed, host's part reversed", async ({
  page: admin,
  database,
}) => {
  const lang = javaScriptOn(test.info().project.name) ? "lt" : "en";
  const t = TEXTS[lang];
  const hostId = await person(database, "Rasa Išmokaitė");
  const bookings = await settledTrips(database, hostId, await person(database, "Tomas Nuomininkas"));
  await signInAs(admin, "admin@demo.lt");

  // The failed payout, with Stripe's reason and its next attempt; retried now, it is paid.
  await visit(admin, `/admin/payouts?status=failed&lng=${lang}`);
  await expect(admin.getByRole("link", { name: new RegExp(`^${t.tabs.payouts}`) })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // On a phone too the current tab is on the screen, whole, with no script to scroll it there.
  await expect(admin.getByRole("link", { name: new RegExp(`^${t.tabs.payouts}`) })).toBeInViewport({ ratio: 1 });
  const failedRow = admin.locator(`li[data-booking="${bookings.failedBooking}"]`);
  await expect(failedRow).toContainText(STRIPE_REASON);
  await expect(failedRow).toContainText(t.payouts.status.failed);
  await expect(failedRow.getByRole("link", { name: "Rasa Išmokaitė" })).toBeVisible();
  await expect(failedRow).toContainText(looseText(euros(HOST_SHARE, lang)));
  await failedRow
    .getByRole("button", { name: fillText(t.payouts.retryLabel, { reference: reference(bookings.failedBooking) }) })
    .click();
  await expect(
    admin.getByText(fillText(t.payouts.toasts.paid, { reference: reference(bookings.failedBooking) })).first(),
  ).toBeVisible();
  await expect(failedRow).toHaveCount(0);
  await visit(admin, `/admin/payouts?status=paid&lng=${lang}`);
  const paidRow = admin.locator(`li[data-booking="${bookings.failedBooking}"]`);
  await expect(paidRow).toContainText(t.payouts.status.paid);
  await expect(paidRow).toContainText(/tr_standin_/);
  const retried = await database.execute({
    sql: "select status, attempts from payouts where booking_id = ?",
    args: [bookings.failedBooking],
  });
  expect(retried.rows[0]).toMatchObject({ status: "paid", attempts: 3 });

  // The paid one's money page, from its row: €40 back to the renter, with a reason; the review shows the host's
  // part (proposed in proportion to the rental) and that it comes back by a transfer reversal; nothing is written.
  await admin
    .locator(`li[data-booking="${bookings.paidBooking}"]`)
    .getByRole("link", { name: fillText(t.payouts.booking, { reference: reference(bookings.paidBooking) }) })
    .click();
  await expect(admin).toHaveURL(new RegExp(`/admin/payouts/${bookings.paidBooking}`));
  await expect(
    admin.getByRole("heading", { name: fillText(t.titles.money, { reference: reference(bookings.paidBooking) }) }),
  ).toBeVisible();
  await visitCurrent(admin);
  await admin.getByLabel(t.moneyPage.amount).fill("40");
  await admin.getByLabel(t.moneyPage.reason).fill("Neveikė kondicionierius / the air conditioning was broken");
  await admin.getByRole("button", { name: t.moneyPage.reviewButton }).click();
  const hostPart = Math.round((4000 * HOST_SHARE) / (TOTAL - DEPOSIT));
  const review = admin.getByTestId("refund-review");
  await expect(review).toContainText(looseText(fillText(t.moneyPage.review.renter, { amount: euros(4000, lang) })));
  await expect(review).toContainText(
    looseText(fillText(t.moneyPage.review.fromHost_reversal, { amount: euros(hostPart, lang) })),
  );
  await expect(review).toContainText(
    looseText(fillText(t.moneyPage.review.platform, { amount: euros(4000 - hostPart, lang) })),
  );
  const none = await database.execute({
    sql: "select count(*) as n from refunds where booking_id = ?",
    args: [bookings.paidBooking],
  });
  expect(Number(none.rows[0]!.n)).toBe(0);
  // Checked as it is: loading its address again would leave the review (an answer to a POST).
  await expectAccessible(admin);
  await admin
    .getByRole("button", { name: looseText(fillText(t.moneyPage.confirm, { amount: euros(4000, lang) })) })
    .click();
  await expect(admin.getByTestId("refund-done")).toHaveText(t.moneyPage.oneRefund);
  const movements = admin.getByTestId("money-movements");
  await expect(movements).toContainText(
    looseText(
      fillText(t.moneyPage.event.refund, {
        kind: t.moneyPage.refundKind.admin,
        amount: euros(4000, lang),
        status: t.moneyPage.refundStatus.succeeded,
      }),
    ),
  );
  await expect(movements).toContainText("Neveikė kondicionierius / the air conditioning was broken");
  await expect(movements).toContainText(
    looseText(
      fillText(t.moneyPage.event.reversal, {
        amount: euros(hostPart, lang),
        status: t.moneyPage.reversalStatus.succeeded,
      }),
    ),
  );
  await visitCurrent(admin);
  const reversal = await database.execute({
    sql: `select r.amount, r.status from payout_reversals r join payouts p on p.id = r.payout_id where p.booking_id = ?`,
    args: [bookings.paidBooking],
  });
  expect(reversal.rows).toEqual([expect.objectContaining({ amount: hostPart, status: "succeeded" })]);
});

// One language a project: English with JavaScript, Lithuanian without (the other way round from the journey above).
test("an admin finds a payout held for them on /admin/held-money, with Stripe's reason, and retries it → paid", async ({
  page: admin,
  database,
}) => {
  const lang = javaScriptOn(test.info().project.name) ? "en" : "lt";
  const t = TEXTS[lang];
  const hostId = await person(database, "Rasa Sustabdytoji");
  const { failedBooking } = await settledTrips(database, hostId, await person(database, "Tomas Nuomininkas"));
  // The job gave up on it: failed, with nothing due (payments/money-runner.server.ts#heldForAdmin).
  await database.execute({
    sql: "update payouts set next_attempt_at = null, attempts = 12 where booking_id = ?",
    args: [failedBooking],
  });
  await signInAs(admin, "admin@demo.lt");

  await visit(admin, `/admin/held-money?lng=${lang}`);
  await expect(admin.getByRole("link", { name: new RegExp(`^${t.tabs.held}`) })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(admin.getByRole("heading", { name: t.titles.held })).toBeVisible();
  const held = admin.getByTestId("held-money").locator("li", {
    has: admin.getByRole("link", { name: fillText(t.payouts.booking, { reference: reference(failedBooking) }) }),
  });
  await expect(held).toContainText(STRIPE_REASON);
  await expect(held).toContainText(t.held.kind.payout);
  await expect(held).toContainText(looseText(euros(HOST_SHARE, lang)));
  await held
    .getByRole("button", { name: fillText(t.held.retryLabel.payout, { reference: reference(failedBooking) }) })
    .click();
  await expect(
    admin.getByText(fillText(t.payouts.toasts.paid, { reference: reference(failedBooking) })).first(),
  ).toBeVisible();
  await expect(held).toHaveCount(0);
  const paid = await database.execute({
    sql: "select status, attempts, next_attempt_at from payouts where booking_id = ?",
    args: [failedBooking],
  });
  expect(paid.rows[0]).toMatchObject({ status: "paid", attempts: 13, next_attempt_at: null });
});
