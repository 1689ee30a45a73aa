import { describe, expect, it } from "vitest";
import { MAX_PICKUP_POINTS, pickupPointProblem, removePickupPoint, withOnePrimary } from "~/cars/pickup-point-rules";

const point = (name: string, is_primary = false) => ({ name, address: "Gedimino pr. 1", city: "Vilnius", is_primary });

describe("pickup points", () => {
  it("need a name, an address and a city, and at most 10", () => {
    expect(pickupPointProblem([point("A")])).toBeNull();
    expect(pickupPointProblem([{ ...point("A"), city: " " }])).toBe("validation.pickupPointRequired");
    expect(pickupPointProblem([{ ...point(""), city: "Kaunas" }])).toBe("validation.pickupPointRequired");
    expect(pickupPointProblem(Array.from({ length: MAX_PICKUP_POINTS }, (_, i) => point(String(i))))).toBeNull();
    expect(pickupPointProblem(Array.from({ length: MAX_PICKUP_POINTS + 1 }, (_, i) => point(String(i))))).toBe(
      "validation.pickupPointCount",
    );
  });
  it("the first becomes primary automatically; choosing one clears the others", () => {
    expect(withOnePrimary([point("A"), point("B")]).map((p) => p.is_primary)).toEqual([true, false]);
    expect(withOnePrimary([point("A", true), point("B")], 1).map((p) => p.is_primary)).toEqual([false, true]);
    expect(withOnePrimary([point("A"), point("B", true)]).map((p) => p.is_primary)).toEqual([false, true]);
  });
  it("deleting the primary promotes the first remaining", () => {
    const points = withOnePrimary([point("A"), point("B"), point("C")], 1);
    expect(removePickupPoint(points, 1).map((p) => [p.name, p.is_primary])).toEqual([
      ["A", true],
      ["C", false],
    ]);
    expect(removePickupPoint(points, 0).map((p) => [p.name, p.is_primary])).toEqual([
      ["B", true],
      ["C", false],
    ]);
  });
});
