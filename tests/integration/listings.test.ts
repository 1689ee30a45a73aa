// The listing pages' filters, sorting, pagination and visibility against a small catalogue whose answers are known.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { RATE_LIMITS } from "~/accounts/rate-limit.server";
import { LISTING_PAGE_SIZE, parseListingFilters, type ListingScope } from "~/search/listing-filters";
import { findListings, findNewestCards, findQuickResults } from "~/search/listing-query.server";
import { loader as carLoader } from "~/routes/_cars+/car.$id";
import { loader as rentalsLoader } from "~/routes/_cars+/rentals";
import { loader as quickSearchLoader } from "~/routes/_resources+/resources.search";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser } from "./support/factories";
import { callRoute, getRequest } from "./support/routes";

let ctx: TestContext;
const ids: Record<string, string> = {};
const DAY = 86_400_000;
/** Where the rate limit tests' clock starts: a fixed moment, so their windows never depend on the machine's speed. */
const LIMIT_START = Date.UTC(2026, 10, 30, 12, 0, 0);

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx, { verified: true, isHost: true });
  const now = Date.now();
  const cars = {
    A: {
      make: "Toyota",
      model: "RAV4",
      listingType: "rental",
      category: "suv",
      fuelType: "diesel",
      transmission: "automatic",
      horsepower: 150,
      year: 2019,
      dailyPrice: 5000,
      location: "Vilnius",
      description: "Šeimos visureigis su kabliu",
      driverAvailable: true,
    },
    B: {
      make: "Porsche",
      model: "911",
      listingType: "rental",
      category: "sport",
      fuelType: "petrol",
      transmission: "manual",
      horsepower: 300,
      year: 2021,
      dailyPrice: 15000,
      location: "Kaunas",
      driverAvailable: true,
      driverOnly: true,
    },
    C: {
      make: "Mercedes-Benz",
      model: "S-Class",
      listingType: "sale",
      category: "luxury",
      fuelType: "petrol",
      transmission: "automatic",
      horsepower: 400,
      year: 2020,
      salePrice: 6_000_000,
      location: "Klaipėda",
    },
    D: {
      make: "Tesla",
      model: "Model 3",
      listingType: "both",
      category: "electric",
      fuelType: "electric",
      transmission: "automatic",
      horsepower: 450,
      year: 2023,
      dailyPrice: 9000,
      salePrice: 4_500_000,
      location: "Vilnius",
    },
    E: {
      make: "Volkswagen",
      model: "Beetle",
      listingType: "rental",
      category: "classic",
      fuelType: "petrol",
      transmission: "manual",
      horsepower: 90,
      year: 1975,
      dailyPrice: 12000,
      location: "Šiauliai",
    },
    F: {
      make: "Toyota",
      model: "Land Cruiser",
      listingType: "rental",
      category: "suv",
      fuelType: "diesel",
      transmission: "automatic",
      horsepower: 200,
      year: 2022,
      dailyPrice: 9900,
      location: "Vilnius",
      status: "pending",
    },
    G: {
      make: "Toyota",
      model: "Hilux",
      listingType: "rental",
      category: "suv",
      fuelType: "diesel",
      transmission: "manual",
      horsepower: 200,
      year: 2022,
      dailyPrice: 8000,
      location: "Vilnius",
      available: false,
    },
    H: {
      make: "Škoda",
      model: "Kodiaq",
      listingType: "sale",
      category: "suv",
      fuelType: "diesel",
      transmission: "cvt",
      horsepower: 190,
      year: 2015,
      salePrice: 1_200_000,
      location: "Vilnius",
    },
  } as const;
  let age = 0;
  for (const [key, values] of Object.entries(cars)) {
    age += 1;
    const car = await createCar(ctx, owner.id, { ...values, createdAt: new Date(now - age * DAY) });
    ids[key] = car.id;
  }
});
afterAll(() => ctx.close());

/** The fixture's letter for a car id (the map is filled by beforeAll). */
const names = new Proxy({} as Record<string, string>, {
  get: (_, id) => Object.entries(ids).find(([, value]) => value === id)?.[0],
});

