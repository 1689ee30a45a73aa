// The own profile, verification and account deletion, with JavaScript on and off, each on an account of its own
// (never the demo accounts): edit with a bad phone then a good one, upload an avatar, send verification documents,
// change a verified date of birth through verification, and delete the account; and a host's public profile. On a
// phone's width (every page checked fits it).
import sharp from "sharp";
import type PageTexts from "../../app/locales/en/pages.json";
import type ProfileTexts from "../../app/locales/en/profile.json";
import {
  PHONE,
  expect,
  expectAccessible,
  journeyLanguage,
  localeTexts,
  registerAndSignIn,
  test,
  userId,
  visit,
  visitCurrent,
  waitForHydration,
} from "./support";

const TEXTS = localeTexts<typeof ProfileTexts>("profile");

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

test("a verified date of birth is shown, not edited, on the profile and changes only through verification", async ({
  page,
  database,
}) => {
  const lang = journeyLanguage(test.info().project.name);
  const text = TEXTS[lang];
  const { email } = await registerAndSignIn(page);
  const id = await userId(database, email);
  const row = async () =>
    (
      await database.execute({
        sql: "select date_of_birth, verification_status, verification_submitted_at from profiles where id = ?",
        args: [id],
      })
    ).rows[0]!;
  // Verified by an admin, nineteen years old: too young for a luxury car (part of what instant book trusts).
  const young = `${new Date().getUTCFullYear() - 19}-06-01`;
  await database.execute({
    sql: "update profiles set verification_status = 'verified', date_of_birth = ? where id = ?",
    args: [young, id],
  });

  // The form shows the date, says why it cannot be changed there, and sends none.
  await visit(page, `/profile?edit=1&lng=${lang}`);
  const details = page.getByRole("region", { name: text.details.title });
  await expect(details.getByText(text.hints.dateOfBirthVerified)).toBeVisible();
  await expect(details.getByRole("textbox", { name: text.fields.dateOfBirth })).toHaveCount(0);
  await expect(page.locator('input[name="dateOfBirth"]')).toHaveCount(0);
  await page.getByLabel(text.fields.location).fill("Kaunas");
  await page.getByRole("button", { name: text.details.save }).click();
  // Saved: back to the details (the toast leaves after 5 s, which a busy machine may take to look).
  await expect(page).toHaveURL(/\/profile(\?lng=\w+)?$/);
  await expect(details.getByText("Kaunas")).toBeVisible();
  await visitCurrent(page);
  expect(await row()).toMatchObject({ date_of_birth: young, verification_status: "verified" });

  // A forged post with another date is refused, and nothing changes.
  const forged = await page.request.post("/profile", {
    form: { intent: "update", fullName: "Testas Testaitis", location: "Vilnius", dateOfBirth: "1990-01-01" },
  });
  expect(forged.status()).toBe(400);
  expect(await row()).toMatchObject({ date_of_birth: young, verification_status: "verified" });

  // The way to change it: the new date with the identity document, on the verification page.
  await visit(page, "/profile?edit=1");
  await page.getByRole("link", { name: text.details.changeDateOfBirth }).click();
  await expect(page).toHaveURL(/\/profile\/verification#date-of-birth$/);
  await waitForHydration(page);
  const change = page.getByRole("region", { name: text.verification.dateOfBirth.title });
  await expect(change).toBeVisible();
  await expectAccessible(page);
  // A date in the future is refused at its field, the date typed kept.
  await change.getByLabel(text.verification.dateOfBirth.newDate).fill("2999-01-01");
  await change.getByLabel(text.verification.dateOfBirth.document).setInputFiles(pdf("pasas.pdf"));
  await change.getByRole("button", { name: text.verification.dateOfBirth.submit }).click();
  const dateField = page.getByLabel(text.verification.dateOfBirth.newDate);
  await expect(page.getByText(text.validation.dateOfBirthFuture)).toBeVisible();
  await expect(dateField).toHaveAttribute("aria-invalid", "true");
  await expect(dateField).toHaveValue("2999-01-01");
  await visitCurrent(page);
  expect(await row()).toMatchObject({ date_of_birth: young, verification_status: "verified" });

  await dateField.fill("1990-01-01");
  await page.getByLabel(text.verification.dateOfBirth.document).setInputFiles(pdf("pasas.pdf"));
  await page.getByRole("button", { name: text.verification.dateOfBirth.submit }).click();
  await expect(page.getByRole("heading", { name: text.verification.status.underReview.title })).toBeVisible();
  await visitCurrent(page);
  const sent = await row();
  expect(sent).toMatchObject({ date_of_birth: "1990-01-01", verification_status: "pending" });
  expect(sent.verification_submitted_at).not.toBeNull();
  // Under review the profile says so, and the date is the person's to correct again (which takes it out of review).
  await visit(page, "/profile?edit=1");
  await expect(page.getByText(text.badge.underReview).first()).toBeVisible();
  await expect(page.getByText(text.hints.dateOfBirthUnderReview)).toBeVisible();
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
