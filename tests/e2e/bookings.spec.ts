// The money path, with JavaScript on and off: a renter books a car (dates, insurance, pickup, the price) → reviews
// the request → pays on the local checkout stand-in → the host confirms (the card is captured). The trip that follows
// and the reviews after it are trips.spec.ts's journey (one journey per behaviour). Two browser contexts: the
// renter's (`page`) and the host's.
import type { Client } from "@libsql/client";
import type CommonTexts from "../../app/locales/lt/common.json";
import {
  PHONE,
  confirmAsHost,
  expect,
  expectAccessible,
  fillText,
  freeCarInLane,
  isoDay,
  javaScriptOn,
  localeTexts,
  openCheckout,
  registerAndSignIn,
  signInAs,
  test,
  visit,
  visitCurrent,
} from "./support";
import { tripCarAndDays, tripperEmail } from "./trip-support";

/**
 * A rentable car of the demo host and three days of this journey's lane (support.ts) that nobody holds or blocked:
 * the js and no-js runs of a journey, and the journeys here, never pick the same days.
 */
async function freeCarAndDays(database: Client, lane: number) {
  const cars = await database.execute(`
    select c.id, c.make, c.model from cars c join users u on u.id = c.owner_id
    where u.email = 'host@demo.lt' and c.status = 'approved' and c.available = 1 and c.listing_type <> 'sale'
      and c.daily_price is not null and c.min_rental_days <= 3 and c.minimum_rental_hours <= 24
      and c.driver_only = 0
    order by c.created_at, c.id`);
  const { car, start, end } = await freeCarInLane(database, cars.rows, lane, 3);
  return { id: String(car.id), name: `${String(car.make)} ${String(car.model)}`, start, end };
}

/** How the deposit comes back, one text from the rules: the 24-hour claim window, then 5–10 working days at the bank. */
const DEPOSIT_RETURN = fillText(localeTexts<typeof CommonTexts>("common").lt.money.depositReturn, {
  hours: 24,
  from: 5,
  to: 10,
});

