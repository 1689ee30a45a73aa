// A person's button applied (booking-rules.ts says what is allowed, from the lifecycle's table): each is one row of
// docs/decisions/034, moved by applyTransition as one conditional write — `where status = <the state we saw>` — so of
// two clicks racing only one wins, and the loser gets a 409 instead of a double effect; then runEffects carries out the
// row's money and notices. Confirming is one write batch with declining the pending requests it overlaps, and the
// overlap trigger (db/migrations/0001) refuses a confirm that would overlap another confirmed booking, and the host's
// calendar (0010) one over days the host blocked.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { bookings } from "#db/schema";
import { runEffects } from "~/bookings/booking-effects.server";
import { findTransition, roleIn, type StatusAction } from "~/bookings/booking-rules";
import { applyTransition } from "~/bookings/booking-transition.server";
import { isConstraintMessage } from "~/utils/db-errors.server";

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

const changedMeanwhileOutcome = (title: string) =>
  ({ ok: false, status: 409, error: "bookings:errors.changedMeanwhile", title }) as const;

/** Where the action reads what it moves: the booking's id, and its payment as read (the write needs it unchanged). */
const asRead = (booking: BookingRow) => ({
  which: eq(bookings.id, booking.id),
  seen: { paymentStatus: booking.paymentStatus },
  booking,
});

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

  // decline, or cancel by either party
  // A confirmed booking whose card is still only held is being charged this moment (the host's confirm has taken the
  // status and is capturing, or Stripe's event of the capture is on its way). Cancelling now would release a hold
  // that is becoming a payment and owe nothing back: the money would stay taken. Once the capture is recorded the
  // cancellation refunds by the policy.
  if (booking.status === "confirmed" && booking.paymentStatus === "authorized") return changedMeanwhileOutcome(title);
  // A paid booking gives back what its cancellation policy says, written down in the same batch as the cancellation
  // and sent after it (the row's refund_by_policy).
  const applied = await applyTransition(db, transition.name, {
    ...asRead(booking),
    cancelledBy: input.userId,
    by: role,
    now,
  });
  if (applied.moved.length === 0) return changedMeanwhileOutcome(title);
  await runEffects(context, applied, { origin: input.origin, now });
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
  const title = FAILURE_TITLE.confirm;
  let applied;
  try {
    applied = await applyTransition(context.db, instant ? "instant_confirm" : "confirm", { ...asRead(booking), now });
  } catch (error) {
    const overlap = isConstraintMessage(error, "booking_overlap");
    // The host blocked some of the days while the renter's checkout was open (migration 0010).
    if (!overlap && !isConstraintMessage(error, "car_blocked")) throw error;
    // Nobody is there to answer an instant booking that cannot be confirmed: it ends at once, its hold released.
    if (instant) await endInstantBooking(context, booking, { now, origin });
    return overlap
      ? { ok: false, status: 409, error: "bookings:errors.conflict", title: "bookings:errors.conflictTitle" }
      : { ok: false, status: 409, error: "bookings:errors.blockedByHost", title };
  }
  if (applied.moved.length === 0) return changedMeanwhileOutcome(title);
  // The capture, the deposit held, the overlapped requests' holds released; a refused capture ends the booking.
  const run = await runEffects(context, applied, { origin, now });
  if (run.captureFailed.length > 0) return { ok: false, status: 502, error: "bookings:errors.captureFailed", title };
  return { ok: true, status: "confirmed", toast: "bookings:toasts.confirmed" };
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
 * hold on the card released, the renter told by e-mail and the host in the app (the row `instant_taken`).
 */
async function endInstantBooking(
  context: Context,
  booking: BookingRow,
  { now, origin }: { now: Date; origin: string },
) {
  const ended = await applyTransition(context.db, "instant_taken", { ...asRead(booking), now });
  await runEffects(context, ended, { origin, now });
}
