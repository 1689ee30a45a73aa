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
import { rentalPayment, rentalSessionId } from "~/payments/charges.server";
import { DEPOSIT_HELD_ON_CAPTURE, SETTLEMENT_COLUMNS, returnMoney } from "~/payments/settle.server";

type Context = Pick<AppLoadContext, "db" | "env">;
type BookingRow = typeof bookings.$inferSelect;

export type BookingActionOutcome =
  | { ok: true; status: string; toast: string }
  | { ok: false; status: 403 | 404 | 409 | 502; error: string; title: string };

const FAILURE_TITLE: Record<StatusAction, string> = {
  confirm: "bookings:errors.confirmFailed",
  decline: "bookings:errors.cancelFailed",
  cancel: "bookings:errors.cancelFailed",
};

/** The booking as the action read it: every write is conditional on it, so of two racing writes only one wins. */
const stillAt = (booking: Pick<BookingRow, "id" | "status" | "paymentStatus">) =>
  and(
    eq(bookings.id, booking.id),
    eq(bookings.status, booking.status),
    eq(bookings.paymentStatus, booking.paymentStatus),
  );

const changedMeanwhileOutcome = (title: string) =>
  ({ ok: false, status: 409, error: "bookings:errors.changedMeanwhile", title }) as const;

/** The renter whose card could not be charged when the host confirmed. */
const BOOKING_PAYMENT_FAILED = {
  type: "booking_cancelled",
  to: "renter",
  email: true,
  template: "booking_payment_failed",
} as const satisfies Omit<BookingNotice, "bookingId">;

/** The renter who cancelled a paid booking: an e-mail with the refund, no notification of their own doing. */
const RENTER_CANCELLED = {
  type: "booking_cancelled",
  to: "renter",
  email: true,
  inApp: false,
  template: "booking_cancelled_by_you",
} as const satisfies Omit<BookingNotice, "bookingId">;

/** The renters of the pending requests a confirm declined (their days were given to another). */
const overlappedNotices = (rows: { id: string }[]): BookingNotice[] =>
  rows.map((row) => ({ bookingId: row.id, type: "booking_declined", to: "renter", email: true }));

export async function applyBookingAction(
  context: Context,
  input: {
    bookingId: string;
    userId: string;
    action: StatusAction;
    origin: string;
    now?: Date;
    /**
     * The party saw what the cancellation gives back, on the booking's cancel page (cancel-booking.server.ts): the
     * only way a transition marked `onItsPage` (a confirmed booking's cancellation) is taken.
     */
    previewed?: boolean;
  },
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
  if (transition.onItsPage && !input.previewed) {
    return { ok: false, status: 409, error: "bookings:errors.cancelOnItsPage", title };
  }

  if (input.action === "confirm") return confirmBooking(context, booking, { now, origin: input.origin });

  const gateway = getPaymentGateway(context.env, input.origin);
  const changedMeanwhile = changedMeanwhileOutcome(title);
  const notices: BookingNotice[] = [];

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
    .where(stillAt(booking))
    .returning({ ...SETTLEMENT_COLUMNS, checkoutSessionId: rentalSessionId });
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
    // A paid booking: the renter has in writing what comes back and when (the refund written down above).
    if (refund) notices.push({ ...RENTER_CANCELLED, bookingId: booking.id });
  }
  await sendBookingNotices(context, notices, input.origin, now);
  return {
    ok: true,
    status: "cancelled",
    toast: input.action === "decline" ? "bookings:toasts.declined" : "bookings:toasts.cancelled",
  };
}

/**
 * Confirms a pending request whose card is authorised: the host's answer, or the authorisation itself for an instant
 * booking (confirmInstantBooking). The status and the overlapping requests' decline in one batch, under the overlap
 * and blocked-days triggers; then the capture, and the deposit held.
 */
