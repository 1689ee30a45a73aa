// The scheduled side of trips (wrangler.toml's cron → app/jobs.server.ts), each step safe to run twice:
// - a confirmed booking with no check-in 24 hours after its start is flagged to both parties, once;
// - a deposit whose claim window closed with no claim is written down as owed back to the renter;
// - a claim the renter left unanswered for 72 hours lapses: it stands, and the deposit is split by it
//   (damage-claims.server.ts#settleLapsedClaims);
// - every refund owed and due (new, or failed and past its back-off) is sent; a deposit that went back tells the
//   renter so.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, lte } from "drizzle-orm";
import { bookings } from "#db/schema";
import { sendBookingNotices, type BookingNotice } from "~/bookings/booking-notices.server";
import { settleLapsedClaims } from "~/bookings/damage-claims.server";
import { settleDeposit } from "~/bookings/deposit.server";
import { checkInOverdueAt } from "~/bookings/trip-rules";
import { getPaymentGateway } from "~/payments/gateway.server";
import { reconcileProcessingRefunds, sendDueRefunds, type SentRefund } from "~/payments/refunds.server";
import { addDays, vilniusDay } from "~/utils/calendar-days";

type Context = Pick<AppLoadContext, "db" | "env">;

/** Confirmed bookings still without a check-in a day after their start: both parties are told, once. */
export async function flagOverdueCheckIns(context: Context, now: Date, origin: string) {
  const { db } = context;
  // A start day after yesterday cannot be a day overdue yet; the exact moment is checked below.
  const candidates = await db
    .select({ id: bookings.id, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "confirmed"),
        isNull(bookings.checkInOverdueAt),
        lte(bookings.startDate, addDays(vilniusDay(now), -1)),
      ),
    );
  const notices: BookingNotice[] = [];
  for (const booking of candidates) {
    if (checkInOverdueAt(booking) > now.getTime()) continue;
    const [flagged] = await db
      .update(bookings)
      .set({ checkInOverdueAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "confirmed"), isNull(bookings.checkInOverdueAt)))
      .returning({ id: bookings.id });
    if (flagged) notices.push({ bookingId: booking.id, type: "trip_check_in_overdue", to: "both", email: true });
  }
  await sendBookingNotices(context, notices, origin, now);
  return notices.length;
}

/**
 * Deposits whose claim window closed with no claim: each is returned in full, written down with its refund in one
 * batch (the refund only if the deposit was still held at that moment, so a claim filed meanwhile wins).
 */
export async function returnUnclaimedDeposits(context: Context, now: Date) {
  const { db } = context;
  const due = await db
    .select({ id: bookings.id, depositAmount: bookings.depositAmount })
    .from(bookings)
    .where(
      and(eq(bookings.status, "completed"), eq(bookings.depositStatus, "held"), lte(bookings.claimWindowEndsAt, now)),
    );
  let returned = 0;
  for (const booking of due) {
    const { settle, refund } = settleDeposit(db, {
      bookingId: booking.id,
      deposit: booking.depositAmount,
      kept: 0,
      from: "held",
      now,
      when: lte(bookings.claimWindowEndsAt, now),
    });
    const [settled] = refund ? await db.batch([settle, refund]) : [await settle];
    if (settled.length > 0) returned += 1;
  }
  return returned;
}

/** Tells renters whose deposit refund has just gone through (notification and e-mail). */
export async function announceReturnedDeposits(context: Context, sent: SentRefund[], origin: string, now: Date) {
  const notices: BookingNotice[] = sent
    .filter((refund) => refund.ok && refund.kind === "deposit")
    .map((refund) => ({ bookingId: refund.bookingId, type: "deposit_returned", to: "renter", email: true }));
  await sendBookingNotices(context, notices, origin, now);
}

export async function runTripJobs(context: Context, now: Date, origin: string) {
  const overdue = await flagOverdueCheckIns(context, now, origin);
  const deposits = await returnUnclaimedDeposits(context, now);
  const lapsed = await settleLapsedClaims(context, now, origin);
  const gateway = getPaymentGateway(context.env, origin);
  const sent = await sendDueRefunds(context.db, gateway, now);
  await announceReturnedDeposits(context, sent, origin, now);
  // Refunds Stripe accepted a day ago or more with no event since: Stripe is asked how they ended.
  const reconciled = await reconcileProcessingRefunds(context.db, gateway, now);
  return {
    overdue,
    deposits,
    lapsed,
    refunds: sent.length,
    failedRefunds: sent.filter((refund) => !refund.ok).length,
    reconciledRefunds: reconciled.length,
  };
}