test("book → pay on the stand-in → the host confirms and the card is captured", async ({ page, browser, database }) => {
  const car = await tripCarAndDays(database, 0, 0);
  // A renter of its own (the demo renter's mailbox belongs to other journeys); without a date of birth yet.
  await registerAndSignIn(page, tripperEmail());

  // Step 1: the car page's "Request to book" (a renter not verified yet) opens the booking steps over the car.
  await visit(page, `/car/${car.id}`);
  await page.getByRole("link", { name: "Siųsti užklausą" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByLabel("Atsiėmimo data").fill(car.start);
  await page.getByLabel("Grąžinimo data").fill(car.end);
  await page.getByRole("radio", { name: "Be papildomo draudimo" }).check();
  const pickups = page.locator('input[name="pickup"]');
  await pickups.first().check();
  if (javaScriptOn(test.info().project.name)) {
    // The pickup map loads on demand; a point on it chooses that point in the list.
    await page.getByRole("button", { name: "Rodyti žemėlapyje" }).click();
    const map = page.getByRole("application", { name: "Atsiėmimo vietos žemėlapyje" });
    await expect(map).toBeVisible();
    const count = await pickups.count();
    await expect(map.locator("[data-point]")).toHaveCount(count);
    const point = async (radio: number) =>
      map.locator(`[data-point="${await pickups.nth(radio).getAttribute("value")}"]`);
    await (await point(count - 1)).click({ force: true });
    await expect(pickups.nth(count - 1)).toBeChecked();
    // From the keyboard too: a point is a button.
    await (await point(0)).focus();
    await page.keyboard.press("Enter");
    await expect(pickups.first()).toBeChecked();
  }
  await page.getByLabel("Gimimo data").fill("1990-04-15");
  const update = page.getByRole("button", { name: "Atnaujinti kainą" });
  if (await update.isVisible()) await update.click();
  await expect(page.getByText("Mokėti dabar")).toBeVisible();
  await page.getByRole("button", { name: "Peržiūrėti užsakymą" }).click();

  // Step 2: the summary, then the checkout.
  await expect(page.getByRole("heading", { name: "Užsakymo informacija" })).toBeVisible();
  await expect(page.getByText(DEPOSIT_RETURN).first()).toBeVisible();
  await visitCurrent(page);
  await page.getByRole("button", { name: "Pereiti prie mokėjimo" }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_standin_/);
  await visitCurrent(page);
  await page.getByRole("button", { name: "Mokėti" }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking_id=/);
  await expect(page.getByRole("heading", { name: "Užklausa išsiųsta" })).toBeVisible();
  await expect(page.getByTestId("deposit-return")).toHaveText(DEPOSIT_RETURN);
  const bookingId = new URL(page.url()).searchParams.get("booking_id")!;
  await visitCurrent(page);
  const reference = `#${bookingId.slice(0, 8).toUpperCase()}`;

  // The host answers in their own browser.
  const host = await confirmAsHost(browser, reference);
  await visit(host, "/bookings?role=host&tab=confirmed");
  await expect(host.getByRole("listitem").filter({ hasText: reference })).toBeVisible();
  await host.context().close();

  // The renter sees it confirmed.
  await visit(page, "/bookings?tab=confirmed");
  await expect(page.getByRole("listitem").filter({ hasText: reference })).toBeVisible();
  const booking = await database.execute({
    sql: "select status, payment_status from bookings where id = ?",
    args: [bookingId],
  });
  expect(booking.rows[0]).toMatchObject({ status: "confirmed", payment_status: "captured" });
});

// Without JavaScript the booking steps are a page of their own: there is no frame to show before them.
test("the booking steps' frame shows from the tap, before their data has arrived @js-only", async ({
  page,
  database,
}) => {
  const car = await freeCarAndDays(database, 3);
  await signInAs(page, "renter@demo.lt");
  await visit(page, `/car/${car.id}`);
  // The steps' data is held back: what shows meanwhile is the dialog's frame, not the car page alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/book\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.locator(`main a[href="/car/${car.id}/book"]`).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Užsakyti šį automobilį" })).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText("Atidaromas užsakymas…");
  await expect(page).toHaveURL(new RegExp(`/car/${car.id}$`));
  await expectAccessible(page);
  release();
  await expect(page).toHaveURL(new RegExp(`/car/${car.id}/book$`));
  await expect(dialog.getByRole("heading", { name: new RegExp(`^Užsakyti ${car.name} \\d{4}$`) })).toBeVisible();
  await expect(page.getByLabel("Atsiėmimo data")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
});

test("a guest is asked to sign in before booking, and bad dates get a message next to the field", async ({
  page,
  database,
}) => {
  const car = await freeCarAndDays(database, 1);
  await visit(page, `/car/${car.id}/book`, { status: 401 });
  await signInAs(page, "renter@demo.lt");
  await visit(page, `/car/${car.id}/book?start=${isoDay(-2)}&end=${isoDay(1)}&insurance=none&step=review`);
  await expect(page.getByText("Pradžios data negali būti praeityje")).toBeVisible();
  // No pickup in the address: the car's primary point is chosen, so that is not among the messages.
  await expect(page.locator('input[name="pickup"]').first()).toBeChecked();
  await expect(page.getByText("Nurodykite atsiėmimo vietą")).toHaveCount(0);
  await expect(page.getByLabel("Atsiėmimo data")).toHaveValue(isoDay(-2));
});

test("a checkout left unpaid is paid later: Try Payment Again on the cancelled page, Pay now in My Bookings", async ({
  page,
  database,
}) => {
  const car = await freeCarAndDays(database, 2);
  await registerAndSignIn(page);
  await openCheckout(page, car);
  const checkout = page.url();
  // The renter leaves the checkout: Stripe's way back to the cancelled page, the request kept for its payment.
  await page.getByRole("button", { name: "Atšaukti" }).click();
  await expect(page).toHaveURL(/\/booking-cancelled\?booking_id=/);
  const bookingId = new URL(page.url()).searchParams.get("booking_id")!;
  await visitCurrent(page);
  // The spec's words for it on this page; the English page says the same.
  await expect(page.getByRole("button", { name: "Bandyti apmokėti dar kartą", exact: true })).toBeVisible();
  await visit(page, `/booking-cancelled?booking_id=${bookingId}&lng=en`);
  await expect(page.getByRole("button", { name: "Try Payment Again", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await visit(page, `/booking-cancelled?booking_id=${bookingId}&lng=lt`);

  // Later, from My Bookings: the same booking goes back to its checkout and is paid.
  await visit(page, "/bookings");
  const card = page.getByRole("listitem").filter({ hasText: `#${bookingId.slice(0, 8).toUpperCase()}` });
  await expect(card).toContainText("Mokėjimas neužbaigtas.");
  await card.getByRole("button", { name: "Apmokėti dabar", exact: true }).click();
  await expect(page).toHaveURL(checkout);
  await page.getByRole("button", { name: "Mokėti", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/booking-success\\?booking_id=${bookingId}`));
  await expect(page.getByRole("heading", { name: "Užklausa išsiųsta" })).toBeVisible();
  await expect(page.getByTestId("deposit-return")).toHaveText(DEPOSIT_RETURN);

  const rows = await database.execute({
    sql: "select id, status, payment_status from bookings where car_id = ? and start_date = ?",
    args: [car.id, car.start],
  });
  expect(rows.rows).toEqual([
    expect.objectContaining({ id: bookingId, status: "pending", payment_status: "authorized" }),
  ]);
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("My Bookings shows the current tab, the last one too, and each booking's status in the singular", async ({
    page,
  }) => {
    await signInAs(page, "renter@demo.lt");
    await visit(page, "/bookings?tab=cancelled");
    const current = page.getByRole("navigation", { name: "Užsakymo būsena" }).getByRole("link", { name: /^Atšaukti/ });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toBeInViewport({ ratio: 1 });
    // A booking's own status is one booking's: not the plural, which is also the Cancel button's word.
    const first = page.getByRole("main").getByRole("listitem").filter({ hasText: "Užsakymas #" }).first();
    await expect(first.getByText("Atšauktas", { exact: true })).toBeVisible();
    await expect(first.getByText("Atšaukti", { exact: true })).toHaveCount(0);
  });
});
