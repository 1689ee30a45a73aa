// The return clock (decision 022, 2026-11-29) as the two parties and an admin see it, with JavaScript on (in
// Lithuanian) and off (in English), axe on every page. A host and a renter of this journey's own and a car of the
// host's that nobody else sees (pending review), with three bookings set up in the database (recording them is
// trips.spec.ts's journey):
// - a trip that ended three days ago and that nobody checked out: its page says it completes without a check-out;
//   the cron's own entry runs the job, which completes it and returns the deposit in full; both are told;
// - a trip the host checked out alone 43 hours after its end with the odometer at 99,999 against 50,215: the page
//   counts 24 late hours (not 43), says the record moved no clock, and holds the 49,184 excess kilometres until the
//   renter confirms the record (an admin's claim page shows the hold and the odometers as the trip page writes them);
//   its deposit was settled by an admin, and the timeline says what was kept and what returned;
// - a booking cancelled before its trip: a line, not empty check-in, check-out and deposit sections.
// (Between end + 24 h and end + 48 h a page depends on the hour: trip-clock-page.test.ts renders it at a set moment.)
import type { Client } from "@libsql/client";
import type NotificationTexts from "../../app/locales/en/notifications.json";
import type TripTexts from "../../app/locales/en/trips.json";
import type ClaimTexts from "../../app/locales/en/claims.json";
import {
  euros,
  expect,
  fillText,
  isoDay,
  journeyLanguage,
  localeTexts,
  looseText,
  person,
  registerAndSignIn,
  signInAs,
  test,
  uniqueEmail,
  userId,
  visit,
  visitCurrent,
  insertRentalCharge,
} from "./support";

const TRIPS = localeTexts<typeof TripTexts>("trips");
const CLAIMS = localeTexts<typeof ClaimTexts>("claims");
const NOTIFICATIONS = localeTexts<typeof NotificationTexts>("notifications");
const DEPOSIT = 30_000;
const HOUR = 3_600_000;
const CAR = "Škoda Octavia";

/** A text with a plural count, as i18next picks its form in that language. */
function plural(texts: Record<string, unknown>, key: string, lang: "lt" | "en", count: number) {
  return texts[`${key}_${new Intl.PluralRules(lang).select(count)}`] as string;
}
const km = (value: number, lang: "lt" | "en") => new Intl.NumberFormat(lang === "lt" ? "lt-LT" : "en-GB").format(value);

