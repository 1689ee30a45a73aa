// Reading what a booking needs (the car, its pickup points, the insurance packages, the calendar) and writing a
// new request. The overlap check and the insert are one statement (ARCHITECTURE.md: invariants live in the write).
import { and, asc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import { bookingInsurance, bookings, cars, insurancePackages, pickupPoints } from "#db/schema";
import type { Db } from "~/db.server";
import { locatePickupPoints } from "~/places/cities";
import { PUBLIC_CAR } from "~/cars/public-car.server";
import type { BookingPrice, PricingPeriod } from "~/pricing/booking-price";
import { PICKUP_POINT_COLUMNS } from "~/cars/pickup-point-columns.server";
import { RENTAL_PRICE_COLUMNS } from "~/cars/rental-price-columns.server";
import { rentalChargeStatements } from "~/payments/charges.server";

/**
 * A stored booking's charge, as a select's columns: what `storedRental` reads back into whole periods and days, and
 * every amount that was charged. Spread into the selects of the receipt and of Pay now's checkout.
 */
export const BOOKING_CHARGE_COLUMNS = {
  startDate: bookings.startDate,
  endDate: bookings.endDate,
  pricingPeriod: bookings.pricingPeriod,
  totalDays: bookings.totalDays,
  dailyRate: bookings.dailyRate,
  periodCount: bookings.periodCount,
  periodPrice: bookings.periodPrice,
  extraDays: bookings.extraDays,
  subtotal: bookings.subtotal,
  insuranceCost: bookings.insuranceCost,
  platformFee: bookings.platformFee,
  paymentProcessorFee: bookings.paymentProcessorFee,
  depositAmount: bookings.depositAmount,
} as const;

/** A car as the booking page and the server price and check it; null unless public and rentable. */
export async function findBookableCar(db: Db, carId: string) {
  // The points by the car's id, asked for with the car (one round trip); dropped when the car is not bookable.
  const [[car], points] = await Promise.all([
    db
      .select({
        id: cars.id,
        ownerId: cars.ownerId,
        make: cars.make,
        model: cars.model,
        year: cars.year,
        category: cars.category,
        location: cars.location,
        listingType: cars.listingType,
        ...RENTAL_PRICE_COLUMNS,
        depositAmount: cars.depositAmount,
        weeklyDeposit: cars.weeklyDeposit,
        monthlyDeposit: cars.monthlyDeposit,
        salePrice: cars.salePrice,
        driverAvailable: cars.driverAvailable,
        driverOnly: cars.driverOnly,
        cancellationPolicy: cars.cancellationPolicy,
        instantBook: cars.instantBook,
        minRentalDays: cars.minRentalDays,
        maxRentalDays: cars.maxRentalDays,
        minimumRentalHours: cars.minimumRentalHours,
      })
      .from(cars)
      .where(and(eq(cars.id, carId), PUBLIC_CAR, sql`${cars.listingType} <> 'sale'`))
      .limit(1),
    db
      .select({
        ...PICKUP_POINT_COLUMNS,
        latitude: pickupPoints.latitude,
        longitude: pickupPoints.longitude,
      })
      .from(pickupPoints)
      .where(eq(pickupPoints.carId, carId))
      .orderBy(sql`${pickupPoints.isPrimary} desc`, asc(pickupPoints.sortOrder)),
  ]);
  if (!car) return null;
  return { ...car, pickupPoints: points };
}

export type BookableCar = NonNullable<Awaited<ReturnType<typeof findBookableCar>>>;

/** Without pickup points of its own, a car is picked up at its listed location. */
export const CAR_LOCATION_PICKUP = "car-location";

/** The points a renter can choose, each with coordinates for the map where its city is known to us. */
export function pickupOptions(car: BookableCar) {
  if (car.pickupPoints.length > 0) {
    return locatePickupPoints(car.pickupPoints).map((p) => ({ ...p, label: `${p.name}, ${p.address}, ${p.city}` }));
  }
  return locatePickupPoints([
    {
      id: CAR_LOCATION_PICKUP,
      name: car.location,
      address: car.location,
      city: car.location,
      country: "Lithuania" as const,
      availableHours: null,
      instructions: null,
      isPrimary: true,
      latitude: null as number | null,
      longitude: null as number | null,
      label: car.location,
    },
  ]);
}

/** Part 2 §7: the active packages in their order (the "no insurance" choice is the page's own). */
export function activeInsurancePackages(db: Db) {
  return db
    .select({
      id: insurancePackages.id,
      nameLt: insurancePackages.nameLt,
      nameEn: insurancePackages.nameEn,
      provider: insurancePackages.provider,
      descriptionLt: insurancePackages.descriptionLt,
      descriptionEn: insurancePackages.descriptionEn,
      pricePerDay: insurancePackages.pricePerDay,
      pricePercentage: insurancePackages.pricePercentage,
      deductible: insurancePackages.deductible,
      maxCoverage: insurancePackages.maxCoverage,
      coverageDetailsLt: insurancePackages.coverageDetailsLt,
      coverageDetailsEn: insurancePackages.coverageDetailsEn,
      isPopular: insurancePackages.isPopular,
    })
    .from(insurancePackages)
    .where(eq(insurancePackages.active, true))
    .orderBy(asc(insurancePackages.sortOrder), asc(insurancePackages.nameLt));
}

/**
 * Bookings that colour the calendar between two days: confirmed and active ones block, pending ones whose card is
 * authorised show as "still available". A checkout in progress is nobody's business yet.
 */
export function calendarBookings(db: Db, carId: string, from: string, to: string) {
  return db
    .select({ startDate: bookings.startDate, endDate: bookings.endDate, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.carId, carId),
        lt(bookings.startDate, to),
        gt(bookings.endDate, from),
        sql`(${bookings.status} in ('confirmed', 'active') or (${bookings.status} = 'pending' and ${bookings.paymentStatus} = 'authorized'))`,
      ),
    );
}

