// A host gets paid (decision 023), axe on every page, in Lithuanian with JavaScript and in English without: from
// /profile's payout card to /profile/payouts ("not set up"), its button to the local stand-in of Stripe's onboarding
// (a bad IBAN is refused next to its field, the other values kept), "verified at once", and back through Stripe's
// return URL to /profile/payouts, which now says payouts are enabled → their trip, over and past its claim window, is
// paid by the scheduled job (through the cron's own entry, wrangler's /__scheduled) with one transfer → the statement
// shows it paid, and so does the month's CSV. A user signed up here, so no other journey's account changes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import {
  expect,
  expectAccessible,
  javaScriptOn,
  registerAndSignIn,
  test,
  userId,
  visit,
  visitCurrent,
} from "./support";

type Lang = "lt" | "en";
type Tree = { [key: string]: string | Tree };

/** A text of the payouts namespace in a language, as i18next shows it. */
function text(lang: Lang, key: string, values: Record<string, string> = {}) {
  const tree = JSON.parse(readFileSync(join(process.cwd(), `app/locales/${lang}/payouts.json`), "utf8")) as Tree;
  const found = key.split(".").reduce<string | Tree | undefined>((node, part) => (node as Tree)?.[part], tree);
  if (typeof found !== "string") throw new Error(`no text payouts:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/**
 * A trip of the host's own car that ended yesterday, its claim window closed a minute ago and nothing claimed: due
 * for payout. The listing waits for review (on no public page), so no other journey meets it.
 */
async function settledTrip(database: Client, hostId: string) {
  const now = Date.now();
  const carId = crypto.randomUUID();
  const bookingId = crypto.randomUUID();
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  await database.execute({
    sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
            listing_type, daily_price, status, submitted_at, created_at, updated_at)
          values (?, ?, 'Toyota', 'Corolla', 2020, 60000, 'Kaunas', 'suv', 'hybrid', 'automatic', 'rental', 3500,
            'pending', ?, ?, ?)`,
    args: [carId, hostId, now, now, now],
  });
  const renter = await database.execute("select id from profiles where email = 'renter@demo.lt'");
  await database.execute({
    sql: `insert into bookings (id, car_id, renter_id, owner_id, status, start_date, end_date, total_days, daily_rate,
            subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount, deposit_amount, payment_status,
            deposit_status, completed_at, claim_window_ends_at, created_at, updated_at)
          values (?, ?, ?, ?, 'completed', ?, ?, 3, 3500, 10500, 1575, 315, 8925, 12390, 0, 'captured', 'none', ?, ?,
            ?, ?)`,
    args: [
      bookingId,
      carId,
      String(renter.rows[0]!.id),
      hostId,
      day(-4),
      day(-1),
      now - 86_460_000,
      now - 60_000,
      now,
      now,
    ],
  });
  return { bookingId, reference: bookingId.slice(0, 8).toUpperCase() };
}

