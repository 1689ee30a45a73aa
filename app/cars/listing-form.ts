// The create wizard's and the edit form's fields, per step, as zod schemas that conform parses on the server and in
// the browser alike. Values stay the text the user typed (a draft keeps them as typed); `toCarValues` turns a
// complete draft into a car row, checking every rule of part 1 §5 once more.
import { z } from "zod";
import {
  CANCELLATION_POLICIES,
  CAR_CATEGORIES,
  DOOR_COUNTS,
  FUEL_TYPES,
  LISTING_TYPES,
  PICKUP_COUNTRIES,
  SEAT_COUNTS,
  TRANSMISSIONS,
} from "#db/enums";
import { featureGroupsFor, normaliseFeatures } from "~/cars/feature-catalogue";
import {
  capListingText,
  clampWhole,
  DRIVER_HOURS,
  isValidEngineSize,
  isValidHorsepower,
  keepsPickupPoints,
  parsePriceToCents,
  pricingProblem,
  RENTAL_DAYS,
  sanitizeVin,
  vehicleDetailsProblem,
  vinError,
  WIZARD_DEFAULTS,
  WIZARD_REQUIRED_FIELDS,
  type ListingType,
  type WizardProblem,
} from "~/cars/listing-rules";
import { MAX_PICKUP_POINTS, PICKUP_DEFAULTS, removePickupPoint, withOnePrimary } from "~/cars/pickup-point-rules";
import { isValidPhone } from "~/accounts/account-rules";
import { sanitizeText } from "~/utils/sanitize";

export const WIZARD_STEPS = [1, 2, 3, 4] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function wizardStep(value: unknown): WizardStep {
  const n = Number(value);
  return (WIZARD_STEPS as readonly number[]).includes(n) ? (n as WizardStep) : 1;
}

/** The progress the wizard shows: 25 % on step 1 … 100 % on step 4. */
export const stepProgress = (step: WizardStep) => step * 25;

export const DRIVER_SERVICES = ["self_drive_only", "both_options", "driver_only"] as const;
export type DriverServiceOption = (typeof DRIVER_SERVICES)[number];

export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
/** A new listing's, and a sale's: free cancellation until 24 hours before pickup. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = "24_hours";

// A list or object where one value belongs is a tampered form: refused with a message, not zod's English.
const text = z.string({ error: "errors.badRequest" }).optional();

const PickupPointFields = z.object({
  name: text,
  address: text,
  city: text,
  country: z.enum(PICKUP_COUNTRIES).optional(),
  instructions: text,
  availableHours: text,
  contactPhone: text,
  latitude: text,
  longitude: text,
});
export type PickupPointValues = z.infer<typeof PickupPointFields>;

/** Every field of the wizard, as typed. A draft is a partial of this. */
export const ListingFields = z.object({
  listingType: z.enum(LISTING_TYPES, { error: "listings:errors.listingType" }).optional(),
  vin: text,
  make: text,
  model: text,
  year: text,
  mileage: text,
  location: text,
  category: z.enum(CAR_CATEGORIES, { error: "errors.badRequest" }).optional(),
  fuelType: z.enum(FUEL_TYPES, { error: "errors.badRequest" }).optional(),
  transmission: z.enum(TRANSMISSIONS, { error: "errors.badRequest" }).optional(),
  horsepower: text,
  engineSize: text,
  seats: text,
  doors: text,
  condition: text,
  licensePlate: text,
  dailyPrice: text,
  weeklyPrice: text,
  monthlyPrice: text,
  salePrice: text,
  depositAmount: text,
  weeklyDeposit: text,
  monthlyDeposit: text,
  minRentalDays: text,
  maxRentalDays: text,
  /** What a renter's cancellation refunds (refund-amounts.ts); rentals only, copied into each booking. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES, { error: "listings:cancellationPolicy.error" }).optional(),
  /** Instant book (issue 18), a checkbox: "on" when ticked; rentals only. */
  instantBook: text,
  driverService: z.enum(DRIVER_SERVICES, { error: "errors.badRequest" }).optional(),
  dailyPriceWithDriver: text,
  weeklyPriceWithDriver: text,
  monthlyPriceWithDriver: text,
  driverPricePerHour: text,
  minimumRentalHours: text,
  pickupPoints: z.array(PickupPointFields).max(MAX_PICKUP_POINTS).optional(),
  primaryPoint: text,
  features: z.array(z.string({ error: "errors.badRequest" })).optional(),
  description: text,
  rules: text,
  /** The step 4 file input: checked by the photo rules on the server, never kept in a draft. */
  photos: z.unknown().optional(),
});
export type ListingValues = z.infer<typeof ListingFields>;

