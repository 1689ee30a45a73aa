// The listing pages' filter set (part 1 §3 "Filter set"), read from and written to the URL, so every search is a
// shareable link and a plain GET form. Parsing is forgiving: a value that makes no sense is dropped and named in
// `problems` (the page says so next to the field); it never becomes an error page.
import { CAR_CATEGORIES, FUEL_TYPES, TRANSMISSIONS, type Category, type FuelType, type Transmission } from "#db/enums";
import { parseSearchTerm } from "~/search/search-rules";

export type ListingScope = "rental" | "sale" | "all";

export const LISTING_PAGE_SIZE = 24;
export const LISTING_SORTS = ["newest", "price_asc", "price_desc", "year_desc"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DRIVER_OPTIONS = ["driver_only", "both_options", "self_drive_only"] as const;
export type DriverOption = (typeof DRIVER_OPTIONS)[number];
export const POWER_UNITS = ["hp", "kw"] as const;
export type PowerUnit = (typeof POWER_UNITS)[number];

/** Part 1 §9: 1 kW = 1.341 hp; 1 hp = 0.7457 kW. */
export const HP_PER_KW = 1.341;
export const KW_PER_HP = 0.7457;

export function kwToHp(kw: number): number {
  return kw * HP_PER_KW;
}

export function hpToKw(hp: number): number {
  return hp * KW_PER_HP;
}

export interface ListingFilters {
  search?: string;
  category?: Category;
  location?: string;
  fuelType?: FuelType;
  transmission?: Transmission;
  driverAvailable?: DriverOption;
  /** Only listings with instant book (decision 023): `instant=1`; any other value is ignored. Rentals only. */
  instantBook?: true;
  /** In the unit below, as typed. */
  powerMin?: number;
  powerMax?: number;
  powerUnit: PowerUnit;
  /** Whole euros. */
  priceMin?: number;
  priceMax?: number;
  yearMin?: number;
  yearMax?: number;
  sort: ListingSort;
  page: number;
}

export type FilterField = "search" | "location" | "power" | "price" | "year" | "page";

export interface ParsedFilters {
  filters: ListingFilters;
  /** Message keys for values that were dropped, by field. */
  problems: Partial<Record<FilterField, string>>;
}

const MAX_PAGE = 10_000;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Digits and one decimal point (or comma), as the power inputs accept; anything else is no number. */
function positiveNumber(value: string | null): number | undefined | "invalid" {
  if (value === null || value.trim() === "") return undefined;
  const text = value.trim().replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(text)) return "invalid";
  return Number(text);
}

function range(
  params: URLSearchParams,
  minKey: string,
  maxKey: string,
  whole: boolean,
  limits: { min: number; max: number },
): { min?: number; max?: number; invalid: boolean } {
  let invalid = false;
  const read = (key: string) => {
    const n = positiveNumber(params.get(key));
    if (n === "invalid" || (n !== undefined && (n < limits.min || n > limits.max || (whole && !Number.isInteger(n))))) {
      invalid = true;
      return undefined;
    }
    return n;
  };
  let min = read(minKey);
  let max = read(maxKey);
  // A range typed the wrong way round still means something.
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return { min, max, invalid };
}

export function parseListingFilters(params: URLSearchParams, scope: ListingScope): ParsedFilters {
  const problems: ParsedFilters["problems"] = {};
  const filters: ListingFilters = {
    powerUnit: oneOf(POWER_UNITS, params.get("powerUnit")) ?? "hp",
    sort: oneOf(LISTING_SORTS, params.get("sort")) ?? "newest",
    page: 1,
  };

  const search = parseSearchTerm(params.get("search"));
  if (search?.ok) filters.search = search.term;
  else if (search) problems.search = search.error;

  filters.category = oneOf(CAR_CATEGORIES, params.get("category"));
  filters.fuelType = oneOf(FUEL_TYPES, params.get("fuelType"));
  filters.transmission = oneOf(TRANSMISSIONS, params.get("transmission"));
  // Driver service means nothing for cars that are only for sale (the sale page hides it).
  if (scope !== "sale") filters.driverAvailable = oneOf(DRIVER_OPTIONS, params.get("driverAvailable"));
  if (scope !== "sale" && params.get("instant") === "1") filters.instantBook = true;

  const location = params.get("location")?.trim();
  if (location) {
    const words = locationWords(location);
    if (words.length > 0 && location.length <= 100) filters.location = location;
    else problems.location = "validation.filters.location";
  }

  const power = range(params, "powerMin", "powerMax", false, { min: 0, max: 99_999 });
  Object.assign(filters, { powerMin: power.min, powerMax: power.max });
  if (power.invalid) problems.power = "validation.filters.power";

  const price = range(params, "priceMin", "priceMax", true, { min: 0, max: 10_000_000 });
  Object.assign(filters, { priceMin: price.min, priceMax: price.max });
  if (price.invalid) problems.price = "validation.filters.price";

  const year = range(params, "yearMin", "yearMax", true, { min: 1900, max: 2100 });
  Object.assign(filters, { yearMin: year.min, yearMax: year.max });
  if (year.invalid) problems.year = "validation.filters.year";

  const page = params.get("page");
  if (page !== null) {
    const n = Number(page);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_PAGE) filters.page = n;
    else problems.page = "validation.filters.page";
  }
  return { filters, problems };
}

/** Letters and digits of a free-text field, as the search index sees them (case and accents aside). */
export function locationWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Horsepower bounds of a power filter, whatever unit it was typed in. */
export function powerInHp(filters: Pick<ListingFilters, "powerMin" | "powerMax" | "powerUnit">) {
  const toHp = (n: number | undefined) => (n === undefined ? undefined : filters.powerUnit === "kw" ? kwToHp(n) : n);
  return { min: toHp(filters.powerMin), max: toHp(filters.powerMax) };
}

/** The filters as URL parameters (defaults left out), for links, pagination and saved searches. */
export function filtersToParams(filters: Partial<ListingFilters>, options: { page?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") params.set(key, String(value));
  };
  set("search", filters.search);
  set("category", filters.category);
  set("location", filters.location);
  set("fuelType", filters.fuelType);
  set("transmission", filters.transmission);
  set("driverAvailable", filters.driverAvailable);
  set("instant", filters.instantBook ? 1 : undefined);
  set("powerMin", filters.powerMin);
  set("powerMax", filters.powerMax);
  if (filters.powerUnit === "kw" && (filters.powerMin !== undefined || filters.powerMax !== undefined))
    set("powerUnit", "kw");
  set("priceMin", filters.priceMin);
  set("priceMax", filters.priceMax);
  set("yearMin", filters.yearMin);
  set("yearMax", filters.yearMax);
  if (filters.sort && filters.sort !== "newest") set("sort", filters.sort);
  if (options.page !== false && filters.page && filters.page > 1) set("page", filters.page);
  return params;
}

/** How many filters narrow the results (the sort and the page do not). */
export function activeFilterCount(filters: ListingFilters): number {
  const keys: (keyof ListingFilters)[] = [
    "search",
    "category",
    "location",
    "fuelType",
    "transmission",
    "driverAvailable",
    "instantBook",
    "priceMin",
    "priceMax",
    "yearMin",
    "yearMax",
  ];
  const power = filters.powerMin !== undefined || filters.powerMax !== undefined ? 1 : 0;
  return keys.filter((key) => filters[key] !== undefined).length + power;
}

export const SCOPE_PATH: Record<ListingScope, string> = { rental: "/rentals", sale: "/sales", all: "/cars" };
