// Cancellation terms, with JavaScript on and off: a renter books a car of the demo host (the review step states the
// cancellation policy with its deadline), pays on the stand-in checkout, the host confirms; the renter's Cancel on My
// Bookings opens the cancel page, which says exactly what comes back — in Lithuanian, then in English — and
// cancelling there shows the booking cancelled with its refund. Axe on every page visited.
import type { Client } from "@libsql/client";
import {
  confirmAsHost,
  expect,
  openCheckout,
  freeCarInLane,
  registerAndSignIn,
  test,
  visit,
  visitCurrent,
} from "./support";

/** This journey's lane (support.ts): a car of the demo host with free cancellation and three free days. */
async function freeCarAndDays(database: Client) {
  const cars = await database.execute(`
    select c.id from cars c join users u on u.id = c.owner_id
    where u.email = 'host@demo.lt' and c.status = 'approved' and c.available = 1 and c.listing_type <> 'sale'
      and c.daily_price is not null and c.min_rental_days <= 3 and c.minimum_rental_hours <= 24
      and c.driver_only = 0 and c.cancellation_policy <> 'no_cancellation'
    order by c.created_at, c.id`);
  const { car, start, end } = await freeCarInLane(database, cars.rows, 4, 3);
  return { id: String(car.id), start, end };
}

const money = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: 2 }).format(cents / 100);

test("a renter sees the exact refund on the cancel page, cancels, and My Bookings shows it", async ({
  page,
  browser,
  database,
}) => {
  // Two people and nine pages, axe on each: longer than the default minute on two busy cores.
  test.setTimeout(150_000);
  const car = await freeCarAndDays(database);
  await registerAndSignIn(page);

  // The review step says until when cancelling is free (the trip starts at least 20 days ahead).
  await openCheckout(page, car, async (review) => {
    await expect(review.getByText(/Nemokamai atšaukti galima iki .* val\. iki automobilio perdavimo/)).toBeVisible();
  });
  await page.getByRole("button", { name: "Mokėti", exact: true }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking_id=/);
  const bookingId = new URL(page.url()).searchParams.get("booking_id")!;
  const reference = `#${bookingId.slice(0, 8).toUpperCase()}`;

  // The host confirms in their own browser.
  const host = await confirmAsHost(browser, reference);
  await host.context().close();

  const [row] = (
    await database.execute({
      sql: "select total_amount, cancellation_policy from bookings where id = ?",
      args: [bookingId],
    })
  ).rows;
  const total = Number(row!.total_amount);
  expect(row!.cancellation_policy).not.toBe("no_cancellation");

  // My Bookings: Cancel on a confirmed booking is the way to its cancel page.
  await visit(page, "/bookings?tab=confirmed");
  await page.getByRole("listitem").filter({ hasText: reference }).getByRole("link", { name: "Atšaukti" }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}/cancel$`));
  await visitCurrent(page);
  await expect(
    page.getByRole("heading", { name: `Jums bus grąžinta ${money(total, "lt-LT")} iš ${money(total, "lt-LT")}` }),
  ).toBeVisible();
  await expect(page.getByText(/Nemokamai atšaukti galima iki/)).toBeVisible();

  // The same page in English, then the cancellation.
  await visit(page, `/bookings/${bookingId}/cancel?lng=en`);
  const english = money(total, "en-GB");
  await expect(page.getByRole("heading", { name: `You get back ${english} of ${english}` })).toBeVisible();
  await expect(page.getByText(/Free cancellation lasts until/)).toBeVisible();
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page).toHaveURL(/\/bookings\?(lng=en&)?tab=cancelled|\/bookings\?tab=cancelled(&lng=en)?/);
  await visitCurrent(page);
  const card = page.getByRole("listitem").filter({ hasText: reference });
  await expect(card).toContainText("Cancelled");
  await expect(card).toContainText(`Refunded ${english}`);
  await expect(card.getByRole("link", { name: "Cancel" })).toHaveCount(0);

  const refund = await database.execute({
    sql: "select amount, status from refunds where booking_id = ? and kind = 'cancellation'",
    args: [bookingId],
  });
  expect(refund.rows.map((r) => [Number(r.amount), r.status])).toEqual([[total, "succeeded"]]);
  const booking = await database.execute({
    sql: "select status, cancel_reason from bookings where id = ?",
    args: [bookingId],
  });
  expect(booking.rows[0]).toMatchObject({ status: "cancelled", cancel_reason: "cancelled_by_renter" });
});
