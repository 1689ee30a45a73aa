// The listing wizard's VIN decode (part 1 §2 step 1, §3 "VIN decode result", §8 "VIN"). It works offline from the
// tables below: nothing about a car's model, engine or body can be read from a VIN without the maker's database, so
// any VIN gives only what the standard fixes (the manufacturer from the first three characters, the model year from
// the tenth), and the sample VINs the wizard offers for testing decode in full.
import { maxListingYear, sanitizeVin, vinError } from "~/cars/listing-rules";
import type { Category, DOOR_COUNTS, FuelType, SEAT_COUNTS, Transmission } from "#db/enums";

/** Translation keys the wizard shows for a decode (the format errors keep listing-rules' keys). */
export const VIN_MESSAGES = {
  /** 'VIN not found in database. Please enter car details manually or contact support.' */
  notFound: "listings:wizard.vinNotFound",
  /** 'Error decoding VIN. Please try again.' */
  decodeError: "listings:wizard.vinDecodeError",
  /** For `checkDigit: "invalid"`: the ninth character does not match; the user should compare it with the papers. */
  checkDigitWarning: "listings:wizard.checkDigitWarning",
  /** For a decode that is not `complete`: the make and year were recognised, the rest is for the user to fill in. */
  partial: "listings:wizard.decodedPartly",
} as const;

// ------------------------------------------------------------------ check digit (ISO 3779 / 49 CFR 565)

