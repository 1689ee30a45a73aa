// What the trip page (/bookings/{id}) shows: the booking and its two parties, the two records of the trip side by
// side with their photos, what they measure against the agreement (and whether an odometer jump waits for the other
// party), where the return clock stands (trip-rules.ts), where the deposit is, the refunds, and the steps so far.
// Only the booking's renter and host see it (and admins, read-only); anyone else gets 403, no booking 404.
import { eq } from "drizzle-orm";
import type { DepositStatus, RefundStatus, TripPhotoAngle, TripRecordKind } from "#db/enums";
import { bookings, cars, damageClaims, rentalAgreements, tripRecords } from "#db/schema";
import { forbidden, notFound } from "~/accounts/guards.server";
import { bookingReference, findTransition, hasAgreement, roleIn, type BookingRole } from "~/bookings/booking-rules";
import { canClaim } from "~/claims/claim-case.server";
import { findPartyProfiles, partyNames } from "~/bookings/rental-agreement.server";
import { findTripPhotos, tripPhotoView, type TripPhotoView } from "~/photos/trip-photos.server";
import { AGREEMENT_DEFAULTS } from "~/bookings/rental-agreement";
import {
  autoCompleteAt,
  claimWindowEnd,
  odometerCheck,
  recordWindow,
  recordedAfterDeadline,
  returnDeadline,
  tripMeasures,
  tripTimes,
  type TripMeasures,
} from "~/bookings/trip-rules";
import type { Db } from "~/db.server";
import { findRefunds } from "~/payments/refunds.server";

export type { TripPhotoView };

export interface TripRecordView {
  kind: TripRecordKind;
  odometerKm: number;
  fuelLevel: number;
  note: string | null;
  recordedAt: number;
  /** Who recorded it: their side of the booking (null when that account is gone) and name. */
  recordedBy: BookingRole | null;
  recorderName: string;
  confirmedAt: number | null;
  confirmedBy: BookingRole | null;
  disagreement: string | null;
  disagreedAt: number | null;
  /** The record's own photos, the four sides first. */
  photos: TripPhotoView[];
  /** The other party's photos, sent with their disagreement. */
  disagreementPhotos: TripPhotoView[];
  /** The reader may confirm or disagree: the other party, not yet answered. */
  canAnswer: boolean;
}

/** Where one end of the trip stands for the reader: recorded, open to record, not yet open, or not for them. */
export type TripStep = { state: "recorded" } | { state: "open" } | { state: "opens"; at: number } | { state: "closed" };

export type TimelineEvent =
  | "requested"
  | "confirmed"
  | "check_in"
  | "check_in_confirmed"
  | "check_in_disputed"
  | "check_out"
  | "check_out_confirmed"
  | "check_out_disputed"
  | "check_out_overdue"
  | "auto_completed"
  | "claim_filed"
  | "claim_window_ends"
  | "deposit_returned"
  | "deposit_partly_kept"
  | "deposit_kept"
  | "cancelled";

/** A step of the timeline; a deposit's end says what was kept and what went back (cents). */
export interface TimelineEntry {
  event: TimelineEvent;
  at: number;
  amounts?: { kept: number; returned: number };
}

const ANGLE_ORDER: Record<TripPhotoAngle, number> = { front: 0, back: 1, left: 2, right: 3, other: 4 };

/** The trip page's data for this reader (403 and 404 thrown). */
export async function findTripPage(db: Db, input: { bookingId: string; userId: string; isAdmin: boolean; now: Date }) {
  return tripPageOf(await readTripPage(db, input.bookingId), input);
}

/**
 * The trip page's reads, every one by the booking's id at once (one round trip), so they can start beside the
 * session's lookup (requireUserWith), before anyone is known to be allowed: tripPageOf decides that against the row.
 */
