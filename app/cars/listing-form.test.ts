// The listing form's own rules: pickup points added and removed by the form's buttons, the row they become, and drafts
// saved under the former field names.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  applyPickupPointIntent,
  newListingValues,
  pickStep,
  savedDraftValues,
  STEP_FIELDS,
  stepSchema,
  type ListingValues,
} from "~/cars/listing-form";
import { fromCar, toCarValues } from "~/cars/listing-car-values";
import { locatePickupPoints } from "~/places/cities";

const point = (name: string) => ({ name, address: "Gatvė 1", city: "Kaunas", country: "Lithuania" as const });

describe("pickup points in the form", () => {
  it("adds a point after the others, up to 10, keeping the main one", () => {
    const values: ListingValues = { pickupPoints: [point("A"), point("B")], primaryPoint: "1" };
    const added = applyPickupPointIntent(values, "add_point")!;
    expect(added.pickupPoints?.map((p) => p.name)).toEqual(["A", "B", undefined]);
    expect(added.pickupPoints?.[2]).toMatchObject({ country: "Lithuania", availableHours: "24/7" });
    expect(added.primaryPoint).toBe("1");
    const ten: ListingValues = { pickupPoints: Array.from({ length: 10 }, (_, i) => point(String(i))) };
    expect(applyPickupPointIntent(ten, "add_point")!.pickupPoints).toHaveLength(10);
  });

  it("removing the main point makes the first remaining one main; removing an earlier one shifts the index", () => {
    const values: ListingValues = { pickupPoints: [point("A"), point("B"), point("C")], primaryPoint: "1" };
    const withoutMain = applyPickupPointIntent(values, "remove_point:1")!;
    expect(withoutMain.pickupPoints?.map((p) => p.name)).toEqual(["A", "C"]);
    expect(withoutMain.primaryPoint).toBe("0");
    const withoutFirst = applyPickupPointIntent(values, "remove_point:0")!;
    expect(withoutFirst.pickupPoints?.map((p) => p.name)).toEqual(["B", "C"]);
    expect(withoutFirst.primaryPoint).toBe("0");
    const withoutLast = applyPickupPointIntent({ ...values, primaryPoint: "2" }, "remove_point:0")!;
    expect(withoutLast.primaryPoint).toBe("1");
  });

  it("other intents are not about pickup points", () => {
    expect(applyPickupPointIntent({}, "next")).toBeNull();
  });

  it("stores exactly one main point, the chosen one or else the first, and fills coordinates from the city", () => {
    const base: ListingValues = { listingType: "rental", make: "Audi", model: "A4", year: "2020", mileage: "1" };
    const chosen = toCarValues({ ...base, pickupPoints: [point("A"), point("B")], primaryPoint: "1" });
    expect(chosen.pickupPoints.map((p) => p.isPrimary)).toEqual([false, true]);
    const outOfRange = toCarValues({ ...base, pickupPoints: [point("A"), point("B")], primaryPoint: "7" });
    expect(outOfRange.pickupPoints.map((p) => p.isPrimary)).toEqual([true, false]);
    const located = locatePickupPoints(chosen.pickupPoints);
    expect(located[0]!.latitude).toBeCloseTo(54.9, 0);
    expect(located[0]!.longitude).toBeCloseTo(23.9, 0);
    // Sale listings keep no pickup points.
    expect(toCarValues({ ...base, listingType: "sale", pickupPoints: [point("A")] }).pickupPoints).toEqual([]);
  });
});

describe("savedDraftValues", () => {
  it("reads a draft saved under the former snake_case names with the new ones, and leaves the others", () => {
    const saved = {
      listing_type: "rental",
      make: "Volvo",
      daily_price: "40",
      driver_service: "both_options",
      pickup_points: [{ name: "Stotis", available_hours: "8-20", contact_phone: "+37060000000" }],
      primary_point: "0",
      features: ["gps"],
    };
    expect(savedDraftValues(saved)).toEqual({
      listingType: "rental",
      make: "Volvo",
      dailyPrice: "40",
      driverService: "both_options",
      pickupPoints: [{ name: "Stotis", availableHours: "8-20", contactPhone: "+37060000000" }],
      primaryPoint: "0",
      features: ["gps"],
    });
    const current: ListingValues = { listingType: "sale", salePrice: "9000", pickupPoints: [] };
    expect(savedDraftValues(current)).toEqual(current);
  });
});

describe("the cancellation policy (decision 022)", () => {
  const base: ListingValues = { listingType: "rental", make: "Audi", model: "A4", year: "2020", mileage: "1" };

  it("is a step 3 field, 24 hours for a new listing, stored for rentals and read back by the edit form", () => {
    expect(STEP_FIELDS[3]).toContain("cancellationPolicy");
    expect(newListingValues("rental").cancellationPolicy).toBe("24_hours");
    const stored = toCarValues({ ...base, cancellationPolicy: "72_hours" });
    expect(stored.car.cancellationPolicy).toBe("72_hours");
    expect(fromCar(stored.car, stored.pickupPoints).cancellationPolicy).toBe("72_hours");
    // A listing that is also for sale rents too: it keeps the choice.
    expect(toCarValues({ ...base, listingType: "both", cancellationPolicy: "no_cancellation" }).car).toMatchObject({
      cancellationPolicy: "no_cancellation",
    });
  });

  it("falls back to 24 hours for a sale and for an old draft without it", () => {
    expect(toCarValues({ ...base, listingType: "sale", cancellationPolicy: "72_hours" }).car.cancellationPolicy).toBe(
      "24_hours",
    );
    expect(toCarValues(base).car.cancellationPolicy).toBe("24_hours");
  });

  it("refuses a value outside the list with its message at the field, and the step keeps it", () => {
    const posted = new FormData();
    posted.set("cancellationPolicy", "free_for_all");
    const result = parseWithZod(posted, { schema: stepSchema(3, base) });
    expect(result.status === "error" ? result.error?.cancellationPolicy : null).toEqual([
      "listings:cancellationPolicy.error",
    ]);
    expect(pickStep(3, { ...base, cancellationPolicy: "48_hours" }).cancellationPolicy).toBe("48_hours");
  });
});

describe("instant book (decision 023)", () => {
  const base: ListingValues = { listingType: "rental", make: "Audi", model: "A4", year: "2020", mileage: "1" };

  it("is a step 3 checkbox, off for a new listing, stored for rentals and read back by the edit form", () => {
    expect(STEP_FIELDS[3]).toContain("instantBook");
    expect(newListingValues("rental").instantBook).toBeUndefined();
    const stored = toCarValues({ ...base, instantBook: "on" });
    expect(stored.car.instantBook).toBe(true);
    expect(fromCar(stored.car, stored.pickupPoints).instantBook).toBe("on");
    expect(toCarValues({ ...base, listingType: "both", instantBook: "on" }).car.instantBook).toBe(true);
    expect(fromCar(toCarValues(base).car, []).instantBook).toBeUndefined();
  });

  it("is off for a sale, for an unticked box and for any value but the checkbox's", () => {
    expect(toCarValues({ ...base, listingType: "sale", instantBook: "on" }).car.instantBook).toBe(false);
    expect(toCarValues(base).car.instantBook).toBe(false);
    expect(toCarValues({ ...base, instantBook: "yes please" }).car.instantBook).toBe(false);
  });

  it("unticking it on step 3 clears the draft's earlier choice", () => {
    const step = pickStep(3, { ...base });
    expect("instantBook" in step && step.instantBook === undefined).toBe(true);
    expect({ ...base, instantBook: "on", ...step }.instantBook).toBeUndefined();
  });
});
