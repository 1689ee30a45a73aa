// A host's claim on the deposit as it is read (decision 022): the booking's deposit and claim window, the agreement's
// rates, the two trip records and what they measure, the items the claim form proposes and those of a filed claim
// (pricing/claim-amounts.ts), and the claim's case as the host's, the renter's and an admin's pages show it. The
// writes (filing, answering, deciding, settling) are damage-claims.server.ts's.
import { eq, type SQL } from "drizzle-orm";
import type { BookingStatus, ClaimCategory, ClaimStatus, DepositStatus } from "#db/enums";
import { bookings, cars, damageClaims, rentalAgreements, tripRecords } from "#db/schema";
import { guardHolds, transitionNamed } from "~/bookings/booking-lifecycle";
import { bookingReference, roleIn } from "~/bookings/booking-rules";
import { AGREEMENT_DEFAULTS } from "~/bookings/rental-agreement";
import { findTripPhotos, tripPhotoView } from "~/photos/trip-photos.server";
import { odometerCheck, tripMeasures, tripTimes } from "~/bookings/trip-rules";
import type { Db } from "~/db.server";
import { claimBreakdown, type ClaimRates } from "~/pricing/claim-amounts";
import { claimKept, depositSettlement } from "~/pricing/refund-amounts";

export const CLAIM_COLUMNS = {
  id: damageClaims.id,
  bookingId: damageClaims.bookingId,
  description: damageClaims.description,
  amount: damageClaims.amount,
  categories: damageClaims.categories,
  excessKm: damageClaims.excessKm,
  lateHours: damageClaims.lateHours,
  status: damageClaims.status,
  respondBy: damageClaims.respondBy,
  renterNote: damageClaims.renterNote,
  respondedAt: damageClaims.respondedAt,
  decidedAmount: damageClaims.decidedAmount,
  decisionReason: damageClaims.decisionReason,
  decidedAt: damageClaims.decidedAt,
  createdAt: damageClaims.createdAt,
};

export type Claim = {
  id: string;
  bookingId: string;
  description: string;
  amount: number;
  categories: ClaimCategory[];
  excessKm: number;
  lateHours: number;
  status: ClaimStatus;
  respondBy: Date;
  renterNote: string | null;
  respondedAt: Date | null;
  decidedAmount: number | null;
  decisionReason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
};

/**
 * Everything about a booking's claim: the booking's deposit and window, the agreement's rates, the two records and
 * what they measure, the suggestion the claim form starts from, the claim if there is one, and the trip's photos.
 * Null when there is no such booking. Nothing here is checked against the reader: the callers do that.
 */
