// Migration 0014 on a database as the release before left it: listing drafts saved under the form's former
// snake_case field names read back, through the wizard's own query, with the camelCase names and every value.
import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { findDraft } from "~/cars/own-listings.server";
import { createDb } from "~/db.server";
import { migrateUpTo } from "../../db/partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("renames the keys of stored drafts and of their pickup points, keeping every value", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0014");

  const rental = {
    listing_type: "rental",
    vin: "WVWZZZ1KZAW000001",
    make: "Volvo",
    model: "XC60",
    year: "2019",
    mileage: "120000",
    location: "Kaunas",
    category: "suv",
    fuel_type: "diesel",
    transmission: "automatic",
    horsepower: "190",
    engine_size: "2.0",
    seats: "5",
    doors: "4",
    condition: "Gera",
    license_plate: "ABC 123",
    daily_price: "45,50",
    weekly_price: "280",
    monthly_price: "",
    sale_price: "",
    deposit_amount: "300",
    weekly_deposit: "400",
    monthly_deposit: "500",
    min_rental_days: "2",
    max_rental_days: "30",
    driver_service: "both_options",
    daily_price_with_driver: "90",
    weekly_price_with_driver: "550",
    monthly_price_with_driver: "2000",
    driver_price_per_hour: "15",
    minimum_rental_hours: "4",
    pickup_points: [
      { name: "Stotis", address: "Vytauto pr. 24", city: "Kaunas", country: "Lithuania", available_hours: "8-20" },
      { name: "Oro uostas", city: "Karmėlava", contact_phone: "+37060000000", latitude: "54.96", longitude: "24.08" },
    ],
    primary_point: "1",
    features: ["gps", "heated_seats"],
    description: 'Tvarkingas, "available_hours": ne raktas',
    rules: "",
  };
  const sale = { listing_type: "sale", make: "Audi", sale_price: "9000", features: [] };
  await client.batch([
    "insert into users (id, email, password_hash, created_at, updated_at) values ('owner', 'owner@example.lt', 'x', 0, 0)",
    {
      sql: "insert into listing_drafts (id, owner_id, data, created_at, updated_at) values (?, 'owner', ?, 0, 0)",
      args: ["rental", JSON.stringify(rental)],
    },
    {
      sql: "insert into listing_drafts (id, owner_id, data, created_at, updated_at) values (?, 'owner', ?, 0, 0)",
      args: ["sale", JSON.stringify(sale)],
    },
  ]);
  await migrateRest();

  const db = createDb(client);
  expect((await findDraft(db, "owner", "rental"))?.values).toEqual({
    listingType: "rental",
    vin: "WVWZZZ1KZAW000001",
    make: "Volvo",
    model: "XC60",
    year: "2019",
    mileage: "120000",
    location: "Kaunas",
    category: "suv",
    fuelType: "diesel",
    transmission: "automatic",
    horsepower: "190",
    engineSize: "2.0",
    seats: "5",
    doors: "4",
    condition: "Gera",
    licensePlate: "ABC 123",
    dailyPrice: "45,50",
    weeklyPrice: "280",
    monthlyPrice: "",
    salePrice: "",
    depositAmount: "300",
    weeklyDeposit: "400",
    monthlyDeposit: "500",
    minRentalDays: "2",
    maxRentalDays: "30",
    driverService: "both_options",
    dailyPriceWithDriver: "90",
    weeklyPriceWithDriver: "550",
    monthlyPriceWithDriver: "2000",
    driverPricePerHour: "15",
    minimumRentalHours: "4",
    pickupPoints: [
      { name: "Stotis", address: "Vytauto pr. 24", city: "Kaunas", country: "Lithuania", availableHours: "8-20" },
      { name: "Oro uostas", city: "Karmėlava", contactPhone: "+37060000000", latitude: "54.96", longitude: "24.08" },
    ],
    primaryPoint: "1",
    features: ["gps", "heated_seats"],
    description: 'Tvarkingas, "available_hours": ne raktas',
    rules: "",
  });
  // Only the keys a draft has are renamed: none appears empty.
  expect((await findDraft(db, "owner", "sale"))?.values).toEqual({
    listingType: "sale",
    make: "Audi",
    salePrice: "9000",
    features: [],
  });
  client.close();
});
