// A damage claim, end to end in three browsers, with JavaScript on (in Lithuanian) and off (in English), axe on
// every page: the host claims the excess kilometres the trip records show (pre-computed, the host confirms), the renter
// disputes, an admin decides part of it, and both sides' claim pages say what the deposit came to.
//
// The completed trip is set up directly in the database: checking in and out is another journey's (and, for now,
// another helper's pages). A host and a renter of this journey's own (signed up here, so no other journey's lists or
// figures change), a car of the host's that nobody else sees (pending review), a three-day booking that ended last
// week and was checked out a day early with 800 km driven of the 600 allowed (200 × €0.20 = €40, no late hours),
// paid through the local stand-in checkout (its refunds succeed at once), deposit held, the claim window open.
import type { Client } from "@libsql/client";
import type ClaimTexts from "../../app/locales/en/claims.json";
import {
  PHONE,
  expect,
  isoDay,
  journeyLanguage,
  person,
  registerAndSignIn,
  signInAs,
  test,
  uniqueEmail,
  userId,
  visit,
  visitCurrent,
  euros,
  fillText,
  localeTexts,
  looseText,
  insertRentalCharge,
} from "./support";

// On a phone's width: the claim pages and the admin's must fit one.
test.use({ viewport: PHONE });

const DEPOSIT = 30_000;
const TEXTS = localeTexts<typeof ClaimTexts>("claims");

