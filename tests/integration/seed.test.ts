// The demo and bulk seeds against real database files, with an in-memory photo store.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client, type Row } from "@libsql/client";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../../app/accounts/password.server";
import { createDb } from "../../app/db.server";
import { FEATURE_GROUPS, allFeatureCodes, isFeatureCode } from "../../app/cars/feature-catalogue";
import { vinError } from "../../app/cars/listing-rules";
import enFeatures from "../../app/locales/en/features.json";
import ltFeatures from "../../app/locales/lt/features.json";
import {
  priceBooking,
  rentalCharge,
  storedRental,
  type InsuranceChoice,
  type PricingPeriod,
} from "../../app/pricing/booking-price";
import { owePayouts } from "../../app/payouts/payouts.server";
import { migrateDatabase } from "../../db/migrate";
import { prepareLocalFile } from "../../db/node-client";
import { BOOKING_STATUSES, CAR_CATEGORIES, FUEL_TYPES, LISTING_TYPES, TRANSMISSIONS } from "../../db/schema";
import { createMemoryPhotoStore } from "../../scripts/seed/photo-store";
import { CARD_MAX_BYTES } from "../../scripts/seed/photos";
import { CITY_NAMES } from "../../scripts/seed/places";
import { seedBulkCars } from "../../scripts/seed/seed-bulk";
import { seedDemo, type SeedDemoResult } from "../../scripts/seed/seed-demo";

const DEV_PEPPER = "dev-pepper-not-for-production";
// Rendering the photos the first time takes several seconds; later seeds in this file reuse the cache. A seed and a
// bulk seed took 122 s at a load of 25 on two cores: a busy machine gets more than that.
const SEED_TIMEOUT = 300_000;

let dir: string;
const clients: Client[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "seed-test-"));
  vi.stubEnv("PASSWORD_PEPPER", "");
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

async function openDb(name = "test.db"): Promise<Client> {
  const client = createClient({ url: `file:${join(dir, name)}`, intMode: "number" });
  clients.push(client);
  await prepareLocalFile(client);
  await migrateDatabase(client);
  return client;
}

async function seeded(options: { now?: Date; name?: string } = {}) {
  const client = await openDb(options.name);
  const store = createMemoryPhotoStore();
  const result = await seedDemo(client, store, { now: options.now });
  expect(result.status).toBe("seeded");
  return { client, store, result: result as Extract<SeedDemoResult, { status: "seeded" }> };
}

async function all(client: Client, sql: string, args: Array<string | number | null> = []): Promise<Row[]> {
  return (await client.execute({ sql, args })).rows;
}

