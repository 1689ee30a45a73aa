// A host reads their payouts (decision 023): /host-dashboard/payouts in Lithuanian and English, a month chosen with the
// GET form, the lines and the month's totals, the month's CSV (headers, BOM, separator and decimals per language),
// the payout on the trip page; the renter of those trips sees none of it, and their own CSV is empty. The payouts are
// written straight into the journey's database for two accounts of this test's own, and removed afterwards.
import type { Client } from "@libsql/client";
import type { APIResponse } from "@playwright/test";
import { expect, person, registerAndSignIn, test, uniqueEmail, userId, visit, visitCurrent } from "./support";

/** An amount as the Lithuanian pages write it ("142,50 €", a no-break space before the sign). */
const money = (amount: string) => new RegExp(`${amount}\\s€`);

interface Trips {
  carIds: string[];
  bookingIds: string[];
  paid: string;
  failed: string;
  waiting: string;
}

/** Three settled trips of the host's own cars with the renter, and their payouts: two in October 2026, one in September. */
async function payoutsOf(database: Client, hostId: string, renterId: string): Promise<Trips> {
  const now = Date.now();
  const trips: Trips = { carIds: [], bookingIds: [], paid: "", failed: "", waiting: "" };
  const trip = async (
    make: string,
    payout: { gross: number; share: number; claim: number; status: string; settled: string; error?: string },
  ) => {
    const carId = crypto.randomUUID();
    const bookingId = crypto.randomUUID();
    const settled = Date.parse(payout.settled);
    // A listing waiting for review (on no public page) and a trip long over, so no other journey meets them.
    await database.execute({
      sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
              listing_type, daily_price, status, submitted_at, created_at, updated_at)
            values (?, ?, ?, 'Octavia', 2021, 50000, 'Vilnius', 'suv', 'petrol', 'manual', 'rental', 4000, 'pending', ?, ?,
              ?)`,
      args: [carId, hostId, make, now, now, now],
    });
    await database.execute({
      sql: `insert into bookings (id, car_id, renter_id, owner_id, status, start_date, end_date, total_days, daily_rate,
              subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount, deposit_amount, payment_status,
              deposit_status, completed_at, claim_window_ends_at, created_at, updated_at)
            values (?, ?, ?, ?, 'completed', '2026-09-01', '2026-09-04', 3, 4000, ?, 240, 400, ?, ?, 0, 'captured',
              'none', ?, ?, ?, ?)`,
      args: [
        bookingId,
        carId,
        renterId,
        hostId,
        payout.gross,
        payout.share,
        payout.gross + 640,
        settled,
        settled,
        now,
        now,
      ],
    });
    const payoutId = crypto.randomUUID();
    await database.execute({
      sql: `insert into payouts (id, booking_id, host_id, gross, host_share, claim_kept, amount, status, idempotency_key,
              attempts, last_error, next_attempt_at, settled_at, paid_at, created_at, updated_at)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        payoutId,
        bookingId,
        hostId,
        payout.gross,
        payout.share,
        payout.claim,
        payout.share + payout.claim,
        payout.status,
        `payout-${bookingId}`,
        payout.status === "failed" ? 1 : 0,
        payout.error ?? null,
        // Its next attempt far ahead: the journeys' scheduled job leaves it alone.
        payout.status === "failed" ? now + 30 * 86_400_000 : null,
        settled,
        payout.status === "paid" ? settled : null,
        now,
        now,
      ],
    });
    trips.carIds.push(carId);
    trips.bookingIds.push(bookingId);
    return { bookingId, payoutId };
  };
  const paid = await trip("Škoda", {
    gross: 12_000,
    share: 10_200,
    claim: 5_050,
    status: "paid",
    settled: "2026-10-05T10:00:00Z",
  });
  // An admin's refund after the transfer took 10 € back from the host.
  const refundId = crypto.randomUUID();
  await database.execute({
    sql: `insert into refunds (id, booking_id, kind, amount, status, idempotency_key, created_at)
          values (?, ?, 'admin', 1000, 'succeeded', ?, ?)`,
    args: [refundId, paid.bookingId, `refund-${refundId}`, now],
  });
  await database.execute({
    sql: `insert into payout_reversals (id, payout_id, refund_id, amount, status, idempotency_key, created_at)
          values (?, ?, ?, 1000, 'succeeded', ?, ?)`,
    args: [crypto.randomUUID(), paid.payoutId, refundId, `reversal-${refundId}`, now],
  });
  const failed = await trip("Volvo", {
    gross: 8_000,
    share: 6_800,
    claim: 0,
    status: "failed",
    settled: "2026-10-20T10:00:00Z",
    error: "Insufficient funds in the platform balance",
  });
  // A car named like a spreadsheet formula (its make is the host's own text).
  const waiting = await trip("=SUM(A1)", {
    gross: 5_000,
    share: 4_250,
    claim: 0,
    status: "waiting_for_account",
    settled: "2026-09-15T10:00:00Z",
  });
  trips.paid = paid.bookingId.slice(0, 8).toUpperCase();
  trips.failed = failed.bookingId.slice(0, 8).toUpperCase();
  trips.waiting = waiting.bookingId.slice(0, 8).toUpperCase();
  return trips;
}

