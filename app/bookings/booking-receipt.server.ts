// What the pages after the checkout (/booking-success, /booking-cancelled) show of one booking: the booking, its car
// with the first photo, the insurance taken and the host. Only the booking's renter or owner gets it; for anyone
// else it does not exist (null, the same answer as for an unknown id), so the page cannot tell them it is there.
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { PaymentStatus } from "#db/enums";
import { bookingInsurance, bookings, carImages, cars, profiles } from "#db/schema";
import type { BookingRole, BookingStatus } from "~/bookings/booking-rules";
import { BOOKING_CHARGE_COLUMNS } from "~/bookings/booking-queries.server";
import type { Db } from "~/db.server";
import { storedRental } from "~/pricing/booking-price";

/** The receipt for its reader: their id, or SQL that yields it (the session's subquery, decision 002). */
export async function findReceipt(db: Db, bookingId: string, userId: string | SQL) {
  if (!bookingId || !userId) return null;
  const party = and(eq(bookings.id, bookingId), or(eq(bookings.renterId, userId), eq(bookings.ownerId, userId)));
  // One round trip: the booking and its car's first photo (the primary one, else the first in the owner's order).
  const [rows, images] = await db.batch([
    db
      .select({
        id: bookings.id,
        carId: bookings.carId,
        renterId: bookings.renterId,
        ownerId: bookings.ownerId,
        // The reader's side, decided in SQL: the reader may be known only as the session's subquery.
        role: sql<BookingRole>`case when ${bookings.ownerId} = ${userId} then 'host' else 'renter' end`,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        cancelReason: bookings.cancelReason,
        ...BOOKING_CHARGE_COLUMNS,
        totalAmount: bookings.totalAmount,
        pickupLocation: bookings.pickupLocation,
        dropoffLocation: bookings.dropoffLocation,
        specialRequests: bookings.specialRequests,
        withDriver: bookings.withDriver,
        instantBook: bookings.instantBook,
        confirmedAt: bookings.confirmedAt,
        cancelledAt: bookings.cancelledAt,
        createdAt: bookings.createdAt,
        make: cars.make,
        model: cars.model,
        year: cars.year,
        location: cars.location,
        insuranceName: bookingInsurance.packageName,
        insuranceNameLt: bookingInsurance.packageNameLt,
        insuranceNameEn: bookingInsurance.packageNameEn,
        insuranceTotal: bookingInsurance.totalCost,
        hostFullName: profiles.fullName,
        hostCompanyName: profiles.companyName,
        hostEmail: profiles.email,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .leftJoin(profiles, eq(profiles.id, bookings.ownerId))
      .leftJoin(bookingInsurance, eq(bookingInsurance.bookingId, bookings.id))
      .where(party)
      .limit(1),
    db
      .select({ storageKey: carImages.storageKey, width: carImages.width, height: carImages.height })
      .from(carImages)
      .innerJoin(bookings, eq(bookings.carId, carImages.carId))
      .where(party)
      .orderBy(desc(carImages.isPrimary), asc(carImages.sortOrder), asc(carImages.createdAt))
      .limit(1),
  ]);
  const row = rows[0];
  if (!row) return null;
  const {
    make,
    model,
    year,
    location,
    insuranceName,
    insuranceNameLt,
    insuranceNameEn,
    insuranceTotal,
    hostFullName,
    hostCompanyName,
    hostEmail,
    renterId: _renterId,
    ownerId: _ownerId,
    periodCount,
    periodPrice,
    extraDays,
    ...booking
  } = row;
  return {
    ...booking,
    rental: storedRental({ ...booking, periodCount, periodPrice, extraDays }),
    car: { id: booking.carId, make, model, year, location, image: images[0] ?? null },
    insurance:
      insuranceName === null
        ? null
        : {
            packageName: insuranceName,
            packageNameLt: insuranceNameLt,
            packageNameEn: insuranceNameEn,
            totalCost: insuranceTotal ?? 0,
          },
    host: { name: hostFullName || hostCompanyName || null, email: hostEmail },
  };
}

export type Receipt = NonNullable<Awaited<ReturnType<typeof findReceipt>>>;

/**
 * Where the booking stands, as the success page tells it. The redirect back from the checkout proves nothing; only
 * the stored payment state does:
 *   processing  the checkout is not confirmed yet (no webhook so far): the page checks again by itself
 *   requested   the card is authorised and the request waits for the host
 *   confirmed   the host confirmed (the payment is captured), or the rental is under way or over
 *   cancelled   declined, cancelled, expired or the payment failed: any hold is returned
 */
export type ReceiptPhase = "processing" | "requested" | "confirmed" | "cancelled";

export function receiptPhase(booking: { status: BookingStatus; paymentStatus: PaymentStatus }): ReceiptPhase {
  if (booking.status === "cancelled") return "cancelled";
  if (booking.status !== "pending") return "confirmed";
  if (booking.paymentStatus === "unpaid") return "processing";
  if (booking.paymentStatus === "authorized" || booking.paymentStatus === "captured") return "requested";
  // A pending request whose payment failed or was let go cannot go on, whatever its status says yet.
  return "cancelled";
}

/** The reason a page gives for a cancelled booking; a failed payment still marked pending counts as one. */
export function cancelReasonOf(booking: Pick<Receipt, "status" | "paymentStatus" | "cancelReason">) {
  if (booking.cancelReason) return booking.cancelReason;
  if (booking.paymentStatus === "failed") return "payment_failed";
  return null;
}
