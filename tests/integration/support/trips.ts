// A trip under way for the return clock's tests (trip-clock*.test.ts): two people of its own, a car of the host's,
// an active booking of the given days paid with a 500 € deposit held, and the check-in recorded by the host at the
// start with the odometer at 50,215 km.
import { tripRecords } from "#db/schema";
import { tripTimes } from "~/bookings/trip-rules";
import type { TestContext } from "./context";
import { createBooking, createCar, createUser } from "./factories";

const HOUR = 3_600_000;

export async function createActiveTrip(ctx: TestContext, days: { startDate: string; endDate: string }) {
  const host = await createUser(ctx, { isHost: true, verified: true });
  const renter = await createUser(ctx);
  const car = await createCar(ctx, host.id);
  const { start } = tripTimes(days);
  const id = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "active", {
    ...days,
    paymentStatus: "captured",
    depositAmount: 50_000,
    totalAmount: 62_640,
    depositStatus: "held",
    confirmedAt: new Date(start - 48 * HOUR),
  });
  await ctx.db.insert(tripRecords).values({
    bookingId: id,
    kind: "check_in",
    recordedBy: host.id,
    odometerKm: 50_215,
    fuelLevel: 8,
    recordedAt: new Date(start),
  });
  return { id, host, renter };
}
