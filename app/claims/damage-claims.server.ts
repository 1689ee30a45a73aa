// A host's claim on the deposit (decision 022): filed inside the claim window (check-out + 24 h) of a
// completed trip whose deposit is held, answered by the renter within 72 hours (accept, or dispute with a note and
// photos), decided by an admin when disputed, and settled by one function whichever way it ends:
//
//   filed ─ accept ──────────────► accepted ─┐
//         ─ no answer in 72 h ───► lapsed ───┼─ settleClaim: the deposit is split (refund-amounts.ts), the renter's
//         ─ dispute ─► disputed ─► decided ──┘   part is written down as a refund and sent (payments/refunds.server)
//
// What the claim does to the booking is a row of its lifecycle (docs/decisions/034): filing is `claim_filed` (the
// deposit held → claimed), the three ends are `claim_accepted`, `claim_lapsed` and `claim_decided` (the deposit split
// by what the claim kept). The transition function writes the deposit, with the claim's own rows in the same batch, and
// the effects runner sends the refund and tells the people, in the table's order. A claim's own states (awaiting the
// renter, disputed, referred to an admin) are the claim's, written here. Every write is one batch conditional on what
// was read (the booking's deposit_status, the claim's status), so two people pressing at once cannot both win; the
// unique index on damage_claims.booking_id stops a second claim. What a claim may take is claim-amounts.ts's (the
// records' items, the deposit, nothing for kilometres or lateness on a chauffeured booking), checked here against the
// case read from claim-case.server.ts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ClaimCategory, ClaimStatus } from "#db/enums";
import { bookings, damageClaims } from "#db/schema";
import type { TransitionName } from "~/bookings/booking-lifecycle";
import { runEffects } from "~/bookings/booking-effects.server";
import { sendBookingNotices } from "~/bookings/booking-notices.server";
import { applyTransition, type AppliedTransition } from "~/bookings/booking-transition.server";
import { CLAIM_COLUMNS, canAnswer, findClaimCase, type Claim } from "~/claims/claim-case.server";
import { forgetTripPhotos, storeTripPhotoFiles, type TripPhotoRow } from "~/photos/trip-photos.server";
import { claimAnswerDeadline } from "~/bookings/trip-rules";
import type { Db } from "~/db.server";
import { isStorageFailure, preparePhotos, STORAGE_UNAVAILABLE } from "~/photos/photo-storage.server";
import { claimRefusal } from "~/pricing/claim-amounts";
import { claimKept } from "~/pricing/refund-amounts";
import { isConstraintMessage } from "~/utils/db-errors.server";

type Context = Pick<AppLoadContext, "db" | "env">;

/** What a claim's writes answer: done, or why not (a status for the route, and a message key). */
export type ClaimOutcome =
  | { ok: true }
  | { ok: false; status: 403 | 404 | 409; error: string }
  | { ok: false; status: 400 | 503; field: "photos"; error: string }
  | { ok: false; status: 400; field: "amount" | "categories"; error: string };

const notFound = { ok: false, status: 404, error: "claims:errors.notFound" } as const;
const forbidden = { ok: false, status: 403, error: "errors.accessDenied" } as const;
const changedMeanwhile = { ok: false, status: 409, error: "claims:errors.changedMeanwhile" } as const;

// ------------------------------------------------------------------------------------------------ photos

type Photos = { ok: true; rows: TripPhotoRow[] } | Extract<ClaimOutcome, { field: "photos" }>;

/** Checks and stores evidence photos (not yet recorded: their rows go in the batch of the change they document). */
async function storeEvidence(
  context: Context,
  input: { bookingId: string; subject: "claim" | "dispute"; userId: string; files: File[]; now: Date },
): Promise<Photos> {
  if (input.files.length === 0) return { ok: true, rows: [] };
  const prepared = await preparePhotos(input.files, 0);
  if (!prepared.ok) return { ok: false, status: 400, field: "photos", error: `common:${prepared.problem}` };
  try {
    const rows = await storeTripPhotoFiles(context.env, {
      bookingId: input.bookingId,
      subject: input.subject,
      uploadedBy: input.userId,
      files: prepared.files.map((file) => ({ file, angle: "other" as const })),
      now: input.now,
    });
    return { ok: true, rows };
  } catch (error) {
    if (isStorageFailure(error)) return { ok: false, status: 503, field: "photos", error: STORAGE_UNAVAILABLE };
    return { ok: false, status: 400, field: "photos", error: "common:validation.photoType" };
  }
}

