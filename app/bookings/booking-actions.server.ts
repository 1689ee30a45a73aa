// The booking state machine applied (booking-rules.ts says what is allowed): every change is one conditional
// write — `where status = <the state we saw>` — so of two clicks racing only one wins, and the loser gets a 409
// instead of a double effect. Confirming is one write batch with declining the pending requests it overlaps, and
// the overlap trigger (db/migrations/0001) refuses a confirm that would overlap another confirmed booking, and the
// host's calendar (0010) one over days the host blocked.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne, sql } from "drizzle-orm";
import { bookings, cars } from "#db/schema";
import { sendBookingNotices, type BookingNotice } from "~/bookings/booking-notices.server";
import { findTransition, roleIn, type StatusAction } from "~/bookings/booking-rules";
import { tripTimes } from "~/bookings/trip-rules";
import { cancellationRefund } from "~/pricing/refund-amounts";
import { isConstraintMessage } from "~/utils/db-errors.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { owedRefund, sendBookingRefunds } from "~/payments/refunds.server";
import { DEPOSIT_HELD_ON_CAPTURE, SETTLEMENT_COLUMNS, returnMoney } from "~/payments/settle.server";

type Context = Pick<AppLoadContext, "db" | "env">;

export type BookingActionOutcome =
  | { ok: true; status: string; toast: string }
  | { ok: false; status: 403 | 404 | 409 | 502; error: string; title: string };

const FAILURE_TITLE: Record<StatusAction, string> = {
  confirm: "bookings:errors.confirmFailed",
  decline: "bookings:errors.cancelFailed",
  cancel: "bookings:errors.cancelFailed",
};

/** The renter whose card could not be charged when the host confirmed. */
const BOOKING_PAYMENT_FAILED = {
  type: "booking_cancelled",
  to: "renter",
  email: true,
  template: "booking_payment_failed",
} as const satisfies Omit<BookingNotice, "bookingId">;

/** The renters of the pending requests a confirm declined (their days were given to another). */
const overlappedNotices = (rows: { id: string }[]): BookingNotice[] =>
  rows.map((row) => ({ bookingId: row.id, type: "booking_declined", to: "renter", email: true }));

