// The booking dialog's money and insurance in the page's language, with JavaScript on and off: a week at the weekly
// price costs exactly the weekly price (not seven spread-out days), the packages read in Lithuanian (and in English
// after switching), and "No additional insurance" is offered once. The charge itself is the integration tests' part.
import type { Client } from "@libsql/client";
import type { Locator } from "@playwright/test";
import { expect, freeCarInLane, registerAndSignIn, test, visit } from "./support";

/** A demo car with a weekly price and seven days of this journey's lane (support.ts) that nobody holds. */
async function weeklyCarAndWeek(database: Client) {
  const cars = await database.execute(`
    select id, weekly_price from cars
    where status = 'approved' and available = 1 and listing_type <> 'sale' and driver_only = 0
      and daily_price is not null and weekly_price is not null and min_rental_days <= 7 and max_rental_days >= 7
      and minimum_rental_hours <= 24
    order by created_at, id`);
  const { car, start, end } = await freeCarInLane(database, cars.rows, 3, 7);
  return { id: String(car.id), weeklyPrice: Number(car.weekly_price), start, end };
}

/** Money as the breakdown writes it, whatever space Intl puts between the digits and the sign. */
function money(cents: number, locale: string) {
  const text = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: 2 }).format(
    cents / 100,
  );
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/[\s\u00a0\u202f]/g, "[\\s\\u00a0\\u202f]?");
}

async function expectWeekAtWeeklyPrice(breakdown: Locator, unit: string, price: string) {
  // "1 savaitė × 350,00 €" and its amount, 350,00 €: not 7 × 50,00 € rounded up.
  const line = breakdown.locator("div").filter({ has: breakdown.page().locator("dt", { hasText: unit }) });
  await expect(line.locator("dt")).toHaveText(new RegExp(`^1 ${unit} × ${price}$`));
  await expect(line.locator("dd")).toHaveText(new RegExp(`^${price}$`));
}

test("a week at the weekly price costs the weekly price; packages in the page's language, one 'no insurance'", async ({
  page,
  database,
}) => {
  const car = await weeklyCarAndWeek(database);
  await registerAndSignIn(page);
  const query = new URLSearchParams({
    start: car.start,
    end: car.end,
    period: "weekly",
    insurance: "none",
    dateOfBirth: "1990-04-15",
  });

  await visit(page, `/car/${car.id}/book?${query}`);
  const dialog = page.getByRole("dialog");
  const insurance = dialog.getByRole("group", { name: "Draudimas" });
  await expect(insurance.getByRole("radio")).toHaveCount(4);
  await expect(insurance.getByRole("radio", { name: "Be papildomo draudimo" })).toHaveCount(1);
  await expect(insurance.getByRole("radio", { name: "Bazinė apsauga" })).toBeVisible();
  await expect(insurance.getByRole("radio", { name: "Standartinė apsauga" })).toBeVisible();
  await expect(insurance.getByText("Nuomojamo automobilio susidūrimo žala").first()).toBeAttached();
  await expect(insurance.getByText("0,5 % automobilio vertės")).toBeVisible();
  await expect(insurance.getByText(/No additional insurance|Collision damage/)).toHaveCount(0);
  const breakdown = dialog.locator("aside dl").first();
  await expectWeekAtWeeklyPrice(breakdown, "savaitė", money(car.weeklyPrice, "lt-LT"));
  await expect(breakdown.getByText("Platformos mokestis (2 %)")).toBeVisible();

  await visit(page, `/car/${car.id}/book?${query}&lng=en`);
  const english = page.getByRole("dialog").getByRole("group", { name: "Insurance" });
  await expect(english.getByRole("radio", { name: "No additional insurance" })).toHaveCount(1);
  await expect(english.getByRole("radio", { name: "Basic Protection" })).toBeVisible();
  await expect(english.getByText("0.5% of the car's value")).toBeVisible();
  await expectWeekAtWeeklyPrice(
    page.getByRole("dialog").locator("aside dl").first(),
    "week",
    money(car.weeklyPrice, "en-GB"),
  );

  // The summary before paying says the same.
  await page.getByRole("dialog").getByRole("button", { name: "Review booking" }).click();
  await expect(page.getByRole("heading", { name: "Booking details" })).toBeVisible();
  await expectWeekAtWeeklyPrice(
    page.getByRole("dialog").locator("aside dl").first(),
    "week",
    money(car.weeklyPrice, "en-GB"),
  );
});
