// The trip (decision 022), with JavaScript on and off: a renter books and pays → the host confirms → the booking is moved
// to the three days ending today (trip-support.ts says why) → the host records the check-in with a photo of each
// side on the trip page (in Lithuanian) → the renter confirms it (in English) → the renter records the check-out →
// both see the two records side by side, the kilometres driven against the allowance, and the deposit held until
// the claim window ends → the host confirms the check-out (in Lithuanian); each confirmation's page finishes loading,
// its photos included → no claim: once the window is over, the scheduled job (through the cron's own entry,
// wrangler's /__scheduled) returns the deposit, and the renter's page says so, with the refund → both review each
// other (the host in Lithuanian, the renter in English). Two browser contexts: the renter's (`page`) and the host's.
import { confirmAsHost, expect, openCheckout, registerAndSignIn, test, visit, visitCurrent } from "./support";
import { expectFinishedLoading, moveIntoTrip, sidePhotos, tripCarAndDays, tripperEmail } from "./trip-support";

const SIDE_LABELS = {
  lt: { photoFront: "Priekis", photoBack: "Galas", photoLeft: "Kairė pusė", photoRight: "Dešinė pusė" },
  en: { photoFront: "Front", photoBack: "Back", photoLeft: "Left side", photoRight: "Right side" },
} as const;

