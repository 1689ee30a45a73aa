import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  filtersToParams,
  hpToKw,
  kwToHp,
  parseListingFilters,
  powerInHp,
} from "~/search/listing-filters";

const parse = (query: string, scope: "rental" | "sale" | "all" = "all") =>
  parseListingFilters(new URLSearchParams(query), scope);

describe("the filter set in the URL", () => {
  it("reads every filter of part 1 §3", () => {
    const { filters, problems } = parse(
      "search=BMW X5&category=suv&location=Vilnius&fuelType=diesel&transmission=automatic&driverAvailable=both_options" +
        "&powerMin=100&powerMax=250&powerUnit=kw&priceMin=50&priceMax=150&yearMin=2018&yearMax=2023&sort=price_asc&page=2",
    );
    expect(problems).toEqual({});
    expect(filters).toEqual({
      search: "BMW X5",
      category: "suv",
      location: "Vilnius",
      fuelType: "diesel",
      transmission: "automatic",
      driverAvailable: "both_options",
      powerMin: 100,
      powerMax: 250,
      powerUnit: "kw",
      priceMin: 50,
      priceMax: 150,
      yearMin: 2018,
      yearMax: 2023,
      sort: "price_asc",
      page: 2,
    });
  });

  it("has sensible defaults: hp, newest, page 1", () => {
    expect(parse("").filters).toEqual({ powerUnit: "hp", sort: "newest", page: 1 });
  });

  it("drops values outside the enumerations silently", () => {
    const { filters, problems } = parse("category=truck&fuelType=coal&transmission=auto&sort=random&powerUnit=ps");
    expect(filters).toEqual({ powerUnit: "hp", sort: "newest", page: 1 });
    expect(problems).toEqual({});
  });

  it("ignores driver service on the sale page, which hides it", () => {
    expect(parse("driverAvailable=driver_only", "sale").filters.driverAvailable).toBeUndefined();
    expect(parse("driverAvailable=driver_only", "rental").filters.driverAvailable).toBe("driver_only");
  });

  it("sanitises the search and names a one-character search as a problem", () => {
    expect(parse(`search=";BMW\\`).filters.search).toBe("BMW");
    expect(parse("search=a").problems.search).toBe("validation.searchTooShort");
    expect(parse("search=a").filters.search).toBeUndefined();
    expect(parse("search=   ").problems).toEqual({});
  });

  it("accepts power with digits and one decimal point (or comma), and names anything else", () => {
    expect(parse("powerMin=110.5&powerMax=200,5").filters).toMatchObject({ powerMin: 110.5, powerMax: 200.5 });
    expect(parse("powerMin=1e3").problems.power).toBe("validation.filters.power");
    expect(parse("powerMin=-5").problems.power).toBe("validation.filters.power");
    expect(parse("powerMin=abc").filters.powerMin).toBeUndefined();
  });

  it("takes prices and years as whole numbers, swaps a reversed range, names nonsense", () => {
    expect(parse("priceMin=200&priceMax=100").filters).toMatchObject({ priceMin: 100, priceMax: 200 });
    expect(parse("priceMin=12.5").problems.price).toBe("validation.filters.price");
    expect(parse("yearMin=1800").problems.year).toBe("validation.filters.year");
    expect(parse("yearMin=2024&yearMax=2020").filters).toMatchObject({ yearMin: 2020, yearMax: 2024 });
  });

  it("takes pages 1 to 10,000 and names anything else", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "99999", ""]) {
      const { filters, problems } = parse(`page=${bad}`);
      expect(filters.page, bad).toBe(1);
      expect(problems.page, bad).toBe("validation.filters.page");
    }
    expect(parse("page=10000").filters.page).toBe(10000);
  });

  it("refuses a location with no letters or digits, or over 100 characters", () => {
    expect(parse("location=***").problems.location).toBe("validation.filters.location");
    expect(parse(`location=${"a".repeat(101)}`).problems.location).toBe("validation.filters.location");
    expect(parse("location=Klaipėda").filters.location).toBe("Klaipėda");
  });
});

describe("power units", () => {
  it("converts 1 kW = 1.341 hp and 1 hp = 0.7457 kW (part 1 §9)", () => {
    expect(kwToHp(100)).toBeCloseTo(134.1);
    expect(hpToKw(100)).toBeCloseTo(74.57);
    expect(powerInHp({ powerMin: 100, powerMax: 200, powerUnit: "kw" })).toEqual({ min: 134.1, max: 268.2 });
    expect(powerInHp({ powerMin: 100, powerUnit: "hp" })).toEqual({ min: 100, max: undefined });
  });
});

describe("filters back to a URL", () => {
  it("round-trips and leaves defaults out", () => {
    const query = "search=Tesla&category=electric&powerMin=150&powerUnit=kw&priceMax=90&sort=year_desc&page=3";
    const { filters } = parse(query);
    expect(parse(filtersToParams(filters).toString()).filters).toEqual(filters);
    expect(filtersToParams({ sort: "newest", page: 1, powerUnit: "hp" }).toString()).toBe("");
    expect(filtersToParams(filters, { page: false }).has("page")).toBe(false);
    expect(filtersToParams({ powerUnit: "kw", sort: "newest", page: 1 }).has("powerUnit")).toBe(false);
  });

  it("counts what narrows the results (a power range is one)", () => {
    expect(activeFilterCount(parse("category=suv&powerMin=1&powerMax=2&sort=price_asc&page=2").filters)).toBe(2);
  });
});

describe("the instant book filter (decision 023)", () => {
  it("reads instant=1 on rentals and all cars, and writes it back", () => {
    expect(parse("instant=1", "rental").filters.instantBook).toBe(true);
    expect(parse("instant=1", "all").filters.instantBook).toBe(true);
    expect(filtersToParams(parse("instant=1&category=suv", "rental").filters).toString()).toBe(
      "category=suv&instant=1",
    );
    expect(activeFilterCount(parse("instant=1", "rental").filters)).toBe(1);
  });

  it("ignores it on the sale page and any other value, without a problem", () => {
    expect(parse("instant=1", "sale").filters.instantBook).toBeUndefined();
    for (const value of ["0", "true", "yes", "", "1;drop"]) {
      const { filters, problems } = parse(`instant=${value}`, "rental");
      expect(filters.instantBook).toBeUndefined();
      expect(problems).toEqual({});
    }
    expect(filtersToParams(parse("instant=0", "rental").filters).has("instant")).toBe(false);
  });
});