async function find(scope: ListingScope, query: string) {
  const { filters } = parseListingFilters(new URLSearchParams(query), scope);
  const page = await findListings(ctx.db, scope, filters, null);
  return page.cars.map((car) => names[car.id] ?? "?");
}

describe("listing-type rules (part 1 §7: rentals include both, sales include both)", () => {
  it("shows rentals, sales and everything, newest first, only approved and available", async () => {
    expect(await find("rental", "")).toEqual(["A", "B", "D", "E"]);
    expect(await find("sale", "")).toEqual(["C", "D", "H"]);
    expect(await find("all", "")).toEqual(["A", "B", "C", "D", "E", "H"]);
  });
});

describe("each filter alone", () => {
  it.each([
    ["all", "category=suv", ["A", "H"]],
    ["rental", "category=suv", ["A"]],
    ["all", "fuelType=petrol", ["B", "C", "E"]],
    ["all", "transmission=manual", ["B", "E"]],
    ["all", "transmission=cvt", ["H"]],
    ["rental", "driverAvailable=driver_only", ["B"]],
    ["rental", "driverAvailable=both_options", ["A"]],
    ["rental", "driverAvailable=self_drive_only", ["D", "E"]],
    ["all", "yearMin=2019&yearMax=2021", ["A", "B", "C"]],
    ["all", "yearMax=1980", ["E"]],
  ] as const)("%s with %s", async (scope, query, expected) => {
    expect(await find(scope, query)).toEqual(expected);
  });

  it("location matches by word start, whatever the case and accents", async () => {
    expect(await find("all", "location=vilni")).toEqual(["A", "D", "H"]);
    expect(await find("all", "location=siauliai")).toEqual(["E"]);
    expect(await find("all", "location=KLAIPEDA")).toEqual(["C"]);
    expect(await find("all", "location=Riga")).toEqual([]);
  });

  it("power in hp, or in kW converted at 1 kW = 1.341 hp", async () => {
    expect(await find("all", "powerMin=300")).toEqual(["B", "C", "D"]);
    expect(await find("all", "powerMax=150")).toEqual(["A", "E"]);
    // 250 kW = 335.25 hp: the 300 hp Porsche is out, the 400 and 450 hp cars are in.
    expect(await find("all", "powerMin=250&powerUnit=kw")).toEqual(["C", "D"]);
    // 100 to 150 kW = 134.1 to 201.15 hp.
    expect(await find("all", "powerMin=100&powerMax=150&powerUnit=kw")).toEqual(["A", "H"]);
  });

  it("price against the daily price on /rentals, the sale price on /sales, whichever a car offers on /cars", async () => {
    expect(await find("rental", "priceMin=80&priceMax=130")).toEqual(["D", "E"]);
    expect(await find("sale", "priceMax=50000")).toEqual(["D", "H"]);
    // 40,000 to 70,000 €: the S-Class by its sale price, the Tesla by its sale price (its 90 €/day is not in range).
    expect(await find("all", "priceMin=40000&priceMax=70000")).toEqual(["C", "D"]);
    expect(await find("all", "priceMin=100&priceMax=200")).toEqual(["B", "E"]);
  });
});

describe("search over make, model, year, description, category and location", () => {
  it.each([
    ["porsche", ["B"]],
    ["skoda", ["H"]],
    ["tesla model", ["D"]],
    ["2023", ["D"]],
    ["visureig", ["A", "H"]],
    ["prabang", ["C"]],
    ["kabliu", ["A"]],
    ["siauliai", ["E"]],
    ["toyota hilux", []],
  ] as const)("%j", async (term, expected) => {
    expect(await find("all", `search=${encodeURIComponent(term)}`)).toEqual(expected);
  });

  it("is sanitised (quotes, semicolons, backslashes) and never breaks the query", async () => {
    expect(await find("all", `search=${encodeURIComponent(`"porsche";--\\`)}`)).toEqual(["B"]);
    for (const nasty of [
      `" OR 1=1 --`,
      "NEAR(a b)",
      "a*",
      "AND OR NOT",
      "'); DROP TABLE cars; --",
      "∑∂ƒ©",
      "x".repeat(300),
    ]) {
      await expect(find("all", `search=${encodeURIComponent(nasty)}`)).resolves.toBeInstanceOf(Array);
    }
  });

  it("combines with every filter", async () => {
    expect(
      await find("all", "search=toyota&category=suv&location=vilnius&transmission=automatic&yearMin=2018"),
    ).toEqual(["A"]);
    expect(
      await find("rental", "search=vilnius&fuelType=electric&driverAvailable=self_drive_only&priceMax=100"),
    ).toEqual(["D"]);
    expect(await find("sale", "category=suv&fuelType=diesel&priceMax=20000&powerMin=180")).toEqual(["H"]);
  });
});

