// The rules of each step of the create wizard and the edit form (part 1 §5): the messages next to the fields and the
// spec's titled alert. listing-form.ts makes them a step's zod schema; listing-car-values.ts checks a whole draft
// with them before it becomes a car row.
import { DOOR_COUNTS, SEAT_COUNTS } from "#db/enums";
import {
  DRIVER_HOURS,
  isValidEngineSize,
  isValidHorsepower,
  parsePriceToCents,
  pricingProblem,
  RENTAL_DAYS,
  vehicleDetailsProblem,
  vinError,
  WIZARD_REQUIRED_FIELDS,
  type WizardProblem,
} from "~/cars/listing-rules";
import { MAX_PICKUP_POINTS } from "~/cars/pickup-point-rules";
import { isValidPhone } from "~/accounts/account-rules";
import type { ListingValues, PickupPointValues, WizardStep } from "~/cars/listing-form";

type Issue = { path: (string | number)[]; message: string };

export const filled = (value: string | undefined): value is string => Boolean(value?.trim());
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
