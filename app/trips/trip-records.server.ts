// Recording the ends of a trip (decision 022): check-in turns a confirmed booking active, check-out completes it and
// opens the deposit's claim window (from the check-out, never later than the return deadline: a check-out recorded
// after it keeps the car's state and moves no clock, trip-rules.ts#effectiveReturn); the other party confirms a
// record or disagrees with it. A record's move is a row of the lifecycle (docs/decisions/034: `host_checks_in` …
// `renter_checks_out`), applied in the batch of the record. Every write is one batch conditional on what was read — the booking's status, the record's unanswered state, the unique (booking, kind) —
// so of two people pressing at once only one wins; the photos are stored first and deleted again if their rows were
// not written.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { TripPhotoAngle, TripRecordKind } from "#db/enums";
import { bookings, tripPhotos, tripRecords } from "#db/schema";
import { runEffects } from "~/bookings/booking-effects.server";
import { sendBookingNotices, type BookingNoticeType } from "~/bookings/booking-notices.server";
import { findTransition, roleIn, type Transition } from "~/bookings/booking-rules";
import { applyTransition } from "~/bookings/booking-transition.server";
import {
  DISAGREEMENT_PHOTOS_FIELD,
  FILE_FIELDS,
  MORE_PHOTOS_FIELD,
  SIDE_FIELDS,
  tripFormSchema,
  type TripFormValues,
} from "~/trips/trip-form";
import { forgetTripPhotos, storeTripPhotoFiles, type TripPhotoRow } from "~/photos/trip-photos.server";
import { REQUIRED_ANGLES, recordedAfterDeadline } from "~/bookings/trip-rules";
import {
  PhotoProcessingError,
  STORAGE_UNAVAILABLE,
  isStorageFailure,
  preparePhotos,
} from "~/photos/photo-storage.server";
import { isConstraintMessage, isUniqueViolation } from "~/utils/db-errors.server";

type Context = Pick<AppLoadContext, "db" | "env">;

/** Which form on the page an answer belongs to: the record form, or the answer to one end's record. */
export type TripFormName = "record" | `answer-${TripRecordKind}`;

export type TripFormOutcome =
  | { ok: true; toast: string }
  | { ok: false; status: 400 | 409 | 503; form: TripFormName; result: SubmissionResult<string[]> };

/** The booking as the trip forms read it (a row of `bookings`: the caller has found it and checked the user). */
export interface TripBooking {
  id: string;
  status: (typeof bookings.$inferSelect)["status"];
  paymentStatus: (typeof bookings.$inferSelect)["paymentStatus"];
  startDate: string;
  endDate: string;
  renterId: string;
  ownerId: string;
  hostEarnings: number;
}

/** The booking a trip form posts to, as the forms read it; null when there is none. */
export async function findTripBooking(db: Context["db"], bookingId: string): Promise<TripBooking | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      renterId: bookings.renterId,
      ownerId: bookings.ownerId,
      hostEarnings: bookings.hostEarnings,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ?? null;
}

const NOTICE: Record<"confirm" | "disagree", (kind: TripRecordKind) => BookingNoticeType> = {
  confirm: () => "trip_record_confirmed",
  disagree: () => "trip_record_disputed",
};

const TOAST = {
  check_in: "trips:toasts.checkedIn",
  check_out: "trips:toasts.checkedOut",
  confirm: "trips:toasts.confirmed",
  disagree: "trips:toasts.disagreed",
} as const;

/** Reads and applies one of the trip page's forms for a party of the booking. */
export async function submitTripForm(
  context: Context,
  input: { booking: TripBooking; userId: string; formData: FormData; origin: string; now?: Date },
): Promise<TripFormOutcome> {
  const { db } = context;
  const { booking, userId, formData } = input;
  const now = input.now ?? new Date();
  const [checkIn] = await db
    .select({ odometerKm: tripRecords.odometerKm })
    .from(tripRecords)
    .where(and(eq(tripRecords.bookingId, booking.id), eq(tripRecords.kind, "check_in")))
    .limit(1);
  const submission = parseWithZod(formData, { schema: tripFormSchema({ minOdometerKm: checkIn?.odometerKm ?? null }) });
  const intent = formData.get("intent");
  const kindField = formData.get("kind");
  const form: TripFormName =
    intent === "confirm" || intent === "disagree"
      ? `answer-${kindField === "check_out" ? "check_out" : "check_in"}`
      : "record";
  const refuse = (
    status: 400 | 409 | 503,
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
  ): TripFormOutcome => ({ ok: false, status, form, result: submission.reply({ ...errors, hideFields: FILE_FIELDS }) });
  if (submission.status !== "success") return refuse(400);
  const role = roleIn(booking, userId);
  if (!role) return refuse(409, { formErrors: ["errors.accessDenied"] });
  const value = submission.value;

  if (value.intent === "record") {
    // Check-in and check-out are rows of the lifecycle: the record's batch moves the booking, the row tells both.
    const outcome = await record(context, booking, role, userId, value, now);
    if (!("applied" in outcome)) return refuse(outcome.status, outcome.errors);
    const late = value.kind === "check_out" && recordedAfterDeadline(booking, now);
    await runEffects(context, outcome.applied, { origin: input.origin, now, late });
    return { ok: true, toast: TOAST[value.kind] };
  }
  const outcome = await answer(context, booking, userId, value, now);
  if (outcome !== "done") return refuse(outcome.status, outcome.errors);
  await sendBookingNotices(
    context,
    [{ bookingId: booking.id, type: NOTICE[value.intent](value.kind), to: "both", email: true }],
    input.origin,
    now,
  );
  return { ok: true, toast: TOAST[value.intent] };
}

