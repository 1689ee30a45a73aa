// What a person types, ticks or presses before the page has hydrated, or while its enhanced controls wait for its
// texts, counts (decisions 007, 028, 033): JavaScript on only, in Lithuanian, each page opened with its scripts held
// (before-hydration.ts). After hydration the other journeys cover the same forms.
import type { Client } from "@libsql/client";
import sharp from "sharp";
import { openBeforeHydration } from "./before-hydration";
import {
  expect,
  freeCarInLane,
  registerAndSignIn,
  registerConfirmedUser,
  signInAs,
  test,
  uniqueEmail,
  userId,
  visit,
  insertRentalCharge,
} from "./support";

/** Words of this run: both projects and earlier runs share the database. */
const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a message typed before hydration can be sent, on the contact form and in the conversation @js-only", async ({
  page,
  database,
}) => {
  const car = await database.execute(`
    select c.id from cars c join users u on u.id = c.owner_id
    where u.email = 'host@demo.lt' and c.status = 'approved' and c.available = 1 and c.listing_type <> 'sale'
      and (select count(*) from car_images i where i.car_id = c.id) > 1
    order by c.created_at, c.id limit 1`);
  await registerAndSignIn(page);
  const words = token();

  const contact = await openBeforeHydration(page, `/car/${String(car.rows[0]!.id)}/contact`);
  // Under the form, the car page's gallery is swiped to its second photo.
  await page.locator("#photo-1").evaluate((slide) => slide.parentElement!.scrollTo({ left: slide.clientWidth }));
  await page.getByLabel("Tema").fill(`Klausimas ${words}`);
  await page.getByLabel("Žinutė", { exact: true }).fill(`Ar laisvas? (${words})`);
  await contact.complete();
  // The gallery starts from the photo in view: that one is there for screen readers, the first is not.
  await expect(page.locator("#photo-2")).not.toHaveAttribute("aria-hidden");
  await expect(page.locator("#photo-1")).toHaveAttribute("aria-hidden", "true");
  // Send waits for a message with JavaScript: the one in the box counts, though React never saw it typed.
  await expect(page.getByLabel("Žinutė", { exact: true })).toHaveValue(`Ar laisvas? (${words})`);
  await page.getByRole("button", { name: "Siųsti" }).click();
  await expect(page.getByRole("heading", { name: "Žinutė išsiųsta" })).toBeVisible();
  await page.getByRole("link", { name: "Peržiūrėti žinutes" }).click();
  await expect(page).toHaveURL(/\/messages\/[\w-]+$/);

  const thread = await openBeforeHydration(page, page.url());
  await page.getByLabel("Atsakymas").fill(`Dar vienas klausimas (${words})`);
  await thread.complete();
  await page.getByRole("button", { name: "Siųsti" }).click();
  await expect(page.getByRole("list", { name: "Žinutės" }).getByText(`Dar vienas klausimas (${words})`)).toBeVisible();
});

test("a new message begun on the contact page's sent state before hydration keeps its form, and is sent @js-only", async ({
  page,
  database,
}) => {
  const subject = `Dar vienas klausimas ${token()}`;
  // The answer to a message sent before the page hydrated: the confirmation above the form, as without JavaScript.
  const sent = await openBeforeHydration(page, "/contact?sent=1");
  const form = page.getByRole("main").locator("form#contact");
  await form.getByLabel("Tema", { exact: true }).fill(subject);
  await sent.complete();
  // With JavaScript the sent state puts the form away, but not one being written in.
  await expect(form.getByLabel("Tema", { exact: true })).toHaveValue(subject);
  await expect(page.getByRole("status").filter({ hasText: "Žinutė išsiųsta" })).toBeVisible();
  await form.getByLabel("Vardas").fill("Rūta Žemaitė");
  await form.getByLabel("El. paštas").fill("ruta.zemaite@example.lt");
  await form.getByLabel("Žinutė").fill("Ar galima grąžinti automobilį kitame mieste?");
  await form.getByRole("button", { name: "Siųsti žinutę" }).click();
  // Sent again: this time the confirmation alone, as after any message sent with JavaScript.
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Žinutė išsiųsta" })).toBeVisible();
  const { rows } = await database.execute({
    sql: "select name from contact_messages where subject = ?",
    args: [subject],
  });
  expect(rows).toEqual([expect.objectContaining({ name: "Rūta Žemaitė" })]);
});

