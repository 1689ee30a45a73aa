// /admin with JavaScript on and off: an admin approves a pending listing and it is on /cars at once, rejects one with
// a reason, writes an insurance package (a bad one first), decides a verification, and reads the audit log; axe on
// every admin page and dialog. Someone who is not an admin gets 'Access Denied'. Each project makes its own rows.
import type { Client } from "@libsql/client";
import type { Page } from "@playwright/test";
import { PHONE, expect, expectAccessible, registerAndSignIn, signInAs, test, visit } from "./support";

/** Letters only, so the catalogue's word search finds it as one word. */
function uniqueWord(prefix: string) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let word = prefix;
  for (let i = 0; i < 8; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** A pending rental listing of host@demo.lt, as the wizard would leave it; returns its model name. */
async function pendingListing(database: Client) {
  const model = uniqueWord("Niva");
  const owner = await database.execute("select id from users where email = 'host@demo.lt'");
  const now = Date.now();
  await database.execute({
    sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
            listing_type, daily_price, status, submitted_at, created_at, updated_at)
          values (?, ?, 'Lada', ?, 2019, 80000, 'Kaunas', 'suv', 'petrol', 'manual', 'rental', 3500, 'pending', ?, ?, ?)`,
    args: [crypto.randomUUID(), String(owner.rows[0]!.id), model, now, now, now],
  });
  return model;
}

// On a phone's width: every admin page, its tabs included, must fit one.
test.use({ viewport: PHONE });

const signInAsAdmin = (page: Page) => signInAs(page, "admin@demo.lt");

test("an admin approves a pending listing and it is on /cars at once", async ({ page, database }) => {
  const model = await pendingListing(database);
  await signInAsAdmin(page);
  await visit(page, "/admin");
  await expect(page).toHaveURL(/\/admin\/listings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Administravimas" })).toBeVisible();

  await page.getByRole("link", { name: `Patvirtinti Lada ${model} 2019` }).click();
  const dialog = page.getByRole("dialog", { name: "Patvirtinti skelbimą" });
  await expect(dialog.getByText(`Lada ${model} 2019`)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Patvirtinti skelbimą" }).click();

  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("status").getByText("Skelbimas patvirtintas")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Lada ${model} 2019` })).toHaveCount(0);
  await visit(page, "/admin/listings?status=approved");
  await expect(page.getByRole("heading", { name: `Lada ${model} 2019` })).toBeVisible();

  await visit(page, `/cars?search=${model}`);
  await expect(page.getByRole("main").getByText(`Lada ${model}`).first()).toBeVisible();

  await visit(page, "/admin/audit?action=approve_listing");
  await expect(page.getByText("admin@demo.lt patvirtino skelbimą").first()).toBeVisible();
});

test("an admin rejects a listing with a reason, and corrects another through the edit dialog", async ({
  page,
  database,
}) => {
  const rejected = await pendingListing(database);
  const edited = await pendingListing(database);
  await signInAsAdmin(page);
  await visit(page, "/admin/listings");

  await page.getByRole("link", { name: `Atmesti Lada ${rejected} 2019` }).click();
  const dialog = page.getByRole("dialog", { name: "Atmesti skelbimą" });
  await dialog.getByLabel("Priežastis savininkui").fill("Nuotraukose nesimato valstybinio numerio.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Atmesti skelbimą" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await expect(page.getByRole("status").getByText("Skelbimas atmestas")).toBeVisible();

  await visit(page, "/admin/listings?status=rejected");
  const card = page.getByRole("article", { name: `Lada ${rejected} 2019` });
  await expect(card.getByText("Priežastis: Nuotraukose nesimato valstybinio numerio.")).toBeVisible();

  await visit(page, "/admin/listings");
  await page.getByRole("link", { name: `Redaguoti Lada ${edited} 2019` }).click();
  const edit = page.getByRole("dialog", { name: "Redaguoti skelbimą" });
  await edit.getByLabel("Metai").fill("1800");
  await edit.getByLabel("Vieta").fill("Klaipėda");
  await edit.getByRole("button", { name: "Išsaugoti pakeitimus" }).click();
  await expect(edit.getByText("Įveskite tinkamus automobilio metus")).toBeVisible();
  // What was typed stays.
  await expect(edit.getByLabel("Vieta")).toHaveValue("Klaipėda");
  await expectAccessible(page);
  await edit.getByLabel("Metai").fill("2018");
  await edit.getByRole("button", { name: "Išsaugoti pakeitimus" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: `Lada ${edited} 2018` })).toBeVisible();
  await expect(page.getByRole("article", { name: `Lada ${edited} 2018` }).getByText("Klaipėda")).toBeVisible();

  // The owner's card of the rejected listing says it is shown to nobody, and offers no availability switch.
  await signInAs(page, "host@demo.lt");
  await visit(page, "/my-listings?tab=rejected");
  const own = page.getByRole("article").filter({ hasText: `Lada ${rejected} 2019` });
  await expect(
    own.getByText("Niekam nerodomas. Pataisykite skelbimą, ir jis vėl bus išsiųstas peržiūrai."),
  ).toBeVisible();
  await expect(own.getByRole("switch")).toHaveCount(0);
});

