// The information pages: each one in both languages (and axe), the contact form with and without JavaScript, the
// FAQ's search as a plain GET form, cookie preferences saved and honoured, and the newsletter's double opt-in
// through the local mailbox.
import { expect, javaScriptOn, linkFromMailbox, test, uniqueEmail, visit } from "./support";

const PAGES = [
  ["/about", "Apie mus", "About us"],
  ["/contact", "Susisiekite", "Contact us"],
  ["/faq", "Dažniausiai užduodami klausimai", "Frequently asked questions"],
  ["/help", "Pagalbos centras", "Help centre"],
  ["/terms", "Naudojimosi taisyklės", "Terms of Service"],
  ["/privacy", "Privatumo politika", "Privacy Policy"],
  ["/cookies", "Slapukų politika", "Cookie Policy"],
  ["/career", "Karjera", "Careers"],
  ["/news", "Naujienos", "News"],
  ["/disclaimer", "Atsakomybės apribojimas", "Disclaimer"],
] as const;

test(
  "every information page reads in Lithuanian and English, and passes axe",
  { tag: "@js-only" },
  async ({ page }) => {
    test.setTimeout(300_000);
    for (const [path, lithuanian] of PAGES) {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lithuanian);
    }
    await visit(page, "/about?lng=en");
    for (const [path, , english] of PAGES) {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(english);
    }
    // The footer's GDPR link lands on the privacy policy's GDPR section.
    await page.getByRole("contentinfo").getByRole("link", { name: "GDPR and your data" }).click();
    await expect(page).toHaveURL(/\/privacy#gdpr$/);
    await expect(page.getByRole("heading", { name: "6. Your rights under the GDPR" })).toBeInViewport();
  },
);

