// What a payment event does to a booking's payment. Stripe's verified webhooks and the local stand-in checkout both
// reach it through bookings/booking-payments.server.ts, which tells the people what came of it (payments never
// decide notices; docs/decisions/021).
//
// - Each event is handled once: its id goes into stripe_events in the same write batch as its booking update, so a
//   replay or a concurrent duplicate finds the id taken and changes nothing (and a failed batch leaves no trace,
//   so Stripe's retry is handled in full).
// - Order is not assumed: every update names the payment states it may move from, and payment states only move
//   forward (unpaid → authorized → captured, or → released / failed), so a late event never undoes a newer one.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { bookings, stripeEvents } from "#db/schema";
import type { Db } from "~/db.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { standInId } from "~/payments/stand-in-ids";
import { DEPOSIT_HELD_ON_CAPTURE, SETTLEMENT_COLUMNS, returnMoney } from "~/payments/settle.server";

type Context = Pick<AppLoadContext, "db" | "env">;

/** The part of a Stripe event we read (Stripe.Event satisfies it). */
export interface PaymentEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

export type FulfilmentResult = "handled" | "duplicate" | "ignored";

/**
 * What an event did to a booking that its people hear of: a request's card was authorised (the request now waits for
 * the host), or the hold lapsed and ended a request the host had not answered.
 */
export interface PaymentOutcome {
  bookingId: string;
  happened: "request_authorised" | "request_lapsed";
}

