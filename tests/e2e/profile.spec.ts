// The own profile, verification and account deletion, with JavaScript on and off, each on an account of its own
// (never the demo accounts): edit with a bad phone then a good one, upload an avatar, send verification documents,
// and delete the account; and a host's public profile. On a phone's width (every page checked fits it).
import sharp from "sharp";
import {
  PHONE,
  expect,
  expectAccessible,
  journeyLanguage,
  localeTexts,
  registerAndSignIn,
  test,
  visit,
  waitForHydration,
} from "./support";
import type PageTexts from "../../app/locales/en/pages.json";

test.use({ viewport: PHONE });

async function jpeg(name = "nuotrauka.jpg") {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a6ea5" } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
});

test("a guest is asked to sign in", async ({ page }) => {
  await visit(page, "/profile", { status: 401 });
  await expect(page.getByRole("heading", { name: "Reikia prisijungti" })).toBeVisible();
});

test("edit the profile: a bad phone is refused at the field, a good one is saved; Cancel restores", async ({
  page,
}) => {
  await registerAndSignIn(page);
  await visit(page, "/profile");
  await expect(page.getByRole("heading", { name: "Mano profilis", level: 1 })).toBeVisible();
  await expect(page.getByText("Laukiama patvirtinimo")).toBeVisible();

  // Cancel leaves edit mode with nothing saved.
  await page.getByRole("link", { name: "Redaguoti profilį" }).click();
  await expect(page).toHaveURL(/\/profile\?edit=1#profile-details$/);
  await page.getByLabel("Apie mane").fill("Šito nereikia išsaugoti");
  await page.getByRole("link", { name: "Atšaukti" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Šito nereikia išsaugoti")).toHaveCount(0);

  await visit(page, "/profile?edit=1");
  await page.getByLabel("Telefonas").fill("skambink man");
  await page.getByLabel("Vietovė").fill("Kaunas");
  await page.getByLabel("Gimimo data").fill("1990-03-27");
  await page.getByLabel("Apie mane").fill("Vairuoju atsargiai <b>visada</b>.");
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  const phone = page.getByLabel("Telefonas");
  await expect(page.getByText("Neteisingas telefono numerio formatas").first()).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  // What was typed is kept.
  await expect(page.getByLabel("Vietovė")).toHaveValue("Kaunas");
  await expectAccessible(page);

  await phone.fill("+370 612 34567");
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(page.getByText("Profilis atnaujintas")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const details = page.getByRole("region", { name: "Asmens duomenys" });
  await expect(details.getByText("+370 612 34567")).toBeVisible();
  await expect(details.getByText("Kaunas")).toBeVisible();
  await expect(details.getByText("Vairuoju atsargiai bvisada/b.")).toBeVisible();
  await expectAccessible(page);
});

test("a date of birth under 18 is refused in words", async ({ page }) => {
  await registerAndSignIn(page);
  await visit(page, "/profile?edit=1");
  await page.getByLabel("Gimimo data").fill(`${new Date().getFullYear() - 12}-05-01`);
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(page.getByText("Naudotis Ratai galima tik sulaukus 18 metų.").first()).toBeVisible();
});

test("upload an avatar; a web page named .jpg is refused", async ({ page }) => {
  await registerAndSignIn(page);
  await visit(page, "/profile");
  const summary = page.getByRole("region", { name: "Testas Testaitis" });
  await expect(summary.locator('img[src*="/images/avatars/"]')).toHaveCount(0);

  await page.getByLabel("Pasirinkite nuotrauką").setInputFiles({
    name: "ne-nuotrauka.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await page.getByRole("button", { name: "Įkelti nuotrauką" }).click();
  await expect(page.getByText("Leidžiami tik JPEG, PNG ir WebP paveikslėliai")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Pasirinkite nuotrauką").setInputFiles(await jpeg());
  await page.getByRole("button", { name: "Įkelti nuotrauką" }).click();
  await expect(page.getByText("Nauja nuotrauka išsaugota.")).toBeVisible();
  const avatar = summary.locator('img[src*="/images/avatars/"]');
  await expect(avatar).toHaveCount(1);
  const response = await page.request.get((await avatar.getAttribute("src"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
});

test("a new user uploads verification documents and sends them for review", async ({ page }) => {
  await registerAndSignIn(page);
  await visit(page, "/profile");
  await page.getByRole("link", { name: /Tapatybės patvirtinimas/ }).click();
  await expect(page).toHaveURL(/\/profile\/verification$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Dar nepatvirtinta" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Pasirinkite failą").first().setInputFiles(pdf("pasas.pdf"));
  await page.getByRole("button", { name: /^Įkelti\s*:\s*Asmens dokumentas$/ }).click();
  await expect(page.getByText("Dokumentas įkeltas")).toBeVisible();
  await expect(page.getByText("pasas.pdf")).toBeVisible();
  await expect(page.getByText(/Prieš išsiunčiant dar reikia: Vairuotojo pažymėjimas/)).toBeVisible();

  await page.getByLabel("Pasirinkite failą").setInputFiles(await jpeg("teises.jpg"));
  await page.getByRole("button", { name: /^Įkelti\s*:\s*Vairuotojo pažymėjimas$/ }).click();
  await expect(page.getByText("teises.jpg")).toBeVisible();
  await visit(page, "/profile/verification");

  // The owner can open what they uploaded.
  const view = page.getByRole("link", { name: /^Peržiūrėti\s*:\s*Asmens dokumentas$/ });
  const document = await page.request.get((await view.getAttribute("href"))!);
  expect(document.status()).toBe(200);
  expect(document.headers()["content-type"]).toBe("application/pdf");
  expect(document.headers()["cache-control"]).toBe("private, no-store");

  await page.getByRole("button", { name: "Išsiųsti patikrinti" }).click();
  await expect(page.getByText("Dokumentai išsiųsti")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Jūsų dokumentai tikrinami" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Išsiųsti patikrinti" })).toHaveCount(0);
  await visit(page, "/profile");
  await expect(page.getByText("Dokumentai tikrinami").first()).toBeVisible();
});

test("delete an account: a wrong password changes nothing, the right one deletes and signs out", async ({ page }) => {
  const { email, password } = await registerAndSignIn(page);
  await visit(page, "/profile");
  await page.getByRole("link", { name: "Ištrinti paskyrą" }).click();
  await expect(page).toHaveURL(/\/account\/delete$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Kas ištrinama" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Dabartinis slaptažodis").fill("Neteisingas!1");
  await page.getByRole("button", { name: "Ištrinti mano paskyrą" }).click();
  await expect(page.getByText("Dabartinis slaptažodis neteisingas.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Dabartinis slaptažodis").fill(password);
  await page.getByRole("button", { name: "Ištrinti mano paskyrą" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Jūsų paskyra ištrinta. Ačiū, kad naudojotės Ratai.")).toBeVisible();
  // On a phone the header's sign-in is in its menu.
  await page.getByRole("banner").getByLabel("Meniu").click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Prisijungti", exact: true })).toBeVisible();
  await visit(page, "/profile", { status: 401 });

  const again = await page.request.post("/auth/signin", { form: { email, password }, maxRedirects: 0 });
  expect(again.status()).not.toBe(302);
});

test("a host's public profile: the message button sits clear of the name and the verification badge", async ({
  page,
  database,
}) => {
  const lang = journeyLanguage(test.info().project.name);
  const texts = localeTexts<typeof PageTexts>("pages")[lang].profile;
  const host = await database.execute("select id from users where email = 'host@demo.lt'");
  await registerAndSignIn(page);
  await visit(page, `/profile/${String(host.rows[0]!.id)}?lng=${lang}`);
  const card = page.getByRole("region", { name: "Mindaugas Jankauskas" });
  const message = card.getByRole("link", { name: texts.sendMessage });
  const badge = card.getByText(texts.verification.verified, { exact: true });
  await expect(badge).toBeVisible();
  for (const other of [badge, card.getByRole("heading", { level: 1 })]) {
    const [a, b] = [(await message.boundingBox())!, (await other.boundingBox())!];
    const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart, `the message button (${JSON.stringify(a)}) is clear of ${JSON.stringify(b)}`).toBe(true);
  }
});
