// Bulk mode: thousands of extra approved listings for performance work. Rows are written with raw multi-row
// INSERTs in batched transactions (Drizzle's builder costs more than the database here), and the photos come
// from a small pool uploaded once, shared by many rows.
import type { Client, InStatement, InValue } from "@libsql/client";
import {
  askingPriceCents,
  CATALOGUE,
  driverPrices,
  makePlate,
  makeVin,
  marketValueEuros,
  pickFeatures,
  pickMileage,
  pickPaint,
  pickYear,
  rentalPrices,
  type CatalogueModel,
} from "./catalogue";
import type { PhotoStore } from "./photo-store";
import { BACKGROUNDS, BODY_SHAPES, renderPhoto, type BodyShape, type PhotoSpec } from "./photos";
import { CITIES, CITY_NAMES, type CityName } from "./places";
import { createRandom } from "./random";
import { carForText, conditionText, describeCar, rentalRules } from "./texts";
import { DAY, HOUR, mapLimit, vilniusDay } from "./time";

export const POOL_SIZE = 30;
const POOL_COLOURS = [
  "#111315",
  "#f1f1ec",
  "#b9bec4",
  "#5c6269",
  "#1c2f5e",
  "#b3121f",
  "#2f5d3a",
  "#f2c300",
  "#efe3c2",
  "#1f5fbf",
];

/** The shared photos: every body shape several times, in different colours and places. */
export function poolSpecs(): Array<{ key: string; spec: PhotoSpec }> {
  return Array.from({ length: POOL_SIZE }, (_, n) => ({
    key: `cars/pool/${n}`,
    spec: {
      shape: BODY_SHAPES[n % BODY_SHAPES.length] as BodyShape,
      colour: POOL_COLOURS[(n * 3 + Math.floor(n / BODY_SHAPES.length)) % POOL_COLOURS.length] as string,
      background: BACKGROUNDS[
        (n * 2 + Math.floor(n / BODY_SHAPES.length)) % BACKGROUNDS.length
      ] as (typeof BACKGROUNDS)[number],
      mirrored: Math.floor(n / BODY_SHAPES.length) % 2 === 1,
    },
  }));
}

export interface SeedBulkOptions {
  count: number;
  now?: Date;
  /** Cars per write transaction. */
  batchSize?: number;
}

export interface SeedBulkResult {
  cars: number;
  images: number;
  pickupPoints: number;
  poolObjects: number;
  ms: number;
}

const CAR_COLUMNS = [
  "id",
  "owner_id",
  "make",
  "model",
  "year",
  "mileage",
  "location",
  "category",
  "fuel_type",
  "transmission",
  "horsepower",
  "engine_size",
  "seats",
  "doors",
  "condition",
  "vin",
  "license_plate",
  "listing_type",
  "daily_price",
  "weekly_price",
  "monthly_price",
  "daily_price_with_driver",
  "weekly_price_with_driver",
  "monthly_price_with_driver",
  "driver_price_per_hour",
  "minimum_rental_hours",
  "min_rental_days",
  "max_rental_days",
  "sale_price",
  "deposit_amount",
  "weekly_deposit",
  "monthly_deposit",
  "driver_available",
  "driver_only",
  "features",
  "description",
  "rules",
  "status",
  "rejection_reason",
  "available",
  "verified",
  "view_count",
  "booking_count",
  "favorite_count",
  "rating",
  "review_count",
  "submitted_at",
  "approved_at",
  "approved_by",
  "created_at",
  "updated_at",
] as const;
const IMAGE_COLUMNS = [
  "id",
  "car_id",
  "storage_key",
  "width",
  "height",
  "is_primary",
  "sort_order",
  "created_at",
] as const;
const PICKUP_COLUMNS = [
  "id",
  "car_id",
  "name",
  "address",
  "city",
  "country",
  "instructions",
  "available_hours",
  "contact_phone",
  "is_primary",
  "latitude",
  "longitude",
  "sort_order",
  "created_at",
] as const;

