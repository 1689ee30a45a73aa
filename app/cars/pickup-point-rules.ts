// Part 1 §2 and §5 pickup point rules: required fields, at most 10, and exactly one primary point.

export const MAX_PICKUP_POINTS = 10;
export const PICKUP_DEFAULTS = { country: "Lithuania", available_hours: "24/7" } as const;

export interface PickupPointDraft {
  name: string;
  address: string;
  city: string;
  is_primary?: boolean;
}

export type PickupPointProblem = "validation.pickupPointRequired" | "validation.pickupPointCount";

export function pickupPointProblem(points: PickupPointDraft[]): PickupPointProblem | null {
  if (points.length > MAX_PICKUP_POINTS) return "validation.pickupPointCount";
  const incomplete = points.some((p) => !p.name.trim() || !p.address.trim() || !p.city.trim());
  return incomplete ? "validation.pickupPointRequired" : null;
}

/** The first point is primary when none is; marking one primary clears the others. */
export function withOnePrimary<T extends { is_primary?: boolean }>(points: T[], primaryIndex?: number): T[] {
  if (points.length === 0) return points;
  const chosen =
    primaryIndex !== undefined && primaryIndex >= 0 && primaryIndex < points.length
      ? primaryIndex
      : Math.max(
          0,
          points.findIndex((p) => p.is_primary),
        );
  return points.map((p, i) => ({ ...p, is_primary: i === chosen }));
}

/** Deleting a point: when it was the primary one, the first remaining point becomes primary. */
export function removePickupPoint<T extends { is_primary?: boolean }>(points: T[], index: number): T[] {
  const removed = points[index];
  const rest = points.filter((_, i) => i !== index);
  return removed?.is_primary ? withOnePrimary(rest, 0) : withOnePrimary(rest);
}
