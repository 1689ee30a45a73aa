// For each form: bad input shows the message at the field, keeps what was typed, is never a server error, and
// writes nothing. With JavaScript the browser checks first; without, the server does — both are exercised.
import type { Locator, Page } from "@playwright/test";
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  javaScriptOn,
  registerConfirmedUser,
  test,
  uniqueEmail,
  visit,
} from "./support";

/**
 * Clicks submit. When the browser posts (always without JavaScript; with it, once the browser's own checks pass),
 * waits for the answer and asserts it is not a server error. Returns that response, or null when nothing was posted.
 */
async function submit(page: Page, button: Locator, posts: boolean) {
  if (!posts) {
    await button.click();
    return null;
  }
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), button.click()]);
  await page.waitForLoadState("domcontentloaded");
  expect(response.status(), response.url()).toBeLessThan(500);
  return response;
}

async function mailboxHasMailTo(page: Page, email: string) {
  await page.goto("/dev/mailbox");
  return (await page.getByTestId("mail-to").getByText(email, { exact: true }).count()) > 0;
}

test("sign-up refuses bad input at the fields and creates nothing", async ({ page }, testInfo) => {
  const js = javaScriptOn(testInfo.project.name);
  const email = `not-an-email-${Date.now()}`;
  await visit(page, "/auth/signup");
  const form = page.getByRole("main");
  await form.getByLabel("Vardas ir pavardė").fill("A");
  await form.getByLabel("El. paštas").fill(email);
  await form.getByLabel("Slaptažodis", { exact: true }).fill("short");
  await submit(page, form.getByRole("button", { name: "Sukurti paskyrą" }), !js);

  await expect(form.getByText("Įveskite teisingą vardą (2–100 simbolių, tik raidės).", { exact: true })).toBeVisible();
  await expect(form.getByText("Įveskite teisingą el. pašto adresą.", { exact: true })).toBeVisible();
  await expect(form.getByText("Slaptažodį turi sudaryti bent 8 simboliai.", { exact: true })).toBeVisible();
  await expect(form.getByText("Turite sutikti su naudojimosi taisyklėmis.", { exact: true })).toBeVisible();
  if (!js) {
    // The server's answer has the summary linked to the fields.
    await expect(page.getByRole("alert").filter({ hasText: "Yra klaidų" })).toBeVisible();
  }
  await expect(form.getByLabel("El. paštas")).toHaveValue(email);
  await expect(form.getByLabel("Vardas ir pavardė")).toHaveValue("A");
  await expect(form.getByLabel("Slaptažodis", { exact: true })).toHaveValue(js ? "short" : "");
  await expectAccessible(page);
  expect(await mailboxHasMailTo(page, email)).toBe(false);
});

