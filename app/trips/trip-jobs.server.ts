// The scheduled side of trips (wrangler.toml's cron → app/jobs.server.ts), each step safe to run twice:
// - a confirmed booking with no check-in 24 hours after its start is flagged to both parties, once;
// - the return clock (trip-rules.ts, decision 022): an active trip nobody checked out 48 hours after its end is
//   completed, its claim window closed with it; one with no check-out 24 hours after its end is flagged to both
//   parties, once;
// - a deposit whose claim window closed with no claim goes back (the lifecycle's row `deposit_unclaimed`: written
//   down as owed with the move, sent, and the renter told once it went);
// - a claim the renter left unanswered for 72 hours lapses: it stands, and the deposit is split by it
//   (damage-claims.server.ts#settleLapsedClaims, the row `claim_lapsed`) — unless it charges kilometres of an
//   implausible odometer nobody confirmed: that one goes to an admin, as a disputed claim does;
// - every refund owed and due (failed before and past its back-off, or never sent) is sent; a deposit that went back
//   then tells the renter so.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { bookings, damageClaims, tripRecords } from "#db/schema";
import { runEffects } from "~/bookings/booking-effects.server";
import { sendBookingNotices, type BookingNotice } from "~/bookings/booking-notices.server";
import { applyTransition, type AppliedTransition } from "~/bookings/booking-transition.server";
import { settleLapsedClaims } from "~/claims/damage-claims.server";
import { autoCompleteAt, checkInOverdueAt, odometerCheck, returnDeadline } from "~/bookings/trip-rules";
import { getPaymentGateway } from "~/payments/gateway.server";
import { reconcileProcessingRefunds, sendDueRefunds, type SentRefund } from "~/payments/refunds.server";
import { addDays, vilniusDay } from "~/utils/calendar-days";

type Context = Pick<AppLoadContext, "db" | "env">;

/**
 * An end of the trip still unrecorded a day after it was due: the lifecycle's rows `check_in_overdue` and
 * `check_out_overdue`, which set their flag once and tell both parties. A day after the candidates' day at the latest;
 * the exact moment is `dueAt`.
 */
const OVERDUE = {
  check_in: {
    transition: "check_in_overdue",
    status: "confirmed",
    flag: "checkInOverdueAt",
    day: bookings.startDate,
    dueAt: checkInOverdueAt,
  },
  check_out: {
    transition: "check_out_overdue",
    status: "active",
    flag: "checkOutOverdueAt",
    day: bookings.endDate,
    dueAt: returnDeadline,
  },
} as const;