describe("sorting", () => {
  it("by newest, price up and down (by the page's price), and year", async () => {
    expect(await find("rental", "sort=price_asc")).toEqual(["A", "D", "E", "B"]);
    expect(await find("rental", "sort=price_desc")).toEqual(["B", "E", "D", "A"]);
    expect(await find("sale", "sort=price_asc")).toEqual(["H", "D", "C"]);
    expect(await find("all", "sort=year_desc")).toEqual(["D", "B", "C", "A", "H", "E"]);
  });
});

describe("pagination", () => {
  it("has 24 a page, counts all results, and shows the last page for a page past the end", async () => {
    const owner = await createUser(ctx);
    const extra = await createTestContext();
    try {
      const extraOwner = await createUser(extra, { verified: true });
      for (let i = 0; i < 30; i++) await createCar(extra, extraOwner.id, { make: "Opel", model: `Astra ${i}` });
      const run = (query: string) =>
        findListings(extra.db, "rental", parseListingFilters(new URLSearchParams(query), "rental").filters, owner.id);
      const first = await run("");
      expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
      expect(first.cars).toHaveLength(LISTING_PAGE_SIZE);
      const second = await run("page=2");
      expect(second.cars).toHaveLength(6);
      expect(new Set([...first.cars, ...second.cars].map((c) => c.id)).size).toBe(30);
      const past = await run("page=50");
      expect(past.page).toBe(2);
      expect(past.cars.map((c) => c.id)).toEqual(second.cars.map((c) => c.id));
    } finally {
      extra.close();
    }
  });

  it("answers bad page numbers with the first page and a note, never a server error", async () => {
    for (const page of ["0", "-3", "abc", "1e9", "2.5", "%00"]) {
      const result = await callRoute<{ listings: { page: number }; problems: { page?: string } }>(
        rentalsLoader,
        getRequest(`/rentals?page=${page}`),
        ctx.context,
      );
      expect(result.status, page).toBe(200);
      expect(result.data.listings.page).toBe(1);
      expect(result.data.problems.page).toBe("validation.filters.page");
    }
  });
});

describe("the listing page route", () => {
  it("counts search requests: the 101st in a minute is refused with the spec's message, the next minute's not", async () => {
    // The window runs on the request's clock (requestTime), standing still here: the 100 need not fit in a real minute.
    const clock = { now: LIMIT_START };
    const context = { ...ctx.context, clock: () => clock.now };
    const request = () => getRequest("/rentals?search=toyota", { ip: "10.9.9.9" });
    for (let i = 0; i < 100; i++) expect((await callRoute(rentalsLoader, request(), context)).status).toBe(200);
    clock.now = LIMIT_START + RATE_LIMITS.search.windowMs - 1;
    const refused = await callRoute<{ failure: string; listings: null }>(rentalsLoader, request(), context);
    expect(refused).toMatchObject({ status: 429, data: { failure: "rate-limited", listings: null } });
    // Browsing without a search is not counted.
    expect((await callRoute(rentalsLoader, getRequest("/rentals", { ip: "10.9.9.9" }), context)).status).toBe(200);
    // A minute after the window's first search, it starts again.
    clock.now = LIMIT_START + RATE_LIMITS.search.windowMs;
    expect((await callRoute(rentalsLoader, request(), context)).status).toBe(200);
  });
});

