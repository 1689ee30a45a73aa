// /bookings (part 2 §2 My Bookings): one person's bookings as renter or as host, searched and counted per status.
// A host sees a request once the renter's card is authorised; a checkout the renter never finished is the renter's
// business only.
import { and, count, desc, eq, like, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RefundStatus } from "#db/enums";
import { bookings, carImages, cars, profiles, refunds, reviews } from "#db/schema";
import { BOOKING_TABS, type BookingRole, type BookingTab } from "~/bookings/booking-rules";
import type { Db } from "~/db.server";

export const MY_BOOKINGS_LIMIT = 50;

const other = alias(profiles, "other_party");

/** What the host never sees: an unfinished checkout, and a checkout that failed before any answer. */
export const VISIBLE_TO_HOST = sql`not (${bookings.paymentStatus} = 'unpaid' or (${bookings.paymentStatus} = 'failed' and ${bookings.confirmedAt} is null))`;

function scope(role: BookingRole, userId: string | SQL): SQL {
  return role === "host" ? and(eq(bookings.ownerId, userId), VISIBLE_TO_HOST)! : eq(bookings.renterId, userId);
}

function search(q: string): SQL | undefined {
  const text = q.trim().slice(0, 100);
  if (!text) return undefined;
  const pattern = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`${cars.make} || ' ' || ${cars.model} like ${pattern} escape '\\'`,
    like(other.fullName, pattern),
    sql`${bookings.id} like ${`${text.toLowerCase().replace(/[%_\\]/g, "")}%`}`,
  );
}

/** The user is their id or SQL that yields it (the session's subquery: requireUserWith). */
export async function findMyBookings(
  db: Db,
  input: { userId: string | SQL; role: BookingRole; tab: BookingTab; q: string },
) {
  const where = and(scope(input.role, input.userId), search(input.q));
  const otherId = input.role === "host" ? bookings.renterId : bookings.ownerId;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        cancelReason: bookings.cancelReason,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        totalDays: bookings.totalDays,
        totalAmount: bookings.totalAmount,
        hostEarnings: bookings.hostEarnings,
        pickupLocation: bookings.pickupLocation,
        withDriver: bookings.withDriver,
        specialRequests: bookings.specialRequests,
        renterId: bookings.renterId,
        ownerId: bookings.ownerId,
        createdAt: bookings.createdAt,
        carId: cars.id,
        carName: sql<string>`${cars.make} || ' ' || ${cars.model} || ' ' || ${cars.year}`,
        imageKey: sql<
          string | null
        >`(select ${carImages.storageKey} from ${carImages} where ${carImages.carId} = ${cars.id} order by ${carImages.isPrimary} desc, ${carImages.sortOrder} limit 1)`,
        otherName: other.fullName,
        otherEmail: other.email,
        otherPhone: other.phone,
        reviewed: sql<number>`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id} and ${reviews.reviewerId} = ${input.userId})`,
        // What a cancellation gave back, and whether it has reached the card (payments/refunds.server.ts).
        refundAmount: sql<
          number | null
        >`(select ${refunds.amount} from ${refunds} where ${refunds.bookingId} = ${bookings.id} and ${refunds.kind} = 'cancellation')`,
        // A failed refund with nothing due waits for an admin (decision 022): `held`, as on the trip page.
        refundStatus: sql<
          RefundStatus | "held" | null
        >`(select case when ${refunds.status} = 'failed' and ${refunds.nextAttemptAt} is null then 'held' else ${refunds.status} end from ${refunds} where ${refunds.bookingId} = ${bookings.id} and ${refunds.kind} = 'cancellation')`,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .leftJoin(other, eq(other.id, otherId))
      .where(input.tab === "all" ? where : and(where, eq(bookings.status, input.tab)))
      .orderBy(desc(bookings.createdAt))
      .limit(MY_BOOKINGS_LIMIT),
    db
      .select({ status: bookings.status, n: count() })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .leftJoin(other, eq(other.id, otherId))
      .where(where)
      .groupBy(bookings.status),
  ]);
  const byStatus = Object.fromEntries(BOOKING_TABS.map((tab) => [tab, 0])) as Record<BookingTab, number>;
  for (const row of counts) {
    byStatus[row.status] = row.n;
    byStatus.all += row.n;
  }
  return {
    counts: byStatus,
    bookings: rows.map((row) => ({
      ...row,
      reviewed: Boolean(row.reviewed),
      createdAt: row.createdAt.getTime(),
      // The renter's phone is for the host (part 2 §6); a renter reaches the host through messages.
      otherPhone: input.role === "host" ? row.otherPhone : null,
    })),
  };
}
