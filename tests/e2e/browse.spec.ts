// Browsing, with JavaScript on and off: filter the listings, open a car, favourite it, find it on /favorites; the
// header's search; saving a search.
import {
  expect,
  expectAccessible,
  javaScriptOn,
  registerAndSignIn,
  signInAs,
  test,
  visit,
  waitForHydration,
} from "./support";

test("filter the rentals → open a car → favourite it → see it on /favorites", async ({ page }, testInfo) => {
  const js = javaScriptOn(testInfo.project.name);
  await signInAs(page, "renter@demo.lt");
  await visit(page, "/rentals");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automobilių nuoma");

  // The filter panel is a <details>: it opens without JavaScript too.
  await page.getByText("Filtrai", { exact: true }).click();
  await page.getByLabel("Kuro tipas").selectOption("electric");
  await page.getByRole("group", { name: "Galia" }).getByLabel("Galia nuo").fill("150");
  await page.getByRole("group", { name: "Galia" }).getByLabel("kW").check();
  await page.getByRole("button", { name: "Ieškoti", exact: true }).last().click();
  await expect(page).toHaveURL(/fuelType=electric/);
  await expect(page).toHaveURL(/powerUnit=kw/);
  await waitForHydration(page);
  await expectAccessible(page);
  // 150 kW ≈ 201 hp: the hint says so, and every card is electric.
  await expect(page.getByText("≈ 201–… AG")).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let i = 0; i < count; i++) await expect(cards.nth(i).getByText("Elektra", { exact: true })).toBeVisible();

  // Sort by price: with JavaScript on change, without by the button.
  await page.getByLabel("Rikiuoti").selectOption("price_asc");
  if (!js) await page.getByRole("button", { name: "Rikiuoti" }).click();
  await expect(page).toHaveURL(/sort=price_asc/);

  const first = cards.first();
  const title = (await first.getByRole("heading", { level: 3 }).innerText()).replace(/\s+/g, " ").trim();
  await first.getByRole("link", { name: "Peržiūrėti" }).click();
  await expect(page).toHaveURL(/\/car\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await waitForHydration(page);
  await expectAccessible(page);
  // Each section of the car page is a region named by its heading (a screen reader's landmark list).
  for (const name of ["Techniniai duomenys", "Įranga", "Aprašymas", "Užimtumas"]) {
    await expect(page.getByRole("region", { name, exact: true })).toBeVisible();
  }

  const heart = page.getByRole("button", { name: /^Įsiminti / });
  if (await heart.count()) {
    // The heart turns at once (with JavaScript, before the answer): wait for the server's answer before leaving,
    // since a page.goto would cancel a request still under way.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && /^\/favorites(\.data)?$/.test(new URL(response.url()).pathname),
    );
    await heart.click();
    await expect(page.getByRole("button", { name: /^Pašalinti .* iš įsimintų/ })).toBeVisible();
    expect((await saved).status()).toBeLessThan(400);
  }
  await visit(page, "/favorites");
  await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
});

