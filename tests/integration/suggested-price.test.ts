// The pricing page's suggestion: the median daily price of comparable public rentals by other owners.
import type { InValue } from "@libsql/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cars } from "#db/schema";
import {
  comparableDailyPrices,
  MAX_COMPARABLES,
  suggestDailyPrice,
  type PricedCar,
} from "~/pricing/suggested-price.server";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser } from "./support/factories";

let ctx: TestContext;
let owner: string;
let otherOwner: string;
/** The owner's car being priced: the factory's defaults (an SUV hybrid from 2020). */
let subject: PricedCar;

beforeEach(async () => {
  ctx = await createTestContext();
  owner = (await createUser(ctx, { verified: true })).id;
  otherOwner = (await createUser(ctx, { verified: true })).id;
  await createCar(ctx, owner, { dailyPrice: 12_345 });
  subject = { ownerId: owner, category: "suv", fuelType: "hybrid", year: 2020 };
});
afterEach(() => ctx?.close());

async function rentOut(prices: number[], overrides: Parameters<typeof createCar>[2] = {}) {
  for (const dailyPrice of prices) await createCar(ctx, otherOwner, { dailyPrice, ...overrides });
}

describe("suggestDailyPrice", () => {
  it("is the middle price of an odd number of comparables", async () => {
    await rentOut([3000, 9000, 5000, 4000, 7000]);
    expect(await suggestDailyPrice(ctx.db, subject)).toEqual({ dailyPrice: 5000, sampleSize: 5 });
  });

  it("is the mean of the two middle prices of an even number, rounded half up to the cent", async () => {
    await rentOut([9000, 4001, 3000, 5000]);
    expect(await suggestDailyPrice(ctx.db, subject)).toEqual({ dailyPrice: 4501, sampleSize: 4 });
  });

  it("counts only public rentals of other owners with the same category, fuel and years within three", async () => {
    await rentOut([4000], { year: 2017 });
    await rentOut([6000], { year: 2023 });
    await rentOut([5000], { listingType: "both", salePrice: 3_000_000 });
    // Each of these would move the median or the count if it were counted.
    const outlier = 100;
    await createCar(ctx, owner, { dailyPrice: outlier });
    await rentOut([outlier], { status: "pending" });
    await rentOut([outlier], { status: "rejected" });
    await rentOut([outlier], { available: false });
    await createCar(ctx, otherOwner, { listingType: "sale", dailyPrice: outlier, salePrice: 3_000_000 });
    await createCar(ctx, otherOwner, { listingType: "both", dailyPrice: null, salePrice: 3_000_000 });
    await rentOut([outlier], { category: "luxury" });
    await rentOut([outlier], { fuelType: "petrol" });
    await rentOut([outlier], { year: 2016 });
    await rentOut([outlier], { year: 2024 });
    expect(await suggestDailyPrice(ctx.db, subject)).toEqual({ dailyPrice: 5000, sampleSize: 3 });
  });

  it("suggests nothing from fewer than three comparables", async () => {
    expect(await suggestDailyPrice(ctx.db, subject)).toBeNull();
    await rentOut([4000, 5000]);
    expect(await suggestDailyPrice(ctx.db, subject)).toBeNull();
    await rentOut([6000]);
    expect(await suggestDailyPrice(ctx.db, subject)).toEqual({ dailyPrice: 5000, sampleSize: 3 });
  });

  it(`reads at most ${MAX_COMPARABLES} prices, the nearest model years first`, async () => {
    const rows = (year: number, dailyPrice: number, count: number) =>
      Array.from({ length: count }, () => ({
        ownerId: otherOwner,
        make: "Toyota",
        model: "RAV4",
        year,
        mileage: 60_000,
        location: "Kaunas",
        category: "suv" as const,
        fuelType: "hybrid" as const,
        transmission: "cvt" as const,
        listingType: "rental" as const,
        dailyPrice,
        status: "approved" as const,
      }));
    // Counted whole, the 501 dearer cars three years off would hold the median.
    const all = [...rows(2021, 4000, MAX_COMPARABLES), ...rows(2023, 9000, MAX_COMPARABLES + 1)];
    for (let i = 0; i < all.length; i += 100) await ctx.db.insert(cars).values(all.slice(i, i + 100));
    expect(await suggestDailyPrice(ctx.db, subject)).toEqual({ dailyPrice: 4000, sampleSize: MAX_COMPARABLES });
  });

  it("reads the prices through a partial index of public cars, not a table scan", async () => {
    const { sql, params } = comparableDailyPrices(ctx.db, subject).toSQL();
    const plan = await ctx.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as InValue[] });
    const details = plan.rows.map((row) => String(row.detail));
    expect(details.filter((detail) => /^SCAN cars\b(?! USING)/.test(detail))).toEqual([]);
    expect(details.join("\n")).toMatch(/SEARCH cars USING INDEX cars_(public_category|public_fuel|rentals_year)_idx/);
  });
});