/** The trip described at the top, between this journey's host and renter; returns the booking's id. */
async function completedTrip(database: Client, hostId: string, renterId: string) {
  const now = Date.now();
  const carId = crypto.randomUUID();
  await database.execute({
    sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
            listing_type, daily_price, deposit_amount, status, submitted_at, created_at, updated_at)
          values (?, ?, 'Škoda', 'Octavia', 2021, 50000, 'Vilnius', 'suv', 'petrol', 'manual', 'rental', 4000, ?,
            'pending', ?, ?, ?)`,
    args: [carId, hostId, DEPOSIT, now, now, now],
  });
  const bookingId = crypto.randomUUID();
  const [start, end] = [isoDay(-10), isoDay(-7)];
  await database.execute({
    sql: `insert into bookings (id, car_id, renter_id, owner_id, status, start_date, end_date, total_days, daily_rate,
            subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount, deposit_amount, payment_status,
            deposit_status, completed_at, claim_window_ends_at, created_at, updated_at)
          values (?, ?, ?, ?, 'completed', ?, ?, 3, 4000, 12000, 240, 400, 11760, 42640, ?, 'captured', 'held', ?, ?,
            ?, ?)`,
    args: [bookingId, carId, renterId, hostId, start, end, DEPOSIT, now - 3_600_000, now + 23 * 3_600_000, now, now],
  });
  // The booking's payment is its rental charge's (decision 035).
  await insertRentalCharge(database, bookingId, `pi_standin_${bookingId.slice(0, 8)}`);
  // Returned a day before the end (no late hours), 800 km after the check-in.
  const returned = Date.parse(`${end}T00:00:00Z`) - 12 * 3_600_000;
  for (const [kind, km, at] of [
    ["check_in", 50_000, Date.parse(`${start}T08:00:00Z`)],
    ["check_out", 50_800, returned],
  ] as const) {
    await database.execute({
      sql: `insert into trip_records (id, booking_id, kind, recorded_by, odometer_km, fuel_level, recorded_at)
            values (?, ?, ?, ?, ?, 8, ?)`,
      args: [crypto.randomUUID(), bookingId, kind, hostId, km, at],
    });
  }
  return bookingId;
}

test("host claims the excess km → renter disputes → admin decides; both sides see the amounts", async ({
  page: host,
  browser,
  database,
  clientAddress,
}) => {
  const lang = journeyLanguage(test.info().project.name);
  const t = TEXTS[lang];
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const renter = await person(browser, javaScriptEnabled, clientAddress.replace(/^10\./, "11."));
  const admin = await person(browser, javaScriptEnabled, clientAddress.replace(/^10\./, "12."));
  // Everyone on a phone: the claim pages and /admin/claims must fit one (the page's own width is this file's).
  await renter.setViewportSize(PHONE);
  await admin.setViewportSize(PHONE);
  try {
    const hostEmail = uniqueEmail("claims.host");
    const renterEmail = uniqueEmail("claims.renter");
    await registerAndSignIn(host, hostEmail);
    await registerAndSignIn(renter, renterEmail);
    await signInAs(admin, "admin@demo.lt");
    const bookingId = await completedTrip(
      database,
      await userId(database, hostEmail),
      await userId(database, renterEmail),
    );
    const claimPage = `/bookings/${bookingId}/claim?lng=${lang}`;

    // The host: what the records show, the amount and the category already filled in.
    await visit(host, claimPage);
    await expect(host.getByRole("heading", { level: 1, name: t.titles.page })).toBeVisible();
    const measures = host.getByTestId("claim-measures");
    await expect(measures).toContainText(
      looseText(fillText(t.measures.excessKm, { km: 200, rate: euros(20, lang), amount: euros(4000, lang) })),
    );
    await expect(measures).toContainText(t.measures.onTime);
    // No rental agreement was opened for this booking: the default rates, said so.
    await expect(measures).toContainText(
      looseText(fillText(t.measures.rates.default, { km: euros(20, lang), hour: euros(5000, lang) })),
    );
    await expect(host.getByLabel(t.form.amount)).toHaveValue("40");
    await expect(host.getByLabel(t.categories.excess_km)).toBeChecked();
    await expect(host.getByLabel(t.categories.late_return)).not.toBeChecked();
    // More than the deposit: the message next to the field, what was typed kept.
    await host.getByLabel(t.form.description).fill("Viršyta rida / over the mileage");
    await host.getByLabel(t.form.amount).fill("300,01");
    await host.getByRole("button", { name: t.form.submit }).click();
    await expect(host.getByText(t.errors.aboveDeposit)).toBeVisible();
    await expect(host.getByLabel(t.form.description)).toHaveValue("Viršyta rida / over the mileage");
    await visitCurrent(host);
    await host.getByLabel(t.form.amount).fill("40");
    await host.getByLabel(t.form.description).fill("Viršyta rida / over the mileage");
    await host.getByRole("button", { name: t.form.submit }).click();
    await expect(host.getByTestId("claim-status")).toHaveText(t.status.awaiting_renter);
    await expect(host.getByTestId("claim-money")).toContainText(
      looseText(fillText(t.money.hostIfStands, { kept: euros(4000, lang), deposit: euros(DEPOSIT, lang) })),
    );
    await visitCurrent(host);

    // The renter disputes, having read what the claim is made of: the same items the host saw.
    await visit(renter, claimPage);
    await expect(renter.getByTestId("claim-breakdown")).toContainText(
      looseText(fillText(t.measures.excessKm, { km: 200, rate: euros(20, lang), amount: euros(4000, lang) })),
    );
    await expect(renter.getByTestId("claim-money")).toContainText(
      looseText(
        fillText(t.money.renterIfStands, { refund: euros(DEPOSIT - 4000, lang), deposit: euros(DEPOSIT, lang) }),
      ),
    );
    await renter.getByLabel(t.answer.note).fill("Odometras rodė mažiau / the odometer showed less");
    await renter.getByRole("button", { name: t.answer.dispute }).click();
    await expect(renter.getByTestId("claim-status")).toHaveText(t.status.disputed);
    await visitCurrent(renter);

    // The admin decides €25 of the €40.
    await visit(admin, `/admin/claims?lng=${lang}`);
    const claimId = String(
      (await database.execute({ sql: "select id from damage_claims where booking_id = ?", args: [bookingId] })).rows[0]!
        .id,
    );
    await admin.locator(`a[href="/admin/claims/${claimId}"]`).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/claims/${claimId}`));
    await expect(admin.getByText("Odometras rodė mažiau / the odometer showed less")).toBeVisible();
    await expect(admin.getByTestId("claim-breakdown")).toContainText(
      looseText(fillText(t.measures.excessKm, { km: 200, rate: euros(20, lang), amount: euros(4000, lang) })),
    );
    await visitCurrent(admin);
    await admin.getByLabel(t.admin.amount).fill("25");
    await admin.getByLabel(t.admin.reason).fill("Nuotraukos ir įrašai / the photos and records");
    await admin.getByRole("button", { name: t.admin.decide }).click();
    await expect(admin.getByTestId("claim-status")).toHaveText(t.status.decided);
    await visitCurrent(admin);

    // Both sides' pages: what the deposit came to.
    await visit(host, claimPage);
    await expect(host.getByTestId("claim-money")).toContainText(
      looseText(fillText(t.money.hostSettled, { kept: euros(2500, lang), deposit: euros(DEPOSIT, lang) })),
    );
    await visit(renter, claimPage);
    await expect(renter.getByTestId("claim-money")).toContainText(
      looseText(
        fillText(t.money.renterSettled, { refund: euros(DEPOSIT - 2500, lang), deposit: euros(DEPOSIT, lang) }),
      ),
    );
    const booking = await database.execute({
      sql: "select deposit_status, deposit_kept from bookings where id = ?",
      args: [bookingId],
    });
    expect(booking.rows[0]).toMatchObject({ deposit_status: "partly_kept", deposit_kept: 2500 });
    const refund = await database.execute({
      sql: "select amount, status, idempotency_key from refunds where booking_id = ?",
      args: [bookingId],
    });
    expect(refund.rows[0]).toMatchObject({
      amount: DEPOSIT - 2500,
      status: "succeeded",
      idempotency_key: `refund-${bookingId}-deposit`,
    });
  } finally {
    await renter.context().close();
    await admin.context().close();
  }
});

test("a claim page is refused to someone who is not a party", async ({ page, database }) => {
  await registerAndSignIn(page);
  // The seed's completed trips are between other people: a new account is a party to none of them.
  const booking = await database.execute("select id from bookings where status = 'completed' limit 1");
  await visit(page, `/bookings/${String(booking.rows[0]!.id)}/claim`, { status: 403 });
});