async function one(client: Client, sql: string, args: Array<string | number | null> = []): Promise<Row> {
  const [row] = await all(client, sql, args);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

const num = (value: unknown) => Number(value);
const todayInVilnius = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Vilnius",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

describe("feature catalogue", () => {
  it("has about 15 basic and 63 premium features, unique snake_case codes, labelled in both languages", () => {
    const basic = FEATURE_GROUPS.filter((g) => !g.premium).flatMap((g) => g.features);
    const premium = FEATURE_GROUPS.filter((g) => g.premium).flatMap((g) => g.features);
    expect(basic).toHaveLength(15);
    expect(premium).toHaveLength(63);
    expect(new Set(allFeatureCodes).size).toBe(allFeatureCodes.length);
    expect(FEATURE_GROUPS.map((g) => g.code)).toContain("luxury");
    for (const code of allFeatureCodes) {
      expect(code).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
      expect(enFeatures.features).toHaveProperty(code);
      expect(ltFeatures.features).toHaveProperty(code);
    }
    for (const group of FEATURE_GROUPS) {
      expect(enFeatures.groups).toHaveProperty(group.code);
      expect(ltFeatures.groups).toHaveProperty(group.code);
    }
    expect(Object.keys(enFeatures.features)).toHaveLength(allFeatureCodes.length);
    expect(Object.keys(ltFeatures.features)).toHaveLength(allFeatureCodes.length);
  });
});

describe("demo seed", () => {
  it(
    "creates the five demo accounts with their flags, signing in with the demo password and the dev pepper",
    async () => {
      const { client } = await seeded();
      const rows = await all(
        client,
        `select u.email, u.password_hash, u.is_admin, u.email_confirmed_at, p.* from users u join profiles p on p.id = u.id
         where u.email like '%@demo.lt' order by u.email`,
      );
      const byEmail = new Map(rows.map((r) => [String(r.email), r]));
      expect([...byEmail.keys()].sort()).toEqual(
        ["admin@demo.lt", "company@demo.lt", "host@demo.lt", "newbie@demo.lt", "renter@demo.lt"].sort(),
      );
      for (const row of rows) {
        expect(row.email_confirmed_at).not.toBeNull();
        expect((await verifyPassword("Demo!pass1", String(row.password_hash), DEV_PEPPER)).valid).toBe(true);
        expect((await verifyPassword("Demo!pass2", String(row.password_hash), DEV_PEPPER)).valid).toBe(false);
      }
      const admin = byEmail.get("admin@demo.lt");
      expect(admin).toMatchObject({ is_admin: 1, verification_status: "verified" });
      const host = byEmail.get("host@demo.lt");
      expect(host).toMatchObject({ is_admin: 0, is_host: 1, verification_status: "verified" });
      expect(host?.host_since).not.toBeNull();
      const renter = byEmail.get("renter@demo.lt");
      expect(renter).toMatchObject({ verification_status: "verified", is_host: 0 });
      expect(String(renter?.date_of_birth)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(renter?.phone).toBeTruthy();
      const newbie = byEmail.get("newbie@demo.lt");
      expect(newbie).toMatchObject({ verification_status: "pending", is_host: 0 });
      const company = byEmail.get("company@demo.lt");
      expect(company).toMatchObject({
        account_type: "company",
        company_name: "UAB Baltic Drive",
        company_number: "305123456",
        verification_status: "verified",
        is_host: 1,
      });

      const owned = async (email: string, extra = "") =>
        all(client, `select c.* from cars c join users u on u.id = c.owner_id where u.email = ? ${extra}`, [email]);
      expect(await owned("newbie@demo.lt")).toHaveLength(0);
      const hostCars = await owned("host@demo.lt");
      expect(hostCars.length).toBeGreaterThanOrEqual(10);
      expect(new Set(hostCars.map((c) => c.listing_type))).toEqual(new Set(LISTING_TYPES));
      const companyCars = await owned("company@demo.lt");
      expect(companyCars.length).toBeGreaterThanOrEqual(8);
      expect(companyCars.every((c) => c.listing_type === "rental")).toBe(true);
      // Instant book (decision 023): a couple of the demo host's approved rentals, which the verified demo renter books at
      // once and the unverified newbie only requests; never a car that is only for sale.
      const instant = hostCars.filter((c) => c.instant_book === 1);
      expect(instant.length).toBeGreaterThanOrEqual(1);
      expect(instant.length).toBeLessThanOrEqual(2);
      expect(instant.every((c) => c.status === "approved" && c.listing_type !== "sale" && c.available === 1)).toBe(
        true,
      );
      expect(hostCars.filter((c) => c.instant_book === 0).length).toBeGreaterThan(instant.length);
      const saleInstant = await all(client, "select id from cars where instant_book = 1 and listing_type = 'sale'");
      expect(saleInstant).toHaveLength(0);

      const others = await all(
        client,
        "select p.full_name, u.email from users u join profiles p on p.id = u.id where u.email like '%@example.lt'",
      );
      expect(others.length).toBeGreaterThanOrEqual(15);
      expect(others.some((r) => /[ąčęėįšųūž]/i.test(String(r.full_name)))).toBe(true);
      expect(others.every((r) => /^[a-z]+\.[a-z]+@example\.lt$/.test(String(r.email)))).toBe(true);
    },
    SEED_TIMEOUT,
  );

  it(
    "hashes with PASSWORD_PEPPER when it is set",
    async () => {
      vi.stubEnv("PASSWORD_PEPPER", "a-real-pepper-from-the-environment");
      const { client } = await seeded();
      const row = await one(client, "select password_hash from users where email = 'renter@demo.lt'");
      expect(
        (await verifyPassword("Demo!pass1", String(row.password_hash), "a-real-pepper-from-the-environment")).valid,
      ).toBe(true);
      expect((await verifyPassword("Demo!pass1", String(row.password_hash), DEV_PEPPER)).valid).toBe(false);
    },
    SEED_TIMEOUT,
  );

  it(
    "lists at least 60 public cars of every category, fuel, transmission, listing type and city, plus moderated ones",
    async () => {
      const { client } = await seeded();
      const cars = await all(client, "select * from cars");
      const open = cars.filter((c) => c.status === "approved" && c.available === 1);
      expect(open.length).toBeGreaterThanOrEqual(60);
      const values = (column: string) => new Set(open.map((c) => String(c[column])));
      expect(values("category")).toEqual(new Set(CAR_CATEGORIES));
      expect(values("fuel_type")).toEqual(new Set(FUEL_TYPES));
      expect(values("transmission")).toEqual(new Set(TRANSMISSIONS));
      expect(values("listing_type")).toEqual(new Set(LISTING_TYPES));
      for (const city of CITY_NAMES) expect(values("location")).toContain(city);

      expect(cars.filter((c) => c.status === "pending").length).toBeGreaterThanOrEqual(4);
      const rejected = cars.filter((c) => c.status === "rejected");
      expect(rejected.length).toBeGreaterThanOrEqual(3);
      expect(rejected.every((c) => String(c.rejection_reason ?? "").length > 10 && c.approved_at === null)).toBe(true);
      expect(cars.filter((c) => c.status === "suspended").length).toBeGreaterThanOrEqual(1);
      expect(cars.filter((c) => c.status === "approved" && c.available === 0).length).toBeGreaterThanOrEqual(2);

      const admin = await one(client, "select id from users where email = 'admin@demo.lt'");
      for (const car of cars.filter((c) => c.status === "approved")) {
        expect(car.approved_by).toBe(admin.id);
        expect(num(car.approved_at)).toBeGreaterThanOrEqual(num(car.submitted_at));
      }
    },
    SEED_TIMEOUT,
  );

  it(
    "gives cars specifications, prices, features and texts that belong together",
    async () => {
      const { client } = await seeded();
      const cars = await all(client, "select * from cars");
      const luxury = new Set<string>(FEATURE_GROUPS.find((g) => g.code === "luxury")?.features ?? []);
      const year = Number(todayInVilnius().slice(0, 4));
      for (const car of cars) {
        const label = `${car.make} ${car.model}`;
        if (car.fuel_type === "electric") {
          expect(car.engine_size, label).toBeNull();
          expect(car.transmission, label).toBe("automatic");
        } else {
          expect(num(car.engine_size), label).toBeGreaterThan(0.5);
        }
        if (car.category === "classic") expect(num(car.year), label).toBeLessThan(1990);
        else expect(num(car.year), label).toBeGreaterThanOrEqual(2003);
        expect(num(car.year)).toBeLessThanOrEqual(year + 1);
        if (car.category === "exotic") {
          expect(["Lamborghini", "McLaren", "Ferrari", "Aston Martin", "Audi"]).toContain(car.make);
          expect(num(car.horsepower), label).toBeGreaterThan(500);
        }
        if (car.daily_price !== null) {
          const daily = num(car.daily_price);
          expect(daily).toBeGreaterThanOrEqual(3500);
          expect(daily).toBeLessThanOrEqual(90000);
          expect(num(car.weekly_price) / daily).toBeGreaterThan(5.4);
          expect(num(car.weekly_price) / daily).toBeLessThan(6.5);
          if (car.monthly_price !== null) {
            expect(num(car.monthly_price) / daily).toBeGreaterThan(19.5);
            expect(num(car.monthly_price) / daily).toBeLessThan(23.5);
          }
          expect(num(car.deposit_amount)).toBeGreaterThan(0);
        }
        if (car.driver_only === 1) expect(car.driver_available).toBe(1);
        if (car.driver_available === 1) {
          expect(num(car.daily_price_with_driver)).toBeGreaterThan(num(car.daily_price));
          expect(num(car.driver_price_per_hour)).toBeGreaterThan(0);
        }
        expect(num(car.min_rental_days)).toBeLessThanOrEqual(num(car.max_rental_days));
        const features = JSON.parse(String(car.features)) as unknown[];
        expect(features.every(isFeatureCode), label).toBe(true);
        if (car.sale_price !== null && num(car.sale_price) < 2_000_000) {
          expect(
            features.filter((f) => luxury.has(String(f))),
            label,
          ).toEqual([]);
        }
        expect(String(car.description).length).toBeGreaterThan(80);
        expect(String(car.description).length).toBeLessThanOrEqual(2000);
        if (car.rules !== null) expect(String(car.rules).length).toBeLessThanOrEqual(1000);
        if (car.vin !== null) expect(vinError(String(car.vin))).toBeNull();
        if (car.license_plate !== null) expect(String(car.license_plate)).toMatch(/^[A-Z]{3} \d{3}$/);
      }
      expect(cars.some((c) => c.vin !== null)).toBe(true);
      expect(cars.some((c) => c.license_plate !== null)).toBe(true);
      expect(cars.filter((c) => c.driver_only === 1).length).toBeGreaterThanOrEqual(1);
      // Mostly Lithuanian texts, some English.
      const lithuanian = cars.filter((c) => /[ąčęėįšųūž]/.test(String(c.description))).length;
      expect(lithuanian).toBeGreaterThan(cars.length / 2);
      expect(lithuanian).toBeLessThan(cars.length);

      const points = await all(
        client,
        "select p.*, c.listing_type from pickup_points p join cars c on c.id = p.car_id",
      );
      const perCar = new Map<string, Row[]>();
      for (const p of points) perCar.set(String(p.car_id), [...(perCar.get(String(p.car_id)) ?? []), p]);
      for (const car of cars) {
        const own = perCar.get(String(car.id)) ?? [];
        if (car.listing_type === "sale") expect(own).toHaveLength(0);
        else {
          expect(own.length).toBeGreaterThanOrEqual(1);
          expect(own.filter((p) => p.is_primary === 1)).toHaveLength(1);
        }
      }
      expect(
        points.every(
          (p) => num(p.latitude) > 53.8 && num(p.latitude) < 56.6 && num(p.longitude) > 20.9 && num(p.longitude) < 26.9,
        ),
      ).toBe(true);
      expect(new Set(points.map((p) => p.country))).toEqual(new Set(["Lithuania", "Latvia", "Poland"]));
    },
    SEED_TIMEOUT,
  );

  it(
    "writes three priced insurance packages in both languages and bookings in every status, priced by the pricing module and never overlapping",
    async () => {
      const { client } = await seeded();
      const packages = await all(client, "select * from insurance_packages order by sort_order");
      // "No additional insurance" is the booking page's own choice, never a (free) package of its own.
      expect(packages.map((p) => [p.name_en, p.name_lt])).toEqual([
        ["Basic Protection", "Bazinė apsauga"],
        ["Standard Coverage", "Standartinė apsauga"],
        ["Premium Plus", "Premium Plius"],
      ]);
      expect(packages.find((p) => p.name_en === "Standard Coverage")?.is_popular).toBe(1);
      for (const p of packages) {
        expect(p.name).toBe(p.name_en);
        for (const column of ["coverage_details_lt", "coverage_details_en"]) {
          const details = JSON.parse(String(p[column])) as {
            coverage: string[];
            features: string[];
            exclusions: string[];
          };
          expect(details.coverage.length).toBeGreaterThan(0);
          expect(details.exclusions.length).toBeGreaterThan(0);
        }
        expect(p.description_lt).not.toBe(p.description_en);
        expect(num(p.price_per_day ?? 0) > 0 || num(p.price_percentage ?? 0) > 0).toBe(true);
        expect(num(p.max_coverage)).toBeGreaterThan(0);
      }

      const bookings = await all(
        client,
        `select b.*, c.daily_price, c.weekly_price, c.monthly_price, c.daily_price_with_driver, c.weekly_price_with_driver,
                c.monthly_price_with_driver, c.sale_price, bi.daily_cost, bi.total_cost, ip.price_per_day, ip.price_percentage
         from bookings b join cars c on c.id = b.car_id
         left join booking_insurance bi on bi.booking_id = b.id
         left join insurance_packages ip on ip.id = bi.insurance_package_id`,
      );
      for (const status of BOOKING_STATUSES) {
        expect(bookings.filter((b) => b.status === status).length, status).toBeGreaterThanOrEqual(3);
      }
      const today = todayInVilnius();
      const paymentFor = {
        pending: "authorized",
        confirmed: "captured",
        active: "captured",
        completed: "captured",
        cancelled: "released",
      };
      for (const b of bookings) {
        const start = String(b.start_date);
        const end = String(b.end_date);
        expect(num(b.total_days)).toBe(Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000));
        expect(b.payment_status).toBe(paymentFor[b.status as keyof typeof paymentFor]);
        if (b.status === "completed") {
          expect(end <= today).toBe(true);
          expect(b.completed_at).not.toBeNull();
        }
        if (b.status === "active") expect(start <= today && today < end).toBe(true);
        if (b.status === "pending" || b.status === "confirmed") expect(start > today).toBe(true);
        if (["confirmed", "active", "completed"].includes(String(b.status))) expect(b.confirmed_at).not.toBeNull();
        if (b.status === "cancelled") expect(b.cancelled_at).not.toBeNull();

        const driver = b.with_driver === 1;
        const prices = {
          dailyPrice: (driver ? b.daily_price_with_driver : b.daily_price) as number | null,
          weeklyPrice: (driver ? b.weekly_price_with_driver : b.weekly_price) as number | null,
          monthlyPrice: (driver ? b.monthly_price_with_driver : b.monthly_price) as number | null,
        };
        const rental = rentalCharge(prices, b.pricing_period as PricingPeriod, num(b.total_days));
        expect(rental).not.toBeNull();
        expect(
          storedRental({
            pricingPeriod: b.pricing_period as PricingPeriod,
            totalDays: num(b.total_days),
            dailyRate: num(b.daily_rate),
            subtotal: num(b.subtotal),
            periodCount: b.period_count === null ? null : num(b.period_count),
            periodPrice: b.period_price === null ? null : num(b.period_price),
            extraDays: b.extra_days === null ? null : num(b.extra_days),
          }),
        ).toEqual(rental);
        const insurance: InsuranceChoice =
          b.total_cost === null
            ? { kind: "none" }
            : b.price_percentage !== null
              ? {
                  kind: "percentage",
                  percent: num(b.price_percentage),
                  carValue: b.sale_price === null ? null : num(b.sale_price),
                }
              : { kind: "per-day", pricePerDay: num(b.price_per_day) };
        const price = priceBooking({
          rental: rental!,
          days: num(b.total_days),
          insurance,
          deposit: num(b.deposit_amount),
        });
        expect({
          subtotal: num(b.subtotal),
          insuranceCost: num(b.insurance_cost),
          platformFee: num(b.platform_fee),
          paymentProcessorFee: num(b.payment_processor_fee),
          hostEarnings: num(b.host_earnings),
          total: num(b.total_amount),
        }).toEqual({
          subtotal: price.subtotal,
          insuranceCost: price.insuranceCost,
          platformFee: price.platformFee,
          paymentProcessorFee: price.paymentProcessorFee,
          hostEarnings: price.hostEarnings,
          total: price.total,
        });
        if (b.total_cost !== null) expect(num(b.total_cost)).toBe(price.insuranceCost);
      }
      expect(bookings.some((b) => b.pricing_period === "weekly")).toBe(true);
      expect(bookings.some((b) => b.pricing_period === "monthly")).toBe(true);
      expect(bookings.some((b) => b.with_driver === 1)).toBe(true);

      const overlaps = await all(
        client,
        `select a.id from bookings a join bookings b on a.car_id = b.car_id and a.id < b.id
         where a.status in ('confirmed', 'active') and b.status in ('confirmed', 'active')
           and a.start_date < b.end_date and b.start_date < a.end_date`,
      );
      expect(overlaps).toEqual([]);
    },
    SEED_TIMEOUT,
  );

  it(
    "keeps ratings, counters and statistics equal to what the rows say",
    async () => {
      const { client } = await seeded();
      const reviews = await all(client, "select * from reviews");
      expect(reviews.length).toBeGreaterThan(10);
      const completed = new Set(
        (await all(client, "select id from bookings where status = 'completed'")).map((r) => r.id),
      );
      expect(reviews.every((r) => completed.has(r.booking_id))).toBe(true);
      expect(reviews.every((r) => num(r.rating) >= 1 && num(r.rating) <= 5)).toBe(true);
      const average = (ratings: number[]) =>
        ratings.length === 0 ? 0 : Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
      const mean = reviews.reduce((sum, r) => sum + num(r.rating), 0) / reviews.length;
      expect(mean).toBeGreaterThan(4);

      const cars = await all(client, "select * from cars");
      const bookings = await all(client, "select * from bookings");
      const favorites = await all(client, "select * from favorites");
      const stats = await all(client, "select * from listing_daily_stats");
      for (const car of cars) {
        const about = reviews
          .filter((r) => r.car_id === car.id && r.reviewee_id === car.owner_id)
          .map((r) => num(r.rating));
        expect(num(car.review_count)).toBe(about.length);
        expect(num(car.rating)).toBeCloseTo(average(about), 5);
        expect(num(car.favorite_count)).toBe(favorites.filter((f) => f.car_id === car.id).length);
        expect(num(car.booking_count)).toBe(
          bookings.filter((b) => b.car_id === car.id && ["confirmed", "active", "completed"].includes(String(b.status)))
            .length,
        );
        const own = stats.filter((s) => s.car_id === car.id);
        if (car.status === "approved") {
          expect(own.length).toBeGreaterThan(0);
          expect(own.length).toBeLessThanOrEqual(60);
          const views = own.reduce((sum, s) => sum + num(s.views), 0);
          expect(num(car.view_count)).toBeGreaterThanOrEqual(views);
          for (const s of own)
            expect(num(s.views)).toBeGreaterThan(num(s.contacts) + num(s.inquiries) + num(s.favorites) - 1);
        } else {
          expect(own).toHaveLength(0);
        }
      }
      // Favourites in the statistics are the favourite rows of that day.
      const statFavourites = stats.reduce((sum, s) => sum + num(s.favorites), 0);
      const recentFavourites = favorites.filter((f) => num(f.created_at) >= Date.now() - 58 * 86_400_000).length;
      expect(statFavourites).toBeGreaterThanOrEqual(recentFavourites);
      expect(statFavourites).toBeLessThanOrEqual(favorites.length);

      const profiles = await all(client, "select * from profiles");
      for (const profile of profiles) {
        const about = reviews.filter((r) => r.reviewee_id === profile.id).map((r) => num(r.rating));
        expect(num(profile.review_count)).toBe(about.length);
        expect(num(profile.rating)).toBeCloseTo(average(about), 5);
        const hosted = bookings.filter((b) => b.owner_id === profile.id && b.status === "completed");
        expect(num(profile.total_bookings)).toBe(hosted.length);
        expect(num(profile.total_earnings)).toBe(hosted.reduce((sum, b) => sum + num(b.host_earnings), 0));
      }
      const host = await one(client, "select p.* from profiles p where p.email = 'host@demo.lt'");
      expect(num(host.review_count)).toBeGreaterThan(0);
      expect(num(host.total_earnings)).toBeGreaterThan(0);
    },
    SEED_TIMEOUT,
  );

  it(
    "gives every car 3–5 photos with one primary, all stored, cards under 40 KB as 640×480 WebP",
    async () => {
      const { client, store } = await seeded();
      const images = await all(client, "select * from car_images order by car_id, sort_order");
      const cars = await all(client, "select id from cars");
      for (const car of cars) {
        const own = images.filter((i) => i.car_id === car.id);
        expect(own.length).toBeGreaterThanOrEqual(3);
        expect(own.length).toBeLessThanOrEqual(5);
        expect(own.filter((i) => i.is_primary === 1)).toHaveLength(1);
        expect(own[0]?.is_primary).toBe(1);
        expect(own.map((i) => num(i.sort_order))).toEqual(own.map((_, index) => index));
      }
      const cards = new Set<Uint8Array>();
      for (const image of images) {
        expect(image.storage_key).toBe(`cars/${image.car_id}/${image.id}`);
        expect([num(image.width), num(image.height)]).toEqual([1600, 1200]);
        const card = store.objects.get(`${image.storage_key}/card.webp`);
        expect(card, String(image.storage_key)).toBeDefined();
        expect(store.objects.has(`${image.storage_key}/full.webp`)).toBe(true);
        expect(store.objects.has(`${image.storage_key}/medium.webp`)).toBe(true);
        if (card) cards.add(card);
      }
      for (const card of cards) {
        expect(card.byteLength).toBeLessThanOrEqual(CARD_MAX_BYTES);
        const meta = await sharp(card).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", 640, 480]);
      }
      const full = store.objects.get(`${images[0]?.storage_key}/full.webp`) as Uint8Array;
      const fullMeta = await sharp(full).metadata();
      expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(["webp", 1600, 1200]);
      const medium = store.objects.get(`${images[0]?.storage_key}/medium.webp`) as Uint8Array;
      const mediumMeta = await sharp(medium).metadata();
      expect([mediumMeta.format, mediumMeta.width, mediumMeta.height]).toEqual(["webp", 800, 600]);

      const avatars = await all(client, "select id, avatar_key from profiles where avatar_key is not null");
      expect(avatars.length).toBeGreaterThanOrEqual(8);
      for (const profile of avatars) {
        expect(String(profile.avatar_key)).toMatch(new RegExp(`^avatars/${String(profile.id)}/[0-9a-f-]+$`));
        const bytes = store.objects.get(`${String(profile.avatar_key)}/avatar.webp`) as Uint8Array;
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
      }
    },
    SEED_TIMEOUT,
  );

  it(
    "records the trips: active ones checked in, last month's completed ones at both ends, deposits back or claimed",
    async () => {
      const { client, store } = await seeded();
      const bookings = await all(client, "select * from bookings");
      const records = await all(client, "select * from trip_records");
      const photos = await all(client, "select * from trip_photos");
      const byBooking = (id: unknown) =>
        records
          .filter((r) => r.booking_id === id)
          .map((r) => String(r.kind))
          .sort();

      // Every record has its four sides, each stored privately as a WebP.
      for (const record of records) {
        const own = photos.filter((p) => p.booking_id === record.booking_id && p.subject === record.kind);
        expect(own.map((p) => String(p.angle)).sort()).toEqual(["back", "front", "left", "right"]);
        for (const photo of own) {
          expect(String(photo.storage_key)).toMatch(new RegExp(`^private/trips/${String(record.booking_id)}/`));
          expect(store.objects.has(`${String(photo.storage_key)}/full.webp`)).toBe(true);
        }
      }
      const active = bookings.filter((b) => b.status === "active");
      expect(active.length).toBeGreaterThan(0);
      for (const booking of active) expect(byBooking(booking.id)).toEqual(["check_in"]);

      const completed = bookings.filter((b) => b.status === "completed");
      const recorded = completed.filter((b) => byBooking(b.id).length > 0);
      expect(recorded.length).toBeGreaterThanOrEqual(2);
      for (const booking of recorded) {
        expect(byBooking(booking.id)).toEqual(["check_in", "check_out"]);
        const checkOut = records.find((r) => r.booking_id === booking.id && r.kind === "check_out")!;
        const checkIn = records.find((r) => r.booking_id === booking.id && r.kind === "check_in")!;
        expect(num(checkOut.odometer_km)).toBeGreaterThan(num(checkIn.odometer_km));
        expect(num(booking.claim_window_ends_at)).toBe(num(checkOut.recorded_at) + 24 * 3_600_000);
      }

      // Deposits: held while a trip is ahead or under way, back by a refund after it, one claimed.
      for (const booking of bookings.filter((b) => num(b.deposit_amount) > 0 && b.payment_status === "captured")) {
        if (booking.status === "confirmed" || booking.status === "active") expect(booking.deposit_status).toBe("held");
      }
      const refunds = await all(client, "select * from refunds");
      for (const booking of bookings.filter((b) => b.deposit_status === "returned")) {
        const refund = refunds.find((r) => r.booking_id === booking.id);
        expect(refund).toMatchObject({ kind: "deposit", status: "succeeded", amount: booking.deposit_amount });
      }
      const [claim, ...others] = await all(client, "select * from damage_claims");
      expect(others).toEqual([]);
      const claimed = bookings.find((b) => b.id === claim?.booking_id)!;
      expect(claimed).toMatchObject({ status: "completed", deposit_status: "claimed" });
      expect(claim).toMatchObject({ status: "awaiting_renter", excess_km: 112, late_hours: 2 });
      expect(num(claim!.amount)).toBeLessThanOrEqual(num(claimed.deposit_amount));
      const demo = await all(
        client,
        "select id, email from profiles where email in ('host@demo.lt', 'renter@demo.lt')",
      );
      expect(new Set([claimed.owner_id, claimed.renter_id])).toEqual(new Set(demo.map((p) => p.id)));
    },
    SEED_TIMEOUT,
  );

  it(
    "pays the demo host for every settled trip, leaves the company's onboarding unfinished, and owes the job nothing",
    async () => {
      const now = new Date();
      const { client } = await seeded({ now });
      const ids = Object.fromEntries(
        (await all(client, "select id, email from profiles where email in ('host@demo.lt', 'company@demo.lt')")).map(
          (p) => [String(p.email), String(p.id)],
        ),
      );
      const accounts = await all(client, "select * from payout_accounts order by business_type");
      expect(accounts).toEqual([
        expect.objectContaining({
          user_id: ids["company@demo.lt"],
          business_type: "company",
          status: "details_needed",
        }),
        expect.objectContaining({ user_id: ids["host@demo.lt"], business_type: "individual", status: "enabled" }),
      ]);
      expect(JSON.parse(String(accounts[0]!.requirements_due)).length).toBeGreaterThan(0);

      const payouts = await all(
        client,
        `select p.*, b.host_earnings, b.deposit_kept, b.claim_window_ends_at, b.owner_id
           from payouts p join bookings b on b.id = p.booking_id`,
      );
      for (const payout of payouts) {
        expect(payout.host_id).toBe(payout.owner_id);
        expect(num(payout.amount)).toBe(num(payout.host_earnings) + num(payout.deposit_kept));
        expect(num(payout.settled_at)).toBe(num(payout.claim_window_ends_at));
        expect(num(payout.settled_at)).toBeLessThanOrEqual(now.getTime());
        expect(payout.idempotency_key).toBe(`payout-${String(payout.booking_id)}`);
      }
      const hosts = (id: string) => payouts.filter((p) => p.host_id === id);
      const paid = hosts(ids["host@demo.lt"]!);
      expect(paid.length).toBeGreaterThanOrEqual(3);
      for (const payout of paid) {
        expect(payout).toMatchObject({ status: "paid", attempts: 1 });
        expect(num(payout.sent_amount)).toBe(num(payout.amount));
        expect(String(payout.stripe_transfer_id)).toMatch(/^tr_standin_[0-9a-f]{32}$/);
        expect(num(payout.paid_at)).toBeGreaterThan(num(payout.settled_at));
      }
      // Months of statements: the host's paid trips fall in more than one Vilnius calendar month.
      const months = new Set(paid.map((p) => new Date(num(p.settled_at)).toISOString().slice(0, 7)));
      expect(months.size).toBeGreaterThanOrEqual(2);
      // Everyone else's earnings wait for an account, the company's included.
      const waiting = payouts.filter((p) => p.host_id !== ids["host@demo.lt"]);
      expect(waiting.length).toBeGreaterThan(0);
      expect(new Set(waiting.map((p) => p.status))).toEqual(new Set(["waiting_for_account"]));
      expect(hosts(ids["company@demo.lt"]!).length).toBeGreaterThan(0);

      // The job, run at the seed's moment, finds every settled booking already paid or waiting.
      expect(await owePayouts(createDb(client), now)).toBe(0);
    },
    SEED_TIMEOUT,
  );

  it(
    "writes conversations, unread messages and notifications, favourites and saved searches for the demo users",
    async () => {
      const { client } = await seeded();
      const conversations = await all(client, "select * from conversations");
      expect(conversations.every((c) => String(c.user_a_id) < String(c.user_b_id))).toBe(true);
      for (const c of conversations) {
        const last = await one(client, "select max(created_at) as at from messages where conversation_id = ?", [
          String(c.id),
        ]);
        expect(num(c.last_message_at)).toBe(num(last.at));
      }
      const unread = async (email: string, table: "messages" | "notifications") =>
        num(
          (
            await one(
              client,
              table === "messages"
                ? "select count(*) as n from messages m join users u on u.id = m.recipient_id where u.email = ? and m.read_at is null"
                : "select count(*) as n from notifications n join users u on u.id = n.user_id where u.email = ? and n.read = 0",
              [email],
            )
          ).n,
        );
      for (const email of ["renter@demo.lt", "host@demo.lt"]) {
        expect(await unread(email, "messages")).toBeGreaterThan(0);
        expect(await unread(email, "notifications")).toBeGreaterThan(0);
      }
      const inquiries = await all(client, "select * from messages where message_type = 'booking_inquiry'");
      expect(inquiries.length).toBeGreaterThan(0);
      expect(inquiries.every((m) => m.booking_start_date && m.booking_end_date && m.pickup_location)).toBe(true);

      const types = new Set((await all(client, "select distinct type from notifications")).map((r) => r.type));
      for (const type of [
        "booking_requested",
        "booking_confirmed",
        "new_message",
        "price_drop",
        "review_received",
        "listing_approved",
      ]) {
        expect(types).toContain(type);
      }
      const drop = await one(client, "select data from notifications where type = 'price_drop'");
      const data = JSON.parse(String(drop.data)) as Record<string, unknown>;
      expect(Object.keys(data)).toEqual(expect.arrayContaining(["car_make", "car_model", "old_price", "new_price"]));
      expect(num(data.old_price)).toBeGreaterThan(num(data.new_price));

      const favourites = await one(
        client,
        "select count(*) as n from favorites f join users u on u.id = f.user_id where u.email = 'renter@demo.lt'",
      );
      expect(num(favourites.n)).toBeGreaterThanOrEqual(5);
      expect(num(favourites.n)).toBeLessThanOrEqual(8);
      const searches = await all(
        client,
        "select s.query from saved_searches s join users u on u.id = s.user_id where u.email = 'renter@demo.lt'",
      );
      expect(searches.map((s) => s.query)).toContain("listingType=rental&category=suv&location=Vilnius");
    },
    SEED_TIMEOUT,
  );

  it(
    "leaves one person's documents in the admin's verification queue, stored privately, and two contact messages",
    async () => {
      const { client, store } = await seeded();
      const waiting = await all(
        client,
        "select id, email from profiles where verification_status = 'pending' and verification_submitted_at is not null",
      );
      expect(waiting.map((p) => p.email)).toEqual(["vytautas.navickas@example.lt"]);
      const documents = await all(
        client,
        "select kind, storage_key, content_type, size_bytes from verification_documents",
      );
      expect(documents.map((d) => d.kind).sort()).toEqual(["driving_licence", "identity"]);
      for (const document of documents) {
        expect(String(document.storage_key)).toMatch(new RegExp(`^private/verification/${String(waiting[0]!.id)}/`));
        const bytes = store.objects.get(String(document.storage_key));
        expect(bytes?.byteLength).toBe(num(document.size_bytes));
        expect(new TextDecoder().decode(bytes!.slice(0, 8))).toBe("%PDF-1.4");
      }
      const contact = await all(client, "select type, language, handled_at from contact_messages order by created_at");
      expect(contact).toEqual([
        expect.objectContaining({ type: "support", language: "lt", handled_at: null }),
        expect.objectContaining({ type: "business", language: "en", handled_at: null }),
      ]);
    },
    SEED_TIMEOUT,
  );

  it(
    "does nothing the second time, and gives the same data for the same day",
    async () => {
      const now = new Date();
      const { client, store } = await seeded({ now });
      const tables = [
        "users",
        "profiles",
        "cars",
        "car_images",
        "pickup_points",
        "bookings",
        "reviews",
        "messages",
        "notifications",
        "listing_daily_stats",
      ];
      const counts = async (c: Client) =>
        Object.fromEntries(
          await Promise.all(tables.map(async (t) => [t, num((await one(c, `select count(*) as n from ${t}`)).n)])),
        );
      const before = await counts(client);
      const objects = store.objects.size;

      const again = await seedDemo(client, store, { now });
      expect(again.status).toBe("already-seeded");
      expect(await counts(client)).toEqual(before);
      expect(store.objects.size).toBe(objects);

      const { client: twin } = await seeded({ now, name: "twin.db" });
      for (const [table, order] of [
        ["cars", "id"],
        ["bookings", "id"],
        ["car_images", "id"],
        ["messages", "id"],
      ] as const) {
        expect(await all(twin, `select * from ${table} order by ${order}`)).toEqual(
          await all(client, `select * from ${table} order by ${order}`),
        );
      }
    },
    SEED_TIMEOUT,
  );
});

describe("bulk seed", () => {
  it(
    "adds exactly the requested number of approved cars in a few multi-row writes, with pooled photos that exist",
    async () => {
      const { client, store } = await seeded();
      const before = num((await one(client, "select count(*) as n from cars where status = 'approved'")).n);
      // What keeps it fast, counted rather than timed (a busy machine is slow at anything): the rows go in one write
      // batch of multi-row inserts, not a statement per row, and nothing else writes.
      const batches = vi.spyOn(client, "batch");
      const executes = vi.spyOn(client, "execute");
      const result = await seedBulkCars(client, store, { count: 2000 });
      expect(batches).toHaveBeenCalledTimes(1);
      expect(batches.mock.calls[0]![1]).toBe("write");
      expect(batches.mock.calls[0]![0].length).toBeLessThanOrEqual(20);
      for (const [statement] of executes.mock.calls as unknown as [string | { sql: string }][]) {
        expect(typeof statement === "string" ? statement : statement.sql).toMatch(/^\s*select\b/i);
      }
      batches.mockRestore();
      executes.mockRestore();
      expect(result.cars).toBe(2000);
      const after = num(
        (await one(client, "select count(*) as n from cars where status = 'approved' and available = 1")).n,
      );
      const total = num((await one(client, "select count(*) as n from cars where status = 'approved'")).n);
      expect(total - before).toBe(2000);
      expect(after).toBeGreaterThanOrEqual(2000);

      const pooled = await all(
        client,
        "select car_id, storage_key, is_primary from car_images where storage_key like 'cars/pool/%'",
      );
      expect(new Set(pooled.map((i) => i.car_id)).size).toBe(2000);
      for (const key of new Set(pooled.map((i) => String(i.storage_key)))) {
        expect(store.objects.has(`${key}/card.webp`)).toBe(true);
        expect(store.objects.has(`${key}/medium.webp`)).toBe(true);
        expect(store.objects.has(`${key}/full.webp`)).toBe(true);
      }
      const primaries = await one(
        client,
        `select count(*) as n from (select car_id from car_images where storage_key like 'cars/pool/%'
         group by car_id having sum(is_primary) <> 1)`,
      );
      expect(num(primaries.n)).toBe(0);
      const hostless = await one(
        client,
        `select count(*) as n from cars c join profiles p on p.id = c.owner_id
         where p.is_host = 0 and c.id in (select car_id from car_images where storage_key like 'cars/pool/%')`,
      );
      expect(num(hostless.n)).toBe(0);
    },
    SEED_TIMEOUT,
  );

  it("asks for the demo first when there are no hosts", async () => {
    const client = await openDb();
    await expect(seedBulkCars(client, createMemoryPhotoStore(), { count: 10 })).rejects.toThrow(/seed the demo first/);
  });
});