type Refusal = { status: 400 | 409 | 503; errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } };

/** Type and size of each field's photos, by the photo pipeline's rules; the refusal names the fields at fault. */
async function checkPhotos(
  fields: { name: string; files: File[]; angle: TripPhotoAngle }[],
): Promise<{ ok: true; files: { file: File; angle: TripPhotoAngle }[] } | Refusal> {
  const fieldErrors: Record<string, string[]> = {};
  const files: { file: File; angle: TripPhotoAngle }[] = [];
  for (const field of fields) {
    const prepared = await preparePhotos(field.files, 0);
    if (!prepared.ok) fieldErrors[field.name] = [`common:${prepared.problem}`];
    else files.push(...prepared.files.map((file) => ({ file, angle: field.angle })));
  }
  if (Object.keys(fieldErrors).length > 0) return { status: 400, errors: { fieldErrors } };
  return { ok: true, files };
}

/** Stores checked photos; a refusal when they cannot be read or stored (nothing is left behind either way). */
async function storePhotos(
  context: Context,
  input: Parameters<typeof storeTripPhotoFiles>[1],
  field: string,
): Promise<TripPhotoRow[] | Refusal> {
  try {
    return await storeTripPhotoFiles(context.env, input);
  } catch (error) {
    if (isStorageFailure(error)) return { status: 503, errors: { fieldErrors: { [field]: [STORAGE_UNAVAILABLE] } } };
    if (error instanceof PhotoProcessingError) {
      return { status: 400, errors: { fieldErrors: { [field]: ["trips:errors.photoUnreadable"] } } };
    }
    throw error;
  }
}

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "status" in value && "errors" in value;

async function record(
  context: Context,
  booking: TripBooking,
  role: "renter" | "host",
  userId: string,
  value: Extract<TripFormValues, { intent: "record" }>,
  now: Date,
): Promise<{ applied: Awaited<ReturnType<typeof applyTransition>> } | Refusal> {
  const { db } = context;
  const transition: Transition | null = findTransition(booking, value.kind, role, now);
  if (!transition) {
    return { status: 409, errors: { formErrors: ["trips:errors.notOpen"] } };
  }
  const checked = await checkPhotos([
    ...REQUIRED_ANGLES.map((angle) => ({ name: SIDE_FIELDS[angle], files: [value[SIDE_FIELDS[angle]]], angle })),
    { name: MORE_PHOTOS_FIELD, files: value[MORE_PHOTOS_FIELD], angle: "other" as const },
  ]);
  if (isRefusal(checked)) return checked;
  const rows = await storePhotos(
    context,
    { bookingId: booking.id, subject: value.kind, uploadedBy: userId, files: checked.files, now },
    MORE_PHOTOS_FIELD,
  );
  if (isRefusal(rows)) return rows;

  // The rest of the batch takes place only if this very record was written (by its id: a rival's record written in
  // the same millisecond must not carry this one's photos or counters).
  const recordId = crypto.randomUUID();
  const recordedNow = sql`exists (select 1 from trip_records as r where r.id = ${recordId})`;
  // The record is written only while the booking is still where it was read; the status change only with it.
  const insertRecord = db.insert(tripRecords).select(
    sql`select ${recordId}, ${booking.id}, ${value.kind}, ${userId}, ${value.odometerKm}, ${value.fuelLevel}, ${value.note}, ${now.getTime()}, null, null, null, null
          where exists (select 1 from bookings as b where b.id = ${booking.id} and b.status = ${booking.status})`,
  );
  try {
    // The row's move (check-in: active; check-out: completed, the claim window opened, the host's counts), after the
    // record in the same batch and only with it.
    const applied = await applyTransition(db, transition.name, {
      which: eq(bookings.id, booking.id),
      when: recordedNow,
      booking,
      now,
      before: [insertRecord],
      after: rows.map((row) => insertPhotoIf(db, row, recordedNow)),
    });
    if (applied.moved.length === 0) {
      await forgetTripPhotos(context.env, rows);
      return { status: 409, errors: { formErrors: [await lostRace(db, booking.id, value.kind)] } };
    }
    return { applied };
  } catch (error) {
    await forgetTripPhotos(context.env, rows);
    if (isUniqueViolation(error, "trip_records")) {
      return { status: 409, errors: { formErrors: ["trips:errors.alreadyRecorded"] } };
    }
    // The booking triggers (migrations 0001, 0010) re-check a status change; a booking that meanwhile overlaps
    // another or days the host blocked cannot start, which is news for the page, not a 500.
    if (isConstraintMessage(error, "booking_overlap") || isConstraintMessage(error, "car_blocked")) {
      return { status: 409, errors: { formErrors: ["trips:errors.changedMeanwhile"] } };
    }
    throw error;
  }
}

