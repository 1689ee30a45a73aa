import { describe, expect, it } from "vitest";
import {
  capListingText,
  clampWhole,
  DRIVER_HOURS,
  isValidEngineSize,
  isValidHorsepower,
  isValidMileage,
  isValidYear,
  keepsPickupPoints,
  listingErrors,
  maxListingYear,
  needsRevalidation,
  parsePriceToCents,
  pricingProblem,
  RENTAL_DAYS,
  sanitizeVin,
  vehicleDetailsProblem,
  vinError,
  WIZARD_DEFAULTS,
} from "~/cars/listing-rules";

const now = new Date("2026-11-22T10:00:00Z");

describe("VIN", () => {
  it("is sanitised to upper case without spaces", () => {
    expect(sanitizeVin(" wvw zzz1jz3w386752 ")).toBe("WVWZZZ1JZ3W386752");
  });
  it("must be exactly 17 characters", () => {
    expect(vinError("WVWZZZ1JZ3W38675")).toBe("validation.vinLength");
    expect(vinError("WVWZZZ1JZ3W3867521")).toBe("validation.vinLength");
  });
  it("allows letters and digits except I, O and Q", () => {
    expect(vinError("WVWZZZ1JZ3W386752")).toBeNull();
    for (const letter of ["I", "O", "Q"]) expect(vinError(`WVWZZZ1JZ3W38675${letter}`)).toBe("validation.vinFormat");
    expect(vinError("WVWZZZ1JZ3W38675-")).toBe("validation.vinLength");
    expect(vinError("WVWZZZ1JZ3W38675*")).toBe("validation.vinFormat");
  });
});

describe("the general listing validator", () => {
  it("passes a valid listing", () => {
    expect(
      listingErrors(
        {
          make: "Toyota",
          model: "RAV4",
          year: 2024,
          mileage: 0,
          location: "Kaunas",
          vin: "JTMW1RFV40D012345",
          daily_price: "45.50",
          sale_price: "25000",
          horsepower: 222,
          engine_size: 2.5,
        },
        now,
      ),
    ).toEqual([]);
  });
  it("lists every failed rule with the spec's messages in order", () => {
    expect(
      listingErrors(
        {
          make: "",
          model: "x".repeat(101),
          year: 1899,
          mileage: -1,
          location: "V",
          vin: "SHORT",
          daily_price: "0",
          sale_price: "10000000.01",
          horsepower: 10000,
          engine_size: 2.55,
        },
        now,
      ),
    ).toEqual([
      "validation.listing.make",
      "validation.listing.model",
      "validation.listing.year",
      "validation.listing.mileage",
      "validation.listing.location",
      "validation.listing.vin",
      "validation.listing.dailyPrice",
      "validation.listing.salePrice",
      "validation.listing.horsepower",
      "validation.listing.engineSize",
    ]);
  });
  it("re-validates an update only when make, model, year, mileage or location changes", () => {
    const before = { make: "Audi", model: "A4", year: 2019, mileage: 1, location: "Vilnius", description: "a" };
    expect(needsRevalidation(before, { description: "b" })).toBe(false);
    expect(needsRevalidation(before, { make: "Audi" })).toBe(false);
    expect(needsRevalidation(before, { mileage: 2 })).toBe(true);
  });
});

describe("field rules", () => {
  it("year: 1900 to next year", () => {
    expect(maxListingYear(now)).toBe(2027);
    expect(isValidYear(1900, now)).toBe(true);
    expect(isValidYear(2027, now)).toBe(true);
    expect(isValidYear(2028, now)).toBe(false);
    expect(isValidYear(2020.5, now)).toBe(false);
  });
  it("mileage: whole number 0 to 9,999,999", () => {
    expect(isValidMileage(0)).toBe(true);
    expect(isValidMileage(9_999_999)).toBe(true);
    expect(isValidMileage(10_000_000)).toBe(false);
    expect(isValidMileage(1.5)).toBe(false);
  });
  it("price: positive, two decimals at most, up to 10,000,000, to cents", () => {
    expect(parsePriceToCents("45")).toBe(4500);
    expect(parsePriceToCents("45.5")).toBe(4550);
    expect(parsePriceToCents("1 250,99")).toBe(125099);
    expect(parsePriceToCents(10_000_000)).toBe(1_000_000_000);
    for (const bad of ["0", "-5", "1.234", "abc", "", "10000000.01", "1e5"]) expect(parsePriceToCents(bad)).toBeNull();
  });
  it("horsepower 1 to 9999 and engine size 0 to 20 with one decimal", () => {
    expect(isValidHorsepower(1)).toBe(true);
    expect(isValidHorsepower(9999)).toBe(true);
    expect(isValidHorsepower(0)).toBe(false);
    expect(isValidEngineSize(0)).toBe(true);
    expect(isValidEngineSize(2.0)).toBe(true);
    expect(isValidEngineSize(19.9)).toBe(true);
    expect(isValidEngineSize(20.1)).toBe(false);
    expect(isValidEngineSize(1.55)).toBe(false);
  });
});