/** The photos' rows, each written only if `onlyIf` holds at that point of the batch (the change they document). */
function insertPhotosIf(db: Db, rows: TripPhotoRow[], onlyIf: SQL) {
  return rows.map((p) =>
    db.run(sql`insert into trip_photos (id, booking_id, subject, angle, uploaded_by, storage_key, width, height, position, created_at)
      select ${p.id}, ${p.bookingId}, ${p.subject}, ${p.angle}, ${p.uploadedBy}, ${p.storageKey}, ${p.width}, ${p.height}, ${p.position}, ${p.createdAt!.getTime()}
      where ${onlyIf}`),
  );
}

// ------------------------------------------------------------------------------------------------ filing

export interface ClaimInput {
  description: string;
  /** Cents, already checked against the deposit by the form. */
  amount: number;
  categories: ClaimCategory[];
  photos: File[];
}

/**
 * The host files a claim: the row `claim_filed` (the deposit held → claimed, inside the claim window) with the claim
 * and its photos after it in one batch; the renter is told.
 */
export async function fileClaim(
  context: Context,
  input: { bookingId: string; userId: string; claim: ClaimInput; now: Date; origin: string },
): Promise<ClaimOutcome> {
  const { db } = context;
  const { now } = input;
  const found = await findClaimCase(db, input.bookingId, now);
  if (!found) return notFound;
  const { booking, priceable } = found;
  if (booking.ownerId !== input.userId) return forbidden;
  if (found.claim) return { ok: false, status: 409, error: "claims:errors.alreadyFiled" };
  if (!found.windowOpen) return { ok: false, status: 409, error: "claims:errors.windowClosed" };
  if (input.claim.amount < 1 || input.claim.amount > booking.depositAmount) {
    return { ok: false, status: 409, error: "claims:errors.aboveDeposit" };
  }
  // Nothing for kilometres or lateness on a chauffeured booking; for those alone, no more than the records price them.
  const refusal = claimRefusal(priceable, input.claim);
  if (refusal) return { ok: false, status: 400, ...refusal };
  if (input.claim.categories.includes("damage") && input.claim.photos.length === 0) {
    return { ok: false, status: 400, field: "photos", error: "claims:errors.damagePhotos" };
  }
  const photos = await storeEvidence(context, {
    bookingId: booking.id,
    subject: "claim",
    userId: input.userId,
    files: input.claim.photos,
    now,
  });
  if (!photos.ok) return photos;

  const claimId = crypto.randomUUID();
  const claimed = sql`exists (select 1 from bookings b where b.id = ${booking.id} and b.deposit_status = 'claimed' and b.updated_at = ${now.getTime()})`;
  const categories = JSON.stringify(input.claim.categories);
  let applied;
  try {
    applied = await applyTransition(db, "claim_filed", {
      which: eq(bookings.id, booking.id),
      // The window as the database has it at this moment, not as it was read.
      when: sql`${bookings.claimWindowEndsAt} > ${now.getTime()}`,
      now,
      after: [
        db.run(sql`insert into damage_claims (id, booking_id, filed_by, description, amount, categories, excess_km, late_hours, status, respond_by, created_at)
          select ${claimId}, ${booking.id}, ${input.userId}, ${input.claim.description}, ${input.claim.amount}, ${categories}, ${priceable.excessKm}, ${priceable.lateHours}, 'awaiting_renter', ${claimAnswerDeadline(now).getTime()}, ${now.getTime()}
          where ${claimed}`),
        ...insertPhotosIf(db, photos.rows, sql`exists (select 1 from damage_claims c where c.id = ${claimId})`),
      ],
    });
  } catch (error) {
    await forgetTripPhotos(context.env, photos.rows);
    if (isConstraintMessage(error, "damage_claims.booking_id")) {
      return { ok: false, status: 409, error: "claims:errors.alreadyFiled" };
    }
    throw error;
  }
  if (applied.moved.length === 0) {
    await forgetTripPhotos(context.env, photos.rows);
    return { ok: false, status: 409, error: "claims:errors.windowClosed" };
  }
  await runEffects(context, applied, { origin: input.origin, now });
  return { ok: true };
}

