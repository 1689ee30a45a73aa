// Instant book (decision 023), with JavaScript on (in Lithuanian) and off (in English), axe on every page: /rentals'
// "Instant book" filter finds the listing with its badge; a verified renter's "Book now" → the review (which says the
// card is kept for what the renter agrees to later) → the stand-in checkout → the booking is confirmed without the
// host (their bookings list shows it confirmed, the host was told, the card saved to the renter's Customer); an
// unverified renter on the same listing sees "Request to book" with the way to verification, and sends a request.
//
// A host and renters of this journey's own (signed up here, so no other journey's lists or figures change) and an
// approved instant-book car of the host's made for each test, so its days belong to this journey alone.
import type { Client } from "@libsql/client";
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  expect,
  isoDay,
  journeyLanguage,
  person,
  registerAndSignIn,
  test,
  uniqueEmail,
  userId,
  visit,
  visitCurrent,
} from "./support";

type Lang = "lt" | "en";
type Tree = { [key: string]: string | Tree };

/** A text of a namespace in a language, with its values filled in, as i18next does. */
function text(lang: Lang, namespace: string, key: string, values: Record<string, string | number> = {}) {
  const tree = JSON.parse(readFileSync(join(process.cwd(), `app/locales/${lang}/${namespace}.json`), "utf8")) as Tree;
  const found = key.split(".").reduce<string | Tree | undefined>((node, part) => (node as Tree)?.[part], tree);
  if (typeof found !== "string") throw new Error(`no text ${namespace}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const MAKE = "Škoda";

/** An approved rental of the host's with instant book on, and a model name no other car has; returns both. */
async function instantCar(database: Client, hostId: string) {
  const id = crypto.randomUUID();
  const model = `Instant ${id.slice(0, 6)}`;
  const now = Date.now();
  await database.execute({
    sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
            listing_type, daily_price, deposit_amount, instant_book, status, submitted_at, approved_at, created_at,
            updated_at)
          values (?, ?, ?, ?, 2022, 30000, 'Vilnius', 'suv', 'petrol', 'automatic', 'rental', 4500, 20000, 1,
            'approved', ?, ?, ?, ?)`,
    args: [id, hostId, MAKE, model, now, now, now, now],
  });
  return { id, name: `${MAKE} ${model}` };
}

/** The review step of the renter's booking of the car's days, then on to the stand-in checkout and its Pay. */
async function bookAndPay(page: Page, lang: Lang, carId: string, days: [number, number], expectKind: string) {
  const choice = new URLSearchParams({
    start: isoDay(days[0]),
    end: isoDay(days[1]),
    insurance: "none",
    dateOfBirth: "1990-04-15",
    step: "review",
  });
  await visit(page, `/car/${carId}/book?${choice}`);
  await expect(page.getByTestId("review-kind")).toHaveText(expectKind);
  // The renter is told before paying that the card is kept for what they agree to later (decision 035).
  await expect(page.getByTestId("review-saved-card")).toHaveText(text(lang, "bookings", "review.termSavedCard"));
  await page.getByRole("button", { name: text(lang, "bookings", "review.pay") }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_standin_/);
  await visitCurrent(page);
  // The checkout says the same as the review: charged at once, or only when the host confirms.
  await expect(page.getByTestId("checkout-kind")).toHaveText(expectKind);
  await page.getByRole("button", { name: text(lang, "bookings", "standIn.pay"), exact: true }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking_id=/);
  await visitCurrent(page);
  return new URL(page.url()).searchParams.get("booking_id")!;
}