test("a visitor sends the contact form; bad input is explained next to the fields", async ({ page, database }) => {
  const js = javaScriptOn(test.info().project.name);
  const subject = `Klausimas apie užstatą ${Date.now().toString(36)}-${test.info().project.name}`;
  await visit(page, "/contact");
  const form = page.getByRole("main").locator("form#contact");
  await form.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(form.getByText("Įveskite savo vardą.")).toBeVisible();
  await expect(form.getByText("Parašykite žinutę.")).toBeVisible();

  await form.getByLabel("Kreipimosi tipas").selectOption("support");
  await form.getByLabel("Vardas").fill("Rūta Žemaitė");
  await form.getByLabel("El. paštas").fill("ruta@");
  await form.getByLabel("Tema", { exact: true }).fill(subject);
  await form.getByLabel("Žinutė").fill("Kada grąžinsite užstatą už praėjusią savaitę?");
  await form.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(form.getByText("Įveskite teisingą el. pašto adresą.")).toBeVisible();
  // What was typed is kept.
  await expect(form.getByLabel("Tema", { exact: true })).toHaveValue(subject);
  const before = await database.execute({ sql: "select id from contact_messages where subject = ?", args: [subject] });
  expect(before.rows).toHaveLength(0);

  await form.getByLabel("El. paštas").fill("ruta.zemaite@example.lt");
  await form.getByRole("button", { name: "Siųsti žinutę" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Žinutė išsiųsta" });
  await expect(sent).toBeVisible();
  if (js) {
    // The confirmation alone for 3 seconds, then the empty form.
    await expect(page.getByRole("main").locator("form#contact")).toHaveCount(0);
    await expect(sent).toBeHidden({ timeout: 6000 });
    await expect(page).toHaveURL(/\/contact$/);
  } else {
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
  }
  await expect(page.getByRole("main").locator("form#contact").getByLabel("Tema", { exact: true })).toHaveValue("");

  const { rows } = await database.execute({
    sql: "select name, email, type, language, user_id from contact_messages where subject = ?",
    args: [subject],
  });
  expect(rows).toHaveLength(1);
  expect({ ...rows[0] }).toEqual({
    name: "Rūta Žemaitė",
    email: "ruta.zemaite@example.lt",
    type: "support",
    language: "lt",
    user_id: null,
  });
});

test("careers' Apply opens the contact form about that position", async ({ page }) => {
  await visit(page, "/career");
  await page.getByRole("link", { name: /Kandidatuoti.*Klientų aptarnavimo/ }).click();
  await expect(page).toHaveURL(/\/contact\?type=business&subject=/);
  const form = page.getByRole("main").locator("form#contact");
  await expect(form.getByLabel("Kreipimosi tipas")).toHaveValue("business");
  await expect(form.getByLabel("Tema", { exact: true })).toHaveValue("Klientų aptarnavimo specialistas (-ė) (LT/EN)");
});

test("the FAQ searches with a plain GET form: diacritics optional, an address to share, an empty state", async ({
  page,
}) => {
  await visit(page, "/faq");
  const search = page.getByRole("search", { name: "Ieškoti klausimų" });
  await search.getByLabel("Ieškoti klausimų").fill("uzstata");
  await search.getByLabel("Kategorija").selectOption("payments");
  await search.getByRole("button", { name: "Ieškoti" }).click();
  await expect(page).toHaveURL(/\/faq\?q=uzstata&category=payments$/);
  const question = page.getByText("Kada atgausiu užstatą?");
  await expect(question).toBeVisible();
  await expect(page.getByText("bankas grąžinimą parodo per 5–10 darbo dienų", { exact: false })).toBeHidden();
  await question.click();
  await expect(page.getByText("bankas grąžinimą parodo per 5–10 darbo dienų", { exact: false })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Rasti 3 klausimai" })).toBeVisible();

  await visit(page, "/faq?q=l%C4%97ktuvas");
  await expect(page.getByText("Pagal jūsų paiešką klausimų nerasta")).toBeVisible();
  await page.getByRole("link", { name: "Rodyti visus klausimus" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByText("Kaip užsisakyti automobilį?")).toBeVisible();
});

test("cookie preferences are saved, read back, and keep language and theme for this session only", async ({ page }) => {
  await visit(page, "/cookies");
  const analytics = page.getByLabel("Analitikos");
  const marketing = page.getByLabel("Rinkodaros");
  const preferences = page.getByLabel("Nuostatų");
  await expect(page.getByLabel("Būtinieji")).toBeDisabled();
  await expect(page.getByLabel("Būtinieji")).toBeChecked();
  // The spec's defaults before any choice.
  await expect(analytics).toBeChecked();
  await expect(marketing).not.toBeChecked();
  await expect(preferences).toBeChecked();

  await analytics.uncheck();
  await marketing.check();
  await page.getByRole("button", { name: "Išsaugoti nuostatas" }).click();
  await expect(page.getByText("Jūsų slapukų nuostatos išsaugotos.")).toBeVisible();
  await visit(page, "/cookies");
  await expect(analytics).not.toBeChecked();
  await expect(marketing).toBeChecked();
  await expect(preferences).toBeChecked();
  let cookies = await page.context().cookies();
  const stored = cookies.find((c) => c.name === "ratai_cookie_prefs");
  expect(stored?.value).toBe("a0.m1.p1");
  expect(stored!.expires - Date.now() / 1000).toBeGreaterThan(360 * 24 * 3600);

  await page.getByRole("button", { name: "Tik būtinieji" }).click();
  await expect(page.getByText("Priimti tik būtinieji slapukai.")).toBeVisible();
  await expect(preferences).not.toBeChecked();
  // Language and theme still work, but only until the browser closes.
  await visit(page, "/about?lng=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("banner").getByRole("button", { name: "Switch to dark theme" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "theme")?.expires).toBe(-1);
  cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "lng")?.expires).toBe(-1);

  await visit(page, "/cookies");
  await page.getByRole("button", { name: "Accept all" }).click();
  await expect(page.getByText("All cookies accepted.")).toBeVisible();
  cookies = await page.context().cookies();
  for (const name of ["lng", "theme"]) {
    expect(cookies.find((c) => c.name === name)!.expires - Date.now() / 1000, name).toBeGreaterThan(360 * 24 * 3600);
  }
});

test("the newsletter: subscribe in the footer, confirm from the mailbox, unsubscribe", async ({ page, database }) => {
  const email = uniqueEmail("naujienos");
  await visit(page, "/about");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("El. pašto adresas").fill("ne-adresas");
  await footer.getByRole("button", { name: "Prenumeruoti" }).click();
  // The message comes on the newsletter's own page (the footer's box stays small: no fetcher in the shell).
  const box = page.getByRole("main");
  await expect(box.getByText("Įveskite teisingą el. pašto adresą.")).toBeVisible();
  await expect(box.getByLabel("El. pašto adresas")).toHaveValue("ne-adresas");

  await box.getByLabel("El. pašto adresas").fill(email);
  await box.getByRole("button", { name: "Prenumeruoti" }).click();
  await expect(page.getByText("Patikrinkite el. paštą ir patvirtinkite prenumeratą.").first()).toBeVisible();

  const link = await linkFromMailbox(page, email, "/newsletter/confirm");
  await visit(page, link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prenumerata patvirtinta");
  const { rows } = await database.execute({
    sql: "select confirmed_at, unsubscribed_at from newsletter_subscriptions where email = ?",
    args: [email],
  });
  expect(rows[0]?.confirmed_at).not.toBeNull();

  await page.getByRole("link", { name: "atsisakyti prenumeratos" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Naujienlaiškio prenumeratos atsisakymas");
  await page.getByRole("button", { name: "Atsisakyti prenumeratos" }).click();
  await expect(page.getByText("Prenumeratos atsisakėte.")).toBeVisible();
  const after = await database.execute({
    sql: "select unsubscribed_at from newsletter_subscriptions where email = ?",
    args: [email],
  });
  expect(after.rows[0]?.unsubscribed_at).not.toBeNull();

  // The confirmation link works once.
  await visit(page, link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ši nuoroda neveikia");
});

test("help shows what is not there yet as coming soon, with nothing to press", async ({ page }) => {
  await visit(page, "/help");
  const soon = page.getByRole("region", { name: "Netrukus" });
  await expect(soon.getByText("Vaizdo gidai")).toBeVisible();
  await expect(soon.getByRole("button")).toHaveCount(0);
  await expect(soon.getByRole("link")).toHaveCount(0);
  await page
    .getByRole("main")
    .getByRole("link", { name: /Žinutės/ })
    .click();
  await expect(page).toHaveURL(/\/messages$/);
});