test("an admin creates an insurance package after fixing the form, then deletes it", async ({ page }) => {
  const name = uniqueWord("Auksinis ");
  await signInAsAdmin(page);
  await visit(page, "/admin/packages");
  await page.getByRole("link", { name: "Naujas paketas" }).click();
  const dialog = page.getByRole("dialog", { name: "Naujas draudimo paketas" });
  await expect(dialog.getByLabel("Didžiausia draudimo suma (€)")).toHaveValue("100000");
  // Free, it would only repeat "No additional insurance"; written in one language only, half the renters could not read it.
  await dialog.getByLabel("Kaina per dieną (€)").fill("0");
  await dialog.getByLabel("Ką apima (lietuviškai)").fill("Susidūrimo žala\nVagystė");
  await dialog.getByRole("button", { name: "Sukurti paketą" }).click();
  await expect(dialog.getByText("Pavadinimas ir draudikas yra privalomi").first()).toBeVisible();
  await expect(dialog.getByText("Įveskite kainą per dieną eurais, didesnę už 0, pvz., 15 arba 15,50.")).toBeVisible();
  await expect(dialog.getByText("Parašykite tai abiem kalbomis arba palikite abu laukus tuščius.")).toBeVisible();
  await expect(dialog.getByLabel("Ką apima (lietuviškai)")).toHaveValue("Susidūrimo žala\nVagystė");
  await expectAccessible(page);

  await dialog.getByLabel("Kaina per dieną (€)").fill("11,50");
  await dialog.getByLabel("Pavadinimas (lietuviškai)").fill(name);
  await dialog.getByLabel("Pavadinimas (angliškai)").fill(`${name} EN`);
  await dialog.getByLabel("Ką apima (angliškai)").fill("Collision damage\nTheft");
  await dialog.getByLabel("Draudikas").fill("Gjensidige");
  await dialog.getByRole("button", { name: "Sukurti paketą" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const card = page.getByRole("article", { name });
  await expect(card.getByText("11,50 € / d.")).toBeVisible();
  await expect(card.getByText("Apima: 2 · privalumai: 0 · neapima: 0")).toBeVisible();

  await card.getByRole("link", { name: `Ištrinti ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Ištrinti draudimo paketą" });
  await expect(confirm.getByText(name)).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Ištrinti paketą" }).click();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
});

test("an admin verifies a person from the queue", async ({ page, database }) => {
  const { email } = await registerAndSignIn(page);
  const user = await database.execute({ sql: "select id from users where email = ?", args: [email] });
  const userId = String(user.rows[0]!.id);
  await database.execute({
    sql: "update profiles set verification_status = 'pending', verification_submitted_at = ? where id = ?",
    args: [Date.now(), userId],
  });
  for (const kind of ["identity", "driving_licence"]) {
    await database.execute({
      sql: `insert into verification_documents (id, user_id, kind, storage_key, content_type, size_bytes, file_name, created_at)
            values (?, ?, ?, ?, 'image/png', 2048, ?, ?)`,
      args: [crypto.randomUUID(), userId, kind, `private/verification/${userId}/${kind}`, `${kind}.png`, Date.now()],
    });
  }
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await visit(page, "/admin/verifications");
  await page.locator(`a[href="/admin/verifications/${userId}"]`).click();
  const dialog = page.getByRole("dialog", { name: "Tapatybės patikrinimas" });
  await expect(dialog.getByText(email)).toBeVisible();
  await expect(dialog.getByRole("link", { name: /Asmens dokumentas/ })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Patvirtinti tapatybę" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await visit(page, "/admin/audit?action=approve_verification");
  await expect(page.getByText("admin@demo.lt patvirtino asmens tapatybę").first()).toBeVisible();
});

test("an admin reads a contact message and marks it answered", async ({ page, database }) => {
  const subject = uniqueWord("Sąskaita ");
  await database.execute({
    sql: `insert into contact_messages (id, name, email, subject, message, type, language, created_at)
          values (?, 'Rūta Petraitė', 'ruta@example.lt', ?, 'Kada gausiu sąskaitą faktūrą?', 'support', 'lt', ?)`,
    args: [crypto.randomUUID(), subject, Date.now()],
  });
  await signInAsAdmin(page);
  await visit(page, "/admin/contact");
  const message = page.getByRole("article", { name: subject });
  await expect(message.getByText("Kada gausiu sąskaitą faktūrą?")).toBeVisible();
  await expect(message.getByRole("link", { name: "Atsakyti el. paštu" })).toHaveAttribute(
    "href",
    `mailto:ruta@example.lt?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  await message.getByRole("button", { name: `Pažymėti „${subject}“ atsakyta` }).click();
  await expect(page.getByRole("article", { name: subject })).toHaveCount(0);
  await visit(page, "/admin/contact?show=handled");
  await expect(page.getByRole("article", { name: subject }).getByText(/Atsakyta/)).toBeVisible();
});

// Every tab is visited (with axe) by the journeys above: listings, packages, verification, contact, audit.
test("someone who is not an admin gets Access Denied on every admin page", async ({ page }) => {
  await registerAndSignIn(page);
  for (const path of ["/admin/listings", "/admin/packages/new", "/admin/verifications", "/admin/audit"]) {
    await visit(page, path, { status: 403 });
    await expect(page.getByRole("heading", { name: "Prieiga uždrausta" })).toBeVisible();
  }
});
