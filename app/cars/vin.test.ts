import { describe, expect, it } from "vitest";
import { CAR_CATEGORIES, DOOR_COUNTS, FUEL_TYPES, SEAT_COUNTS, TRANSMISSIONS } from "#db/enums";
import { isValidEngineSize, isValidHorsepower, isValidYear, listingErrors, vinError } from "~/cars/listing-rules";
import {
  checkDigitStatus,
  decodeVin,
  manufacturerOf,
  modelYear,
  SAMPLE_VINS,
  VIN_MANUFACTURERS,
  VIN_MESSAGES,
  vinCheckDigitValid,
} from "~/cars/vin";

const now = new Date("2026-11-22T10:00:00Z");

describe("check digit", () => {
  // Worked by hand with the ISO 3779 table: e.g. 1HGCM82633A004352 sums to 311, and 311 mod 11 = 3.
  it("accepts VINs whose ninth character is the weighted sum mod 11", () => {
    expect(vinCheckDigitValid("1HGCM82633A004352")).toBe(true);
    expect(vinCheckDigitValid("11111111111111111")).toBe(true);
  });
  it("writes a remainder of 10 as X", () => {
    expect(vinCheckDigitValid("1M8GDM9AXKP042788")).toBe(true);
    expect(vinCheckDigitValid("1M8GDM9A0KP042788")).toBe(false);
  });
  it("refuses a VIN with one character changed", () => {
    expect(vinCheckDigitValid("1HGCM82643A004352")).toBe(false);
    expect(vinCheckDigitValid("1HGCM82633A004353")).toBe(false);
    expect(vinCheckDigitValid("5YJSA1E26HF000337")).toBe(false);
  });
  it("checks the sanitised VIN and nothing malformed", () => {
    expect(vinCheckDigitValid(" 1hgcm8-2633a004352 ")).toBe(true);
    expect(vinCheckDigitValid("1HGCM82633A00435")).toBe(false);
    expect(vinCheckDigitValid("1HGCM82633A00435O")).toBe(false);
  });
  it("is required of North American and Chinese VINs only", () => {
    expect(checkDigitStatus("1HGCM82633A004352")).toBe("valid");
    expect(checkDigitStatus("5YJSA1E26HF000337")).toBe("invalid");
    expect(checkDigitStatus("LRW3E7EB0NC000001")).toBe("invalid");
    // Volkswagen's European VINs carry a Z in position 9.
    expect(checkDigitStatus("WVWZZZ1JZ3W386752")).toBe("not-used");
    // A European VIN whose digit happens to match is still reported as valid.
    expect(checkDigitStatus("WBA13AG09MCF41527")).toBe("valid");
  });
});

describe("manufacturer table", () => {
  it("covers the common makes in Lithuania with well-formed WMIs", () => {
    const wmis = Object.keys(VIN_MANUFACTURERS);
    expect(wmis.length).toBeGreaterThanOrEqual(60);
    for (const wmi of wmis) expect(wmi).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/);
    const expected: Record<string, string> = {
      WVW: "Volkswagen",
      WAU: "Audi",
      WBA: "BMW",
      WDD: "Mercedes-Benz",
      W1N: "Mercedes-Benz",
      WP1: "Porsche",
      W0L: "Opel",
      WF0: "Ford",
      JTH: "Lexus",
      VNK: "Toyota",
      YV1: "Volvo",
      TMB: "Škoda",
      VF7: "Citroën",
      UU1: "Dacia",
      ZFF: "Ferrari",
      "5YJ": "Tesla",
      XP7: "Tesla",
      U5Y: "Kia",
      NLH: "Hyundai",
      SJN: "Nissan",
      SAL: "Land Rover",
      SBM: "McLaren",
      "2C3": "Dodge",
      LC0: "BYD",
    };
    for (const [wmi, make] of Object.entries(expected)) expect(VIN_MANUFACTURERS[wmi], wmi).toBe(make);
  });
  it("reads the first three characters of the sanitised VIN", () => {
    expect(manufacturerOf("tmbjj7ne1k0123456")).toBe("Škoda");
    expect(manufacturerOf("AAAZZZ1JZ3W386752")).toBeNull();
  });
});

describe("model year", () => {
  it("takes the latest year of the 30-year cycle that is not after next year", () => {
    const yearOf = (code: string) => modelYear(`WVWZZZ1JZ${code}W386752`, now);
    expect(yearOf("A")).toBe(2010);
    expect(yearOf("L")).toBe(2020);
    expect(yearOf("T")).toBe(2026);
    expect(yearOf("V")).toBe(2027);
    expect(yearOf("W")).toBe(1998);
    expect(yearOf("Y")).toBe(2000);
    expect(yearOf("1")).toBe(2001);
    expect(yearOf("9")).toBe(2009);
  });
  it("moves on with the year in Vilnius", () => {
    const vilniusNewYear = new Date("2026-12-31T22:30:00Z");
    expect(modelYear("WVWZZZ1JZWW386752", vilniusNewYear)).toBe(2028);
  });
  it("gives no year for characters that encode none", () => {
    for (const code of ["0", "U", "Z"]) expect(modelYear(`WVWZZZ1JZ${code}W386752`, now)).toBeNull();
  });
});

