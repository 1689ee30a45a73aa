// The shell: languages, theme, menus, 404s and the route table.
import { expect, expectAccessible, signInAs, test, visit } from "./support";

test("Lithuanian by default; ?lng=en switches and is remembered; the toggle switches back", async ({ page }) => {
  await visit(page, "/");
  await expect(page.locator("html")).toHaveAttribute("lang", "lt");
  await expect(page.getByRole("banner").getByRole("link", { name: "Nuoma" })).toBeVisible();

  await visit(page, "/?lng=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await visit(page, "/rentals");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car rentals");

  await page.getByRole("banner").getByRole("link", { name: "Perjungti į lietuvių kalbą" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "lt");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automobilių nuoma");
  await expectAccessible(page);
});

test("a ?lng= choice survives the redirect it meets", async ({ page }) => {
  await signInAs(page, "newbie@demo.lt");
  // /my-listings?create=sale redirects to the wizard; the root, which remembers the language, never runs.
  await visit(page, "/my-listings?lng=en&create=sale");
  await expect(page).toHaveURL(/\/my-listings\/new\?type=sale&lng=en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("dialog", { name: "Create Listing" })).toBeVisible();
});

test("the theme toggle stores the choice and the server renders it", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await visit(page, "/about");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  // With JavaScript the page switches at once (optimistic); the cookie is stored when the POST answers.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/resources/theme") && r.request().method() === "POST"),
    page.getByRole("banner").getByRole("button", { name: "Įjungti tamsią temą" }).first().click(),
  ]);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page).toHaveURL(/\/about$/);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expectAccessible(page);
  await page.getByRole("banner").getByRole("button", { name: "Įjungti šviesią temą" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("on a phone the menu opens (a <details>, so without JavaScript too) and leads on", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await visit(page, "/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Nuoma" })).toBeHidden();
  await page.getByRole("banner").getByLabel("Meniu").click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Nuoma" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("banner").getByRole("link", { name: "Pardavimas" }).click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automobilių pardavimas");
});

test("unknown cars, profiles and pages are 404s inside the layout", async ({ page }) => {
  await visit(page, "/car/00000000-0000-0000-0000-000000000000", { status: 404 });
  await expect(page.getByRole("heading", { name: "Automobilis nerastas" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await page.getByRole("link", { name: "Naršyti visus automobilius" }).click();
  await expect(page).toHaveURL(/\/cars$/);

  await visit(page, "/profile/nobody", { status: 404 });
  await expect(page.getByRole("heading", { name: "Profilis nerastas" })).toBeVisible();
  await visit(page, "/no/such/page", { status: 404 });
  await expect(page.getByRole("heading", { name: "Puslapis nerastas" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("/admin: guests are asked to sign in, other users get Access Denied, admins get in", async ({ page }) => {
  await visit(page, "/admin", { status: 401 });
  await expect(page.getByRole("heading", { name: "Reikia prisijungti" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Prisijungti" })).toBeVisible();

  await signInAs(page, "renter@demo.lt");
  await visit(page, "/admin", { status: 403 });
  await expect(page.getByRole("heading", { name: "Prieiga uždrausta" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Administravimas" })).toHaveCount(0);

  await signInAs(page, "admin@demo.lt");
  await visit(page, "/admin", { status: 200 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Administravimas");
});

// Checked once, in the js project (playwright.config.ts).
test("the user menu shows each role its entries", { tag: "@js-only" }, async ({ page }) => {
  await signInAs(page, "host@demo.lt");
  await visit(page, "/");
  await page.getByRole("banner").getByLabel("Paskyros meniu").click();
  const menu = page.getByRole("banner").locator("details[open]");
  for (const entry of [
    "Apžvalga",
    "Profilis",
    "Mano skelbimai",
    "Įsiminti",
    "Žinutės",
    "Užsakymai",
    "Savininko skydelis",
  ]) {
    await expect(menu.getByRole("link", { name: entry, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Administravimas" })).toHaveCount(0);
  await expectAccessible(page);
});

// Every route of the spec's table (part 1 §2 and part 2) answers below 500, for a guest and a signed-in user.
const ROUTES = [
  "/",
  "/rentals",
  "/sales",
  "/cars",
  "/cars?search=BMW",
  "/car/00000000-0000-0000-0000-000000000000",
  "/auth/callback",
  "/auth/callback?token=nonsense-token-aaaaaaaaaaaa",
  "/auth/signin",
  "/auth/signup",
  "/auth/forgot-password",
  "/auth/resend-confirmation",
  "/profile",
  "/profile/nobody",
  "/messages",
  "/notifications",
  "/my-listings",
  "/my-listings?create=sale",
  "/my-listings?create=rental",
  "/favorites",
  "/bookings",
  "/dashboard",
  "/host-dashboard",
  "/admin",
  "/booking-success",
  "/booking-cancelled",
  "/pricing/00000000-0000-0000-0000-000000000000",
  "/account/password",
  "/dev/mailbox",
];
/** The rest of the table: a guest's visit to each, with axe, is information.spec.ts's first journey. */
const INFORMATION_PAGES = [
  "/about",
  "/contact",
  "/faq",
  "/help",
  "/terms",
  "/privacy",
  "/cookies",
  "/career",
  "/news",
  "/disclaimer",
];

/**
 * The walks in parts of at most this many routes, each a test of its own: the two workers share a walk, and none is
 * a minute-and-a-half test that, started last, would keep the run going alone (the host's whole walk took 101 s).
 */
const ROUTES_PER_TEST = 10;

for (const who of ["a guest", "a signed-in host"] as const) {
  const routes = who === "a guest" ? ROUTES : [...ROUTES, ...INFORMATION_PAGES];
  for (let first = 0; first < routes.length; first += ROUTES_PER_TEST) {
    const part = routes.slice(first, first + ROUTES_PER_TEST);
    // One pass is enough (the js project); the no-JS journeys visit the pages too.
    test(
      `every route of the spec's table answers below 500 for ${who}, and passes axe: ${part[0]} … ${part.at(-1)}`,
      { tag: "@js-only" },
      async ({ page }) => {
        test.setTimeout(300_000);
        if (who === "a signed-in host") await signInAs(page, "host@demo.lt");
        for (const route of part) await visit(page, route);
      },
    );
  }
}

test(
  "a page's scripts are requested only after its first paint and its first screen's photo, then hydrate it",
  { tag: "@js-only" },
  async ({ page, database }) => {
    // A car page whose first screen has a photo (the seed's cars have them; other journeys add cars without).
    const withPhotos = await database.execute(
      `select cars.id from cars join car_images on car_images.car_id = cars.id
       where cars.status = 'approved' order by cars.created_at limit 1`,
    );
    await page.goto(`/car/${String(withPhotos.rows[0]!.id)}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const timing = await page.evaluate(() => {
      const photo = document.querySelector<HTMLImageElement>("img[fetchpriority=high]");
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        photo: resources.find((entry) => entry.name === photo?.currentSrc)?.responseEnd ?? null,
        scripts: resources.filter((entry) => /\/assets\/.+\.js$/.test(entry.name)).map((entry) => entry.startTime),
      };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.photo).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(3);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(Math.max(timing.paint!, timing.photo!));
  },
);