test("the header search drops down matches with JavaScript and is a plain search without", async ({
  page,
}, testInfo) => {
  const js = javaScriptOn(testInfo.project.name);
  await visit(page, "/about");
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Ieškoti automobilių" });
  if (js) {
    await box.fill("t");
    await expect(page.getByText("Paieškos frazę turi sudaryti bent 2 simboliai")).toBeVisible();
    await box.fill("tesla");
    const results = page.getByRole("list", { name: "Rasti automobiliai" }).getByRole("link");
    await expect(results.first()).toContainText("Tesla");
    // At most five cars, and the link to all results.
    expect(await results.count()).toBeLessThanOrEqual(6);
    await expect(results.last()).toHaveText("Visi rezultatai: „tesla“");
    await expectAccessible(page);
    await box.press("ArrowDown");
    await expect(results.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(results.first()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/car\//);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Tesla");
  } else {
    await box.fill("tesla");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/cars\?search=tesla/);
    await expect(page.getByRole("main").getByRole("article").first()).toContainText("Tesla");
    await expectAccessible(page);
  }
});

test("the listing page refuses a one-letter search next to its box, as the header does, in both languages", async ({
  page,
}) => {
  await visit(page, "/cars?search=x&fuelType=electric");
  const box = page.getByRole("main").getByRole("searchbox", { name: "Ieškoti automobilių" });
  // What was typed stays, the message is next to the box, and no list pretends the search was made.
  await expect(box).toHaveValue("x");
  await expect(box).toHaveAccessibleDescription("Paieškos frazę turi sudaryti bent 2 simboliai");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  await page.getByRole("link", { name: "Išvalyti paiešką" }).click();
  await expect(page).toHaveURL(/\/cars\?fuelType=electric$/);
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();

  await visit(page, "/cars?search=x&lng=en");
  await expect(page.getByRole("main").getByRole("searchbox", { name: "Search cars" })).toHaveAccessibleDescription(
    "Search term must be at least 2 characters long",
  );
  await expect(page.getByRole("heading", { name: "Type a little more" })).toBeVisible();
});

test("a signed-in user saves a search and finds it on /favorites", async ({ page }) => {
  // Its own account: the two projects run at once and must not share saved searches.
  await registerAndSignIn(page);
  await visit(page, "/sales?category=suv&fuelType=diesel");
  await page.getByRole("button", { name: "Išsaugoti paiešką" }).click();
  await expect(page.getByText("Paieška išsaugota.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Paieška išsaugota" })).toBeVisible();
  await visit(page, "/favorites");
  const saved = page.getByRole("link", { name: /Automobilių pardavimas · Visureigiai · Dyzelinas/ });
  await expect(saved).toBeVisible();
  await saved.click();
  await expect(page).toHaveURL(/\/sales\?category=suv&fuelType=diesel/);
  await visit(page, "/favorites");
  await page.getByRole("button", { name: "Ištrinti" }).first().click();
  await expect(page.getByText("Išsaugota paieška ištrinta.")).toBeVisible();
});

test("guests see prices and register buttons, not hearts; car pages answer 404 for unknown cars", async ({ page }) => {
  await visit(page, "/");
  await expect(page.getByRole("heading", { name: "Rekomenduojama nuoma" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Nuomos kategorijos" })
    .getByRole("link", { name: "Elektromobiliai" })
    .click();
  await expect(page).toHaveURL(/category=electric/);
  await expect(page.getByRole("link", { name: "Elektromobiliai" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: /^Įsiminti / })).toHaveCount(0);
  await visit(page, "/rentals");
  await expect(
    page.getByRole("main").getByRole("article").first().getByRole("link", { name: "Registruotis" }),
  ).toBeVisible();
});

test("a heart tapped on a car hidden meanwhile says why nothing changed", async ({ page, database }) => {
  const id = crypto.randomUUID();
  try {
    const owner = await database.execute("select id from users where email = 'host@demo.lt'");
    const now = Date.now();
    await database.execute({
      sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
              listing_type, daily_price, status, submitted_at, approved_at, created_at, updated_at)
            values (?, ?, 'Lada', 'Vesta', 2020, 60000, 'Vilnius', 'suv', 'petrol', 'manual', 'rental', 3000,
              'approved', ?, ?, ?, ?)`,
      args: [id, String(owner.rows[0]!.id), now, now, now, now],
    });
    await signInAs(page, "renter@demo.lt");
    await visit(page, `/car/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lada Vesta 2020");
    // The owner takes the car off the market while the renter reads its page.
    await database.execute({ sql: "update cars set available = 0 where id = ?", args: [id] });
    await page.getByRole("button", { name: /^Įsiminti / }).click();
    await expect(page.getByText("Ieškomo automobilio nėra arba jis nebepasiekiamas.").first()).toBeVisible();
    await expectAccessible(page);
    const saved = await database.execute({ sql: "select count(*) as n from favorites where car_id = ?", args: [id] });
    expect(Number(saved.rows[0]!.n)).toBe(0);
  } finally {
    await database.execute({ sql: "delete from cars where id = ?", args: [id] });
  }
});