export interface Fulfilment {
  result: FulfilmentResult;
  /** Empty unless the result is "handled". */
  outcomes: PaymentOutcome[];
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

function bookingIdOf(object: Record<string, unknown>): string | null {
  const metadata = object.metadata as Record<string, unknown> | null | undefined;
  return text(metadata?.booking_id) ?? text(object.client_reference_id);
}

/** Finds the booking an event is about: by our id in the metadata, else by Stripe's ids we stored. */
function whichBooking(object: Record<string, unknown>, paymentIntentId: string | null): SQL | undefined {
  const bookingId = bookingIdOf(object);
  if (bookingId) return eq(bookings.id, bookingId);
  if (paymentIntentId) return eq(bookings.stripePaymentIntentId, paymentIntentId);
  return undefined;
}

const returned = { ...SETTLEMENT_COLUMNS, status: bookings.status, cancelledAt: bookings.cancelledAt };

/**
 * A request whose checkout was left or failed stops being a request: cancelled for `payment_failed`. Only a pending,
 * unpaid booking, among those `which` names: for an expired or failed checkout (below) and for the scheduled sweep
 * of checkouts left past the payment window (bookings/booking-expiry.server.ts). Add `.returning(...)` as needed.
 */
export function cancelUnpaidRequests(db: Db, which: SQL | undefined, now: Date) {
  return db
    .update(bookings)
    .set({
      status: "cancelled",
      cancelReason: "payment_failed",
      paymentStatus: "failed",
      cancelledAt: now,
      updatedAt: now,
    })
    .where(and(which, eq(bookings.status, "pending"), eq(bookings.paymentStatus, "unpaid")));
}

/** Records the event and applies it to its booking's payment; what came of it for the booking's people is returned. */
export async function applyPaymentEvent(
  context: Context,
  event: PaymentEvent,
  origin: string,
  now = new Date(),
): Promise<Fulfilment> {
  const { db } = context;
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { result: "duplicate", outcomes: [] };

  const object = event.data.object;
  const record = db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now });
  const intentId = object.object === "payment_intent" ? text(object.id) : text(object.payment_intent);
  const target = whichBooking(object, intentId);

  let update;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "payment_intent.amount_capturable_updated": {
      // The card is authorised, by whichever of the booking's checkouts was paid (a renter who left one may have
      // been given another: bookings/booking-checkout.server.ts). A request cancelled meanwhile still records the
      // hold, so it can be released below; a second payment for a booking already paid for is released too.
      const sessionId = object.object === "checkout.session" ? text(object.id) : null;
      update = db
        .update(bookings)
        .set({
          paymentStatus: "authorized",
          stripePaymentIntentId: intentId,
          ...(sessionId && { stripeCheckoutSessionId: sessionId }),
          updatedAt: now,
        })
        .where(and(target, inArray(bookings.paymentStatus, ["unpaid", "failed"])))
        .returning(returned);
      break;
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      update = cancelUnpaidRequests(
        db,
        and(
          target,
          // Only the booking's current checkout ends the request by running out: one replaced by a newer
          // checkout (bookings/booking-checkout.server.ts) is stale.
          event.type === "checkout.session.expired"
            ? or(
                sql`${bookings.stripeCheckoutSessionId} is null`,
                eq(bookings.stripeCheckoutSessionId, text(object.id) ?? ""),
              )
            : undefined,
        ),
        now,
      ).returning(returned);
      break;
    case "payment_intent.succeeded":
      update = db
        .update(bookings)
        .set({
          paymentStatus: "captured",
          depositStatus: DEPOSIT_HELD_ON_CAPTURE,
          stripePaymentIntentId: intentId,
          updatedAt: now,
        })
        .where(and(target, inArray(bookings.paymentStatus, ["unpaid", "authorized"])))
        .returning(returned);
      break;
    case "payment_intent.canceled":
      // Stripe let the hold go (after about 7 days) or we did: a request still waiting for the host has expired.
      update = db
        .update(bookings)
        .set({
          paymentStatus: "released",
          status: sql`case when ${bookings.status} = 'pending' then 'cancelled' else ${bookings.status} end`,
          cancelReason: sql`case when ${bookings.status} = 'pending' then 'expired' else ${bookings.cancelReason} end`,
          // Marks the rows this event cancelled: a hold we released for a booking cancelled before is not news.
          cancelledAt: sql`case when ${bookings.status} = 'pending' then ${now.getTime()} else ${bookings.cancelledAt} end`,
          updatedAt: now,
        })
        .where(and(target, inArray(bookings.paymentStatus, ["unpaid", "authorized"])))
        .returning(returned);
      break;
    case "charge.refunded":
      // Only a charge refunded in full releases the payment: our partial refunds (a cancellation's terms, the
      // deposit after a trip) are recorded in the refunds table, and the booking keeps what was not refunded.
      if (object.refunded !== true) {
        update = null;
        break;
      }
      update = db
        .update(bookings)
        .set({ paymentStatus: "released", updatedAt: now })
        .where(and(target, eq(bookings.paymentStatus, "captured")))
        .returning(returned);
      break;
    default:
      update = null;
  }

  if (!update || !target) {
    await db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now }).onConflictDoNothing();
    return { result: "ignored", outcomes: [] };
  }
  let rows;
  try {
    [, rows] = await db.batch([record, update]);
  } catch (error) {
    if (isUniqueViolation(error, "stripe_events.id")) return { result: "duplicate", outcomes: [] };
    throw error;
  }

  // Side effects after the write; a failure here is retried by the scheduled sweep, never by replaying the event.
  if (rows.length === 0 && PAID.has(event.type) && intentId) {
    await releaseSecondPayment(context, object, intentId, origin);
  }
  const outcomes: PaymentOutcome[] = [];
  for (const row of rows) {
    if (
      event.type === "payment_intent.canceled" &&
      row.status === "cancelled" &&
      row.cancelledAt?.getTime() === now.getTime()
    ) {
      outcomes.push({ bookingId: row.id, happened: "request_lapsed" });
    }
    if (row.paymentStatus !== "authorized") continue;
    if (row.status === "pending") {
      outcomes.push({ bookingId: row.id, happened: "request_authorised" });
    } else if (row.status === "cancelled") {
      await returnMoney(db, getPaymentGateway(context.env, origin), [row]);
    }
  }
  return { result: "handled", outcomes };
}

const PAID = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * A checkout paid for a booking that another payment already holds (two checkouts paid at once, which
 * bookings/booking-checkout.server.ts makes all but impossible): that payment is let go, never captured.
 */
async function releaseSecondPayment(
  context: Context,
  object: Record<string, unknown>,
  intentId: string,
  origin: string,
) {
  const bookingId = bookingIdOf(object);
  if (!bookingId) return;
  const [booking] = await context.db
    .select({ intentId: bookings.stripePaymentIntentId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking?.intentId || booking.intentId === intentId) return;
  try {
    await getPaymentGateway(context.env, origin).release(intentId, `${bookingId}-${intentId}`);
  } catch (error) {
    console.error("second payment not released", bookingId, intentId, error);
  }
}

/** The local stand-in's events, shaped like Stripe's so they take the same path. */
export function standInEvent(
  type: "checkout.session.completed" | "checkout.session.expired",
  session: { id: string; bookingId: string },
): PaymentEvent {
  return {
    id: standInId("evt"),
    type,
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        status: type === "checkout.session.completed" ? "complete" : "expired",
        payment_status: "unpaid",
        payment_intent: type === "checkout.session.completed" ? standInId("pi") : null,
        metadata: { booking_id: session.bookingId },
        client_reference_id: session.bookingId,
      },
    },
  };
}