// ------------------------------------------------------------------------------------------------ answering

export type ClaimAnswer = { intent: "accept" } | { intent: "dispute"; note: string; photos: File[] };

/** The renter accepts (the claim is settled) or disputes it (an admin decides; the host is told). */
export async function answerClaim(
  context: Context,
  input: { bookingId: string; userId: string; answer: ClaimAnswer; now: Date; origin: string },
): Promise<ClaimOutcome> {
  const { db } = context;
  const { now } = input;
  const found = await findClaimCase(db, input.bookingId, now);
  if (!found?.claim) return notFound;
  const { booking, claim } = found;
  if (booking.renterId !== input.userId) return forbidden;
  if (!canAnswer(claim, now)) return { ok: false, status: 409, error: "claims:errors.answerClosed" };

  if (input.answer.intent === "accept") {
    // The row `claim_accepted`: the deposit split, the renter's part sent, the host told.
    const applied = await settleClaim(context, {
      claim: { ...claim, deposit: booking.depositAmount },
      to: { status: "accepted", respondedAt: now },
      now,
    });
    if (!applied) return changedMeanwhile;
    await runEffects(context, applied, { origin: input.origin, now });
    return { ok: true };
  }
  const outcome = await disputeClaim(context, {
    claim,
    userId: input.userId,
    note: input.answer.note,
    photos: input.answer.photos,
    now,
  });
  // A dispute is the claim's own state, not the booking's: the host hears of it from here.
  if (outcome.ok) {
    await sendBookingNotices(
      context,
      [{ bookingId: booking.id, type: "claim_answered", to: "host", email: true }],
      input.origin,
      now,
    );
  }
  return outcome;
}

/** The renter's dispute: the note and photos in one batch with the claim's "disputed", only from "awaiting_renter". */
async function disputeClaim(
  context: Context,
  input: { claim: Claim; userId: string; note: string; photos: File[]; now: Date },
): Promise<ClaimOutcome> {
  const { db } = context;
  const { claim, now } = input;
  const photos = await storeEvidence(context, {
    bookingId: claim.bookingId,
    subject: "dispute",
    userId: input.userId,
    files: input.photos,
    now,
  });
  if (!photos.ok) return photos;
  const [disputed] = await db.batch([
    db
      .update(damageClaims)
      .set({ status: "disputed", renterNote: input.note, respondedAt: now })
      .where(
        and(
          eq(damageClaims.id, claim.id),
          eq(damageClaims.status, "awaiting_renter"),
          sql`${damageClaims.respondBy} > ${now.getTime()}`,
        ),
      )
      .returning({ id: damageClaims.id }),
    ...insertPhotosIf(
      db,
      photos.rows,
      sql`exists (select 1 from damage_claims c where c.id = ${claim.id} and c.status = 'disputed' and c.responded_at = ${now.getTime()})`,
    ),
  ]);
  if (disputed.length > 0) return { ok: true };
  await forgetTripPhotos(context.env, photos.rows);
  return changedMeanwhile;
}

// ------------------------------------------------------------------------------------------------ deciding

/**
 * An admin decides a disputed claim: what is kept (0 … the amount claimed) and why; the claim is settled by the row
 * `claim_decided`, whose effects send the renter's part and tell both. `audit` is the audit line's insert
 * (admin/audit.server.ts), written in the same batch only if the decision took place.
 */
export async function decideClaim(
  context: Context,
  input: {
    claimId: string;
    adminId: string;
    amount: number;
    reason: string;
    now: Date;
    origin: string;
    audit: (onlyIf: SQL) => BatchItem<"sqlite">;
  },
): Promise<ClaimOutcome> {
  const claim = await findClaimForDecision(context.db, input.claimId);
  if (!claim) return notFound;
  if (claim.status !== "disputed") return { ok: false, status: 409, error: "claims:errors.notDisputed" };
  if (input.amount < 0 || input.amount > claim.amount) {
    return { ok: false, status: 409, error: "claims:errors.aboveClaim" };
  }
  const applied = await settleClaim(context, {
    claim,
    to: {
      status: "decided",
      decidedAmount: input.amount,
      decisionReason: input.reason,
      decidedBy: input.adminId,
      decidedAt: input.now,
    },
    now: input.now,
    also: input.audit,
  });
  if (!applied) return changedMeanwhile;
  await runEffects(context, applied, { origin: input.origin, now: input.now });
  return { ok: true };
}

