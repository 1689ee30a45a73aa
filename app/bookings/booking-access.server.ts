// A booking as one of its two parties sees it. Everyone else gets a 403 (or a 404 when there is no such booking):
// the check is against the row, never against what the form says.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql, type SQL } from "drizzle-orm";
import { bookings, cars } from "#db/schema";
import { requireParty, requireUserWith } from "~/accounts/guards.server";
import { roleIn, type BookingRole } from "~/bookings/booking-rules";

function readBooking(db: AppLoadContext["db"], bookingId: string) {
  return db
    .select({
      booking: bookings,
      car: { id: cars.id, make: cars.make, model: cars.model, year: cars.year, location: cars.location },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
}

function partyOf([row]: Awaited<ReturnType<typeof readBooking>>, userId: string) {
  const booking = requireParty(row?.booking, { id: userId }, "bookings:errors.notFound");
  return { booking, car: row!.car, role: roleIn(booking, userId) as BookingRole };
}

/**
 * The signed-in user and their side of the booking in the URL. The booking is read beside the session's lookup (one
 * round trip), with the page's own reads (`reads`, by the booking's id and the person's id as SQL) if it has any:
 * they are returned only once the row showed the person a party.
 */
export async function requireBookingParty<T = undefined>(
  request: Request,
  context: AppLoadContext,
  bookingId: string | undefined,
  reads?: (userId: SQL) => Promise<T>,
) {
  const id = bookingId ?? "";
  const [user, [rows, alongside]] = await requireUserWith(request, context, (userId) =>
    Promise.all([readBooking(context.db, id), reads?.(userId) as Promise<T>]),
  );
  return { user, ...partyOf(rows, user.id), alongside };
}

/** The booking's other party's id, as SQL (a subquery): the owner for its renter, the renter for anyone else. */
export function otherPartyIdSql(bookingId: string, userId: SQL) {
  return sql`(select case when ${bookings.renterId} = ${userId} then ${bookings.ownerId} else ${bookings.renterId} end
    from ${bookings} where ${bookings.id} = ${bookingId})`;
}
