// A payment event, from Stripe's webhook or the local stand-in checkout. Payments read it (payments/fulfilment.server.ts):
// an event on a charge a trip added later is theirs alone; one on a booking's rental charge comes back as a move, which
// the booking's lifecycle applies here as a row of its table (docs/decisions/034) in one batch with the event's record,
// and whose effects the runner carries out — the host hears of a request, both parties of a hold that lapsed.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookings } from "#db/schema";
import { confirmInstantBooking } from "~/bookings/booking-actions.server";
import { runEffects } from "~/bookings/booking-effects.server";
import type { TransitionName } from "~/bookings/booking-lifecycle";
import { applyTransition, type AppliedTransition } from "~/bookings/booking-transition.server";
import type { Db } from "~/db.server";
import {
  isDuplicateEvent,
  readPaymentEvent,
  settleRentalEvent,
  type FulfilmentResult,
  type PaymentEvent,
  type RentalMove,
  type RentalPaymentEvent,
} from "~/payments/fulfilment.server";
import type { SettledBooking } from "~/payments/settle.server";

type Context = Pick<AppLoadContext, "db" | "env">;
type Settled = SettledBooking & { status: string };

/** The lifecycle's row each move of a rental's payment applies (where the booking is at the row's state). */
const ROW_OF: Record<RentalMove, TransitionName | null> = {
  authorised: "payment_authorised",
  checkout_ended: "checkout_failed",
  captured: "rental_captured",
  hold_let_go: "hold_lapsed",
  // A refund in full moves the payment alone.
  refunded: null,
};

export async function handlePaymentEvent(
  context: Context,
  event: PaymentEvent,
  origin: string,
  now = new Date(),
): Promise<FulfilmentResult> {
  const read = await readPaymentEvent(context, event, now);
  if ("result" in read) return read.result;
  const { rental } = read;
  let written;
  try {
    written = await writeRentalEvent(context.db, rental, now);
  } catch (error) {
    if (isDuplicateEvent(error)) return "duplicate";
    throw error;
  }
  // After the write; a failure from here on is never retried by replaying the event.
  const { applied, others } = written;
  await settleRentalEvent(context, rental, [...(applied?.moved ?? []), ...others], origin);
  if (!applied || applied.moved.length === 0) return "handled";
  try {
    await runRowEffects(context, applied, origin, now);
  } catch (error) {
    console.error("booking effects after a payment event", event.id, error);
  }
  return "handled";
}

/** The event's batch: its record and the charge's ids, the row's move, the payment of a booking at any other state. */
async function writeRentalEvent(db: Db, rental: RentalPaymentEvent, now: Date) {
  const name = ROW_OF[rental.move];
  const after = rental.otherStates ? [rental.otherStates, ...rental.after] : rental.after;
  if (name) {
    const applied = await applyTransition(db, name, {
      which: eq(bookings.id, rental.bookingId),
      when: rental.when,
      now,
      before: rental.before,
      after,
    });
    return { applied, others: (rental.otherStates ? applied.afterResults[0] : []) as Settled[] };
  }
  const statements = [...rental.before, ...after] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
  const results: readonly unknown[] = await db.batch(statements);
  return { applied: null, others: (rental.otherStates ? results[rental.before.length] : []) as Settled[] };
}

/**
 * The row's effects. An authorised instant booking is not a request for the host to answer: it is confirmed now, by
 * the host's own confirm (capture, deposit, overlap guard), which tells both parties itself.
 */
async function runRowEffects(context: Context, applied: AppliedTransition, origin: string, now: Date) {
  if (applied.transition.name !== "payment_authorised") {
    await runEffects(context, applied, { origin, now });
    return;
  }
  const instant = await instantBookings(
    context,
    applied.moved.map((booking) => booking.id),
  );
  for (const bookingId of instant) {
    try {
      await confirmInstantBooking(context, { bookingId, origin, now });
    } catch (error) {
      console.error("instant booking not confirmed", bookingId, error);
    }
  }
  const requests = applied.moved.filter((booking) => !instant.has(booking.id));
  if (requests.length > 0) await runEffects(context, { ...applied, moved: requests }, { origin, now });
}

/** Which of these bookings were booked instantly (bookings.instant_book, set when the renter asked). */
async function instantBookings(context: Pick<AppLoadContext, "db">, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await context.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.instantBook, true)));
  return new Set(rows.map((row) => row.id));
}