test("check-in with photos by the host → the renter confirms → check-out → records side by side → the host confirms it → no claim: the job returns the deposit → both review", async ({
  page,
  browser,
  database,
}) => {
  // Two people, a dozen pages with axe on each, eight photos through the image pipeline: 4.6–5.1 minutes at a load
  // of 25 on two cores.
  test.setTimeout(600_000);
  const car = await tripCarAndDays(database, 1, 0);
  const photos = await sidePhotos();

  // The renter books the car's days and pays on the stand-in checkout.
  await registerAndSignIn(page, tripperEmail());
  await openCheckout(page, car);
  await page.getByRole("button", { name: "Mokėti", exact: true }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking_id=/);
  const bookingId = new URL(page.url()).searchParams.get("booking_id")!;
  const reference = `#${bookingId.slice(0, 8).toUpperCase()}`;

  // The host confirms in their own browser; then the trip is moved to now.
  const host = await confirmAsHost(browser, reference);
  await moveIntoTrip(database, bookingId);

  // Check-in: from the card's link to the trip page's form, in Lithuanian.
  await visit(host, "/bookings?role=host&tab=confirmed");
  await host
    .getByRole("listitem")
    .filter({ hasText: reference })
    .getByRole("link", { name: "Fiksuoti perdavimą" })
    .click();
  await expect(host).toHaveURL(new RegExp(`/bookings/${bookingId}#check-in$`));
  // Loaded again without the anchor (going to the same address with it is no navigation): the page's own check.
  await visit(host, `/bookings/${bookingId}`);
  const checkIn = host.locator("#check-in");
  await expect(checkIn.getByRole("heading", { name: "Užfiksuokite perdavimą" })).toBeVisible();
  // First a text file named like a photo for the back: the server's message is next to that field, the reading
  // typed is kept, and the photos must be chosen again.
  for (const [name, label] of Object.entries(SIDE_LABELS.lt)) {
    const file =
      name === "photoBack"
        ? { name: "galas.jpg", mimeType: "image/jpeg", buffer: Buffer.from("ne nuotrauka") }
        : photos[name as keyof typeof photos];
    await checkIn.getByLabel(label, { exact: true }).setInputFiles(file);
  }
  await checkIn.getByLabel("Rida (km)").fill("12000");
  await checkIn.getByLabel("Degalų ar įkrovos lygis").selectOption("6");
  await checkIn.getByRole("button", { name: "Fiksuoti perdavimą" }).click();
  await expect(checkIn.getByText("Leidžiami tik JPEG, PNG ir WebP paveikslėliai")).toBeVisible();
  await expect(checkIn.getByText(/dar kartą pasirinkite nuotraukas/)).toBeVisible();
  await expect(checkIn.getByLabel("Rida (km)")).toHaveValue("12000");
  await expect(checkIn.getByLabel("Galas", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await visitCurrent(host);
  expect(
    (await database.execute({ sql: "select 1 from trip_photos where booking_id = ?", args: [bookingId] })).rows,
  ).toEqual([]);
  for (const [name, label] of Object.entries(SIDE_LABELS.lt)) {
    const input = checkIn.getByLabel(label, { exact: true });
    await expect(input).toHaveAttribute("name", name);
    await input.setInputFiles(photos[name as keyof typeof photos]);
  }
  await checkIn.getByLabel("Rida (km)").fill("12000");
  await checkIn.getByLabel("Degalų ar įkrovos lygis").selectOption("6");
  await checkIn.getByLabel("Pastaba (neprivaloma)").fill("Įbrėžimas ant galinio buferio");
  await checkIn.getByRole("button", { name: "Fiksuoti perdavimą" }).click();
  await expect(host.getByText("Perdavimas užfiksuotas: kelionė prasidėjo").first()).toBeVisible();
  await visitCurrent(host);
  await expect(host.getByText("Laukiama, kol patvirtins kita šalis")).toBeVisible();
  // The host cannot confirm their own record.
  await expect(host.getByRole("button", { name: "Patvirtinti" })).toHaveCount(0);

  // The renter, in English, looks at the photos and confirms them.
  await visit(page, `/bookings/${bookingId}?lng=en`);
  await expect(page.getByRole("heading", { name: "Is the check-in right?" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Check-in: Front" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Record confirmed").first()).toBeVisible();
  // The page the confirmation brought finishes loading, its photos included.
  await expectFinishedLoading(page);
  await visitCurrent(page);
  await expect(page.getByText(/Confirmed by the renter/)).toBeVisible();

  // Check-out by the renter, with a fifth photo of the inside.
  const checkOut = page.locator("#check-out");
  await expect(checkOut.getByRole("heading", { name: "Record the check-out" })).toBeVisible();
  await expect(checkOut.getByText("At check-in: 12,000 km")).toBeVisible();
  for (const [name, label] of Object.entries(SIDE_LABELS.en)) {
    await checkOut.getByLabel(label, { exact: true }).setInputFiles(photos[name as keyof typeof photos]);
  }
  // Nine more photos are one too many (twelve in all): refused next to the field, in English; then one more.
  await checkOut.getByLabel("More photos (optional)").setInputFiles(Array.from({ length: 9 }, () => photos.photoFront));
  await checkOut.getByLabel("Odometer (km)").fill("12480");
  await checkOut.getByLabel("Fuel or charge level").selectOption("5");
  await checkOut.getByRole("button", { name: "Record check-out" }).click();
  await expect(checkOut.getByText("Add at most 8 more photos (12 in all)")).toBeVisible();
  await expect(checkOut.getByLabel("Odometer (km)")).toHaveValue("12480");
  await expect(checkOut.getByLabel("Fuel or charge level")).toHaveValue("5");
  for (const [name, label] of Object.entries(SIDE_LABELS.en)) {
    await checkOut.getByLabel(label, { exact: true }).setInputFiles(photos[name as keyof typeof photos]);
  }
  await checkOut.getByLabel("More photos (optional)").setInputFiles([photos.photoFront]);
  await checkOut.getByRole("button", { name: "Record check-out" }).click();
  await expect(page.getByText("Check-out recorded: the trip is complete").first()).toBeVisible();
  await visitCurrent(page);

  // Both records side by side; 480 km of the 600 km allowance (200 km a day, no agreement); the deposit held.
  const records = page.getByRole("region", { name: "Check-in and check-out" });
  await expect(records.getByRole("heading", { name: "Check-in", exact: true })).toBeVisible();
  await expect(records.getByRole("heading", { name: "Check-out", exact: true })).toBeVisible();
  await expect(records.getByText("6/8")).toBeVisible();
  await expect(records.getByText("5/8")).toBeVisible();
  await expect(records.getByRole("img", { name: "Check-out: Left side" })).toBeVisible();
  const measures = page.getByRole("region", { name: "Distance and time" });
  await expect(measures).toContainText("480 km");
  await expect(measures).toContainText("600 km");
  await expect(page.getByRole("region", { name: "Security deposit" })).toContainText("Held until");
  await expect(page.getByRole("link", { name: "Claim from the deposit" })).toHaveCount(0);

  // The host reads the same in Lithuanian.
  await visit(host, `/bookings/${bookingId}`);
  await expect(host.getByRole("region", { name: "Atstumas ir laikas" })).toContainText("480 km");
  await expect(host.getByRole("region", { name: "Užstatas" })).toContainText("Laikomas iki");
  // Inside the claim window the host may claim from the deposit, from here; the renter has no such link.
  await expect(host.getByRole("link", { name: "Pateikti pretenziją dėl užstato" })).toHaveAttribute(
    "href",
    `/bookings/${bookingId}/claim`,
  );
  await expect(host.getByText("Užfiksuotas grąžinimas, kelionė baigta")).toBeVisible();
  // A trip photo is served to a party, never to be kept by a shared cache.
  const src = await host.getByRole("img", { name: "Perdavimas: Priekis" }).getAttribute("src");
  const served = await host.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toBe("private, no-store");
  // The host confirms the renter's check-out, and that page too finishes loading with its photos.
  await expect(host.getByRole("heading", { name: "Ar grąžinimas užfiksuotas teisingai?" })).toBeVisible();
  await host.getByRole("button", { name: "Patvirtinti", exact: true }).click();
  await expect(host.getByText("Įrašas patvirtintas").first()).toBeVisible();
  await expectFinishedLoading(host);
  await expect(host.getByText("Grąžinimas patvirtintas")).toBeVisible();
  await expect(host.getByRole("button", { name: "Patvirtinti" })).toHaveCount(0);
  await visitCurrent(host);

  const booking = await database.execute({
    sql: "select status, deposit_status, claim_window_ends_at, completed_at from bookings where id = ?",
    args: [bookingId],
  });
  expect(booking.rows[0]).toMatchObject({ status: "completed", deposit_status: "held" });
  expect(Number(booking.rows[0]!.claim_window_ends_at) - Number(booking.rows[0]!.completed_at)).toBe(86_400_000);
  const stored = await database.execute({
    sql: "select subject, count(*) as n from trip_photos where booking_id = ? group by subject order by subject",
    args: [bookingId],
  });
  expect(stored.rows.map((row) => [row.subject, Number(row.n)])).toEqual([
    ["check_in", 4],
    ["check_out", 5],
  ]);

  // No claim: the window is closed here (a day is too long to wait), then the cron's entry runs the job.
  await database.execute({
    sql: "update bookings set claim_window_ends_at = ? where id = ?",
    args: [Date.now() - 60_000, bookingId],
  });
  const ran = await page.request.get(`/__scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
  expect(ran.status()).toBe(200);
  // The Worker runs the job after answering (waitUntil): its outcome is waited for.
  const settled = async () =>
    (
      await database.execute({
        sql: `select b.deposit_status, b.deposit_amount, r.kind, r.amount, r.status from bookings b
              join refunds r on r.booking_id = b.id where b.id = ?`,
        args: [bookingId],
      })
    ).rows;
  await expect.poll(async () => (await settled())[0]?.status).toBe("succeeded");
  const [refund, ...more] = await settled();
  expect(more).toEqual([]);
  expect(refund).toMatchObject({ deposit_status: "returned", kind: "deposit", status: "succeeded" });
  expect(Number(refund!.amount)).toBe(Number(refund!.deposit_amount));
  await visit(page, `/bookings/${bookingId}?lng=en`);
  await expect(page.getByRole("region", { name: "Security deposit" })).toContainText("Returned on");

  // The trip is over: both review each other, from their lists of completed bookings.
  await visit(host, "/bookings?role=host&tab=completed");
  await host
    .getByRole("listitem")
    .filter({ hasText: reference })
    .getByRole("link", { name: "Palikti atsiliepimą" })
    .click();
  await expect(host.getByRole("dialog")).toBeVisible();
  await visitCurrent(host);
  await host.locator('input[name="rating"][value="5"]').check({ force: true });
  await host.getByRole("button", { name: "Pateikti atsiliepimą" }).click();
  await expect(host).toHaveURL(/\/bookings\?tab=completed/);
  await host.context().close();
  await visit(page, "/bookings?tab=completed&lng=en");
  await page.getByRole("listitem").filter({ hasText: reference }).getByRole("link", { name: "Leave a review" }).click();
  // As for the host: the review's address must be the page's before visitCurrent reads it (with JavaScript the click
  // is a client-side navigation, and reading the address early loaded the list again).
  await expect(page.getByRole("dialog")).toBeVisible();
  await visitCurrent(page);
  await page.locator('input[name="rating"][value="4"]').check({ force: true });
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page).toHaveURL(/\/bookings\?tab=completed/);
  await expect(
    page.getByRole("listitem").filter({ hasText: reference }).getByRole("link", { name: "Leave a review" }),
  ).toHaveCount(0);
  const reviews = await database.execute({
    sql: "select rating from reviews where booking_id = ? order by rating",
    args: [bookingId],
  });
  expect(reviews.rows.map((r) => Number(r.rating))).toEqual([4, 5]);
});