async function removeTrips(database: Client, trips: Trips) {
  for (const id of trips.bookingIds) {
    // Reversals and payouts go with their booking (cascade), the refund too.
    await database.execute({ sql: "delete from payouts where booking_id = ?", args: [id] });
    await database.execute({ sql: "delete from bookings where id = ?", args: [id] });
  }
  for (const id of trips.carIds) await database.execute({ sql: "delete from cars where id = ?", args: [id] });
}

/** The CSV's records (after the byte order mark), split on CRLF. */
async function csvRecords(response: APIResponse) {
  const body = await response.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return body.subarray(3).toString("utf8").split("\r\n").slice(0, -1);
}

test("a host reads their payouts by month and downloads a month as CSV; the renter sees none of it", async ({
  page,
  browser,
  database,
  clientAddress,
  playwright,
}) => {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const renterPage = await person(browser, javaScriptEnabled, clientAddress.replace(/^10\./, "11."));
  let trips: Trips | null = null;
  try {
    const host = await registerAndSignIn(page, uniqueEmail("statements.host"));
    const renter = await registerAndSignIn(renterPage, uniqueEmail("statements.renter"));
    trips = await payoutsOf(database, await userId(database, host.email), await userId(database, renter.email));

    // Lithuanian, the latest month with payouts by default.
    await visit(page, "/host-dashboard/payouts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Išmokų ataskaita");
    await expect(page.locator("[data-statement-host]")).toContainText("Testas Testaitis");
    await expect(page.getByLabel("Mėnuo")).toHaveValue("2026-10");
    await expect(page.getByText(/pagal kalendorinį mėnesį \(Vilniaus laiku\)/)).toBeVisible();
    const lines = page.getByRole("table", { name: "Mokėtinos išmokos: 2026 m. spalis" });
    await expect(lines.getByRole("row")).toHaveCount(4);
    const paidRow = lines.getByRole("row").filter({ hasText: trips.paid });
    await expect(paidRow).toContainText("Škoda Octavia 2021");
    await expect(paidRow).toContainText(money("142,50"));
    await expect(paidRow).toContainText("Išmokėta 2026-10-05");
    const failedRow = lines.getByRole("row").filter({ hasText: trips.failed });
    await expect(failedRow).toContainText("Nepavyko");
    await expect(failedRow).toContainText("Stripe priežastis: Insufficient funds in the platform balance");
    await expect(page.locator('[data-total="net"]')).toHaveText(money("210,50"));
    await expect(page.locator('[data-total="reversed"]')).toHaveText(money("10,00"));
    const overview = page.getByRole("table", { name: "Kiekvieno mėnesio su išmokomis sumos" });
    await expect(overview.getByRole("row")).toHaveCount(3);
    await expect(page.getByRole("link", { name: /Atsisiųsti išmokas \(2026 m\. spalis\) CSV failu/ })).toHaveAttribute(
      "href",
      "/host-dashboard/payouts.csv?month=2026-10",
    );

    // Another month through the GET form: a shareable address, with or without JavaScript.
    await page.getByLabel("Mėnuo").selectOption("2026-09");
    await page.getByRole("button", { name: "Rodyti" }).click();
    await expect(page).toHaveURL(/\/host-dashboard\/payouts\?month=2026-09$/);
    await visitCurrent(page);
    const september = page.getByRole("table", { name: "Mokėtinos išmokos: 2026 m. rugsėjis" });
    const waitingRow = september.getByRole("row").filter({ hasText: trips.waiting });
    await expect(waitingRow).toContainText("Laukiama jūsų išmokų paskyros");
    await expect(waitingRow.getByRole("link", { name: "Nustatyti išmokas" })).toHaveAttribute(
      "href",
      "/profile/payouts",
    );
    await expect(page.locator('[data-total="net"]')).toHaveText(money("42,50"));

    // English.
    await visit(page, "/host-dashboard/payouts?month=2026-10&lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payout statements");
    await expect(page.getByRole("heading", { name: "Totals for October 2026" })).toBeVisible();
    const english = page.getByRole("table", { name: "Payouts due in October 2026" });
    await expect(english.getByRole("row").filter({ hasText: trips.failed })).toContainText(
      "Stripe's reason: Insufficient funds in the platform balance",
    );
    await expect(page.locator('[data-total="net"]')).toHaveText(/€210\.50/);

    // The CSV, with the host's session: English (the language chosen above), then Lithuanian.
    const en = await page.request.get("/host-dashboard/payouts.csv?month=2026-10");
    expect(en.status()).toBe(200);
    expect(en.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(en.headers()["content-disposition"]).toBe('attachment; filename="ratai-payouts-2026-10.csv"');
    expect(en.headers()["cache-control"]).toBe("private, no-store");
    const enLines = await csvRecords(en);
    expect(enLines[0]).toBe(
      "Payee,Company number,Booking,Car,Trip start,Trip end,Settled,Rental,Platform fee,Your share,Claim kept,Taken back,Net to you,Transfer,Paid on",
    );
    expect(enLines).toContain(
      `Testas Testaitis,,${trips.paid},Škoda Octavia 2021,2026-09-01,2026-09-04,2026-10-05,120.00,18.00,102.00,50.50,10.00,142.50,Paid,2026-10-05`,
    );
    expect(enLines.at(-1)).toBe("Total,,,,,,,200.00,30.00,170.00,50.50,10.00,210.50,,");
    const lt = await page.request.get("/host-dashboard/payouts.csv?month=2026-09&lng=lt");
    const ltLines = await csvRecords(lt);
    expect(ltLines[0]!.split(";").slice(0, 3)).toEqual(["Gavėjas", "Įmonės kodas", "Užsakymas"]);
    // The formula-like car name is inert.
    expect(ltLines[1]).toBe(
      `Testas Testaitis;;${trips.waiting};'=SUM(A1) Octavia 2021;2026-09-01;2026-09-04;2026-09-15;50,00;7,50;42,50;0,00;0,00;42,50;Laukiama jūsų išmokų paskyros;`,
    );
    expect(ltLines[2]).toBe("Iš viso;;;;;;;50,00;7,50;42,50;0,00;0,00;42,50;;");
    expect((await page.request.get("/host-dashboard/payouts.csv?month=2026-13")).status()).toBe(400);

    // The trip page shows the host their payout.
    await visit(page, `/bookings/${trips.bookingIds[0]}?lng=lt`);
    const section = page.getByRole("region", { name: "Išmoka", exact: true });
    await expect(section.locator("[data-payout-amount]")).toHaveText(money("142,50"));
    await expect(section).toContainText("Pervesta į išmokų paskyrą 2026-10-05");

    // The renter: no payout on the same trip, an empty statement, and a CSV with nothing of the host's.
    await visit(renterPage, `/bookings/${trips.bookingIds[0]}`);
    await expect(renterPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(renterPage.getByRole("region", { name: "Išmoka", exact: true })).toHaveCount(0);
    await expect(renterPage.locator("[data-payout-amount]")).toHaveCount(0);
    await visit(renterPage, "/host-dashboard/payouts");
    await expect(renterPage.getByRole("heading", { name: "Išmokų dar nėra" })).toBeVisible();
    await expect(renterPage.getByRole("link", { name: "Nustatyti išmokas" })).toHaveAttribute(
      "href",
      "/profile/payouts",
    );
    const theirs = await renterPage.request.get("/host-dashboard/payouts.csv?month=2026-10");
    expect(theirs.status()).toBe(200);
    const theirLines = await csvRecords(theirs);
    expect(theirLines).toHaveLength(2);
    expect(theirLines.join("\n")).not.toContain(trips.paid);

    // A guest is sent to sign in.
    const guest = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const refused = await guest.get("/host-dashboard/payouts.csv?month=2026-10", { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toMatch(/^\/auth\/signin\?redirectTo=/);
    await guest.dispose();
  } finally {
    if (trips) await removeTrips(database, trips);
    await renterPage.context().close();
  }
});