test("a new host sets up payouts through the stand-in onboarding, and the job pays their settled trip", async ({
  page,
  database,
}) => {
  const lang = javaScriptOn(test.info().project.name) ? "lt" : "en";
  const t = (key: string, values?: Record<string, string>) => text(lang, key, values);
  const host = await registerAndSignIn(page);
  if (lang === "en") await visit(page, "/profile?lng=en");

  await visit(page, "/profile");
  const card = page.getByRole("region", { name: t("card.title") });
  await expect(card.getByText(t("state.not_started"), { exact: true })).toBeVisible();
  await card.getByRole("link", { name: t("card.setUp") }).click();
  await expect(page).toHaveURL(/\/profile\/payouts$/);
  await visitCurrent(page);
  await expect(page.getByRole("heading", { level: 1, name: t("title") })).toBeVisible();
  await expect(page.getByText(t("page.meaning.not_started"))).toBeVisible();
  await expect(page.getByText(t("page.businessTypes.individual"))).toBeVisible();

  await page.getByRole("button", { name: t("page.actions.not_started") }).click();
  await expect(page).toHaveURL(/\/dev\/connect\/acct_standin_[a-f0-9]+\?return=/);
  await visitCurrent(page);
  await expect(page.getByText(t("standIn.notice"))).toBeVisible();
  const legalName = page.getByLabel(t("standIn.legalName"));
  await expect(legalName).toHaveValue("Testas Testaitis");

  // A German IBAN: refused next to the field, what was typed kept.
  const iban = page.getByLabel(t("standIn.iban"));
  await iban.fill("DE89 3704 0044 0532 0130 00");
  // Leaving the field checks nothing yet: a message shown then would move the next click's target (decision 033).
  await iban.press("Tab");
  await page.getByLabel(t("standIn.outcomes.in_review")).check();
  await page.getByRole("button", { name: t("standIn.submit") }).click();
  await expect(page.getByText(t("standIn.errors.iban"), { exact: true })).toBeVisible();
  await expect(iban).toHaveAttribute("aria-invalid", "true");
  await expect(iban).toHaveValue("DE89 3704 0044 0532 0130 00");
  await expect(legalName).toHaveValue("Testas Testaitis");
  await expect(page.getByLabel(t("standIn.outcomes.in_review"))).toBeChecked();
  await expectAccessible(page);

  await iban.fill("LT12 1000 0111 0100 1000");
  await page.getByLabel(t("standIn.outcomes.enabled")).check();
  await page.getByRole("button", { name: t("standIn.submit") }).click();
  await expect(page).toHaveURL(/\/profile\/payouts$/);
  await expect(page.getByText(t("toasts.enabledText"))).toBeVisible();
  await expect(
    page.getByRole("region", { name: t("page.statusTitle") }).getByText(t("state.enabled"), { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(t("page.meaning.enabled"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("page.actions.enabled") })).toBeVisible();
  await visitCurrent(page);

  await visit(page, "/profile");
  await expect(
    page.getByRole("region", { name: t("card.title") }).getByText(t("state.enabled"), { exact: true }),
  ).toBeVisible();

  // Their trip's claim window has closed: the scheduled job writes the payout and sends it.
  const hostId = await userId(database, host.email);
  const trip = await settledTrip(database, hostId);
  const ran = await page.request.get(`/__scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
  expect(ran.status()).toBe(200);
  // The Worker runs the job after answering (waitUntil): its outcome is waited for.
  const payout = async () =>
    (
      await database.execute({
        sql: "select status, amount, sent_amount, stripe_transfer_id from payouts where booking_id = ?",
        args: [trip.bookingId],
      })
    ).rows;
  await expect.poll(async () => (await payout())[0]?.status, { timeout: 30_000 }).toBe("paid");
  const [paid, ...more] = await payout();
  expect(more).toEqual([]);
  expect(paid).toMatchObject({ amount: 8925, sent_amount: 8925 });
  expect(String(paid!.stripe_transfer_id)).toMatch(/^tr_standin_/);

  // The statement of this month shows it paid, and so does the month's CSV.
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vilnius", year: "numeric", month: "2-digit" })
    .format(new Date())
    .slice(0, 7);
  await visit(page, "/host-dashboard/payouts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    lang === "lt" ? "Išmokų ataskaita" : "Payout statements",
  );
  const line = page.getByRole("row").filter({ hasText: trip.reference });
  await expect(line).toContainText("Toyota Corolla 2020");
  await expect(line).toContainText(lang === "lt" ? /89,25\s€/ : /€89\.25/);
  await expect(line).toContainText(lang === "lt" ? "Išmokėta" : "Paid");
  const csv = await page.request.get(`/host-dashboard/payouts.csv?month=${month}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const records = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
  // Each line opens with the payee and company number (statement-csv.ts), then the booking's reference.
  const record = records.find((r) => r.includes(trip.reference));
  expect(record).toBeDefined();
  expect(record).toContain(lang === "lt" ? ";89,25;" : ",89.25,");
});