export async function applyBookingAction(
  context: Context,
  input: { bookingId: string; userId: string; action: StatusAction; origin: string; now?: Date },
): Promise<BookingActionOutcome> {
  const { db } = context;
  const now = input.now ?? new Date();
  const title = FAILURE_TITLE[input.action];
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.bookingId)).limit(1);
  if (!booking) return { ok: false, status: 404, error: "bookings:errors.notFound", title };
  const role = roleIn(booking, input.userId);
  if (!role) return { ok: false, status: 403, error: "errors.accessDenied", title: "errors.accessDeniedTitle" };
  const transition = findTransition(booking, input.action, role, now);
  if (!transition) return { ok: false, status: 409, error: "bookings:errors.notAllowed", title };

  const gateway = getPaymentGateway(context.env, input.origin);
  const stillAt = and(
    eq(bookings.id, booking.id),
    eq(bookings.status, booking.status),
    eq(bookings.paymentStatus, booking.paymentStatus),
  );
  const changedMeanwhile = { ok: false, status: 409, error: "bookings:errors.changedMeanwhile", title } as const;
  const notices: BookingNotice[] = [];

  if (input.action === "confirm") {
    let results;
    try {
      results = await db.batch([
        db
          .update(bookings)
          .set({ status: "confirmed", confirmedAt: now, updatedAt: now })
          .where(stillAt)
          .returning({ id: bookings.id }),
        // The pending requests for the same days are declined in the same write, only if the confirm took place.
        db
          .update(bookings)
          .set({ status: "cancelled", cancelReason: "overlapped", cancelledAt: now, updatedAt: now })
          .where(
            and(
              eq(bookings.carId, booking.carId),
              ne(bookings.id, booking.id),
              eq(bookings.status, "pending"),
              sql`${bookings.startDate} < ${booking.endDate} and ${booking.startDate} < ${bookings.endDate}`,
              sql`exists (select 1 from bookings as b where b.id = ${booking.id} and b.status = 'confirmed')`,
            ),
          )
          .returning(SETTLEMENT_COLUMNS),
        db
          .update(cars)
          .set({ bookingCount: sql`${cars.bookingCount} + 1` })
          .where(
            and(
              eq(cars.id, booking.carId),
              sql`exists (select 1 from bookings as b where b.id = ${booking.id} and b.status = 'confirmed' and b.confirmed_at = ${now.getTime()})`,
            ),
          ),
      ]);
    } catch (error) {
      if (isConstraintMessage(error, "booking_overlap")) {
        return { ok: false, status: 409, error: "bookings:errors.conflict", title: "bookings:errors.conflictTitle" };
      }
      // The host blocked some of the days while the renter's checkout was open (migration 0010).
      if (isConstraintMessage(error, "car_blocked")) {
        return { ok: false, status: 409, error: "bookings:errors.blockedByHost", title };
      }
      throw error;
    }
    const [confirmed, overlapped] = results;
    if (confirmed.length === 0) return changedMeanwhile;
    try {
      await gateway.capture(booking.stripePaymentIntentId ?? "", booking.id);
      await db
        .update(bookings)
        .set({ paymentStatus: "captured", depositStatus: DEPOSIT_HELD_ON_CAPTURE, updatedAt: new Date() })
        .where(and(eq(bookings.id, booking.id), eq(bookings.paymentStatus, "authorized")));
    } catch (error) {
      // The hold could not be taken (expired, or the card refused): the booking cannot stand.
      console.error("capture failed", booking.id, error);
      const [failed] = await db
        .update(bookings)
        .set({ status: "cancelled", cancelReason: "payment_failed", cancelledAt: new Date(), updatedAt: new Date() })
        .where(and(eq(bookings.id, booking.id), eq(bookings.status, "confirmed")))
        .returning(SETTLEMENT_COLUMNS);
      if (failed) await returnMoney(db, gateway, [failed]);
      await returnMoney(db, gateway, overlapped);
      await sendBookingNotices(
        context,
        [...(failed ? [{ ...BOOKING_PAYMENT_FAILED, bookingId: booking.id }] : []), ...overlappedNotices(overlapped)],
        input.origin,
        now,
      );
      return { ok: false, status: 502, error: "bookings:errors.captureFailed", title };
    }
    await returnMoney(db, gateway, overlapped);
    notices.push({ bookingId: booking.id, type: "booking_confirmed", to: "renter", email: true });
    notices.push(...overlappedNotices(overlapped));
    await sendBookingNotices(context, notices, input.origin, now);
    return { ok: true, status: "confirmed", toast: "bookings:toasts.confirmed" };
  }

  // decline, or cancel by either party
  // A confirmed booking whose card is still only held is being charged this moment (the host's confirm has taken the
  // status and is capturing, or Stripe's event of the capture is on its way). Cancelling now would release a hold
  // that is becoming a payment and owe nothing back: the money would stay taken. Once the capture is recorded the
  // cancellation refunds by the policy.
  if (booking.status === "confirmed" && booking.paymentStatus === "authorized") return changedMeanwhile;
  const reason =
    input.action === "decline" ? "declined" : role === "host" ? "cancelled_by_host" : "cancelled_by_renter";
  // A paid booking gives back what its cancellation policy says (a host's cancellation: everything), written down in
  // the same batch as the cancellation and sent after it (payments/refunds.server.ts).
  const paid = booking.paymentStatus === "captured";
  const owed = paid ? cancellationRefund(booking, { by: role, now, start: tripTimes(booking).start }) : null;
  const cancel = db
    .update(bookings)
    .set({
      status: "cancelled",
      cancelReason: reason,
      cancelledBy: input.userId,
      cancelledAt: now,
      updatedAt: now,
      // Every cancellation refunds the deposit (refund-amounts.ts): it is no longer held.
      ...(paid && booking.depositStatus === "held" ? { depositStatus: "returned" as const } : {}),
    })
    .where(stillAt)
    .returning({ ...SETTLEMENT_COLUMNS, checkoutSessionId: bookings.stripeCheckoutSessionId });
  const refund =
    owed &&
    owedRefund(db, {
      bookingId: booking.id,
      kind: "cancellation",
      amount: owed.refund,
      now,
      onlyIf: sql`exists (select 1 from bookings as b where b.id = ${booking.id} and b.status = 'cancelled' and b.cancelled_at = ${now.getTime()})`,
    });
  const [[cancelled]] = refund ? await db.batch([cancel, refund]) : [await cancel];
  if (!cancelled) return changedMeanwhile;
  if (refund) await sendBookingRefunds(db, gateway, [booking.id], now);
  if (cancelled.paymentStatus === "unpaid" && cancelled.checkoutSessionId) {
    // A checkout still open must not take the money of a cancelled request; should it complete anyway, fulfilment
    // sees the cancelled booking and releases the hold.
    await gateway.expireCheckout(cancelled.checkoutSessionId).catch((error) => console.error("expire checkout", error));
  }
  await returnMoney(db, gateway, [cancelled]);
  if (input.action === "decline") {
    notices.push({ bookingId: booking.id, type: "booking_declined", to: "renter", email: true });
  } else if (role === "host") {
    notices.push({ bookingId: booking.id, type: "booking_cancelled", to: "renter", email: true });
  } else if (booking.paymentStatus !== "unpaid") {
    // The host heard of the request only once it was paid for: from then on they are told, a request they might
    // still answer as much as a confirmed booking.
    notices.push({ bookingId: booking.id, type: "booking_cancelled", to: "host", email: true });
  }
  await sendBookingNotices(context, notices, input.origin, now);
  return {
    ok: true,
    status: "cancelled",
    toast: input.action === "decline" ? "bookings:toasts.declined" : "bookings:toasts.cancelled",
  };
}