/** The three bookings described at the top; returns their ids and the settled trip's claim. */
async function setUp(database: Client, hostId: string, renterId: string) {
  const now = Date.now();
  const carId = crypto.randomUUID();
  await database.execute({
    sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
            listing_type, daily_price, deposit_amount, status, submitted_at, created_at, updated_at)
          values (?, ?, 'Škoda', 'Octavia', 2021, 50000, 'Vilnius', 'suv', 'petrol', 'manual', 'rental', 4000, ?,
            'pending', ?, ?, ?)`,
    args: [carId, hostId, DEPOSIT, now, now, now],
  });
  const booking = async (status: string, start: string, end: string, extra: { deposit: string; kept: number }) => {
    const id = crypto.randomUUID();
    await database.execute({
      sql: `insert into bookings (id, car_id, renter_id, owner_id, status, start_date, end_date, total_days,
              daily_rate, subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount, deposit_amount,
              payment_status, deposit_status, deposit_kept, confirmed_at, completed_at,
              cancelled_at, created_at, updated_at)
            values (?, ?, ?, ?, ?, ?, ?, 3, 4000, 12000, 240, 400, 11760, 42640, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        id,
        carId,
        renterId,
        hostId,
        status,
        start,
        end,
        DEPOSIT,
        status === "cancelled" ? "released" : "captured",
        extra.deposit,
        extra.kept,
        status === "cancelled" ? null : now - 12 * 24 * HOUR,
        status === "completed" ? now - 5 * 24 * HOUR : null,
        status === "cancelled" ? now - HOUR : null,
        now - 14 * 24 * HOUR,
        now,
      ],
    });
    // The booking's payment is its rental charge's (decision 035).
    await insertRentalCharge(database, id, `pi_standin_${id.slice(0, 8)}`);
    return id;
  };
  const record = (bookingId: string, kind: string, odometer: number, at: number, confirmedBy: string | null) =>
    database.execute({
      sql: `insert into trip_records (id, booking_id, kind, recorded_by, odometer_km, fuel_level, recorded_at,
              confirmed_by, confirmed_at)
            values (?, ?, ?, ?, ?, 6, ?, ?, ?)`,
      args: [crypto.randomUUID(), bookingId, kind, hostId, odometer, at, confirmedBy, confirmedBy ? at + HOUR : null],
    });
  // 10:00 in Vilnius is 08:00 UTC in winter and 07:00 in summer: "08:00Z" is the handover or an hour after it.
  const handover = (day: string) => Date.parse(`${day}T08:00:00Z`);

  const unreturned = await booking("active", isoDay(-6), isoDay(-3), { deposit: "held", kept: 0 });
  await record(unreturned, "check_in", 50_215, handover(isoDay(-6)), renterId);

  const lateEnd = isoDay(-7);
  const late = await booking("completed", isoDay(-10), lateEnd, { deposit: "partly_kept", kept: 2_500 });
  await database.execute({
    sql: "update bookings set claim_window_ends_at = ?, completed_at = ? where id = ?",
    args: [handover(lateEnd) + 48 * HOUR, handover(lateEnd) + 43 * HOUR, late],
  });
  await record(late, "check_in", 50_215, handover(isoDay(-10)), renterId);
  await record(late, "check_out", 99_999, handover(lateEnd) + 43 * HOUR, null);
  const claimId = crypto.randomUUID();
  const decided = handover(lateEnd) + 5 * 24 * HOUR;
  await database.execute({
    sql: `insert into damage_claims (id, booking_id, filed_by, description, amount, categories, excess_km, late_hours,
            status, respond_by, decided_amount, decision_reason, decided_at, created_at)
          values (?, ?, ?, 'Viršyta rida / over the mileage', 4000, '["excess_km"]', 49184, 24, 'decided', ?, 2500,
            'Nuotraukos / the photos', ?, ?)`,
    args: [claimId, late, hostId, decided - HOUR, decided, handover(lateEnd) + 45 * HOUR],
  });
  await database.execute({
    sql: `insert into refunds (id, booking_id, kind, amount, status, idempotency_key, attempts, succeeded_at, created_at)
          values (?, ?, 'deposit', ?, 'succeeded', ?, 1, ?, ?)`,
    args: [crypto.randomUUID(), late, DEPOSIT - 2_500, `refund-${late}-deposit`, decided, decided],
  });

  const cancelled = await booking("cancelled", isoDay(20), isoDay(23), { deposit: "none", kept: 0 });
  return { unreturned, late, cancelled, claimId };
}

