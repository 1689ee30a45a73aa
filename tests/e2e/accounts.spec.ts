// The account journeys, with JavaScript on (sign-in and sign-up open as a dialog) and off (they are pages).
import type { Page } from "@playwright/test";
import type AuthTexts from "../../app/locales/en/auth.json";
import type CarTexts from "../../app/locales/en/cars.json";
import type CommonTexts from "../../app/locales/en/common.json";
import {
  DEMO_PASSWORD,
  PHONE,
  expect,
  expectAccessible,
  javaScriptOn,
  journeyLanguage,
  linkFromMailbox,
  localeTexts,
  registerConfirmedUser,
  test,
  uniqueEmail,
  visit,
  visitCurrent,
} from "./support";

const PASSWORD = "Žalias!Kalnas7";

async function fillSignUp(
  scope: Page | ReturnType<Page["getByRole"]>,
  fields: { name: string; email: string; password: string },
) {
  await scope.getByLabel("Vardas ir pavardė").fill(fields.name);
  await scope.getByLabel("El. paštas").fill(fields.email);
  await scope.getByLabel("Slaptažodis", { exact: true }).fill(fields.password);
  await scope.getByLabel(/naudojimosi taisyklėmis/).check();
  await scope.getByLabel(/privatumo politika/).check();
}

/** Opens sign-in or sign-up from the header: a dialog with JavaScript, the page without. */
async function openFromHeader(page: Page, name: "Prisijungti" | "Registruotis", js: boolean) {
  await page.getByRole("banner").getByRole("link", { name, exact: true }).click();
  if (js) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    return dialog;
  }
  await expect(page).toHaveURL(name === "Prisijungti" ? /\/auth\/signin/ : /\/auth\/signup/);
  await expectAccessible(page);
  return page.getByRole("main");
}