/** A claim with its booking's deposit, for a decision. */
export async function findClaimForDecision(db: Db, claimId: string) {
  const [row] = await db
    .select({ ...CLAIM_COLUMNS, deposit: bookings.depositAmount })
    .from(damageClaims)
    .innerJoin(bookings, eq(bookings.id, damageClaims.bookingId))
    .where(eq(damageClaims.id, claimId))
    .limit(1);
  return row ?? null;
}

// ------------------------------------------------------------------------------------------------ settling

/** How a claim ends, with what that end writes on it. */
type ClaimEnd =
  | { status: "accepted"; respondedAt: Date }
  | { status: "lapsed"; decidedAt: Date }
  | { status: "decided"; decidedAmount: number; decisionReason: string; decidedBy: string; decidedAt: Date };

/** The lifecycle's row of each way a claim ends. */
const SETTLED_BY: Record<ClaimEnd["status"], TransitionName> = {
  accepted: "claim_accepted",
  lapsed: "claim_lapsed",
  decided: "claim_decided",
};

/**
 * Ends a claim and the deposit with it, in ONE batch: the claim's status (only from the status seen, and only while its
 * booking's deposit is claimed), then the row of that end (the deposit split by what the claim keeps, the renter's
 * part written down as the deposit refund, only if this claim's change took place), and `also` (the admin's audit
 * line). Returns the applied row for the runner (the refund sent, the people told); null when the claim changed
 * meanwhile. A refund that fails leaves the claim settled and the refund 'failed' for the job and the admins.
 */
async function settleClaim(
  context: Context,
  input: {
    claim: { id: string; bookingId: string; status: ClaimStatus; amount: number; deposit: number };
    to: ClaimEnd;
    now: Date;
    also?: (onlyIf: SQL) => BatchItem<"sqlite">;
  },
): Promise<AppliedTransition | null> {
  const { db } = context;
  const { claim, to, now } = input;
  const kept =
    claimKept({
      status: to.status,
      amount: claim.amount,
      decidedAmount: "decidedAmount" in to ? to.decidedAmount : null,
    }) ?? 0;
  // This claim's change, as the batch leaves it: the status it ends in, stamped with this moment.
  const stamp = to.status === "accepted" ? sql`c.responded_at` : sql`c.decided_at`;
  const ended = sql`exists (select 1 from damage_claims c where c.id = ${claim.id} and c.status = ${to.status} and ${stamp} = ${now.getTime()})`;
  const applied = await applyTransition(db, SETTLED_BY[to.status], {
    which: eq(bookings.id, claim.bookingId),
    when: ended,
    kept,
    booking: { id: claim.bookingId, depositAmount: claim.deposit },
    now,
    before: [
      db
        .update(damageClaims)
        .set(to)
        .where(
          and(
            eq(damageClaims.id, claim.id),
            eq(damageClaims.status, claim.status),
            sql`exists (select 1 from bookings b where b.id = ${claim.bookingId} and b.deposit_status = 'claimed')`,
          ),
        ),
    ],
    after: input.also ? [input.also(ended)] : [],
  });
  return applied.moved.length > 0 ? applied : null;
}

/**
 * The scheduled job's part: claims still awaiting the renter when their 72 hours are over lapse, stand, and are
 * settled by the row `claim_lapsed` (the renter's part sent, both parties told). Returns how many were settled.
 */
export async function settleLapsedClaims(context: Context, now: Date, origin: string) {
  const due = await context.db
    .select({ ...CLAIM_COLUMNS, deposit: bookings.depositAmount })
    .from(damageClaims)
    .innerJoin(bookings, eq(bookings.id, damageClaims.bookingId))
    .where(and(eq(damageClaims.status, "awaiting_renter"), lte(damageClaims.respondBy, now)))
    .orderBy(asc(damageClaims.respondBy))
    .limit(100);
  const settled: AppliedTransition[] = [];
  for (const claim of due) {
    const applied = await settleClaim(context, { claim, to: { status: "lapsed", decidedAt: now }, now });
    if (applied) settled.push(applied);
  }
  await runEffects(context, settled, { origin, now });
  return settled.length;
}