// prettier-ignore
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit a well-formed VIN should carry in position 9 ("X" stands for a remainder of 10). */
function expectedCheckDigit(vin: string): string {
  const code = sanitizeVin(vin);
  let sum = 0;
  for (let i = 0; i < code.length; i++) {
    const char = code.charAt(i);
    sum += (TRANSLITERATION[char] ?? Number(char)) * (WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

export function vinCheckDigitValid(vin: string): boolean {
  const code = sanitizeVin(vin);
  return vinError(code) === null && code.charAt(8) === expectedCheckDigit(code);
}

export type CheckDigitStatus = "valid" | "invalid" | "not-used";

/**
 * The check digit is law for cars built for North America (WMIs starting 1-5) and China (L), so a mismatch there
 * means a typo. European and Asian makers mostly fill position 9 with anything ("Z", "0", a model code), so a
 * mismatch there says nothing and is reported as "not-used"; a match anywhere is "valid".
 */
export function checkDigitStatus(vin: string): CheckDigitStatus {
  const code = sanitizeVin(vin);
  if (vinCheckDigitValid(code)) return "valid";
  return /^[1-5L]/.test(code) ? "invalid" : "not-used";
}

// ------------------------------------------------------------------ manufacturer and model year

/**
 * World manufacturer identifiers of the cars bought, rented and imported in Lithuania. A WMI names a maker and a
 * plant or market, not a model, and a few are shared (VSS is SEAT and Cupra, 1C4 Jeep and other Chrysler brands):
 * the make shown is the usual one and stays editable. Make names are spelt as the catalogue spells them.
 */
// prettier-ignore
export const VIN_MANUFACTURERS: Readonly<Record<string, string>> = {
  // Germany
  WVW: "Volkswagen", WV1: "Volkswagen", WV2: "Volkswagen", WVG: "Volkswagen", "3VW": "Volkswagen",
  WAU: "Audi", WA1: "Audi", WUA: "Audi", TRU: "Audi",
  WBA: "BMW", WBS: "BMW", WBY: "BMW", "5UX": "BMW", "4US": "BMW",
  WMW: "MINI",
  WDB: "Mercedes-Benz", WDD: "Mercedes-Benz", WDC: "Mercedes-Benz", WDF: "Mercedes-Benz",
  W1K: "Mercedes-Benz", W1N: "Mercedes-Benz", W1V: "Mercedes-Benz", "4JG": "Mercedes-Benz", "55S": "Mercedes-Benz",
  WME: "smart",
  WP0: "Porsche", WP1: "Porsche",
  W0L: "Opel", W0V: "Opel",
  WF0: "Ford", WF1: "Ford",
  // Rest of Europe
  TMB: "Škoda",
  VSS: "SEAT",
  VF1: "Renault", VF3: "Peugeot", VR3: "Peugeot", VF7: "Citroën", VR7: "Citroën", VR1: "DS",
  UU1: "Dacia",
  ZFA: "Fiat", ZAR: "Alfa Romeo", ZLA: "Lancia", ZFF: "Ferrari", ZHW: "Lamborghini", ZPB: "Lamborghini",
  ZAM: "Maserati", ZAC: "Jeep",
  YV1: "Volvo", YV4: "Volvo", YS3: "Saab", YSM: "Polestar",
  SAL: "Land Rover", SAJ: "Jaguar", SAD: "Jaguar",
  SCB: "Bentley", SCA: "Rolls-Royce", SCF: "Aston Martin", SBM: "McLaren", SCC: "Lotus",
  XTA: "Lada", XTH: "GAZ",
  // Japan, with their European plants
  JTD: "Toyota", JTE: "Toyota", JTM: "Toyota", JTN: "Toyota", JTK: "Toyota", SB1: "Toyota", VNK: "Toyota",
  NMT: "Toyota", "4T1": "Toyota", "5TD": "Toyota",
  JTH: "Lexus", JTJ: "Lexus",
  JN1: "Nissan", JN8: "Nissan", SJN: "Nissan", VSK: "Nissan", "1N4": "Nissan",
  JM1: "Mazda", JMZ: "Mazda",
  JHM: "Honda", SHH: "Honda", SHS: "Honda", "1HG": "Honda",
  JA3: "Mitsubishi", JA4: "Mitsubishi", JMB: "Mitsubishi", JMY: "Mitsubishi",
  JF1: "Subaru", JF2: "Subaru", "4S3": "Subaru", "4S4": "Subaru",
  JS2: "Suzuki", JSA: "Suzuki", TSM: "Suzuki",
  // Korea, with their European plants
  KMH: "Hyundai", TMA: "Hyundai", NLH: "Hyundai",
  KNA: "Kia", KNE: "Kia", KND: "Kia", U5Y: "Kia", U6Y: "Kia",
  // North America
  "1FA": "Ford", "1FM": "Ford", "1FT": "Ford", "3FA": "Ford",
  "1G1": "Chevrolet", "1GC": "Chevrolet", "1GN": "Chevrolet", "2G1": "Chevrolet",
  "1G6": "Cadillac", "1GY": "Cadillac", "1LN": "Lincoln",
  "1C4": "Jeep", "1J4": "Jeep", "1J8": "Jeep", "1C3": "Chrysler", "2C3": "Dodge", "1C6": "Ram",
  "5YJ": "Tesla", "7SA": "Tesla", XP7: "Tesla", LRW: "Tesla",
  // China
  LPS: "Polestar", LGX: "BYD", LC0: "BYD", LSJ: "MG",
};

export function manufacturerOf(vin: string): string | null {
  return VIN_MANUFACTURERS[sanitizeVin(vin).slice(0, 3)] ?? null;
}

/** Position 10 runs through these 30 characters, one a year from 1980 (A), and then starts again (A = 2010). */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/**
 * The model year from position 10. Each code stands for years 30 apart (L is 1990 and 2020); the later one is taken
 * unless it is beyond next year, because a car listed now is far more likely to be recent than over 30 years old;
 * the owner of a 1990 classic corrects the 2020 it decodes as. null for a character that encodes no year.
 */
export function modelYear(vin: string, now: Date = new Date()): number | null {
  const index = YEAR_CODES.indexOf(sanitizeVin(vin).charAt(9));
  if (index < 0) return null;
  const first = 1980 + index;
  return first + 30 * Math.floor((maxListingYear(now) - first) / 30);
}

// ------------------------------------------------------------------ decode

export type SeatCount = (typeof SEAT_COUNTS)[number];
export type DoorCount = (typeof DOOR_COUNTS)[number];

/** Part 1 §3 "VIN decode result"; null where the VIN does not tell. */
export interface VinDecodeResult {
  make: string;
  model: string | null;
  year: number | null;
  fuelType: FuelType | null;
  transmission: Transmission | null;
  engineSize: number | null;
  horsepower: number | null;
  category: Category | null;
  doors: DoorCount | null;
  seats: SeatCount | null;
}

export interface SampleVin {
  vin: string;
  car: VinDecodeResult & { model: string; year: number; fuelType: FuelType; category: Category };
}

/**
 * The VINs the wizard offers for testing (part 1 §2). Made up (serials like 12345) but well formed, with valid check
 * digits, one per kind of car the catalogue has; the year is stated because a classic's code means two years.
 */
export const SAMPLE_VINS: readonly SampleVin[] = [
  {
    vin: "WBA13AG09MCF41527",
    car: {
      make: "BMW",
      model: "5 Series",
      year: 2021,
      fuelType: "hybrid",
      transmission: "automatic",
      engineSize: 2.0,
      horsepower: 292,
      category: "luxury",
      doors: 4,
      seats: 5,
    },
  },
  {
    vin: "W1K223130MA012345",
    car: {
      make: "Mercedes-Benz",
      model: "S-Class",
      year: 2021,
      fuelType: "diesel",
      transmission: "automatic",
      engineSize: 2.9,
      horsepower: 286,
      category: "luxury",
      doors: 4,
      seats: 5,
    },
  },
  {
    vin: "WBS43AZ05NCH12345",
    car: {
      make: "BMW",
      model: "M3 Competition",
      year: 2022,
      fuelType: "petrol",
      transmission: "automatic",
      engineSize: 3.0,
      horsepower: 510,
      category: "sport",
      doors: 4,
      seats: 5,
    },
  },
  {
    vin: "WP0AB2A93NS212345",
    car: {
      make: "Porsche",
      model: "911 Carrera S",
      year: 2022,
      fuelType: "petrol",
      transmission: "automatic",
      engineSize: 3.0,
      horsepower: 450,
      category: "sport",
      doors: 2,
      seats: 4,
    },
  },
  {
    vin: "YV4BR0CL7M1712345",
    car: {
      make: "Volvo",
      model: "XC90",
      year: 2021,
      fuelType: "hybrid",
      transmission: "automatic",
      engineSize: 2.0,
      horsepower: 390,
      category: "suv",
      doors: 5,
      seats: 7,
    },
  },
  {
    vin: "WVGZZZCR0KD012345",
    car: {
      make: "Volkswagen",
      model: "Touareg",
      year: 2019,
      fuelType: "diesel",
      transmission: "automatic",
      engineSize: 3.0,
      horsepower: 286,
      category: "suv",
      doors: 5,
      seats: 5,
    },
  },
  {
    vin: "UU1HSDJ53N5612345",
    car: {
      make: "Dacia",
      model: "Duster",
      year: 2022,
      fuelType: "lpg",
      transmission: "manual",
      engineSize: 1.0,
      horsepower: 100,
      category: "suv",
      doors: 5,
      seats: 5,
    },
  },
  {
    vin: "JTMW1RFV8MD012345",
    car: {
      make: "Toyota",
      model: "RAV4",
      year: 2021,
      fuelType: "hybrid",
      transmission: "cvt",
      engineSize: 2.5,
      horsepower: 218,
      category: "suv",
      doors: 5,
      seats: 5,
    },
  },
  {
    vin: "5YJ3E7EA7NF123456",
    car: {
      make: "Tesla",
      model: "Model 3",
      year: 2022,
      fuelType: "electric",
      transmission: "automatic",
      engineSize: null,
      horsepower: 283,
      category: "electric",
      doors: 4,
      seats: 5,
    },
  },
  {
    vin: "LPSVSEDE9PL012345",
    car: {
      make: "Polestar",
      model: "2",
      year: 2023,
      fuelType: "electric",
      transmission: "automatic",
      engineSize: null,
      horsepower: 408,
      category: "electric",
      doors: 5,
      seats: 5,
    },
  },
  {
    vin: "WP0AB0913JS121234",
    car: {
      make: "Porsche",
      model: "911 Carrera 3.2",
      year: 1988,
      fuelType: "petrol",
      transmission: "manual",
      engineSize: 3.2,
      horsepower: 231,
      category: "classic",
      doors: 2,
      seats: 4,
    },
  },
  {
    vin: "ZHWES4ZF8MLA12345",
    car: {
      make: "Lamborghini",
      model: "Huracán EVO",
      year: 2021,
      fuelType: "petrol",
      transmission: "automatic",
      engineSize: 5.2,
      horsepower: 640,
      category: "exotic",
      doors: 2,
      seats: 2,
    },
  },
];

export type VinDecode =
  | { status: "invalid"; error: NonNullable<ReturnType<typeof vinError>> }
  | { status: "not-found"; message: typeof VIN_MESSAGES.notFound }
  | {
      status: "decoded";
      vin: string;
      /** true when every field is known (a sample VIN); otherwise only make and year are, and the user adds the rest. */
      complete: boolean;
      checkDigit: CheckDigitStatus;
      car: VinDecodeResult;
    };

/**
 * What step 1 of the wizard does with a typed VIN. A bad format is refused with listing-rules' message; a wrong
 * check digit never is (see checkDigitStatus), the wizard only warns about it.
 */
export function decodeVin(input: string, now: Date = new Date()): VinDecode {
  const error = vinError(input);
  if (error) return { status: "invalid", error };
  const vin = sanitizeVin(input);
  const checkDigit = checkDigitStatus(vin);
  const sample = SAMPLE_VINS.find((entry) => entry.vin === vin);
  if (sample) return { status: "decoded", vin, complete: true, checkDigit, car: { ...sample.car } };
  const make = manufacturerOf(vin);
  if (!make) return { status: "not-found", message: VIN_MESSAGES.notFound };
  return {
    status: "decoded",
    vin,
    complete: false,
    checkDigit,
    car: {
      make,
      model: null,
      year: modelYear(vin, now),
      fuelType: null,
      transmission: null,
      engineSize: null,
      horsepower: null,
      category: null,
      doors: null,
      seats: null,
    },
  };
}
