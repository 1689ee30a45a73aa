// The listing form's own rules: pickup points added and removed by the form's buttons, and the row they become.
import { describe, expect, it } from "vitest";
import { applyPickupPointIntent, toCarValues, type ListingValues } from "~/cars/listing-form";
import { locatePickupPoints } from "~/places/cities";

const point = (name: string) => ({ name, address: "Gatvė 1", city: "Kaunas", country: "Lithuania" as const });

describe("pickup points in the form", () => {
  it("adds a point after the others, up to 10, keeping the main one", () => {
    const values: ListingValues = { pickup_points: [point("A"), point("B")], primary_point: "1" };
    const added = applyPickupPointIntent(values, "add_point")!;
    expect(added.pickup_points?.map((p) => p.name)).toEqual(["A", "B", undefined]);
    expect(added.pickup_points?.[2]).toMatchObject({ country: "Lithuania", available_hours: "24/7" });
    expect(added.primary_point).toBe("1");
    const ten: ListingValues = { pickup_points: Array.from({ length: 10 }, (_, i) => point(String(i))) };
    expect(applyPickupPointIntent(ten, "add_point")!.pickup_points).toHaveLength(10);
  });

  it("removing the main point makes the first remaining one main; removing an earlier one shifts the index", () => {
    const values: ListingValues = { pickup_points: [point("A"), point("B"), point("C")], primary_point: "1" };
    const withoutMain = applyPickupPointIntent(values, "remove_point:1")!;
    expect(withoutMain.pickup_points?.map((p) => p.name)).toEqual(["A", "C"]);
    expect(withoutMain.primary_point).toBe("0");
    const withoutFirst = applyPickupPointIntent(values, "remove_point:0")!;
    expect(withoutFirst.pickup_points?.map((p) => p.name)).toEqual(["B", "C"]);
    expect(withoutFirst.primary_point).toBe("0");
    const withoutLast = applyPickupPointIntent({ ...values, primary_point: "2" }, "remove_point:0")!;
    expect(withoutLast.primary_point).toBe("1");
  });

  it("other intents are not about pickup points", () => {
    expect(applyPickupPointIntent({}, "next")).toBeNull();
  });

  it("stores exactly one main point, the chosen one or else the first, and fills coordinates from the city", () => {
    const base: ListingValues = { listing_type: "rental", make: "Audi", model: "A4", year: "2020", mileage: "1" };
    const chosen = toCarValues({ ...base, pickup_points: [point("A"), point("B")], primary_point: "1" });
    expect(chosen.pickupPoints.map((p) => p.isPrimary)).toEqual([false, true]);
    const outOfRange = toCarValues({ ...base, pickup_points: [point("A"), point("B")], primary_point: "7" });
    expect(outOfRange.pickupPoints.map((p) => p.isPrimary)).toEqual([true, false]);
    const located = locatePickupPoints(chosen.pickupPoints);
    expect(located[0]!.latitude).toBeCloseTo(54.9, 0);
    expect(located[0]!.longitude).toBeCloseTo(23.9, 0);
    // Sale listings keep no pickup points.
    expect(toCarValues({ ...base, listing_type: "sale", pickup_points: [point("A")] }).pickupPoints).toEqual([]);
  });
});
