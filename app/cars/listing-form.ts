// The create wizard's and the edit form's fields, per step, as zod schemas that conform parses on the server and in
// the browser alike. Values stay the text the user typed (a draft keeps them as typed). Each step's rules are in
// listing-step-rules.ts; a complete draft becomes a car row in listing-car-values.ts.
import { z } from "zod";
import {
  CANCELLATION_POLICIES,
  CAR_CATEGORIES,
  FUEL_TYPES,
  LISTING_TYPES,
  PICKUP_COUNTRIES,
  TRANSMISSIONS,
} from "#db/enums";
import { DRIVER_HOURS, RENTAL_DAYS, WIZARD_DEFAULTS, type ListingType } from "~/cars/listing-rules";
import { MAX_PICKUP_POINTS, PICKUP_DEFAULTS, removePickupPoint, withOnePrimary } from "~/cars/pickup-point-rules";

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
  /** Instant book (decision 023), a checkbox: "on" when ticked; rentals only. */
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

// The names the form's fields had before they became camelCase (migration 0014).
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

import { stepIssues } from "~/cars/listing-step-rules";

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