const LIST_FIELDS = new Set<string>(["pickupPoints", "features", "photos"]);

/**
 * The posted values, typed or as they came when the parse failed. A text field that did not arrive as one string
 * (repeated, or `make.x=` read as an object) is dropped, so the rules never see a list or object where they read
 * text: without this a forged form was a 500.
 */
export function postedListingValues(posted: { status?: string; value?: unknown; payload: unknown }): ListingValues {
  if (posted.status === "success") return posted.value as ListingValues;
  const payload = (typeof posted.payload === "object" && posted.payload !== null ? posted.payload : {}) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(
    Object.entries(payload).filter(([name, value]) => LIST_FIELDS.has(name) || typeof value === "string"),
  ) as ListingValues;
}

// The names the form's fields had before they became camelCase (issue 16).
const FORMER_FIELD_NAMES: Record<string, string> = {
  listing_type: "listingType",
  fuel_type: "fuelType",
  engine_size: "engineSize",
  license_plate: "licensePlate",
  daily_price_with_driver: "dailyPriceWithDriver",
  weekly_price_with_driver: "weeklyPriceWithDriver",
  monthly_price_with_driver: "monthlyPriceWithDriver",
  driver_price_per_hour: "driverPricePerHour",
  minimum_rental_hours: "minimumRentalHours",
  daily_price: "dailyPrice",
  weekly_price: "weeklyPrice",
  monthly_price: "monthlyPrice",
  sale_price: "salePrice",
  deposit_amount: "depositAmount",
  weekly_deposit: "weeklyDeposit",
  monthly_deposit: "monthlyDeposit",
  min_rental_days: "minRentalDays",
  max_rental_days: "maxRentalDays",
  driver_service: "driverService",
  pickup_points: "pickupPoints",
  primary_point: "primaryPoint",
};
const FORMER_POINT_FIELD_NAMES: Record<string, string> = {
  available_hours: "availableHours",
  contact_phone: "contactPhone",
};

const renamed = (values: Record<string, unknown>, names: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [names[name] ?? name, value]));

/**
 * A saved draft's values. Migration 0014 renamed the keys of the drafts stored before the fields became camelCase;
 * a draft that the previous release saves while this one is being deployed still has the old names, read here too.
 * Remove a release after 0014.
 */
export function savedDraftValues(data: Record<string, unknown>): ListingValues {
  const values = renamed(data, FORMER_FIELD_NAMES);
  if (Array.isArray(values.pickupPoints)) {
    values.pickupPoints = values.pickupPoints.map((point: unknown) =>
      typeof point === "object" && point !== null
        ? renamed(point as Record<string, unknown>, FORMER_POINT_FIELD_NAMES)
        : point,
    );
  }
  return values as ListingValues;
}