test("a verified renter books an instant-book car at once; an unverified one sends a request", async ({
  page: renter,
  browser,
  database,
  clientAddress,
}) => {
  const lang = journeyLanguage(test.info().project.name);
  // Three people and a dozen pages, axe on each: longer than the default minute on two busy cores.
  test.setTimeout(300_000);
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const host = await person(browser, javaScriptEnabled, clientAddress.replace(/^10\./, "11."));
  const newcomer = await person(browser, javaScriptEnabled, clientAddress.replace(/^10\./, "12."));
  try {
    const hostEmail = uniqueEmail("instant.host");
    const renterEmail = uniqueEmail("instant.renter");
    await registerAndSignIn(host, hostEmail);
    await registerAndSignIn(renter, renterEmail);
    await registerAndSignIn(newcomer, uniqueEmail("instant.newcomer"));
    // The renter's identity was checked (the admin's verification is another journey's).
    await database.execute({
      sql: "update profiles set verification_status = 'verified', date_of_birth = '1990-04-15' where id = ?",
      args: [await userId(database, renterEmail)],
    });
    const car = await instantCar(database, await userId(database, hostEmail));
    const t = (namespace: string, key: string, values?: Record<string, string | number>) =>
      text(lang, namespace, key, values);

    // /rentals: the filter, from the filter panel (a GET form: the same without JavaScript), finds it with its badge.
    await visit(renter, `/rentals${lang === "en" ? "?lng=en" : ""}`);
    const filters = renter.locator("details").filter({ hasText: t("cars", "filters.title") });
    await filters.getByText(t("cars", "filters.title"), { exact: true }).click();
    await filters.getByRole("checkbox", { name: t("cars", "instantBook.filter") }).check();
    await filters.getByRole("button", { name: t("cars", "filters.apply"), exact: true }).click();
    await expect(renter).toHaveURL(/[?&]instant=1/);
    await visitCurrent(renter);
    await expect(renter.getByRole("checkbox", { name: t("cars", "instantBook.filter") })).toBeChecked();
    const card = renter.getByRole("listitem").filter({ hasText: car.name });
    await expect(card.getByText(t("cars", "instantBook.badge"))).toBeVisible();

    // The verified renter: the car page's "Book now" opens the booking steps.
    await visit(renter, `/car/${car.id}`);
    await expect(renter.getByText(t("cars", "instantBook.badge")).first()).toBeVisible();
    await expect(renter.getByText(t("cars", "instantBook.note"))).toBeVisible();
    await renter.getByRole("link", { name: t("cars", "detail.bookNow"), exact: true }).click();
    await expect(renter).toHaveURL(new RegExp(`/car/${car.id}/book`));
    await visitCurrent(renter);

    // The review says it is confirmed at once; Pay on the stand-in confirms it without the host.
    const instantId = await bookAndPay(renter, lang, car.id, [30, 33], t("bookings", "instantBook.instant"));
    await expect(renter.getByRole("heading", { level: 1, name: t("payment", "status.confirmed.title") })).toBeVisible();
    await expect(renter.getByText(t("payment", "status.confirmed.instant"))).toBeVisible();
    const reference = `#${instantId.slice(0, 8).toUpperCase()}`;
    await visit(renter, "/bookings?tab=confirmed");
    await expect(renter.getByRole("listitem").filter({ hasText: reference })).toBeVisible();
    const [stored] = (
      await database.execute({
        sql: "select status, payment_status, deposit_status, instant_book from bookings where id = ?",
        args: [instantId],
      })
    ).rows;
    expect(stored).toMatchObject({
      status: "confirmed",
      payment_status: "captured",
      deposit_status: "held",
      instant_book: 1,
    });
    // The stand-in's checkout saved the card to the renter's Customer, on the charge it paid and on their profile.
    const [saved] = (
      await database.execute({
        sql: `select p.stripe_customer_id as profile, c.stripe_customer_id as charge from charges c
              join profiles p on p.id = c.payer_id where c.booking_id = ? and c.purpose = 'rental'`,
        args: [instantId],
      })
    ).rows;
    expect(saved!.profile).toMatch(/^cus_standin_/);
    expect(saved!.charge).toBe(saved!.profile);

    // The unverified newcomer on the same listing: "Request to book", the way to verification, and a request.
    await visit(newcomer, `/car/${car.id}${lang === "en" ? "?lng=en" : ""}`);
    await expect(newcomer.getByRole("link", { name: t("cars", "detail.bookNow"), exact: true })).toHaveCount(0);
    await expect(newcomer.getByRole("link", { name: t("cars", "instantBook.verify") })).toHaveAttribute(
      "href",
      "/profile/verification",
    );
    await newcomer.getByRole("link", { name: t("cars", "instantBook.requestToBook") }).click();
    await expect(newcomer).toHaveURL(new RegExp(`/car/${car.id}/book`));
    await visitCurrent(newcomer);
    const requestId = await bookAndPay(newcomer, lang, car.id, [40, 43], t("bookings", "instantBook.request"));
    await expect(
      newcomer.getByRole("heading", { level: 1, name: t("payment", "status.requested.title") }),
    ).toBeVisible();
    const [request] = (
      await database.execute({
        sql: "select status, payment_status, instant_book from bookings where id = ?",
        args: [requestId],
      })
    ).rows;
    expect(request).toMatchObject({ status: "pending", payment_status: "authorized", instant_book: 0 });

    // The host: told of the confirmed booking, asked to answer only the newcomer's request.
    await visit(host, `/notifications${lang === "en" ? "?lng=en" : ""}`);
    await expect(
      host.getByText(text(lang, "notifications", "types.booking_confirmed", { car: car.name })),
    ).toBeVisible();
    await visit(host, "/bookings?role=host&tab=pending");
    await expect(
      host.getByRole("listitem").filter({ hasText: `#${requestId.slice(0, 8).toUpperCase()}` }),
    ).toBeVisible();
    await expect(host.getByRole("listitem").filter({ hasText: reference })).toHaveCount(0);
    const told = await database.execute({
      sql: "select type from notifications where user_id = ? order by type",
      args: [await userId(database, hostEmail)],
    });
    expect(told.rows.map((row) => row.type)).toEqual(["booking_confirmed", "booking_requested"]);
  } finally {
    await host.context().close();
    await newcomer.context().close();
  }
});