async function flagOverdue(context: Context, now: Date, origin: string, kind: keyof typeof OVERDUE) {
  const { db } = context;
  const step = OVERDUE[kind];
  const unflagged = isNull(bookings[step.flag]);
  // A day after yesterday cannot be a day overdue yet; the exact moment is checked below.
  const candidates = await db
    .select({ id: bookings.id, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(and(eq(bookings.status, step.status), unflagged, lte(step.day, addDays(vilniusDay(now), -1))));
  const flagged: AppliedTransition[] = [];
  for (const booking of candidates) {
    if (step.dueAt(booking) > now.getTime()) continue;
    flagged.push(await applyTransition(db, step.transition, { which: eq(bookings.id, booking.id), now }));
  }
  await runEffects(context, flagged, { origin, now });
  return flagged.reduce((count, applied) => count + applied.moved.length, 0);
}

/** Confirmed bookings still without a check-in a day after their start: both parties are told, once. */
export const flagOverdueCheckIns = (context: Context, now: Date, origin: string) =>
  flagOverdue(context, now, origin, "check_in");

/** Active trips still without a check-out 24 hours after their end (the return deadline): both are told, once. */
export const flagOverdueCheckOuts = (context: Context, now: Date, origin: string) =>
  flagOverdue(context, now, origin, "check_out");

/**
 * Active trips nobody checked out 48 hours after their end: completed, as a check-out would (the host's counts
 * included), but with the claim window closed at that moment (trip-rules.ts#claimWindowEnd: nothing records the car
 * as it came back), so the deposit goes back in this same run. Both parties are told.
 */
export async function completeUnreturnedTrips(context: Context, now: Date, origin: string) {
  const { db } = context;
  // An end day after the day before yesterday cannot be 48 hours past yet; the exact moment is checked below.
  const candidates = await db
    .select({
      id: bookings.id,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      ownerId: bookings.ownerId,
      hostEarnings: bookings.hostEarnings,
    })
    .from(bookings)
    .where(and(eq(bookings.status, "active"), lte(bookings.endDate, addDays(vilniusDay(now), -2))));
  const completed: AppliedTransition[] = [];
  for (const booking of candidates) {
    if (autoCompleteAt(booking) > now.getTime()) continue;
    // A check-out recorded meanwhile wins (its batch completes the booking with its record).
    const noCheckOut = sql`not exists (select 1 from trip_records as r where r.booking_id = ${booking.id} and r.kind = 'check_out')`;
    completed.push(
      await applyTransition(db, "auto_complete", {
        which: eq(bookings.id, booking.id),
        when: noCheckOut,
        booking,
        now,
      }),
    );
  }
  await runEffects(context, completed, { origin, now });
  return completed.reduce((count, applied) => count + applied.moved.length, 0);
}

/**
 * Claims for excess kilometres whose 72 hours ran out while the check-out's odometer was held (an implausible jump
 * the other party never confirmed: trip-rules.ts#odometerCheck): they do not lapse into standing; they go to an admin
 * as a disputed claim does (decided at /admin/claims). Runs before settleLapsedClaims, which would let them stand.
 */
export async function referHeldClaims(context: Context, now: Date, origin: string) {
  const { db } = context;
  const due = (
    await db
      .select({
        id: damageClaims.id,
        bookingId: damageClaims.bookingId,
        categories: damageClaims.categories,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
      })
      .from(damageClaims)
      .innerJoin(bookings, eq(bookings.id, damageClaims.bookingId))
      .where(and(eq(damageClaims.status, "awaiting_renter"), lte(damageClaims.respondBy, now)))
      .limit(100)
  ).filter((claim) => claim.categories.includes("excess_km"));
  if (due.length === 0) return 0;
  const records = await db
    .select({
      bookingId: tripRecords.bookingId,
      kind: tripRecords.kind,
      odometerKm: tripRecords.odometerKm,
      recordedAt: tripRecords.recordedAt,
      confirmedAt: tripRecords.confirmedAt,
    })
    .from(tripRecords)
    .where(
      inArray(
        tripRecords.bookingId,
        due.map((claim) => claim.bookingId),
      ),
    );
  const notices: BookingNotice[] = [];
  for (const claim of due) {
    const of = (kind: "check_in" | "check_out") =>
      records.find((r) => r.bookingId === claim.bookingId && r.kind === kind) ?? null;
    if (!odometerCheck(claim, { checkIn: of("check_in"), checkOut: of("check_out") })?.held) continue;
    const [referred] = await db
      .update(damageClaims)
      .set({ status: "disputed" })
      .where(
        and(
          eq(damageClaims.id, claim.id),
          eq(damageClaims.status, "awaiting_renter"),
          lte(damageClaims.respondBy, now),
        ),
      )
      .returning({ id: damageClaims.id });
    if (referred) notices.push({ bookingId: claim.bookingId, type: "claim_referred", to: "both", email: true });
  }
  await sendBookingNotices(context, notices, origin, now);
  return notices.length;
}

/**
 * Deposits whose claim window closed with no claim: each is returned in full by the row `deposit_unclaimed`, its
 * refund written down in the batch of the move (only if the deposit was still held at that moment, so a claim filed
 * meanwhile wins), then sent, and the renter told once it went.
 */
export async function returnUnclaimedDeposits(context: Context, now: Date, origin: string) {
  const { db } = context;
  const due = await db
    .select({ id: bookings.id, depositAmount: bookings.depositAmount })
    .from(bookings)
    .where(
      and(eq(bookings.status, "completed"), eq(bookings.depositStatus, "held"), lte(bookings.claimWindowEndsAt, now)),
    );
  const returned: AppliedTransition[] = [];
  for (const booking of due) {
    returned.push(
      await applyTransition(db, "deposit_unclaimed", {
        which: eq(bookings.id, booking.id),
        when: lte(bookings.claimWindowEndsAt, now),
        booking,
        now,
      }),
    );
  }
  await runEffects(context, returned, { origin, now });
  return returned.reduce((count, applied) => count + applied.moved.length, 0);
}

/**
 * Tells renters whose deposit refund has just gone through on a retry (notification and e-mail); one that went through
 * when the deposit was returned was told by its row.
 */
export async function announceReturnedDeposits(context: Context, sent: SentRefund[], origin: string, now: Date) {
  const notices: BookingNotice[] = sent
    .filter((refund) => refund.ok && refund.kind === "deposit")
    .map((refund) => ({ bookingId: refund.bookingId, type: "deposit_returned", to: "renter", email: true }));
  await sendBookingNotices(context, notices, origin, now);
}

export async function runTripJobs(context: Context, now: Date, origin: string) {
  const overdue = await flagOverdueCheckIns(context, now, origin);
  // Completed first: a trip past both moments (the job did not run between them) is told once, of its completion.
  const autoCompleted = await completeUnreturnedTrips(context, now, origin);
  const overdueCheckOuts = await flagOverdueCheckOuts(context, now, origin);
  // After the completions, so that the deposit of a trip completed now goes back in this run.
  const deposits = await returnUnclaimedDeposits(context, now, origin);
  const referred = await referHeldClaims(context, now, origin);
  const lapsed = await settleLapsedClaims(context, now, origin);
  const gateway = getPaymentGateway(context.env, origin);
  const sent = await sendDueRefunds(context.db, gateway, now);
  await announceReturnedDeposits(context, sent, origin, now);
  // Refunds Stripe accepted a day ago or more with no event since: Stripe is asked how they ended.
  const reconciled = await reconcileProcessingRefunds(context.db, gateway, now);
  return {
    overdue,
    autoCompleted,
    overdueCheckOuts,
    deposits,
    referred,
    lapsed,
    refunds: sent.length,
    failedRefunds: sent.filter((refund) => !refund.ok).length,
    reconciledRefunds: reconciled.length,
  };
}