test("nobody checks out: the job completes the trip; a late check-out moves no clock; a jump waits for the renter", async ({
  page: host,
  browser,
  database,
  clientAddress,
}) => {
  test.setTimeout(240_000);
  const lang = journeyLanguage(test.info().project.name);
  const t = TRIPS[lang];
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const renter = await person(browser, javaScriptEnabled, clientAddress.replace(/^10\./, "11."));
  const admin = await person(browser, javaScriptEnabled, clientAddress.replace(/^10\./, "12."));
  try {
    const hostEmail = uniqueEmail("clock.host");
    const renterEmail = uniqueEmail("clock.renter");
    await registerAndSignIn(host, hostEmail);
    await registerAndSignIn(renter, renterEmail);
    await signInAs(admin, "admin@demo.lt");
    const ids = await setUp(database, await userId(database, hostEmail), await userId(database, renterEmail));
    const tripPage = (id: string) => `/bookings/${id}?lng=${lang}`;
    // 1. Nobody checked out, 48 hours are over: the page says the trip completes without it; no check-out form.
    await visit(renter, tripPage(ids.unreturned));
    const autoCompleted = looseText(t.clock.autoCompleted.split("(")[0]!.trim());
    await expect(renter.getByRole("status").filter({ hasText: autoCompleted })).toBeVisible();
    await expect(renter.getByRole("heading", { name: t.form.title_check_out })).toHaveCount(0);

    // The cron's own entry runs the job; the Worker runs it after answering, so its outcome is waited for.
    const ran = await host.request.get(`/__scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
    expect(ran.status()).toBe(200);
    const settled = async () =>
      (
        await database.execute({
          sql: `select b.status, b.deposit_status, r.amount, r.status as refund from bookings b
                left join refunds r on r.booking_id = b.id where b.id = ?`,
          args: [ids.unreturned],
        })
      ).rows[0];
    await expect.poll(async () => (await settled())?.refund).toBe("succeeded");
    expect(await settled()).toMatchObject({ status: "completed", deposit_status: "returned", amount: DEPOSIT });

    // The host reads it on the trip page and in the notifications.
    await visit(host, tripPage(ids.unreturned));
    await expect(host.getByRole("status").filter({ hasText: autoCompleted })).toBeVisible();
    const records = host.getByRole("region", { name: t.records.title });
    await expect(records).toContainText(t.records.neverRecorded);
    const timeline = host.getByRole("region", { name: t.timeline.title });
    await expect(timeline).toContainText(t.timeline.auto_completed);
    await expect(timeline).toContainText(
      looseText(fillText(t.timeline.deposit_returned, { returned: euros(DEPOSIT, lang) })),
    );
    await visit(host, `/notifications?lng=${lang}`);
    await expect(
      host.getByText(fillText(NOTIFICATIONS[lang].types.trip_auto_completed, { car: CAR })).first(),
    ).toBeVisible();

    // 2. The late lone check-out: 24 late hours, the record moved no clock, the jump held for the renter.
    await visit(host, tripPage(ids.late));
    const measures = host.getByRole("region", { name: t.measures.title });
    await expect(measures).toContainText(plural(t.measures, "hours", lang, 24).replace("{{count}}", "24"));
    await expect(measures).toContainText(looseText(fillText(t.measures.held, { km: km(49_184, lang) })));
    await expect(host.getByTestId("trip-note-held")).toContainText(
      looseText(
        fillText(plural(t.measures, "heldBy_renter", lang, 4), {
          count: 4,
          driven: km(49_784, lang),
          perDay: km(1_500, lang),
        }),
      ),
    );
    // Up to the deadline's time, which the page writes in Vilnius time (the test's moments are not).
    await expect(host.getByTestId("trip-note-late")).toContainText(
      looseText(t.clock.afterDeadline.split("(")[0]!.trim()),
    );
    // The settled deposit: what was kept and what went back.
    await expect(host.getByRole("region", { name: t.timeline.title })).toContainText(
      looseText(
        fillText(t.timeline.deposit_partly_kept, { kept: euros(2_500, lang), returned: euros(DEPOSIT - 2_500, lang) }),
      ),
    );

    // The admin's claim page: the odometers as the trip page writes them, and the hold.
    await visit(admin, `/admin/claims/${ids.claimId}?lng=${lang}`);
    const c = CLAIMS[lang];
    await expect(
      admin.getByText(looseText(fillText(c.admin.odometer, { from: km(50_215, lang), to: km(99_999, lang) }))),
    ).toBeVisible();
    await expect(admin.getByTestId("odometer-held")).toBeVisible();

    // The renter confirms the check-out record: the kilometres stand, nothing is held any more.
    await visit(renter, tripPage(ids.late));
    await expect(renter.getByTestId("trip-note-held")).toBeVisible();
    await expect(renter.getByRole("heading", { name: t.answer.title_check_out })).toBeVisible();
    await renter.getByRole("button", { name: t.answer.confirm, exact: true }).click();
    await expect(renter.getByText(t.toasts.confirmed).first()).toBeVisible();
    await visitCurrent(renter);
    await expect(renter.getByTestId("trip-note-held")).toHaveCount(0);
    await expect(renter.getByRole("region", { name: t.measures.title })).toContainText(
      looseText(fillText(t.records.km, { km: km(49_184, lang) })),
    );

    // 3. A booking cancelled before its trip: a line, and no empty records or measures.
    await visit(renter, tripPage(ids.cancelled));
    await expect(renter.getByTestId("no-trip")).toHaveText(t.page.neverTrip);
    await expect(renter.getByRole("region", { name: t.records.title })).toHaveCount(0);
    await expect(renter.getByRole("region", { name: t.measures.title })).toHaveCount(0);
    await expect(renter.getByRole("region", { name: t.deposit.title })).toHaveCount(0);
  } finally {
    await renter.context().close();
    await admin.context().close();
  }
});