export async function findClaimCase(db: Db, bookingId: string | SQL, now: Date) {
  // Every read by the booking's id at once, in one round trip (the id may be a subquery: an admin's page names the
  // claim); the booking's row decides whether there is a case.
  const [[row], records, claims, photos] = await Promise.all([
    db
      .select({
        id: bookings.id,
        renterId: bookings.renterId,
        ownerId: bookings.ownerId,
        status: bookings.status,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        totalDays: bookings.totalDays,
        depositAmount: bookings.depositAmount,
        depositStatus: bookings.depositStatus,
        depositKept: bookings.depositKept,
        claimWindowEndsAt: bookings.claimWindowEndsAt,
        completedAt: bookings.completedAt,
        // Chauffeured: the host's driver drove, so kilometres and lateness are not the renter's to pay for.
        withDriver: bookings.withDriver,
        car: { make: cars.make, model: cars.model, year: cars.year },
        // Null when no agreement was made for the booking (nobody opened it): the defaults apply.
        terms: {
          mileageLimitPerDay: rentalAgreements.mileageLimitPerDay,
          lateReturnFee: rentalAgreements.lateReturnFee,
          excessKmFee: rentalAgreements.excessKmFee,
        },
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .leftJoin(rentalAgreements, eq(rentalAgreements.bookingId, bookings.id))
      .where(eq(bookings.id, bookingId))
      .limit(1),
    db
      .select({
        kind: tripRecords.kind,
        odometerKm: tripRecords.odometerKm,
        fuelLevel: tripRecords.fuelLevel,
        recordedAt: tripRecords.recordedAt,
        confirmedAt: tripRecords.confirmedAt,
      })
      .from(tripRecords)
      .where(eq(tripRecords.bookingId, bookingId)),
    db.select(CLAIM_COLUMNS).from(damageClaims).where(eq(damageClaims.bookingId, bookingId)).limit(1),
    findTripPhotos(db, bookingId),
  ]);
  if (!row) return null;
  const checkIn = records.find((r) => r.kind === "check_in") ?? null;
  const checkOut = records.find((r) => r.kind === "check_out") ?? null;
  const { car, terms, ...booking } = row;
  // The booking's own terms when its agreement was made (the host's rates, which the renter read); the defaults else.
  const rates: ClaimRates & { mileageLimitPerDay: number } = terms
    ? { ...terms, from: "agreement" }
    : {
        mileageLimitPerDay: AGREEMENT_DEFAULTS.mileageLimitPerDay,
        lateReturnFee: AGREEMENT_DEFAULTS.lateReturnFee,
        excessKmFee: AGREEMENT_DEFAULTS.excessKmFee,
        from: "default",
      };
  const measures = tripMeasures({
    checkInKm: checkIn?.odometerKm ?? null,
    checkOutKm: checkOut?.odometerKm ?? null,
    checkedOutAt: checkOut?.recordedAt ?? row.completedAt,
    mileageLimitPerDay: rates.mileageLimitPerDay,
    totalDays: row.totalDays,
    end: tripTimes(row).end,
  });
  const priced = { rates, deposit: row.depositAmount, chauffeured: row.withDriver };
  // What the records price, item by item (the hours late come counted by the trip's rules, not here): the most a claim
  // on kilometres and lateness may take, and what the claim records.
  const priceable = claimBreakdown({ ...priced, excessKm: measures.excessKm, lateHours: measures.hoursLate });
  // An odometer jump nobody confirmed is not proposed as excess kilometres (trip-rules.ts#odometerCheck); the host may
  // still claim them, and such a claim goes to an admin rather than lapse (trip-jobs.server.ts#referHeldClaims).
  const odometer = odometerCheck(row, { checkIn, checkOut });
  const suggestion = odometer?.held
    ? claimBreakdown({ ...priced, excessKm: 0, lateHours: measures.hoursLate })
    : priceable;
  const claim = (claims[0] as Claim | undefined) ?? null;
  return {
    booking,
    car,
    rates,
    records: { checkIn, checkOut },
    measures,
    odometer,
    priceable,
    suggestion,
    claim,
    /** A filed claim's items, at the kilometres and hours recorded with it: the same breakdown for all three readers. */
    breakdown: claim && claimBreakdown({ ...priced, excessKm: claim.excessKm, lateHours: claim.lateHours, claim }),
    photos,
    windowOpen: canClaim(booking, now),
    /** What the deposit comes to if the claim stands (or, once settled, what it came to). */
    settlement: claim ? depositSettlement(booking.depositAmount, claimKept(claim) ?? claim.amount) : null,
  };
}

export type ClaimCase = NonNullable<Awaited<ReturnType<typeof findClaimCase>>>;

/** Who looks at a claim: its host, its renter, an admin (reading only), or nobody allowed (null). */
export function claimViewer(booking: { renterId: string; ownerId: string }, user: { id: string; isAdmin: boolean }) {
  return roleIn(booking, user.id) ?? (user.isAdmin ? ("admin" as const) : null);
}

/** A claim's case as the pages show it: plain numbers for moments, photo addresses, the money either way. */
export function claimView(found: ClaimCase, now: Date) {
  const { booking, car, claim } = found;
  const ms = (date: Date | null) => (date ? date.getTime() : null);
  const photosOf = (subject: string) =>
    found.photos.filter((p) => p.subject === subject).map((p) => tripPhotoView(booking.id, p));
  const record = (r: typeof found.records.checkIn) =>
    r && { odometerKm: r.odometerKm, fuelLevel: r.fuelLevel, recordedAt: r.recordedAt.getTime() };
  return {
    booking: {
      id: booking.id,
      reference: bookingReference(booking.id),
      startDate: booking.startDate,
      endDate: booking.endDate,
      totalDays: booking.totalDays,
      status: booking.status,
      depositAmount: booking.depositAmount,
      depositStatus: booking.depositStatus,
      depositKept: booking.depositKept,
      claimWindowEndsAt: ms(booking.claimWindowEndsAt),
      withDriver: booking.withDriver,
    },
    car: `${car.make} ${car.model} ${car.year}`,
    rates: found.rates,
    measures: found.measures,
    odometer: found.odometer,
    suggestion: found.suggestion,
    breakdown: found.breakdown,
    records: { checkIn: record(found.records.checkIn), checkOut: record(found.records.checkOut) },
    claim: claim && {
      ...claim,
      respondBy: claim.respondBy.getTime(),
      respondedAt: ms(claim.respondedAt),
      decidedAt: ms(claim.decidedAt),
      createdAt: claim.createdAt.getTime(),
    },
    money: claim &&
      found.settlement && {
        deposit: booking.depositAmount,
        refund: found.settlement.refund,
        kept: found.settlement.kept,
        settled: claimKept(claim) !== null,
      },
    photos: {
      checkIn: photosOf("check_in"),
      checkOut: photosOf("check_out"),
      claim: photosOf("claim"),
      dispute: photosOf("dispute"),
    },
    windowOpen: found.windowOpen,
    canAnswer: claim ? canAnswer(claim, now) : false,
  };
}

export type ClaimView = ReturnType<typeof claimView>;

/**
 * A claim may be filed: the guard of the lifecycle's row `claim_filed` (a completed trip with its deposit held), before
 * the window closes.
 */
export const canClaim = (
  booking: { status: BookingStatus; depositStatus: DepositStatus; claimWindowEndsAt: Date | null },
  now: Date,
) =>
  guardHolds(transitionNamed("claim_filed"), booking) &&
  booking.claimWindowEndsAt !== null &&
  now.getTime() < booking.claimWindowEndsAt.getTime();

/** The renter may still answer: the claim waits for them and its deadline has not passed. */
export const canAnswer = (claim: Pick<Claim, "status" | "respondBy">, now: Date) =>
  claim.status === "awaiting_renter" && now.getTime() < claim.respondBy.getTime();
