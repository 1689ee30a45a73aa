// The dashboards with JavaScript on and off: the demo host reads the figures and changes the period (links with
// ?period=, the chart with its table); a new person sees the renter panel and the host panel's empty state; the demo
// renter's completed trip opens its review. Nothing here writes to the demo data (the other journeys share it).
import type { Page } from "@playwright/test";
import { expect, registerAndSignIn, signInAs, test, visit, visitCurrent } from "./support";

/** The figure named `label` in the page's description lists: its value. */
const figure = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd")
    .first();

test("a guest is asked to sign in on both dashboards", async ({ page }) => {
  for (const url of ["/dashboard", "/host-dashboard"]) {
    await visit(page, url, { status: 401 });
    await expect(page.getByRole("heading", { name: "Reikia prisijungti" })).toBeVisible();
  }
});

test("the demo host reads the figures and changes the period", async ({ page }) => {
  await signInAs(page, "host@demo.lt");
  await visit(page, "/host-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Savininko skydelis" })).toBeVisible();
  const switcher = page.getByRole("navigation", { name: "Skydelio rodinys" });
  await expect(switcher.getByRole("link", { name: "Savininko skydelis" })).toHaveAttribute("aria-current", "page");
  const periods = page.getByRole("navigation", { name: "Laikotarpis" });
  await expect(periods.getByRole("link", { name: "30 dienų" })).toHaveAttribute("aria-current", "page");

  // The four cards, each with a value: money in euros, percentages or N/A.
  for (const label of ["Visos pajamos", "Šį mėnesį", "Vidutinė užsakymo vertė"]) {
    await expect(figure(page, label)).toHaveText(/^(\d[\d\s]*\s€|N\/D)$/);
  }
  await expect(figure(page, "Užimtumas")).toHaveText(/^(\d{1,3}\s%|N\/D)$/);
  await expect(page.getByText(/^Konversija: (\d{1,3}\s%|N\/D)$/)).toBeVisible();
  // Revenue in the performance overview is the same figure as total earnings.
  const total = await figure(page, "Visos pajamos").textContent();
  await expect(figure(page, "Pajamos")).toHaveText(total!);
  // The demo host has reviews: a rating, not N/A.
  await expect(figure(page, "Įvertinimas")).toHaveText(/^★ \d(,\d)?$/);

  // The chart is an SVG the server drew, named, with its figures in a table: a row a day for 30 days.
  const chart = page.getByRole("img", { name: "Užbaigtų užsakymų pajamos pagal dienas" });
  await expect(chart).toBeVisible();
  await page.getByText("Rodyti skaičius lentelėje").click();
  const rows = page
    .getByRole("table", { name: "Užbaigtų užsakymų pajamos pagal dienas", includeHidden: true })
    .locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  await expect(rows).toHaveCount(30);

  await expect(
    page.getByRole("region", { name: /Naujausi užsakymai/ }).getByRole("link", { name: "Žiūrėti visus" }),
  ).toHaveAttribute("href", "/bookings?role=host");
  await expect(page.getByRole("link", { name: /Atsakyti į užklausas/ })).toHaveAttribute(
    "href",
    "/bookings?role=host&tab=pending",
  );
  await expect(page.getByRole("link", { name: /Pridėti naują automobilį/ })).toHaveAttribute(
    "href",
    "/my-listings?create=rental",
  );

  // 7 days: the address says so, the bars are days.
  await periods.getByRole("link", { name: "7 dienos" }).click();
  await expect(page).toHaveURL(/\/host-dashboard\?period=7d$/);
  await expect(periods.getByRole("link", { name: "7 dienos" })).toHaveAttribute("aria-current", "page");
  await visitCurrent(page);
  await expect(rows).toHaveCount(7);

  // 90 days: calendar weeks (13 or 14 of them, the first and last clipped).
  await periods.getByRole("link", { name: "90 dienų" }).click();
  await expect(page).toHaveURL(/period=90d$/);
  await expect(periods.getByRole("link", { name: "90 dienų" })).toHaveAttribute("aria-current", "page");
  const weeks = page
    .getByRole("table", { name: "Užbaigtų užsakymų pajamos pagal savaites", includeHidden: true })
    .locator("tbody tr");
  await expect(weeks.first()).toBeAttached();
  expect([13, 14]).toContain(await weeks.count());

  // A made-up period is the default, not an error.
  await visit(page, "/host-dashboard?period=forever");
  await expect(periods.getByRole("link", { name: "30 dienų" })).toHaveAttribute("aria-current", "page");
});

test("a new person sees the renter panel and the host panel's call to list a car", async ({ page }) => {
  await registerAndSignIn(page);
  await visit(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Sveiki sugrįžę, Testas Testaitis" })).toBeVisible();
  await expect(figure(page, "Iš viso užsakymų")).toHaveText("0");
  await expect(figure(page, "Įsiminti automobiliai")).toHaveText("0");
  await expect(page.getByText("Artėjančių kelionių nėra")).toBeVisible();
  await expect(page.getByText("Pranešimų dar nėra")).toBeVisible();
  // Without favourites or searches: the six newest cars.
  await expect(page.getByRole("region", { name: "Rekomenduojame jums" }).getByRole("article")).toHaveCount(6);

  await page
    .getByRole("navigation", { name: "Skydelio rodinys" })
    .getByRole("link", { name: "Savininko skydelis" })
    .click();
  await expect(page).toHaveURL(/\/host-dashboard$/);
  await expect(page.getByRole("heading", { name: "Dar nepaskelbėte nė vieno automobilio" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Paskelbti automobilį" })).toHaveAttribute(
    "href",
    "/my-listings?create=rental",
  );
  await visitCurrent(page);

  // An empty status tab names its status; "nobody has booked your cars" is for the whole list only.
  await visit(page, "/bookings?role=host&tab=confirmed");
  await expect(page.getByText("Patvirtintų užsakymų nėra.")).toBeVisible();
  await visit(page, "/bookings?role=host");
  await expect(page.getByText("Jūsų automobilių kol kas niekas neužsakė.")).toBeVisible();
});

test("the demo renter's completed trip opens its review", async ({ page }) => {
  await signInAs(page, "renter@demo.lt");
  await visit(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Sveiki sugrįžę, Greta Stankevičiūtė" })).toBeVisible();
  const activity = page.getByRole("region", { name: "Naujausia veikla" });
  await expect(activity.getByRole("listitem")).toHaveCount(3);
  const review = activity.getByRole("link", { name: /^Palikti atsiliepimą: / }).first();
  await expect(review).toHaveAttribute("href", /^\/bookings\/[0-9a-f-]+\/review$/);
  await review.click();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]+\/review$/);
  await expect(page.getByRole("heading", { name: "Įvertinkite savininką ir automobilį" })).toBeVisible();
  await visitCurrent(page);
});