/** A rental of the company's fleet with a driver on offer, and three days of lane 0: only the host's cars are booked there. */
async function companyCarAndDays(database: Client) {
  const cars = await database.execute(`
    select c.id from cars c join users u on u.id = c.owner_id
    where u.email = 'company@demo.lt' and c.status = 'approved' and c.available = 1 and c.listing_type <> 'sale'
      and c.driver_available = 1 and c.driver_only = 0 and c.min_rental_days <= 3 and c.minimum_rental_hours <= 24
    order by c.created_at, c.id`);
  const { car, start, end } = await freeCarInLane(database, cars.rows, 0, 3);
  return { id: String(car.id), start, end };
}

test("the booking dialog keeps the choices made before hydration and reviews them @js-only", async ({
  page,
  database,
}) => {
  const car = await companyCarAndDays(database);
  await signInAs(page, "renter@demo.lt");
  const words = `Vaikiška kėdutė (${token()})`;
  const dialog = await openBeforeHydration(page, `/car/${car.id}/book?start=${car.start}&end=${car.end}`);
  await page.getByRole("radio", { name: "Standartinė apsauga" }).check();
  await page.getByLabel("Su vairuotoju").check();
  await page.getByLabel("Specialūs pageidavimai").fill(words);
  await dialog.hydrate();
  // The review is asked for while the page's texts are still on their way.
  await page.getByRole("button", { name: "Peržiūrėti užsakymą" }).click();
  await expect(page).toHaveURL(/step=review/);
  await expect(page).toHaveURL(/driver=driver/);
  await expect(page.getByText(words)).toBeVisible();
  await expect(page.getByText("Standartinė apsauga", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pereiti prie mokėjimo" })).toBeVisible();
  await dialog.complete();
});

test("filters chosen before hydration list the right cards @js-only", async ({ page }) => {
  const listing = await openBeforeHydration(page, "/rentals");
  // The filter panel is a <details>: it opens before any script runs.
  await page.getByText("Filtrai", { exact: true }).click();
  await page.getByLabel("Kuro tipas").selectOption("electric");
  await page.getByRole("group", { name: "Galia" }).getByLabel("Galia nuo").fill("150");
  await page.getByRole("group", { name: "Galia" }).getByLabel("kW").check();
  await listing.hydrate();
  await page.getByRole("button", { name: "Ieškoti", exact: true }).last().click();
  await expect(page).toHaveURL(/fuelType=electric/);
  await expect(page).toHaveURL(/powerUnit=kw/);
  // 150 kW ≈ 201 hp, and every card is electric.
  await expect(page.getByText("≈ 201–… AG")).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card.getByText("Elektra", { exact: true })).toBeVisible();
  await listing.complete();
});

test("words typed in the header's search before hydration stay, and drop down their matches when it is focused again @js-only", async ({
  page,
}) => {
  const about = await openBeforeHydration(page, "/about");
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Ieškoti automobilių" });
  await box.fill("tesla");
  await about.complete();
  // Away from the box and back, as a person does who looks at the page while it finishes loading.
  await page.getByRole("heading", { level: 1 }).click();
  await box.click();
  await expect(box).toHaveValue("tesla");
  const results = page.getByRole("list", { name: "Rasti automobiliai" }).getByRole("link");
  await expect(results.first()).toContainText("Tesla");
  await expect(results.last()).toHaveText("Visi rezultatai: „tesla“");
});

test("a heart tapped before and while the page hydrates saves and unsaves the car, and its photos keep their place @js-only", async ({
  page,
}) => {
  await registerAndSignIn(page);
  const listing = await openBeforeHydration(page, "/rentals");
  const cards = page.getByRole("main").getByRole("article");
  const first = cards.filter({ has: page.getByText(/^1 \/ \d+$/) }).first();
  const title = (await first.getByRole("heading", { level: 3 }).innerText()).replace(/\s+/g, " ").trim();
  const card = cards.filter({ has: page.getByRole("heading", { level: 3, name: title }) });
  await card.getByRole("button", { name: `Įsiminti ${title}` }).click();
  await expect(page.getByText("Įsiminta.")).toBeVisible();
  await expect(card.getByRole("button", { name: `Pašalinti ${title} iš įsimintų` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // Its photos swiped on before the page hydrates: once it has, the count says which photo is in view.
  await card.getByRole("list", { name: /nuotrauk/ }).evaluate((strip) => strip.scrollTo({ left: strip.clientWidth }));
  await listing.hydrate();
  await expect(card.getByText(/^2 \/ \d+$/)).toBeVisible();
  await card.getByRole("button", { name: `Pašalinti ${title} iš įsimintų` }).click();
  await expect(page.getByText("Pašalinta iš įsimintų.")).toBeVisible();
  await expect(card.getByRole("button", { name: `Įsiminti ${title}` })).toHaveAttribute("aria-pressed", "false");
  await listing.complete();
});

test("a payout choice ticked before hydration, and the next one after a refused IBAN, both count @js-only", async ({
  page,
}) => {
  await registerAndSignIn(page);
  await visit(page, "/profile/payouts");
  await page.getByRole("button", { name: "Nustatyti išmokas" }).click();
  await expect(page).toHaveURL(/\/dev\/connect\/acct_standin_/);

  const onboarding = await openBeforeHydration(page, page.url());
  await page.getByLabel("Reikia patikrinimo").check();
  await onboarding.complete();
  await expect(page.getByLabel("Reikia patikrinimo")).toBeChecked();
  // A German IBAN, then straight to the next choice: whatever the IBAN's check says, the click lands.
  const iban = page.getByLabel("Banko sąskaita (IBAN)");
  await iban.fill("DE89 3704 0044 0532 0130 00");
  await page.getByLabel("Palikti nebaigtą").check();
  await page.getByRole("button", { name: "Tęsti" }).click();
  await expect(page.getByText("Įveskite lietuvišką IBAN: LT ir 18 skaitmenų.", { exact: true })).toBeVisible();
  await expect(iban).toHaveValue("DE89 3704 0044 0532 0130 00");
  await expect(page.getByLabel("Palikti nebaigtą")).toBeChecked();
});

/** A disputed claim of €40 on a trip between two accounts of this journey's own (the rows no page makes). */
async function disputedClaim(database: Client, hostId: string, renterId: string) {
  const now = Date.now();
  const [carId, bookingId, claimId] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  await database.execute({
    sql: `insert into cars (id, owner_id, make, model, year, mileage, location, category, fuel_type, transmission,
            listing_type, daily_price, deposit_amount, status, submitted_at, created_at, updated_at)
          values (?, ?, 'Škoda', 'Fabia', 2020, 70000, 'Vilnius', 'suv', 'petrol', 'manual', 'rental', 4000, 30000,
            'pending', ?, ?, ?)`,
    args: [carId, hostId, now, now, now],
  });
  await database.execute({
    sql: `insert into bookings (id, car_id, renter_id, owner_id, status, start_date, end_date, total_days, daily_rate,
            subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount, deposit_amount, payment_status,
            deposit_status, completed_at, claim_window_ends_at, created_at, updated_at)
          values (?, ?, ?, ?, 'completed', ?, ?, 3, 4000, 12000, 240, 400, 11760, 42640, 30000, 'captured', 'held',
            ?, ?, ?, ?)`,
    args: [bookingId, carId, renterId, hostId, day(-10), day(-7), now - 3_600_000, now + 23 * 3_600_000, now, now],
  });
  // The booking's payment is its rental charge's (decision 035).
  await insertRentalCharge(database, bookingId, `pi_standin_${bookingId.slice(0, 8)}`);
  await database.execute({
    sql: `insert into damage_claims (id, booking_id, filed_by, description, amount, categories, status, respond_by,
            renter_note, responded_at, created_at)
          values (?, ?, ?, 'Viršyta rida', 4000, '["excess_km"]', 'disputed', ?, 'Ne tiek', ?, ?)`,
    args: [claimId, bookingId, hostId, now + 72 * 3_600_000, now, now],
  });
  return claimId;
}

test("an admin's decision typed before hydration keeps its focus and is refused above the claim with its message @js-only", async ({
  page,
  database,
}) => {
  const [hostEmail, renterEmail] = [uniqueEmail("claims.host"), uniqueEmail("claims.renter")];
  await registerConfirmedUser(page, hostEmail);
  await registerConfirmedUser(page, renterEmail);
  const claimId = await disputedClaim(database, await userId(database, hostEmail), await userId(database, renterEmail));
  await signInAs(page, "admin@demo.lt");

  const decision = await openBeforeHydration(page, `/admin/claims/${claimId}`);
  const amount = page.getByLabel("Iš užstato pasiliekama suma eurais");
  const reason = page.getByLabel("Priežastis", { exact: true });
  await amount.fill("50");
  await reason.fill("Nuotraukos rodo daugiau");
  await decision.hydrate();
  // The dialog's heading takes focus when the dialog opens, not from a field being filled as the page hydrates.
  await expect(reason).toBeFocused();
  await page.getByRole("button", { name: "Nuspręsti ir atsiskaityti" }).click();
  await expect(page.getByText("Sprendimu negalima pasilikti daugiau, nei reikalauta.")).toBeVisible();
  await expect(amount).toHaveValue("50");
  await expect(reason).toHaveValue("Nuotraukos rodo daugiau");
  await decision.complete();
  const claim = await database.execute({ sql: "select status from damage_claims where id = ?", args: [claimId] });
  expect(claim.rows[0]).toMatchObject({ status: "disputed" });
});

test("a company's sign-up filled in before hydration keeps its company fields @js-only", async ({ page }) => {
  const email = uniqueEmail("company");
  const signUp = await openBeforeHydration(page, "/auth/signup");
  const main = page.getByRole("main");
  await main.getByLabel("Įmonė", { exact: true }).check();
  await main.getByLabel("Įmonės pavadinimas (kaip registre)").fill("UAB Greitas Testas");
  await main.getByLabel("Įmonės kodas").fill("304123456");
  await main.getByLabel("Vardas ir pavardė").fill("Rūta Testaitė");
  await main.getByLabel("El. paštas").fill(email);
  await main.getByLabel("Slaptažodis", { exact: true }).fill("Žalias!Kalnas7");
  await main.getByLabel(/naudojimosi taisyklėmis/).check();
  await main.getByLabel(/privatumo politika/).check();
  await signUp.complete();
  // The company's fields stay (they show only for a company once scripts run), and the checklist reads the password.
  await expect(main.getByLabel("Įmonės pavadinimas (kaip registre)")).toHaveValue("UAB Greitas Testas");
  await expect(main.getByLabel("Kontaktinis asmuo")).toHaveValue("Rūta Testaitė");
  // "— įvykdyta", not "— dar neįvykdyta" (which contains the same word).
  await expect(main.getByText("Specialusis simbolis", { exact: false })).toContainText("— įvykdyta");
  await main.getByRole("button", { name: "Sukurti paskyrą" }).click();
  await expect(page.getByRole("heading", { name: "Patikrinkite el. paštą" })).toBeVisible();
});

test("the listing editor keeps the driver service, features, photos and days chosen before hydration @js-only", async ({
  page,
  database,
}) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vilnius" }).format(new Date());
  // A rental of the demo host's without a driver, with nothing on today and fewer than ten photos.
  const cars = await database.execute({
    sql: `select c.id from cars c join users u on u.id = c.owner_id
      where u.email = 'host@demo.lt' and c.status = 'approved' and c.listing_type = 'rental'
        and c.driver_available = 0 and c.deleted_at is null
        and (select count(*) from car_images i where i.car_id = c.id) < 10
        and not exists (select 1 from bookings b where b.car_id = c.id and b.start_date <= ? and ? < b.end_date
          and b.status in ('pending', 'confirmed', 'active'))
        and not exists (select 1 from car_blocked_days d where d.car_id = c.id and d.day = ?)
      order by c.created_at limit 1`,
    args: [today, today, today],
  });
  const carId = String(cars.rows[0]!.id);
  await signInAs(page, "host@demo.lt");
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2a7a6a" } })
    .jpeg()
    .toBuffer();

  const editor = await openBeforeHydration(page, `/my-listings/${carId}/edit`);
  await page.getByLabel("Patiems arba su vairuotoju").check();
  const features = page.getByRole("group", { name: "Įranga", exact: true });
  const ticked = await features.getByRole("checkbox", { checked: true }).count();
  await features.getByRole("checkbox", { checked: false }).first().check();
  const picker = page.getByRole("group", { name: "Pridėti nuotraukų" });
  await picker.getByLabel("Nuotraukos", { exact: true }).setInputFiles({
    name: "puse.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await page.getByLabel("Pirmoji diena", { exact: true }).fill(today);
  await page.getByLabel("Paskutinė diena (imtinai)", { exact: true }).fill(today);
  await editor.complete();

  // The driver's prices show for a service with a driver; the count is of the boxes ticked; the photo is in the
  // picker to upload; the calendar shows the days typed.
  await expect.soft(page.getByLabel("Kaina parai su vairuotoju (€)")).toBeVisible();
  await expect.soft(features.getByText(`Pasirinkt`)).toContainText(String(ticked + 1));
  await expect.soft(picker.getByRole("button", { name: "Pasukti 1 nuotrauką" })).toBeVisible();
  await expect.soft(page.getByRole("button", { name: /pirmoji diena/ })).toHaveAttribute("aria-pressed", "true");
});