/** Which fields each step owns: what it saves into the draft, and what it validates. */
export const STEP_FIELDS: Record<WizardStep, readonly (keyof ListingValues)[]> = {
  1: ["listingType", "vin"],
  2: [
    "make",
    "model",
    "year",
    "mileage",
    "location",
    "category",
    "fuelType",
    "transmission",
    "horsepower",
    "engineSize",
    "seats",
    "doors",
    "condition",
    "licensePlate",
    "vin",
  ],
  3: [
    "dailyPrice",
    "weeklyPrice",
    "monthlyPrice",
    "salePrice",
    "depositAmount",
    "weeklyDeposit",
    "monthlyDeposit",
    "minRentalDays",
    "maxRentalDays",
    "cancellationPolicy",
    "instantBook",
    "driverService",
    "dailyPriceWithDriver",
    "weeklyPriceWithDriver",
    "monthlyPriceWithDriver",
    "driverPricePerHour",
    "minimumRentalHours",
    "pickupPoints",
    "primaryPoint",
  ],
  4: ["features", "description", "rules"],
};

/** What a new wizard starts from (part 1 §5's defaults). */
export function newListingValues(listingType: ListingType | undefined, now: Date = new Date()): ListingValues {
  return {
    listingType: listingType,
    category: WIZARD_DEFAULTS.category,
    fuelType: WIZARD_DEFAULTS.fuel_type,
    transmission: WIZARD_DEFAULTS.transmission,
    seats: String(WIZARD_DEFAULTS.seats),
    doors: String(WIZARD_DEFAULTS.doors),
    year: String(now.getUTCFullYear()),
    minRentalDays: String(RENTAL_DAYS.min.default),
    maxRentalDays: String(RENTAL_DAYS.max.default),
    cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
    minimumRentalHours: String(DRIVER_HOURS.default),
    driverService: "self_drive_only",
    pickupPoints: [],
    features: [],
  };
}

export const newPickupPoint = (): PickupPointValues => ({
  country: PICKUP_DEFAULTS.country,
  availableHours: PICKUP_DEFAULTS.available_hours,
});

/**
 * The form's "Add pickup point" and "Remove pickup point n" buttons (`add_point`, `remove_point:<n>`), which post
 * the form so they work without JavaScript: the values with the point added or removed, the main point kept by
 * pickup-point-rules (removing it makes the first remaining one main), or null for any other intent.
 */
export function applyPickupPointIntent(values: ListingValues, intent: string): ListingValues | null {
  const primary = Number(values.primaryPoint ?? 0) || 0;
  let points = (values.pickupPoints ?? []).map((point, index) => ({ ...point, is_primary: index === primary }));
  if (intent === "add_point") {
    if (points.length < MAX_PICKUP_POINTS)
      points = withOnePrimary([...points, { ...newPickupPoint(), is_primary: false }]);
  } else if (intent.startsWith("remove_point:")) {
    points = removePickupPoint(points, Number(intent.slice("remove_point:".length)));
  } else {
    return null;
  }
  return {
    ...values,
    pickupPoints: points.map(({ is_primary: _primary, ...point }) => point),
    primaryPoint: String(
      Math.max(
        0,
        points.findIndex((point) => point.is_primary),
      ),
    ),
  };
}

// ------------------------------------------------------------------ per-step rules

type Issue = { path: (string | number)[]; message: string };

const filled = (value: string | undefined): value is string => Boolean(value?.trim());
const isWhole = (value: string) => /^\d+$/.test(value.trim());

function priceIssues(values: ListingValues, fields: readonly (keyof ListingValues)[], issues: Issue[]) {
  for (const field of fields) {
    const value = values[field] as string | undefined;
    if (filled(value) && parsePriceToCents(value) === null)
      issues.push({ path: [field], message: "listings:errors.price" });
  }
}

function dayRangeIssues(values: ListingValues, issues: Issue[]) {
  const check = (
    field: "minRentalDays" | "maxRentalDays",
    range: { min: number; max: number },
    message: "listings:errors.min_rental_days" | "listings:errors.max_rental_days",
  ) => {
    const value = values[field];
    if (!filled(value)) return null;
    const n = Number(value);
    if (!isWhole(value) || n < range.min || n > range.max) {
      issues.push({ path: [field], message });
      return null;
    }
    return n;
  };
  const min = check("minRentalDays", RENTAL_DAYS.min, "listings:errors.min_rental_days");
  const max = check("maxRentalDays", RENTAL_DAYS.max, "listings:errors.max_rental_days");
  if (min !== null && max !== null && min > max)
    issues.push({ path: ["maxRentalDays"], message: "listings:errors.rentalDaysOrder" });
}