export interface NewBookingRequest {
  carId: string;
  ownerId: string;
  renterId: string;
  period: PricingPeriod;
  startDate: string;
  endDate: string;
  price: BookingPrice;
  /** The package's name in both languages is kept with the booking, whatever becomes of the package. */
  insurance: { packageId: string; nameLt: string; nameEn: string; dailyCost: number } | null;
  pickupPointId: string | null;
  pickupLocation: string;
  dropoffLocation: string;
  specialRequests: string | null;
  withDriver: boolean;
  /** The renter qualified for the listing's instant book when they asked (booking-request.ts#instantBookFor). */
  instantBook: boolean;
  now: Date;
}

/**
 * Inserts a pending request unless a confirmed or active booking of the car overlaps its days, the renter's own
 * open request does (see findOpenRequest), or the host blocked one of them: one INSERT ... SELECT ... WHERE NOT
 * EXISTS, so two requests can never both slip past a check. Its rental charge with its line items and its insurance
 * row go in the same batch.
 */
export async function insertBookingRequest(
  db: Db,
  request: NewBookingRequest,
): Promise<{ id: string; chargeId: string } | null> {
  const id = crypto.randomUUID();
  const p = request.price;
  const at = request.now.getTime();
  const insert = db.run(sql`
    insert into bookings (id, car_id, renter_id, owner_id, pricing_period, status, start_date, end_date, total_days,
      daily_rate, period_count, period_price, extra_days, subtotal, insurance_cost, platform_fee,
      payment_processor_fee, host_earnings, total_amount, deposit_amount, pickup_point_id, pickup_location,
      dropoff_location, special_requests, with_driver, payment_status, cancellation_policy, instant_book, created_at,
      updated_at)
    select ${id}, ${request.carId}, ${request.renterId}, ${request.ownerId}, ${request.period}, 'pending',
      ${request.startDate}, ${request.endDate}, ${p.totalDays}, ${p.dailyRate}, ${p.rental.periods},
      ${p.rental.periodPrice}, ${p.rental.extraDays}, ${p.subtotal}, ${p.insuranceCost},
      ${p.platformFee}, ${p.paymentProcessorFee}, ${p.hostEarnings}, ${p.total}, ${p.deposit},
      ${request.pickupPointId}, ${request.pickupLocation}, ${request.dropoffLocation}, ${request.specialRequests},
      ${request.withDriver ? 1 : 0}, 'unpaid',
      -- The listing's cancellation policy as it stands when the request is written: the booking keeps it.
      (select c.cancellation_policy from cars as c where c.id = ${request.carId}),
      -- Instant only while the listing still offers it: a host who turned it off meanwhile gets a request.
      ${request.instantBook ? 1 : 0} and (select c.instant_book from cars as c where c.id = ${request.carId}),
      ${at}, ${at}
    where not exists (
      select 1 from bookings as b
      where b.car_id = ${request.carId} and b.start_date < ${request.endDate} and ${request.startDate} < b.end_date
        and (b.status in ('confirmed', 'active')
          or (b.renter_id = ${request.renterId} and b.status = 'pending' and b.payment_status = 'authorized'))
    )
    and not exists (
      select 1 from car_blocked_days as d
      where d.car_id = ${request.carId} and d.day >= ${request.startDate} and d.day < ${request.endDate}
    )`);
  const charge = rentalChargeStatements(db, {
    bookingId: id,
    payerId: request.renterId,
    price: {
      pricingPeriod: request.period,
      totalDays: p.totalDays,
      dailyRate: p.dailyRate,
      periodCount: p.rental.periods,
      periodPrice: p.rental.periodPrice,
      extraDays: p.rental.extraDays,
      subtotal: p.subtotal,
      insuranceCost: p.insuranceCost,
      insuranceDailyCost: request.insurance?.dailyCost ?? null,
      platformFee: p.platformFee,
      paymentProcessorFee: p.paymentProcessorFee,
      depositAmount: p.deposit,
    },
    now: request.now,
  });
  if (!request.insurance) {
    const [result] = await db.batch([insert, ...charge.statements]);
    return result.rowsAffected === 1 ? { id, chargeId: charge.chargeId } : null;
  }
  const insurance = request.insurance;
  const [result] = await db.batch([
    insert,
    ...charge.statements,
    db.run(sql`
      insert into ${bookingInsurance} (id, booking_id, insurance_package_id, package_name, package_name_lt,
        package_name_en, daily_cost, total_cost, created_at)
      select ${crypto.randomUUID()}, ${id}, ${insurance.packageId}, ${insurance.nameEn}, ${insurance.nameLt},
        ${insurance.nameEn}, ${insurance.dailyCost}, ${p.insuranceCost}, ${at}
      where exists (select 1 from bookings where id = ${id})`),
  ]);
  return result.rowsAffected === 1 ? { id, chargeId: charge.chargeId } : null;
}

/**
 * The renter's own request for this car on overlapping days that waits for the owner's answer (paid for, so the
 * card is held). A second one would hold the card twice for one trip, so it is refused; an abandoned checkout
 * (still unpaid) does not count.
 */
export async function findOpenRequest(
  db: Db,
  /** The renter is their id, or SQL that yields it (the session's subquery). */
  request: { carId: string; renterId: string | SQL; startDate: string; endDate: string },
) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.carId, request.carId),
        eq(bookings.renterId, request.renterId),
        eq(bookings.status, "pending"),
        eq(bookings.paymentStatus, "authorized"),
        lt(bookings.startDate, request.endDate),
        gt(bookings.endDate, request.startDate),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Part 2 §4: when no checkout can be opened, the just-created request is deleted (its insurance row cascades). */
export async function deleteUnpaidRequest(db: Db, bookingId: string) {
  await db
    .delete(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "pending"), eq(bookings.paymentStatus, "unpaid")));
}