/** Why a recording that found the booking moved on was not written: someone recorded it first, or it changed. */
async function lostRace(db: Context["db"], bookingId: string, kind: TripRecordKind) {
  const [other] = await db
    .select({ id: tripRecords.id })
    .from(tripRecords)
    .where(and(eq(tripRecords.bookingId, bookingId), eq(tripRecords.kind, kind)))
    .limit(1);
  return other ? "trips:errors.alreadyRecorded" : "trips:errors.changedMeanwhile";
}

/** A photo row inserted only if `condition` holds in the same batch (its change took place). */
function insertPhotoIf(db: Context["db"], row: TripPhotoRow, condition: ReturnType<typeof sql>) {
  return db
    .insert(tripPhotos)
    .select(
      sql`select ${row.id}, ${row.bookingId}, ${row.subject}, ${row.angle}, ${row.uploadedBy}, ${row.storageKey}, ${row.width}, ${row.height}, ${row.position}, ${row.createdAt!.getTime()} where ${condition}`,
    );
}

/** The other party confirms a record, or disagrees with it (a note and photos); once, and never the recorder. */
async function answer(
  context: Context,
  booking: TripBooking,
  userId: string,
  value: Extract<TripFormValues, { intent: "confirm" | "disagree" }>,
  now: Date,
): Promise<"done" | Refusal> {
  const { db } = context;
  const [found] = await db
    .select({ id: tripRecords.id, recordedBy: tripRecords.recordedBy })
    .from(tripRecords)
    .where(and(eq(tripRecords.bookingId, booking.id), eq(tripRecords.kind, value.kind)))
    .limit(1);
  if (!found) return { status: 409, errors: { formErrors: ["trips:errors.noRecord"] } };
  if (found.recordedBy === userId) return { status: 409, errors: { formErrors: ["trips:errors.ownRecord"] } };
  const unanswered = and(
    eq(tripRecords.id, found.id),
    isNull(tripRecords.confirmedAt),
    isNull(tripRecords.disagreedAt),
    found.recordedBy === null ? sql`1 = 1` : ne(tripRecords.recordedBy, userId),
  );
  if (value.intent === "confirm") {
    const done = await db
      .update(tripRecords)
      .set({ confirmedBy: userId, confirmedAt: now })
      .where(unanswered)
      .returning({ id: tripRecords.id });
    return done.length > 0 ? "done" : { status: 409, errors: { formErrors: ["trips:errors.alreadyAnswered"] } };
  }

  const checked = await checkPhotos([
    { name: DISAGREEMENT_PHOTOS_FIELD, files: value[DISAGREEMENT_PHOTOS_FIELD], angle: "other" },
  ]);
  if (isRefusal(checked)) return checked;
  const rows = await storePhotos(
    context,
    { bookingId: booking.id, subject: value.kind, uploadedBy: userId, files: checked.files, now },
    DISAGREEMENT_PHOTOS_FIELD,
  );
  if (isRefusal(rows)) return rows;
  const disagreedNow = sql`exists (select 1 from trip_records as r where r.id = ${found.id} and r.disagreed_at = ${now.getTime()})`;
  try {
    const [done] = await db.batch([
      db
        .update(tripRecords)
        .set({ disagreement: value.disagreement, disagreedAt: now })
        .where(unanswered)
        .returning({ id: tripRecords.id }),
      ...rows.map((row) => insertPhotoIf(db, row, disagreedNow)),
    ]);
    if (done.length === 0) {
      await forgetTripPhotos(context.env, rows);
      return { status: 409, errors: { formErrors: ["trips:errors.alreadyAnswered"] } };
    }
  } catch (error) {
    await forgetTripPhotos(context.env, rows);
    throw error;
  }
  return "done";
}