test("sign-up refuses a registered address with the spec's message", async ({ page }, testInfo) => {
  await visit(page, "/auth/signup");
  const form = page.getByRole("main");
  await form.getByLabel("Vardas ir pavardė").fill("Jonas Jonaitis");
  await form.getByLabel("El. paštas").fill("renter@demo.lt");
  await form.getByLabel("Slaptažodis", { exact: true }).fill("Žalias!Kalnas7");
  await form.getByLabel(/naudojimosi taisyklėmis/).check();
  await form.getByLabel(/privatumo politika/).check();
  const response = await submit(page, form.getByRole("button", { name: "Sukurti paskyrą" }), true);
  if (!javaScriptOn(testInfo.project.name)) expect(response?.status()).toBe(400);
  await expect(
    form.getByText("Šis el. pašto adresas jau užregistruotas. Prisijunkite arba naudokite kitą el. pašto adresą.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(form.getByLabel("Vardas ir pavardė")).toHaveValue("Jonas Jonaitis");
  expect(await mailboxHasMailTo(page, "renter@demo.lt")).toBe(false);
});

test("a company sign-up needs a valid company number", async ({ page }, testInfo) => {
  await visit(page, "/auth/signup");
  const form = page.getByRole("main");
  await form.getByLabel("Įmonė", { exact: true }).check();
  await form.getByLabel("Įmonės pavadinimas (kaip registre)").fill("UAB Šiaurės Ratai");
  await form.getByLabel("Įmonės kodas").fill("12345678901");
  await form
    .getByLabel(javaScriptOn(testInfo.project.name) ? "Kontaktinis asmuo" : "Vardas ir pavardė")
    .fill("Petras Petraitis");
  const email = uniqueEmail("company");
  await form.getByLabel("El. paštas").fill(email);
  await form.getByLabel("Slaptažodis", { exact: true }).fill("Žalias!Kalnas7");
  await form.getByLabel(/naudojimosi taisyklėmis/).check();
  await form.getByLabel(/privatumo politika/).check();
  await submit(page, form.getByRole("button", { name: "Sukurti paskyrą" }), !javaScriptOn(testInfo.project.name));
  await expect(form.getByText("Įveskite teisingą įmonės kodą", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Įmonės pavadinimas (kaip registre)")).toHaveValue("UAB Šiaurės Ratai");
  expect(await mailboxHasMailTo(page, email)).toBe(false);
});

test("sign-in refuses a wrong password and bad input", async ({ page }, testInfo) => {
  await visit(page, "/auth/signin");
  const form = page.getByRole("main");
  await form.getByLabel("El. paštas").fill("renter@demo.lt");
  await form.getByLabel("Slaptažodis").fill("Wrong!pass1");
  const response = await submit(page, form.getByRole("button", { name: "Prisijungti" }), true);
  if (!javaScriptOn(testInfo.project.name)) expect(response?.status()).toBe(401);
  await expect(page.getByRole("alert").filter({ hasText: "Neteisingas el. paštas arba slaptažodis." })).toBeVisible();
  await expect(form.getByLabel("El. paštas")).toHaveValue("renter@demo.lt");
  // The server never sends a password back; with JavaScript the field simply keeps what was typed.
  if (!javaScriptOn(testInfo.project.name)) await expect(form.getByLabel("Slaptažodis")).toHaveValue("");

  await form.getByLabel("El. paštas").fill("renter");
  await form.getByLabel("Slaptažodis").fill("short");
  await submit(page, form.getByRole("button", { name: "Prisijungti" }), !javaScriptOn(testInfo.project.name));
  await expect(form.getByText("Įveskite teisingą el. pašto adresą.", { exact: true })).toBeVisible();
  await expect(form.getByText("Slaptažodį turi sudaryti bent 8 simboliai.", { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("a public form loads its browser check on first focus, not with the page, then checks before posting @js-only", async ({
  page,
}) => {
  const assets: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/assets/")) assets.push(new URL(request.url()).pathname);
    if (request.method() === "POST") posts.push(request.url());
  });
  await visit(page, "/auth/signin");
  // The check and zod (its schemas chunk) are not part of the page's first load.
  const checkChunks = /\/assets\/(auth-checks|schemas)-[\w-]+\.js$/;
  expect(assets.filter((path) => checkChunks.test(path))).toEqual([]);

  const form = page.getByRole("main");
  const loaded = Promise.all([
    page.waitForResponse((response) => /\/assets\/auth-checks-[\w-]+\.js$/.test(response.url())),
    page.waitForResponse((response) => /\/assets\/schemas-[\w-]+\.js$/.test(response.url())),
  ]);
  await form.getByLabel("El. paštas").focus();
  await loaded;
  // The import resolves, then React renders the form with its check: two frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  await form.getByLabel("El. paštas").fill("renter");
  await form.getByLabel("Slaptažodis").fill("short");
  await form.getByRole("button", { name: "Prisijungti" }).click();
  await expect(form.getByText("Įveskite teisingą el. pašto adresą.", { exact: true })).toBeVisible();
  await expect(form.getByText("Slaptažodį turi sudaryti bent 8 simboliai.", { exact: true })).toBeVisible();
  expect(posts, "checked in the browser, nothing posted").toEqual([]);
});

test("sign-in stops after 5 attempts for 5 minutes", async ({ page }) => {
  // An account of its own: failed attempts now also delay the account from every address, so guessing at a demo
  // account would hold up the other journeys that sign in as it.
  const email = uniqueEmail("throttled");
  await registerConfirmedUser(page, email, "Žalias!Kalnas7");
  await visit(page, "/auth/signin");
  const form = page.getByRole("main");
  for (let attempt = 0; attempt < 6; attempt++) {
    await form.getByLabel("El. paštas").fill(email);
    await form.getByLabel("Slaptažodis").fill(attempt < 5 ? "Wrong!pass1" : "Žalias!Kalnas7");
    await submit(page, form.getByRole("button", { name: "Prisijungti" }), true);
  }
  await expect(page.getByRole("alert").filter({ hasText: "Per daug bandymų prisijungti." })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin/);
});

test("the e-mail link forms refuse a bad address", async ({ page }, testInfo) => {
  for (const [path, button] of [
    ["/auth/forgot-password", "Siųsti nuorodą"],
    ["/auth/resend-confirmation", "Siųsti nuorodą"],
  ] as const) {
    await visit(page, path);
    const form = page.getByRole("main");
    await form.getByLabel("El. paštas").fill("nobody@nowhere");
    await submit(page, form.getByRole("button", { name: button }), !javaScriptOn(testInfo.project.name));
    await expect(form.getByText("Įveskite teisingą el. pašto adresą.", { exact: true })).toBeVisible();
    await expect(form.getByLabel("El. paštas")).toHaveValue("nobody@nowhere");
  }
});

test("a reset link that does not exist says so instead of showing the form", async ({ page }) => {
  await visit(page, "/auth/reset-password?token=made-up-token-aaaaaaaaaaaaaaaaaaa", { status: 400 });
  await expect(page.getByText("Ši nuoroda nebegalioja arba jau buvo panaudota.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Paprašyti naujos nuorodos" })).toBeVisible();
});

test("changing the password refuses a wrong current password", async ({ page }) => {
  await page.goto("/auth/signin?redirectTo=%2Faccount%2Fpassword");
  await page.getByRole("main").getByLabel("El. paštas").fill("company@demo.lt");
  await page.getByRole("main").getByLabel("Slaptažodis").fill(DEMO_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Prisijungti" }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expectAccessible(page);
  const form = page.getByRole("main");
  await form.getByLabel("Dabartinis slaptažodis").fill("Wrong!pass1");
  await form.getByLabel("Naujas slaptažodis").fill("Nauja!Slapta9");
  await form.getByLabel("Pakartokite naują slaptažodį").fill("Nauja!Slapta9");
  await submit(page, form.getByRole("button", { name: "Keisti slaptažodį" }), true);
  await expect(form.getByText("Dabartinis slaptažodis neteisingas.", { exact: true })).toBeVisible();
  // Nothing changed: the demo password still signs in.
  const response = await page.request.post("/auth/signin", {
    form: { email: "company@demo.lt", password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
});