describe("decodeVin", () => {
  it("decodes every sample VIN in full", () => {
    expect(SAMPLE_VINS.length).toBeGreaterThanOrEqual(8);
    for (const { vin, car } of SAMPLE_VINS) {
      expect(vinError(vin), vin).toBeNull();
      expect(vinCheckDigitValid(vin), vin).toBe(true);
      expect(listingErrors({ make: car.make, model: car.model, year: car.year, vin }, now), vin).toEqual([]);
      expect(decodeVin(vin, now)).toEqual({ status: "decoded", vin, complete: true, checkDigit: "valid", car });
    }
  });
  it("gives sample cars values the listing form accepts", () => {
    for (const { vin, car } of SAMPLE_VINS) {
      expect(manufacturerOf(vin), vin).toBe(car.make);
      expect(isValidYear(car.year, now), vin).toBe(true);
      expect(CAR_CATEGORIES, vin).toContain(car.category);
      expect(FUEL_TYPES, vin).toContain(car.fuelType);
      expect(TRANSMISSIONS, vin).toContain(car.transmission);
      expect(DOOR_COUNTS, vin).toContain(car.doors);
      expect(SEAT_COUNTS, vin).toContain(car.seats);
      expect(isValidHorsepower(car.horsepower ?? 0), vin).toBe(true);
      if (car.fuelType === "electric") expect(car.engineSize, vin).toBeNull();
      else expect(isValidEngineSize(car.engineSize ?? -1), vin).toBe(true);
    }
  });
  it("offers samples of every category and fuel type", () => {
    expect(new Set(SAMPLE_VINS.map((sample) => sample.car.category))).toEqual(new Set(CAR_CATEGORIES));
    expect(new Set(SAMPLE_VINS.map((sample) => sample.car.fuelType))).toEqual(new Set(FUEL_TYPES));
  });
  it("keeps a sample's stated year where the code means two", () => {
    const classic = SAMPLE_VINS.find((sample) => sample.car.category === "classic")!;
    expect(modelYear(classic.vin, now)).toBe(classic.car.year + 30);
    const decoded = decodeVin(classic.vin, now);
    expect(decoded.status === "decoded" && decoded.car.year).toBe(classic.car.year);
    for (const sample of SAMPLE_VINS.filter((s) => s !== classic)) {
      expect(modelYear(sample.vin, now), sample.vin).toBe(sample.car.year);
    }
  });
  it("decodes any other VIN of a known maker to its make and year, leaving the rest to the owner", () => {
    expect(decodeVin("WVWZZZ1JZ3W386752", now)).toEqual({
      status: "decoded",
      vin: "WVWZZZ1JZ3W386752",
      complete: false,
      checkDigit: "not-used",
      car: {
        make: "Volkswagen",
        model: null,
        year: 2003,
        fuelType: null,
        transmission: null,
        engineSize: null,
        horsepower: null,
        category: null,
        doors: null,
        seats: null,
      },
    });
  });
  it("decodes a North American VIN with a wrong check digit, flagged for a warning", () => {
    const decoded = decodeVin("5YJSA1E26HF000337", now);
    expect(decoded).toMatchObject({ status: "decoded", complete: false, checkDigit: "invalid" });
    expect(decoded.status === "decoded" && decoded.car).toMatchObject({ make: "Tesla", year: 2017 });
  });
  it("sanitises lower case, spaces and dashes first", () => {
    expect(decodeVin(" wbs43az05-nch 12345 ", now)).toMatchObject({
      status: "decoded",
      vin: "WBS43AZ05NCH12345",
      complete: true,
      car: { make: "BMW", model: "M3 Competition" },
    });
  });
  it("refuses a malformed VIN with listing-rules' messages", () => {
    expect(decodeVin("WBS43AZ05NCH1234", now)).toEqual({ status: "invalid", error: "validation.vinLength" });
    expect(decodeVin("WBS43AZ05NCH123456", now)).toEqual({ status: "invalid", error: "validation.vinLength" });
    for (const letter of ["I", "O", "Q", "i", "o", "q"]) {
      expect(decodeVin(`WBS43AZ05NCH1234${letter}`, now)).toEqual({ status: "invalid", error: "validation.vinFormat" });
    }
  });
  it("answers an unknown manufacturer with the spec's not-found message", () => {
    expect(decodeVin("AAAZZZ1JZ3W386752", now)).toEqual({ status: "not-found", message: VIN_MESSAGES.notFound });
    expect(VIN_MESSAGES.notFound).toBe("listings:wizard.vinNotFound");
  });
});