function pickupPointIssues(points: PickupPointValues[], issues: Issue[]) {
  points.forEach((point, index) => {
    for (const field of ["name", "address", "city"] as const) {
      if (!filled(point[field]))
        issues.push({ path: ["pickupPoints", index, field], message: "listings:errors.pickupPointField" });
    }
    if (filled(point.contactPhone) && !isValidPhone(point.contactPhone))
      issues.push({ path: ["pickupPoints", index, "contactPhone"], message: "validation.phoneFormat" });
    const lat = point.latitude?.trim();
    const lng = point.longitude?.trim();
    if ((lat && !isCoordinate(lat, 90)) || (lng && !isCoordinate(lng, 180)))
      issues.push({ path: ["pickupPoints", index, "latitude"], message: "listings:errors.coordinates" });
  });
}

function isCoordinate(value: string, limit: number) {
  const n = Number(value);
  return value !== "" && Number.isFinite(n) && Math.abs(n) <= limit;
}

/**
 * The problems of one step: field messages (translation keys, next to each field) and, for steps 2 and 3, the
 * spec's titled alert (Missing Information, Invalid Data, Missing Price). Earlier steps' values are in `values`
 * (step 3 needs the listing type), but only this step's fields are checked.
 */
export function stepIssues(step: WizardStep, values: ListingValues, now: Date = new Date()) {
  const issues: Issue[] = [];
  let problem: WizardProblem | null = null;
  if (step === 1) {
    if (!values.listingType) issues.push({ path: ["listingType"], message: "listings:errors.listingType" });
    if (filled(values.vin)) {
      const error = vinError(values.vin);
      if (error) issues.push({ path: ["vin"], message: error });
    }
  }
  if (step === 2) {
    const details = vehicleDetailsProblem(values, now);
    problem = details;
    for (const field of WIZARD_REQUIRED_FIELDS) {
      if (!filled(values[field])) issues.push({ path: [field], message: "listings:errors.required" });
    }
    if (details?.title === "wizard.titles.invalidData")
      details.fields.forEach((field, index) => issues.push({ path: [field], message: details.messages[index]! }));
    if (filled(values.horsepower) && !(isWhole(values.horsepower) && isValidHorsepower(Number(values.horsepower))))
      issues.push({ path: ["horsepower"], message: "validation.listing.horsepower" });
    const engine = values.engineSize?.trim().replace(",", ".");
    if (engine && !(/^\d+(\.\d)?$/.test(engine) && isValidEngineSize(Number(engine))))
      issues.push({ path: ["engineSize"], message: "validation.listing.engineSize" });
    if (filled(values.seats) && !(SEAT_COUNTS as readonly number[]).includes(Number(values.seats)))
      issues.push({ path: ["seats"], message: "listings:errors.seats" });
    if (filled(values.doors) && !(DOOR_COUNTS as readonly number[]).includes(Number(values.doors)))
      issues.push({ path: ["doors"], message: "listings:errors.doors" });
    if (filled(values.vin)) {
      const error = vinError(values.vin);
      if (error) issues.push({ path: ["vin"], message: error });
    }
  }
  if (step === 3) {
    const type = values.listingType ?? "sale";
    const pricing = pricingProblem(type, { daily_price: values.dailyPrice, sale_price: values.salePrice });
    problem = pricing;
    if (pricing) issues.push({ path: [type === "sale" ? "salePrice" : "dailyPrice"], message: pricing.message });
    const rents = type !== "sale";
    priceIssues(values, rents ? RENTAL_PRICE_FIELDS : [], issues);
    if (type !== "rental") priceIssues(values, ["salePrice"], issues);
    if (rents) {
      dayRangeIssues(values, issues);
      const driver = values.driverService ?? "self_drive_only";
      if (driver !== "self_drive_only") {
        priceIssues(values, DRIVER_PRICE_FIELDS, issues);
        if (!filled(values.dailyPriceWithDriver) && !filled(values.driverPricePerHour))
          issues.push({ path: ["dailyPriceWithDriver"], message: "listings:errors.driverPrice" });
        const hours = values.minimumRentalHours;
        if (
          filled(hours) &&
          !(isWhole(hours) && Number(hours) >= DRIVER_HOURS.min && Number(hours) <= DRIVER_HOURS.max)
        )
          issues.push({ path: ["minimumRentalHours"], message: "listings:errors.driverHours" });
      }
      const points = values.pickupPoints ?? [];
      if (points.length > MAX_PICKUP_POINTS)
        issues.push({ path: ["pickupPoints"], message: "validation.pickupPointCount" });
      pickupPointIssues(points, issues);
    }
  }
  return { issues, problem };
}