describe("home sections and quick search", () => {
  it("home: the newest rentals (optionally of a category) and sales", async () => {
    expect((await findNewestCards(ctx.db, "rental", 6, null)).map((c) => names[c.id])).toEqual(["A", "B", "D", "E"]);
    expect((await findNewestCards(ctx.db, "rental", 6, null, "sport")).map((c) => names[c.id])).toEqual(["B"]);
    expect((await findNewestCards(ctx.db, "sale", 3, null)).map((c) => names[c.id])).toEqual(["C", "D", "H"]);
  });

  it("quick search: up to five public matches with a photo path, the 2-character rule and the limit", async () => {
    const results = await findQuickResults(ctx.db, "toyota");
    expect(results.map((r) => names[r.id])).toEqual(["A"]);
    const json = await callRoute<{ results: unknown[]; error?: string }>(
      quickSearchLoader,
      getRequest("/resources/search?q=t"),
      ctx.context,
    );
    expect(json).toMatchObject({ status: 400, data: { results: [], error: "validation.searchTooShort" } });
    const empty = await callRoute<{ results: unknown[] }>(
      quickSearchLoader,
      getRequest("/resources/search?q="),
      ctx.context,
    );
    expect(empty).toMatchObject({ status: 200, data: { results: [] } });
  });

  it("live search: counted with its read in one round trip; the 101st in a minute is refused with no results", async () => {
    // The window runs on the request's clock (requestTime), standing still here: the 100 need not fit in a real minute.
    const clock = { now: LIMIT_START };
    const context = { ...ctx.context, clock: () => clock.now };
    const request = () => getRequest("/resources/search?q=toyota", { ip: "10.9.9.8" });
    for (let i = 0; i < 100; i++) {
      const answer = await callRoute<{ results: { id: string }[] }>(quickSearchLoader, request(), context);
      expect(answer.status).toBe(200);
      expect(answer.data.results.map((r) => names[r.id])).toEqual(["A"]);
    }
    clock.now = LIMIT_START + RATE_LIMITS.search.windowMs - 1_000;
    const refused = await callRoute<{ results: unknown[]; error?: string }>(quickSearchLoader, request(), context);
    expect(refused).toMatchObject({ status: 429, data: { results: [], error: "errors.tooManySearches" } });
    // Retry-After: what is left of the window, by the same clock.
    expect(refused.headers.get("Retry-After")).toBe("1");
    // Another address is counted on its own.
    const other = await callRoute<{ results: unknown[] }>(
      quickSearchLoader,
      getRequest("/resources/search?q=toyota", { ip: "10.9.9.7" }),
      context,
    );
    expect(other).toMatchObject({ status: 200, data: { results: [expect.anything()] } });
    // A minute after the window's first search, it starts again.
    clock.now = LIMIT_START + RATE_LIMITS.search.windowMs;
    const again = await callRoute<{ results: { id: string }[] }>(quickSearchLoader, request(), context);
    expect(again).toMatchObject({ status: 200, data: { results: [expect.anything()] } });
  });
});

describe("the car page's loader", () => {
  it("sends the features in the catalogue's groups and order, and the power in kW, so the page need not work them out", async () => {
    // A database of its own: the other tests here count the cars of theirs.
    const own = await createTestContext();
    onTestFinished(() => own.close());
    const owner = await createUser(own, { verified: true, isHost: true });
    // Stored out of order and across groups; "heated_seats" is comfort, the rest basic.
    const car = await createCar(own, owner.id, {
      horsepower: 150,
      features: ["bluetooth", "heated_seats", "air_conditioning"],
    });
    const page = await callRoute<{
      car: { powerKw: number | null; featureGroups: { code: string; features: string[] }[] };
    }>(carLoader, getRequest(`/car/${car.id}`, { ip: "10.8.8.8" }), own.context, { id: car.id });
    await own.settled();
    expect(page.status).toBe(200);
    expect(page.data.car.powerKw).toBe(112); // 150 hp × 0.7457 kW/hp = 111.9
    expect(page.data.car.featureGroups).toEqual([
      { code: "basic", features: ["air_conditioning", "bluetooth"] },
      { code: "comfort", features: ["heated_seats"] },
    ]);
  });
});