async function confirmBooking(
  context: Context,
  booking: BookingRow,
  { now, origin, instant = false }: { now: Date; origin: string; instant?: boolean },
): Promise<BookingActionOutcome> {
  const { db } = context;
  const title = FAILURE_TITLE.confirm;
  const gateway = getPaymentGateway(context.env, origin);
  const notices: BookingNotice[] = [];
  let results;
  try {
    results = await db.batch([
      db
        .update(bookings)
        .set({ status: "confirmed", confirmedAt: now, updatedAt: now })
        .where(stillAt(booking))
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
    const overlap = isConstraintMessage(error, "booking_overlap");
    // The host blocked some of the days while the renter's checkout was open (migration 0010).
    if (!overlap && !isConstraintMessage(error, "car_blocked")) throw error;
    // Nobody is there to answer an instant booking that cannot be confirmed: it ends at once, its hold released.
    if (instant) await endInstantBooking(context, gateway, booking, { now, origin });
    return overlap
      ? { ok: false, status: 409, error: "bookings:errors.conflict", title: "bookings:errors.conflictTitle" }
      : { ok: false, status: 409, error: "bookings:errors.blockedByHost", title };
  }
  const [confirmed, overlapped] = results;
  if (confirmed.length === 0) return changedMeanwhileOutcome(title);
  try {
    const rental = await rentalPayment(db, booking.id);
    await gateway.capture(rental.intentId ?? "", rental.key);
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
      origin,
      now,
    );
    return { ok: false, status: 502, error: "bookings:errors.captureFailed", title };
  }
  await returnMoney(db, gateway, overlapped);
  notices.push(...confirmedNotices(booking.id, instant), ...overlappedNotices(overlapped));
  await sendBookingNotices(context, notices, origin, now);
  return { ok: true, status: "confirmed", toast: "bookings:toasts.confirmed" };
}

/** The renter hears of the host's confirmation; of an instant booking both hear, told it needed no answer. */
function confirmedNotices(bookingId: string, instant: boolean): BookingNotice[] {
  if (!instant) return [{ bookingId, type: "booking_confirmed", to: "renter", email: true }];
  return [
    { bookingId, type: "booking_confirmed", to: "renter", email: true, template: "booking_instant_confirmed" },
    { bookingId, type: "booking_confirmed", to: "host", email: true, template: "booking_instant_host" },
  ];
}

/**
 * Issue 18: a request on an instant-book listing, confirmed as soon as its card is authorised (payments' event,
 * bookings/booking-payments.server.ts), by the same confirm as the host's. Only a booking marked instant when it was
 * requested; one the host already answered, or confirmed by a duplicated event, is left as it is.
 */
export async function confirmInstantBooking(
  context: Context,
  input: { bookingId: string; origin: string; now?: Date },
): Promise<BookingActionOutcome> {
  const now = input.now ?? new Date();
  const title = FAILURE_TITLE.confirm;
  const [booking] = await context.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.instantBook, true)))
    .limit(1);
  if (!booking) return { ok: false, status: 404, error: "bookings:errors.notFound", title };
  if (!findTransition(booking, "confirm", "host", now)) {
    return { ok: false, status: 409, error: "bookings:errors.notAllowed", title };
  }
  return confirmBooking(context, booking, { now, origin: input.origin, instant: true });
}

/**
 * An instant booking whose days were taken (or blocked) while its checkout was open: cancelled as overlapped, the
 * hold on the card released, the renter told by e-mail and the host in the app.
 */
async function endInstantBooking(
  context: Context,
  gateway: ReturnType<typeof getPaymentGateway>,
  booking: BookingRow,
  { now, origin }: { now: Date; origin: string },
) {
  const [ended] = await context.db
    .update(bookings)
    .set({ status: "cancelled", cancelReason: "overlapped", cancelledAt: now, updatedAt: now })
    .where(stillAt(booking))
    .returning(SETTLEMENT_COLUMNS);
  if (!ended) return;
  await returnMoney(context.db, gateway, [ended]);
  await sendBookingNotices(
    context,
    [
      { bookingId: booking.id, type: "booking_declined", to: "renter", email: true, template: "booking_instant_taken" },
      { bookingId: booking.id, type: "booking_cancelled", to: "host" },
    ],
    origin,
    now,
  );
}