const RENTAL_PRICE_FIELDS = [
  "dailyPrice",
  "weeklyPrice",
  "monthlyPrice",
  "depositAmount",
  "weeklyDeposit",
  "monthlyDeposit",
] as const;
const DRIVER_PRICE_FIELDS = [
  "dailyPriceWithDriver",
  "weeklyPriceWithDriver",
  "monthlyPriceWithDriver",
  "driverPricePerHour",
] as const;

/** conform's schema for a step: the fields, then the step's rules as issues at their fields. */
export function stepSchema(step: WizardStep, earlier: ListingValues = {}, now: Date = new Date()) {
  return ListingFields.superRefine((values, ctx) => {
    for (const issue of stepIssues(step, { ...earlier, ...values }, now).issues)
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });
}

/** The step's own fields from what was posted (unticked checkboxes and removed points mean empty lists). */
export function pickStep(step: WizardStep, posted: ListingValues): ListingValues {
  const picked: Record<string, unknown> = {};
  for (const field of STEP_FIELDS[step]) picked[field] = posted[field];
  if (step === 3) picked.pickupPoints = posted.pickupPoints ?? [];
  if (step === 4) picked.features = posted.features ?? [];
  return picked as ListingValues;
}

// ------------------------------------------------------------------ a complete draft to a car row

export interface CarValues {
  listingType: ListingType;
  vin: string | null;
  make: string;
  model: string;
  year: number;
  mileage: number;
  location: string;
  category: (typeof CAR_CATEGORIES)[number];
  fuelType: (typeof FUEL_TYPES)[number];
  transmission: (typeof TRANSMISSIONS)[number];
  horsepower: number | null;
  engineSize: number | null;
  seats: number;
  doors: number;
  condition: string | null;
  licensePlate: string | null;
  dailyPrice: number | null;
  weeklyPrice: number | null;
  monthlyPrice: number | null;
  salePrice: number | null;
  depositAmount: number | null;
  weeklyDeposit: number | null;
  monthlyDeposit: number | null;
  minRentalDays: number;
  maxRentalDays: number;
  cancellationPolicy: CancellationPolicy;
  instantBook: boolean;
  driverAvailable: boolean;
  driverOnly: boolean;
  dailyPriceWithDriver: number | null;
  weeklyPriceWithDriver: number | null;
  monthlyPriceWithDriver: number | null;
  driverPricePerHour: number | null;
  minimumRentalHours: number;
  features: string[];
  description: string | null;
  rules: string | null;
}

export interface PickupPointRow {
  name: string;
  address: string;
  city: string;
  country: (typeof PICKUP_COUNTRIES)[number];
  instructions: string | null;
  availableHours: string;
  contactPhone: string | null;
  isPrimary: boolean;
  latitude: number | null;
  longitude: number | null;
  sortOrder: number;
}

/** The first step whose rules the values break, or null when the whole listing is valid. */
export function firstInvalidStep(values: ListingValues, now: Date = new Date()): WizardStep | null {
  for (const step of WIZARD_STEPS) if (stepIssues(step, values, now).issues.length > 0) return step;
  return null;
}