test("sign-up → e-mailed link → confirm → sign-in → sign-out", async ({ page }, testInfo) => {
  const js = javaScriptOn(testInfo.project.name);
  const email = uniqueEmail("journey");
  await visit(page, "/");

  const signUp = await openFromHeader(page, "Registruotis", js);
  await fillSignUp(signUp, { name: "Gabija Petrauskaitė", email, password: PASSWORD });
  if (js) {
    // The checklist ticks as the password is typed.
    await expect(signUp.getByText("Specialusis simbolis", { exact: false })).toContainText("įvykdyta");
  }
  await signUp.getByRole("button", { name: "Sukurti paskyrą" }).click();
  await expect(page.getByRole("heading", { name: "Patikrinkite el. paštą" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);

  // Signing in before confirming is refused with the spec's message.
  await visit(page, "/auth/signin");
  await page.getByRole("main").getByLabel("El. paštas").fill(email);
  await page.getByRole("main").getByLabel("Slaptažodis").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Prisijungti" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Prieš prisijungdami patvirtinkite" })).toBeVisible();

  const link = await linkFromMailbox(page, email, "/auth/callback");
  const confirmed = page.getByRole("heading", { name: "El. paštas patvirtintas" });
  if (js) {
    // Home by itself after 3 s (a timer the user could stop): the heading is read at once, before an axe run on a busy
    // machine could outlast the timer (the page's accessibility is checked in the project without JavaScript).
    await page.goto(link);
    await expect(confirmed).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  } else {
    await visit(page, link);
    await expect(confirmed).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Pradžia" }).click();
    await expect(page).toHaveURL(/\/$/);
  }

  const signIn = await openFromHeader(page, "Prisijungti", js);
  await signIn.getByLabel("El. paštas").fill(email);
  await signIn.getByLabel("Slaptažodis").fill(PASSWORD);
  await signIn.getByRole("button", { name: "Prisijungti" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Sveiki sugrįžę! Jūs prisijungėte.")).toBeVisible();
  await expect(page.getByRole("banner").getByLabel("Paskyros meniu: Gabija Petrauskaitė")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("banner").getByLabel("Paskyros meniu").click();
  await page.getByRole("banner").getByRole("button", { name: "Atsijungti" }).first().click();
  await expect(page.getByText("Jūs atsijungėte.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Prisijungti", exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("a demo account signs in through the sign-in page and comes back where it started", async ({ page }) => {
  await visit(page, "/favorites", { status: 401 });
  await expect(page.getByRole("heading", { name: "Reikia prisijungti" })).toBeVisible();
  await page.goto("/auth/signin?redirectTo=%2Ffavorites");
  await page.getByRole("main").getByLabel("El. paštas").fill("renter@demo.lt");
  await page.getByRole("main").getByLabel("Slaptažodis").fill(DEMO_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Prisijungti" }).click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Įsiminti automobiliai");
  await expectAccessible(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("signing in from a car page comes back to it, and the welcome leaves Book now free to tap", async ({
    page,
    database,
  }) => {
    const lang = journeyLanguage(test.info().project.name);
    const auth = localeTexts<typeof AuthTexts>("auth")[lang];
    const car = await database.execute(
      `select c.id from cars c join users u on u.id = c.owner_id where u.email = 'host@demo.lt'
        and c.instant_book = 1 and c.status = 'approved' and c.available = 1 and c.deleted_at is null limit 1`,
    );
    const carPath = `/car/${String(car.rows[0]!.id)}`;
    await visit(page, `/auth/signin?${new URLSearchParams({ redirectTo: carPath, lng: lang })}`);
    const form = page.getByRole("main");
    await form.getByLabel(auth.fields.email).fill("renter@demo.lt");
    await form.getByLabel(auth.fields.password, { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: auth.signIn.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${carPath}$`));
    await expect(page.getByText(localeTexts<typeof CommonTexts>("common")[lang].toasts.signedIn)).toBeVisible();
    // The renter verified: the instant book button, brought to the bottom of the screen, where a thumb reaches it.
    const bookNow = page.getByRole("link", { name: localeTexts<typeof CarTexts>("cars")[lang].detail.bookNow });
    await bookNow.evaluate((link) => link.scrollIntoView({ block: "end" }));
    const onTop = await bookNow.evaluate((link) => {
      const box = link.getBoundingClientRect();
      const found = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return link.contains(found) ? "the button" : (found?.outerHTML.slice(0, 200) ?? "nothing");
    });
    expect(onTop, "what a tap on Book now reaches").toBe("the button");
    await visitCurrent(page);
  });
});

// A window event needs JavaScript: the js project only (playwright.config.ts).
test("the auth dialog opens from the openAuthModal window event", { tag: "@js-only" }, async ({ page }) => {
  await visit(page, "/about");
  await page.evaluate(() => window.dispatchEvent(new CustomEvent("openAuthModal", { detail: { mode: "signup" } })));
  await expect(page.getByRole("dialog", { name: "Sukurti paskyrą" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Prisijunkite" }).click();
  await expect(page.getByRole("dialog", { name: "Prisijungti" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent("openAuthModal")));
  await expect(page.getByRole("dialog", { name: "Prisijungti" })).toBeVisible();
});

test("a forgotten password is reset by the e-mailed link", async ({ page }) => {
  const email = uniqueEmail("reset");
  await registerConfirmedUser(page, email);

  await visit(page, "/auth/forgot-password");
  await page.getByRole("main").getByLabel("El. paštas").fill(email);
  await page.getByRole("main").getByRole("button", { name: "Siųsti nuorodą" }).click();
  await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();

  const link = await linkFromMailbox(page, email, "/auth/reset-password");
  await visit(page, link);
  await page.getByLabel("Naujas slaptažodis").fill("Nauja!Slapta9");
  await page.getByLabel("Pakartokite naują slaptažodį").fill("Kitokia!Slapta9");
  await page.getByRole("button", { name: "Išsaugoti naują slaptažodį" }).click();
  await expect(page.getByText("Slaptažodžiai nesutampa.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Naujas slaptažodis").fill("Nauja!Slapta9");
  await page.getByLabel("Pakartokite naują slaptažodį").fill("Nauja!Slapta9");
  await page.getByRole("button", { name: "Išsaugoti naują slaptažodį" }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByText("Jūsų slaptažodis pakeistas.")).toBeVisible();
  await page.getByRole("main").getByLabel("El. paštas").fill(email);
  await page.getByRole("main").getByLabel("Slaptažodis").fill("Nauja!Slapta9");
  await page.getByRole("main").getByRole("button", { name: "Prisijungti" }).click();
  await expect(page.getByText("Sveiki sugrįžę! Jūs prisijungėte.")).toBeVisible();

  // The link worked once.
  await visit(page, link, { status: 400 });
  await expect(page.getByText("Ši nuoroda nebegalioja")).toBeVisible();
});
