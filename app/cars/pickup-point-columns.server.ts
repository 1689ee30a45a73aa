// What a pickup point shows wherever a car's points are read for people (its page, the booking page): one list, so
// a column added to pickup points reaches both.
import { pickupPoints } from "#db/schema";

export const PICKUP_POINT_COLUMNS = {
  id: pickupPoints.id,
  name: pickupPoints.name,
  address: pickupPoints.address,
  city: pickupPoints.city,
  country: pickupPoints.country,
  availableHours: pickupPoints.availableHours,
  instructions: pickupPoints.instructions,
  isPrimary: pickupPoints.isPrimary,
};