export function readTripPage(db: Db, bookingId: string) {
  return Promise.all([
    db
      .select({
        booking: bookings,
        car: { id: cars.id, make: cars.make, model: cars.model, year: cars.year },
        mileageLimitPerDay: rentalAgreements.mileageLimitPerDay,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .leftJoin(rentalAgreements, eq(rentalAgreements.bookingId, bookings.id))
      .where(eq(bookings.id, bookingId))
      .limit(1),
    db.select().from(tripRecords).where(eq(tripRecords.bookingId, bookingId)),
    findTripPhotos(db, bookingId),
    findPartyProfiles(db, bookingId),
    findRefunds(db, bookingId),
    db
      .select({
        status: damageClaims.status,
        amount: damageClaims.amount,
        decidedAmount: damageClaims.decidedAmount,
        decisionReason: damageClaims.decisionReason,
        description: damageClaims.description,
        respondBy: damageClaims.respondBy,
        respondedAt: damageClaims.respondedAt,
        decidedAt: damageClaims.decidedAt,
        createdAt: damageClaims.createdAt,
      })
      .from(damageClaims)
      .where(eq(damageClaims.bookingId, bookingId))
      .limit(1),
  ]);
}

/** The page from its reads, for this reader: 404 without the booking, 403 unless a party or an admin. */
export function tripPageOf(
  [[row], records, photos, parties, refunds, [claim]]: Awaited<ReturnType<typeof readTripPage>>,
  input: { userId: string; isAdmin: boolean; now: Date },
) {
  if (!row) notFound("bookings:errors.notFound");
  const { booking, car } = row;
  const role = roleIn(booking, input.userId);
  if (!role && !input.isAdmin) forbidden();
  const names = partyNames(parties, booking);

  const sideOf = (userId: string | null) => (userId === null ? null : roleIn(booking, userId));
  const view = (kind: TripRecordKind): TripRecordView | null => {
    const record = records.find((r) => r.kind === kind);
    if (!record) return null;
    const own = photos.filter((p) => p.subject === kind);
    // The record's photos were written with it; the other party's came with their disagreement, later.
    const isRecords = (photo: (typeof own)[number]) => photo.createdAt.getTime() === record.recordedAt.getTime();
    const shown = (list: typeof own) =>
      list.map((p) => tripPhotoView(booking.id, p)).sort((a, b) => ANGLE_ORDER[a.angle] - ANGLE_ORDER[b.angle]);
    const recordedBy = sideOf(record.recordedBy);
    return {
      kind,
      odometerKm: record.odometerKm,
      fuelLevel: record.fuelLevel,
      note: record.note,
      recordedAt: record.recordedAt.getTime(),
      recordedBy,
      recorderName: recordedBy === "host" ? names.host : recordedBy === "renter" ? names.renter : "",
      confirmedAt: record.confirmedAt?.getTime() ?? null,
      confirmedBy: sideOf(record.confirmedBy),
      disagreement: record.disagreement,
      disagreedAt: record.disagreedAt?.getTime() ?? null,
      photos: shown(own.filter(isRecords)),
      disagreementPhotos: shown(own.filter((p) => !isRecords(p))),
      canAnswer:
        role !== null &&
        record.recordedBy !== input.userId &&
        record.confirmedAt === null &&
        record.disagreedAt === null,
    };
  };
  const checkIn = view("check_in");
  const checkOut = view("check_out");

  const times = tripTimes(booking);
  const step = (kind: TripRecordKind, record: TripRecordView | null): TripStep => {
    if (record) return { state: "recorded" };
    if (!role) return { state: "closed" };
    if (findTransition(booking, kind, role, input.now)) return { state: "open" };
    const from = kind === "check_in" ? "confirmed" : "active";
    const opens = recordWindow(booking, kind).opens;
    // Not open yet, but it will be: the booking is where this step starts (or a step before it) and the time is ahead.
    const ahead =
      input.now.getTime() < opens &&
      (booking.status === from || (kind === "check_out" && booking.status === "confirmed"));
    return ahead ? { state: "opens", at: opens } : { state: "closed" };
  };

  const measures: TripMeasures = tripMeasures({
    checkInKm: checkIn?.odometerKm ?? null,
    checkOutKm: checkOut?.odometerKm ?? null,
    checkedOutAt: checkOut?.recordedAt ?? null,
    mileageLimitPerDay: row.mileageLimitPerDay ?? AGREEMENT_DEFAULTS.mileageLimitPerDay,
    totalDays: booking.totalDays,
    end: times.end,
  });

  const deadline = returnDeadline(booking);
  const completesAt = autoCompleteAt(booking);
  /** Where the return clock stands (decision 022, 2026-11-29), for the page's notices. */
  const clock = {
    end: times.end,
    deadline,
    completesAt,
    /** No check-out and the deadline passed: the clock has stopped, the trip completes at `completesAt`. */
    overdue: booking.status === "active" && input.now.getTime() > deadline && input.now.getTime() < completesAt,
    /** Completed by the job, nobody having recorded the check-out (or due to be, at its next run). */
    autoCompleted:
      checkOut === null &&
      (booking.status === "completed" || (booking.status === "active" && input.now.getTime() >= completesAt)),
    /** The check-out came after the deadline: it keeps the car's state and moved no clock. */
    checkOutAfterDeadline: checkOut !== null && recordedAfterDeadline(booking, checkOut.recordedAt),
  };
  const odometer = odometerCheck(booking, {
    checkIn: checkIn && { odometerKm: checkIn.odometerKm, recordedAt: checkIn.recordedAt },
    checkOut: checkOut && {
      odometerKm: checkOut.odometerKm,
      recordedAt: checkOut.recordedAt,
      confirmedAt: checkOut.confirmedAt,
    },
  });

  const depositRefund = refunds.find((r) => r.kind === "deposit");
  const deposit = {
    status: booking.depositStatus as DepositStatus,
    amount: booking.depositAmount,
    kept: booking.depositKept,
    heldUntil: booking.claimWindowEndsAt?.getTime() ?? null,
    /** During the trip: the latest the claim window can close, whenever the check-out comes. */
    latestClaimEnd: claimWindowEnd(booking, null).getTime(),
    returnedAt: depositRefund?.succeededAt?.getTime() ?? null,
    /** The host may claim from it now (inside the claim window, with no claim yet): the page links to the form. */
    claimable: role === "host" && canClaim(booking, input.now),
    claim: claim
      ? {
          status: claim.status,
          amount: claim.amount,
          decidedAmount: claim.decidedAmount,
          respondBy: claim.respondBy.getTime(),
          reason: claim.decisionReason ?? claim.description,
          /** Handed to an admin by the job, not disputed by the renter: its odometer was never confirmed. */
          referred: claim.status === "disputed" && claim.respondedAt === null,
        }
      : null,
  };

  const timeline: TimelineEntry[] = [];
  const add = (event: TimelineEvent, at: Date | number | null | undefined, amounts?: TimelineEntry["amounts"]) => {
    if (at !== null && at !== undefined)
      timeline.push({ event, at: new Date(at).getTime(), ...(amounts && { amounts }) });
  };
  add("requested", booking.createdAt);
  add("confirmed", booking.confirmedAt);
  for (const record of [checkIn, checkOut]) {
    if (!record) continue;
    add(record.kind, record.recordedAt);
    add(`${record.kind}_confirmed`, record.confirmedAt);
    add(`${record.kind}_disputed`, record.disagreedAt);
  }
  add("check_out_overdue", booking.checkOutOverdueAt);
  if (clock.autoCompleted) add("auto_completed", booking.completedAt);
  add("claim_filed", claim?.createdAt);
  if (booking.depositStatus === "held") add("claim_window_ends", booking.claimWindowEndsAt);
  // A deposit's end says what was kept and what went back: all of it, part (when the rest arrived), or none.
  const kept = booking.depositKept;
  if (booking.depositStatus === "partly_kept") {
    add("deposit_partly_kept", depositRefund?.succeededAt, { kept, returned: depositRefund?.amount ?? 0 });
  } else if (booking.depositStatus === "kept") {
    add("deposit_kept", claim?.decidedAt ?? claim?.respondedAt, { kept, returned: 0 });
  } else {
    add("deposit_returned", depositRefund?.succeededAt, { kept: 0, returned: depositRefund?.amount ?? 0 });
  }
  add("cancelled", booking.cancelledAt);
  timeline.sort((a, b) => a.at - b.at);

  return {
    role: role ?? ("admin" as const),
    booking: {
      id: booking.id,
      reference: bookingReference(booking.id),
      status: booking.status,
      startDate: booking.startDate,
      endDate: booking.endDate,
      totalDays: booking.totalDays,
      start: times.start,
      end: times.end,
      totalAmount: booking.totalAmount,
      hostEarnings: booking.hostEarnings,
      depositAmount: booking.depositAmount,
    },
    car,
    names,
    /** Pending or cancelled: no trip yet, or never (the page shows a line instead of empty records). */
    isTrip: hasAgreement(booking.status),
    records: { check_in: checkIn, check_out: checkOut },
    steps: { check_in: step("check_in", checkIn), check_out: step("check_out", checkOut) },
    measures,
    clock,
    odometer: odometer && {
      ...odometer,
      /** Whose confirmation would let the kilometres stand: the party who did not record the check-out. */
      confirmer: checkOut?.recordedBy === "renter" ? ("host" as const) : ("renter" as const),
    },
    deposit,
    refunds: refunds.map((r) => ({ id: r.id, kind: r.kind, amount: r.amount, status: shownRefundStatus(r) })),
    timeline,
  };
}

export type TripPage = ReturnType<typeof tripPageOf>;

/**
 * A refund's state as its people read it: on its way once Stripe accepted it; a failed one is either being retried
 * (the job's back-off) or `held`: Stripe accepted it and could not make it, and it waits for an admin (decision 022).
 */
export function shownRefundStatus(refund: { status: RefundStatus; nextAttemptAt: Date | null }) {
  return refund.status === "failed" && refund.nextAttemptAt === null ? ("held" as const) : refund.status;
}
