// The host's calendar (decision 018), with JavaScript on and off: host@demo.lt picks two days on a rental listing's
// edit page (buttons with JavaScript, links that fill the form without), blocks them, sees them blocked, and a
// visitor's car page shows them unavailable, as a booked day is shown, without saying why.
import type { Client } from "@libsql/client";
import type { Locator } from "@playwright/test";
import type BookingTexts from "../../app/locales/en/bookings.json";
import {
  expect,
  expectAccessible,
  javaScriptOn,
  journeyLanguage,
  localeTexts,
  signInAs,
  test,
  visit,
  visitCurrent,
} from "./support";

const vilniusToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vilnius" }).format(new Date());
const addDays = (day: string, n: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
/** A day as the calendar names it (formatDate's long style in Lithuanian). */
const dayName = (day: string) =>
  new Intl.DateTimeFormat("lt-LT", { dateStyle: "long", timeZone: "Europe/Vilnius" }).format(new Date(day));
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/**
 * A rental car of the demo host with `days` days (two unless told) nobody holds. Each project takes days of its own,
 * before the days the booking journey picks from (20 on), so journeys running side by side never meet.
 */
async function carWithFreeDays(database: Client, offset: number, days = 2) {
  const from = addDays(vilniusToday(), offset);
  const to = addDays(from, days - 1);
  const cars = await database.execute({
    sql: `select c.id from cars c join users u on u.id = c.owner_id
      where u.email = 'host@demo.lt' and c.status = 'approved' and c.available = 1 and c.listing_type <> 'sale'
        and c.deleted_at is null
        and not exists (select 1 from bookings b where b.car_id = c.id and b.start_date <= ? and ? < b.end_date
          and b.status in ('pending', 'confirmed', 'active'))
        and not exists (select 1 from car_blocked_days d where d.car_id = c.id and d.day between ? and ?)
      order by c.created_at limit 1`,
    args: [to, from, from, to],
  });
  expect(cars.rows.length, "a free rental car of host@demo.lt").toBe(1);
  return { id: String(cars.rows[0]!.id), from, to };
}

/** Moves a calendar (the one in `scope`, opened on this month) on to the month of `day`, a link at a time. */
async function showMonthOf(scope: Locator, day: string) {
  const monthName = (month: string) =>
    new Intl.DateTimeFormat("lt-LT", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  const title = scope.locator("p[aria-live]");
  let month = vilniusToday().slice(0, 7);
  await expect(title).toHaveText(monthName(month));
  while (month < day.slice(0, 7)) {
    await scope.getByRole("link", { name: "Kitas mėnuo" }).click();
    month = addDays(`${month}-28`, 7).slice(0, 7);
    await expect(title).toHaveText(monthName(month));
  }
}

test("the host blocks two days on the edit page, and the car page shows them unavailable", async ({
  page,
  database,
}, info) => {
  const js = javaScriptOn(info.project.name);
  const car = await carWithFreeDays(database, js ? 13 : 16);
  try {
    await signInAs(page, "host@demo.lt");

    await visit(page, `/my-listings/${car.id}/edit`);
    const calendar = page.locator("section#calendar");
    await expect(calendar.getByRole("heading", { name: "Užimtumo kalendorius" })).toBeVisible();
    await showMonthOf(calendar, car.from);
    // Two clicks choose the first and the last day: buttons with JavaScript, links that fill the form without it.
    const role = js ? "button" : "link";
    await calendar.getByRole(role, { name: startsWith(dayName(car.from)) }).click();
    if (!js) await expect(page).toHaveURL(new RegExp(`from=${car.from}`));
    await calendar.getByRole(role, { name: startsWith(dayName(car.to)) }).click();
    await expect(calendar.getByLabel("Pirmoji diena", { exact: true })).toHaveValue(car.from);
    await expect(calendar.getByLabel("Paskutinė diena (imtinai)", { exact: true })).toHaveValue(car.to);
    await calendar.getByRole("button", { name: "Užblokuoti šias dienas" }).click();

    await expect(page.getByText("Dienos užblokuotos. Nuomininkai jas mato kaip užimtas.")).toBeVisible();
    for (const day of [car.from, car.to]) {
      await expect(calendar.getByLabel(startsWith(`${dayName(day)}, Jūsų užblokuota`))).toBeVisible();
    }
    await expect(calendar.getByLabel(startsWith(`${dayName(addDays(car.to, 1))}, Jūsų užblokuota`))).toHaveCount(0);

    // A visitor's car page: the days are unavailable, as booked days are, and nothing says they were blocked.
    await page.context().clearCookies();
    await visit(page, `/car/${car.id}`);
    const availability = page.locator("section#availability");
    await expect(availability.getByRole("heading", { name: "Užimtumas" })).toBeVisible();
    await showMonthOf(availability, car.from);
    // A month link is a navigation of its own: axe looks at the page it led to.
    await expectAccessible(page);
    for (const day of [car.from, car.to]) {
      await expect(availability.getByLabel(`${dayName(day)}, Užimta`, { exact: true })).toBeVisible();
    }
    await expect(availability.getByLabel(dayName(addDays(car.to, 1)), { exact: true })).toBeVisible();
    await expect(availability).not.toContainText(/užblokuota/i);
  } finally {
    await database.execute({
      sql: "delete from car_blocked_days where car_id = ? and day between ? and ?",
      args: [car.id, car.from, car.to],
    });
  }
});

test("a renter's dates across a blocked day: it is not drawn as chosen, the refusal names it, and a click past it starts again", async ({
  page,
  database,
}, info) => {
  const lang = journeyLanguage(info.project.name);
  const texts = localeTexts<typeof BookingTexts>("bookings")[lang];
  // Days of its own, before the other test's (13 on) and the booking journeys' (20 on).
  const car = await carWithFreeDays(database, javaScriptOn(info.project.name) ? 7 : 10, 3);
  const blocked = addDays(car.from, 1);
  const name = (day: string) =>
    new Intl.DateTimeFormat(lang === "lt" ? "lt-LT" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${day}T00:00:00Z`),
    );
  await database.execute({
    sql: "insert into car_blocked_days (car_id, day, created_at) values (?, ?, ?)",
    args: [car.id, blocked, Date.now()],
  });
  try {
    await signInAs(page, "renter@demo.lt");
    // The dates typed from the first day to the third: the second, blocked, is inside them.
    await visit(page, `/car/${car.id}/book?${new URLSearchParams({ start: car.from, end: car.to, lng: lang })}`);
    const alert = page.getByRole("alert").filter({ hasText: texts.errors.conflictTitle });
    await expect(alert).toContainText(texts.errors.unavailable);
    await expect(alert).toContainText(texts.errors.unavailableDays.replace("{{days}}", name(blocked)));
    const calendar = page.locator("table").filter({ has: page.getByRole("columnheader") });
    const blockedDay = calendar.getByLabel(`${name(blocked)}, ${texts.calendar.unavailable}`, { exact: true });
    // Drawn unavailable, not as a day of the chosen range.
    await expect(blockedDay).toHaveClass(/bg-danger-soft/);
    await expect(blockedDay).not.toHaveClass(/bg-primary/);

    // The return day clicked again: past the blocked day, so it is a new pickup day, not the end of a range over it.
    if (car.to.slice(0, 7) !== car.from.slice(0, 7))
      await page.getByRole("link", { name: texts.calendar.next }).click();
    await calendar.getByRole("link", { name: new RegExp(`^${name(car.to)}`) }).click();
    await expect(page).toHaveURL(new RegExp(`start=${car.to}`));
    expect(new URL(page.url()).searchParams.get("end")).toBeNull();
    await visitCurrent(page);
  } finally {
    await database.execute({
      sql: "delete from car_blocked_days where car_id = ? and day = ?",
      args: [car.id, blocked],
    });
  }
});
