// A booking as one of its two parties sees it. Everyone else gets a 403 (or a 404 when there is no such booking):
// the check is against the row, never against what the form says.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { bookings, cars } from "#db/schema";
import { requireParty, requireUser } from "~/accounts/guards.server";
import { roleIn, type BookingRole } from "~/bookings/booking-rules";

export async function findBookingOfParty(db: AppLoadContext["db"], bookingId: string, userId: string) {
  const [row] = await db
    .select({
      booking: bookings,
      car: { id: cars.id, make: cars.make, model: cars.model, year: cars.year, location: cars.location },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const booking = requireParty(row?.booking, { id: userId }, "bookings:errors.notFound");
  return { booking, car: row!.car, role: roleIn(booking, userId) as BookingRole };
}

/** The signed-in user and their side of the booking in the URL. */
export async function requireBookingParty(request: Request, context: AppLoadContext, bookingId: string | undefined) {
  const user = await requireUser(request, context);
  const found = await findBookingOfParty(context.db, bookingId ?? "", user.id);
  return { user, ...found };
}