describe("the create wizard", () => {
  it("names every missing required field first (Missing Information)", () => {
    expect(vehicleDetailsProblem({ make: "Audi", model: " ", year: "" }, now)).toEqual({
      title: "wizard.titles.missingInformation",
      message: "wizard.fillIn",
      fields: ["model", "year", "mileage", "location"],
    });
  });
  it("then checks every format at once (Invalid Data), in the form's order", () => {
    const valid = { make: "Audi", model: "A6", year: "2021", mileage: "54000", location: "Vilnius" };
    expect(vehicleDetailsProblem(valid, now)).toBeNull();
    expect(vehicleDetailsProblem({ ...valid, year: "21" }, now)).toEqual({
      title: "wizard.titles.invalidData",
      messages: ["validation.wizard.year"],
      fields: ["year"],
    });
    expect(vehicleDetailsProblem({ ...valid, mileage: "12.5" }, now)).toMatchObject({
      messages: ["validation.wizard.mileage"],
    });
    expect(vehicleDetailsProblem({ ...valid, make: "m".repeat(101) }, now)).toMatchObject({
      messages: ["validation.wizard.make"],
    });
    // The audit's case: a year to come, ten million kilometres and a one-letter place, all three named.
    expect(vehicleDetailsProblem({ ...valid, year: "2030", mileage: "10000000", location: "K" }, now)).toEqual({
      title: "wizard.titles.invalidData",
      messages: ["validation.wizard.year", "validation.wizard.mileage", "validation.wizard.location"],
      fields: ["year", "mileage", "location"],
    });
  });
  it("needs the price the listing type needs (Missing Price)", () => {
    expect(pricingProblem("rental", { sale_price: "100" })).toMatchObject({
      title: "wizard.titles.missingPrice",
      message: "validation.wizard.dailyPriceRequired",
    });
    expect(pricingProblem("sale", { daily_price: "100" })).toMatchObject({
      message: "validation.wizard.salePriceRequired",
    });
    expect(pricingProblem("both", {})).toMatchObject({ message: "validation.wizard.anyPriceRequired" });
    expect(pricingProblem("both", { sale_price: "100" })).toBeNull();
    expect(pricingProblem("rental", { daily_price: "40" })).toBeNull();
  });
  it("has the spec's defaults and ranges", () => {
    expect(WIZARD_DEFAULTS).toEqual({
      seats: 5,
      doors: 4,
      category: "luxury",
      fuel_type: "petrol",
      transmission: "automatic",
    });
    expect(clampWhole(undefined, RENTAL_DAYS.min)).toBe(1);
    expect(clampWhole("45", RENTAL_DAYS.min)).toBe(30);
    expect(clampWhole("0", RENTAL_DAYS.max)).toBe(1);
    expect(clampWhole(400, RENTAL_DAYS.max)).toBe(365);
    expect(clampWhole(undefined, RENTAL_DAYS.max)).toBe(365);
    expect(clampWhole("2.5", DRIVER_HOURS)).toBe(4);
    expect(clampWhole(30, DRIVER_HOURS)).toBe(24);
  });
});

describe("save-time caps", () => {
  it("cut make and model to 50, location 200, description 2000, rules 1000, condition 200, plate 20, after sanitising", () => {
    const capped = capListingText({
      make: "M".repeat(60),
      model: "<b>Golf</b>",
      location: "L".repeat(250),
      description: "d".repeat(2500),
      rules: "r".repeat(1200),
      condition: "c".repeat(300),
      license_plate: "P".repeat(30),
    });
    expect(capped.make).toHaveLength(50);
    expect(capped.model).toBe("bGolf/b");
    expect(capped.location).toHaveLength(200);
    expect(capped.description).toHaveLength(2000);
    expect(capped.rules).toHaveLength(1000);
    expect(capped.condition).toHaveLength(200);
    expect(capped.license_plate).toHaveLength(20);
  });
  it("keep pickup points only for listings that can be rented", () => {
    expect(keepsPickupPoints("rental")).toBe(true);
    expect(keepsPickupPoints("both")).toBe(true);
    expect(keepsPickupPoints("sale")).toBe(false);
  });
});