const price = (value: string | undefined) => (filled(value) ? parsePriceToCents(value) : null);

/**
 * The row to store, for values that pass every step (call firstInvalidStep first): prices in cents, the texts
 * sanitised and cut to the save-time caps, prices and pickup points kept only for the types that use them, and
 * features reduced to the catalogue (without the luxury group under a 20,000 € sale price).
 */
export function toCarValues(values: ListingValues): { car: CarValues; pickupPoints: PickupPointRow[] } {
  const listingType = values.listingType ?? "sale";
  const rents = listingType !== "sale";
  const sells = listingType !== "rental";
  const driver = rents ? (values.driverService ?? "self_drive_only") : "self_drive_only";
  const withDriver = driver !== "self_drive_only";
  const text = capListingText({
    make: values.make ?? "",
    model: values.model ?? "",
    location: values.location ?? "",
    description: values.description,
    rules: values.rules,
    condition: values.condition,
    license_plate: values.licensePlate,
  });
  const salePrice = sells ? price(values.salePrice) : null;
  const allowedFeatures = new Set(featureGroupsFor(salePrice).flatMap((group) => group.features));
  const engine = values.engineSize?.trim().replace(",", ".");
  const car: CarValues = {
    listingType,
    vin: filled(values.vin) ? sanitizeVin(values.vin) : null,
    make: text.make,
    model: text.model,
    year: Number(values.year),
    mileage: Number(values.mileage),
    location: text.location,
    category: values.category ?? WIZARD_DEFAULTS.category,
    fuelType: values.fuelType ?? WIZARD_DEFAULTS.fuel_type,
    transmission: values.transmission ?? WIZARD_DEFAULTS.transmission,
    horsepower: filled(values.horsepower) ? Number(values.horsepower) : null,
    engineSize: engine ? Number(engine) : null,
    seats: filled(values.seats) ? Number(values.seats) : WIZARD_DEFAULTS.seats,
    doors: filled(values.doors) ? Number(values.doors) : WIZARD_DEFAULTS.doors,
    condition: text.condition ?? null,
    licensePlate: text.license_plate ? text.license_plate.toUpperCase() : null,
    dailyPrice: rents ? price(values.dailyPrice) : null,
    weeklyPrice: rents ? price(values.weeklyPrice) : null,
    monthlyPrice: rents ? price(values.monthlyPrice) : null,
    salePrice,
    depositAmount: rents ? price(values.depositAmount) : null,
    weeklyDeposit: rents ? price(values.weeklyDeposit) : null,
    monthlyDeposit: rents ? price(values.monthlyDeposit) : null,
    minRentalDays: clampWhole(values.minRentalDays, RENTAL_DAYS.min),
    maxRentalDays: clampWhole(values.maxRentalDays, RENTAL_DAYS.max),
    // A sale has no bookings to cancel: it keeps the column's default.
    cancellationPolicy: rents
      ? (values.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY)
      : DEFAULT_CANCELLATION_POLICY,
    instantBook: rents && values.instantBook === "on",
    driverAvailable: withDriver,
    driverOnly: driver === "driver_only",
    dailyPriceWithDriver: withDriver ? price(values.dailyPriceWithDriver) : null,
    weeklyPriceWithDriver: withDriver ? price(values.weeklyPriceWithDriver) : null,
    monthlyPriceWithDriver: withDriver ? price(values.monthlyPriceWithDriver) : null,
    driverPricePerHour: withDriver ? price(values.driverPricePerHour) : null,
    minimumRentalHours: clampWhole(values.minimumRentalHours, DRIVER_HOURS),
    features: normaliseFeatures(values.features ?? []).filter((code) => allowedFeatures.has(code)),
    description: text.description ?? null,
    rules: text.rules ?? null,
  };
  const points = withOnePrimary(
    (keepsPickupPoints(listingType) ? (values.pickupPoints ?? []) : []).map(
      (point): PickupPointValues & { is_primary?: boolean } => ({ ...point }),
    ),
    Number(values.primaryPoint) || 0,
  );
  const pickupPoints = points.map((point, index): PickupPointRow => ({
    name: sanitizeText(point.name ?? "", 100),
    address: sanitizeText(point.address ?? "", 200),
    city: sanitizeText(point.city ?? "", 100),
    country: point.country ?? PICKUP_DEFAULTS.country,
    instructions: sanitizeText(point.instructions ?? "", 500) || null,
    availableHours: sanitizeText(point.availableHours ?? "", 100) || PICKUP_DEFAULTS.available_hours,
    contactPhone: point.contactPhone?.trim() || null,
    isPrimary: Boolean(point.is_primary),
    latitude: filled(point.latitude) ? Number(point.latitude) : null,
    longitude: filled(point.longitude) ? Number(point.longitude) : null,
    sortOrder: index,
  }));
  return { car, pickupPoints };
}

