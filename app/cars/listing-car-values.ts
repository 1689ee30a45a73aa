// A complete draft to a car row and back: `toCarValues` turns the wizard's text values into the row to store,
// checking every rule of part 1 §5 once more; `fromCar` gives the edit form its starting values.
import type { CAR_CATEGORIES, FUEL_TYPES, PICKUP_COUNTRIES, TRANSMISSIONS } from "#db/enums";
import { featureGroupsFor, normaliseFeatures } from "~/cars/feature-catalogue";
import {
  capListingText,
  clampWhole,
  DRIVER_HOURS,
  keepsPickupPoints,
  parsePriceToCents,
  RENTAL_DAYS,
  sanitizeVin,
  WIZARD_DEFAULTS,
  type ListingType,
} from "~/cars/listing-rules";
import { PICKUP_DEFAULTS, withOnePrimary } from "~/cars/pickup-point-rules";
import { sanitizeText } from "~/utils/sanitize";
import {
  DEFAULT_CANCELLATION_POLICY,
  WIZARD_STEPS,
  type CancellationPolicy,
  type ListingValues,
  type PickupPointValues,
  type WizardStep,
} from "~/cars/listing-form";
import { filled, stepIssues } from "~/cars/listing-step-rules";

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