/** One INSERT per slice of rows, each slice small enough for SQLite's bound-parameter limit. */
function multiRowInserts(table: string, columns: readonly string[], rows: InValue[][]): InStatement[] {
  const perStatement = Math.max(1, Math.floor(30000 / columns.length));
  const statements: InStatement[] = [];
  const placeholder = `(${columns.map(() => "?").join(",")})`;
  for (let i = 0; i < rows.length; i += perStatement) {
    const slice = rows.slice(i, i + perStatement);
    statements.push({
      sql: `insert into ${table} (${columns.join(",")}) values ${slice.map(() => placeholder).join(",")}`,
      args: slice.flat(),
    });
  }
  return statements;
}

export async function seedBulkCars(
  client: Client,
  photos: PhotoStore,
  options: SeedBulkOptions,
): Promise<SeedBulkResult> {
  const started = performance.now();
  const count = Math.max(0, Math.floor(options.count));
  const now = (options.now ?? new Date()).getTime();
  const currentYear = Number(vilniusDay(now).slice(0, 4));

  const hosts = await client.execute(
    `select p.id, p.location, p.phone from profiles p join users u on u.id = p.id
     where p.is_host = 1 and p.verification_status = 'verified' and u.deleted_at is null order by p.id`,
  );
  const admin = await client.execute(
    "select id from users where is_admin = 1 and deleted_at is null order by created_at limit 1",
  );
  const adminId = admin.rows[0]?.id;
  if (hosts.rows.length === 0 || typeof adminId !== "string") {
    throw new Error("Bulk mode needs verified hosts and an admin: seed the demo first.");
  }
  const owners = hosts.rows.map((row) => ({
    id: String(row.id),
    city: (CITY_NAMES as readonly string[]).includes(String(row.location)) ? (String(row.location) as CityName) : null,
    phone: row.phone === null ? null : String(row.phone),
  }));
  const existing = await client.execute("select count(*) as n from cars");
  // A fresh stream per run, so a second bulk run adds different cars instead of the same ones again.
  const random = createRandom(`ratai-bulk/${String(existing.rows[0]?.n ?? 0)}`);

  const pool = poolSpecs();
  await mapLimit(pool, 4, async ({ key, spec }) => {
    const photo = await renderPhoto(spec);
    await Promise.all([
      photos.put(`${key}/card.webp`, photo.card),
      photos.put(`${key}/medium.webp`, photo.medium),
      photos.put(`${key}/full.webp`, photo.full),
    ]);
  });
  const poolByShape = new Map<BodyShape, string[]>();
  for (const { key, spec } of pool) poolByShape.set(spec.shape, [...(poolByShape.get(spec.shape) ?? []), key]);

  const batchSize = options.batchSize ?? 2000;
  let images = 0;
  let pickups = 0;
  for (let done = 0; done < count; done += batchSize) {
    const carRows: InValue[][] = [];
    const imageRows: InValue[][] = [];
    const pickupRows: InValue[][] = [];
    for (let i = done; i < Math.min(count, done + batchSize); i++) {
      const model = random.pick(CATALOGUE) as CatalogueModel;
      const engine = random.pick(model.engines);
      const owner = random.pick(owners);
      const cityName: CityName = owner.city && random.chance(0.7) ? owner.city : random.pick(CITY_NAMES);
      const city = CITIES[cityName];
      const year = pickYear(model, random, currentYear);
      const mileage = pickMileage(model, engine, year, random, currentYear);
      const value = marketValueEuros(model, year, mileage, random, currentYear);
      const listingType = model.saleOnly
        ? "sale"
        : random.pick(["rental", "rental", "rental", "sale", "sale", "both", "both"] as const);
      const rents = listingType !== "sale";
      const salePrice = listingType === "rental" ? null : askingPriceCents(value);
      const prices = rents ? rentalPrices(model, year, random, currentYear) : null;
      const driverMode = !prices ? "none" : random.chance(0.04) ? "only" : random.chance(0.15) ? "available" : "none";
      const driver = prices && driverMode !== "none" ? driverPrices(prices, random) : null;
      const features = pickFeatures(model, engine, year, salePrice ?? Math.round(value * 100), random);
      const language = random.chance(0.85) ? "lt" : "en";
      const paint = pickPaint(model, random);
      const textCar = carForText(model, engine, {
        year,
        mileage,
        paint,
        listingType,
        city,
        features,
        driver: driverMode,
      });
      const createdAt = now - random.int(1, 365) * DAY - random.int(0, 23) * HOUR;
      const approvedAt = Math.min(now - HOUR, createdAt + random.int(1, 72) * HOUR);
      const minDays = random.pick([1, 1, 1, 2, 3]);
      const maxDays = random.pick([14, 30, 60, 90, 365]);
      const monthly = maxDays >= 28;
      const id = crypto.randomUUID();
      carRows.push([
        id,
        owner.id,
        model.make,
        model.model,
        year,
        mileage,
        cityName,
        model.category,
        engine.fuel,
        engine.transmission,
        engine.horsepower,
        engine.engineSize,
        model.seats,
        model.doors,
        conditionText(model.category, currentYear - year, language),
        model.category !== "classic" && random.chance(0.4) ? makeVin(model, year, random) : null,
        model.category !== "classic" && random.chance(0.5) ? makePlate(random) : null,
        listingType,
        prices?.dailyPrice ?? null,
        prices?.weeklyPrice ?? null,
        prices && monthly ? prices.monthlyPrice : null,
        driver?.dailyPriceWithDriver ?? null,
        driver?.weeklyPriceWithDriver ?? null,
        driver && monthly ? driver.monthlyPriceWithDriver : null,
        driver?.driverPricePerHour ?? null,
        random.pick([4, 4, 12, 24, 48]),
        minDays,
        maxDays,
        salePrice,
        prices?.depositAmount ?? null,
        prices?.weeklyDeposit ?? null,
        prices && monthly ? prices.monthlyDeposit : null,
        driverMode !== "none" ? 1 : 0,
        driverMode === "only" ? 1 : 0,
        JSON.stringify(features),
        describeCar(textCar, language, random),
        rents ? rentalRules(textCar, language, random) : null,
        "approved",
        null,
        1,
        random.chance(0.6) ? 1 : 0,
        0,
        0,
        0,
        0,
        0,
        createdAt,
        approvedAt,
        adminId,
        createdAt,
        approvedAt,
      ]);
      const shapePool = poolByShape.get(model.shape) ?? [];
      random.sample(shapePool, random.int(1, 3)).forEach((storageKey, index) => {
        imageRows.push([crypto.randomUUID(), id, storageKey, 1600, 1200, index === 0 ? 1 : 0, index, createdAt]);
      });
      if (rents && random.chance(0.6)) {
        random.sample(city.spots, random.int(1, 2)).forEach((spot, index) => {
          pickupRows.push([
            crypto.randomUUID(),
            id,
            spot.name,
            spot.address,
            spot.city,
            spot.country,
            language === "lt" ? spot.instructionsLt : spot.instructionsEn,
            spot.hours,
            owner.phone,
            index === 0 ? 1 : 0,
            spot.latitude,
            spot.longitude,
            index,
            createdAt,
          ]);
        });
      }
    }
    await client.batch(
      [
        ...multiRowInserts("cars", CAR_COLUMNS, carRows),
        ...multiRowInserts("car_images", IMAGE_COLUMNS, imageRows),
        ...multiRowInserts("pickup_points", PICKUP_COLUMNS, pickupRows),
      ],
      "write",
    );
    images += imageRows.length;
    pickups += pickupRows.length;
  }
  return {
    cars: count,
    images,
    pickupPoints: pickups,
    poolObjects: pool.length * 2,
    ms: Math.round(performance.now() - started),
  };
}