const euros = (cents: number | null) => (cents === null ? undefined : (cents / 100).toFixed(cents % 100 ? 2 : 0));
const textOf = (value: number | string | null) => (value === null ? undefined : String(value));

/** A stored listing as the form's values (the edit page starts from these). */
export function fromCar(car: CarValues, points: PickupPointRow[]): ListingValues {
  const primary = points.findIndex((point) => point.isPrimary);
  return {
    listingType: car.listingType,
    vin: car.vin ?? undefined,
    make: car.make,
    model: car.model,
    year: String(car.year),
    mileage: String(car.mileage),
    location: car.location,
    category: car.category,
    fuelType: car.fuelType,
    transmission: car.transmission,
    horsepower: textOf(car.horsepower),
    engineSize: textOf(car.engineSize),
    seats: String(car.seats),
    doors: String(car.doors),
    condition: car.condition ?? undefined,
    licensePlate: car.licensePlate ?? undefined,
    dailyPrice: euros(car.dailyPrice),
    weeklyPrice: euros(car.weeklyPrice),
    monthlyPrice: euros(car.monthlyPrice),
    salePrice: euros(car.salePrice),
    depositAmount: euros(car.depositAmount),
    weeklyDeposit: euros(car.weeklyDeposit),
    monthlyDeposit: euros(car.monthlyDeposit),
    minRentalDays: String(car.minRentalDays),
    maxRentalDays: String(car.maxRentalDays),
    cancellationPolicy: car.cancellationPolicy,
    instantBook: car.instantBook ? "on" : undefined,
    driverService: car.driverOnly ? "driver_only" : car.driverAvailable ? "both_options" : "self_drive_only",
    dailyPriceWithDriver: euros(car.dailyPriceWithDriver),
    weeklyPriceWithDriver: euros(car.weeklyPriceWithDriver),
    monthlyPriceWithDriver: euros(car.monthlyPriceWithDriver),
    driverPricePerHour: euros(car.driverPricePerHour),
    minimumRentalHours: String(car.minimumRentalHours),
    pickupPoints: points.map((point) => ({
      name: point.name,
      address: point.address,
      city: point.city,
      country: point.country,
      instructions: point.instructions ?? undefined,
      availableHours: point.availableHours,
      contactPhone: point.contactPhone ?? undefined,
      latitude: textOf(point.latitude),
      longitude: textOf(point.longitude),
    })),
    primaryPoint: String(Math.max(0, primary)),
    features: car.features,
    description: car.description ?? undefined,
    rules: car.rules ?? undefined,
  };
}

/** The fields whose change sends an approved listing back to review: what identifies the car being offered. */
export const REVIEWED_FIELDS = ["make", "model", "year", "vin", "listingType"] as const;

export function needsReview(before: Pick<CarValues, (typeof REVIEWED_FIELDS)[number]>, after: CarValues): boolean {
  return REVIEWED_FIELDS.some((field) => before[field] !== after[field]);
}
