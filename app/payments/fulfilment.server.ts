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
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ChargePurpose, PaymentStatus } from "#db/enums";
import { bookings, charges, stripeEvents } from "#db/schema";
import type { Db } from "~/db.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { rentalChargeOf, savedCardStatements, whichCharge } from "~/payments/charges.server";
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

function metadataOf(object: Record<string, unknown>) {
  return (object.metadata as Record<string, unknown> | null | undefined) ?? {};
}

function bookingIdOf(object: Record<string, unknown>): string | null {
  return text(metadataOf(object).booking_id) ?? text(object.client_reference_id);
}

interface EventCharge {
  id: string;
  bookingId: string;
  purpose: ChargePurpose;
  intentId: string | null;
}

/**
 * The charge an event is about: by our id in its metadata, else by the Stripe ids we stored on it, else (a checkout
 * opened before charges, whose metadata names only the booking) the booking's rental charge.
 */
async function chargeOf(db: Db, object: Record<string, unknown>, intentId: string | null): Promise<EventCharge | null> {
  const columns = {
    id: charges.id,
    bookingId: charges.bookingId,
    purpose: charges.purpose,
    intentId: charges.stripePaymentIntentId,
  };
  const sessionId = object.object === "checkout.session" ? text(object.id) : null;
  const which = whichCharge({ chargeId: text(metadataOf(object).charge_id), intentId, sessionId });
  if (which) {
    const [charge] = await db.select(columns).from(charges).where(which).limit(1);
    if (charge) return charge;
  }
  const bookingId = bookingIdOf(object);
  if (!bookingId) return null;
  const [rental] = await db.select(columns).from(charges).where(rentalChargeOf(bookingId)).limit(1);
  return rental ?? null;
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

/** Where each event moves a charge's payment from; payment states only move forward. */
const MOVES_FROM: Partial<Record<string, PaymentStatus[]>> = {
  "checkout.session.completed": ["unpaid", "failed"],
  "checkout.session.async_payment_succeeded": ["unpaid", "failed"],
  "payment_intent.amount_capturable_updated": ["unpaid", "failed"],
  "payment_intent.succeeded": ["unpaid", "authorized"],
  "payment_intent.canceled": ["unpaid", "authorized"],
  "charge.refunded": ["captured"],
  // A charge made after checkout whose saved card was declined (a rental's checkout lets the renter try again).
  "payment_intent.payment_failed": ["unpaid"],
};

/**
 * The charge's own Stripe ids, written in the batch of the booking's change and under the same condition (the
 * rental charge's status is the booking's payment status), so only the payment that moved it is recorded.
 */
function recordStripeIds(db: Db, charge: EventCharge, event: PaymentEvent, intentId: string | null, now: Date) {
  const object = event.data.object;
  const sessionId = object.object === "checkout.session" ? text(object.id) : null;
  const from = MOVES_FROM[event.type];
  if (!from || (!intentId && !sessionId)) return null;
  return db
    .update(charges)
    .set({
      ...(intentId && { stripePaymentIntentId: intentId }),
      ...(sessionId && { stripeCheckoutSessionId: sessionId }),
      updatedAt: now,
    })
    .where(and(eq(charges.id, charge.id), inArray(charges.status, from)));
}

/** Records the event and applies it to its charge; what came of it for the booking's people is returned. */
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
  const charge = await chargeOf(db, object, intentId);
  if (charge && charge.purpose !== "rental") return applyToOwnCharge(db, charge, event, intentId, now);
  // Only a booking's rental charge moves its booking; the charges a trip adds later move on their own (decision 035).
  const target = charge ? eq(bookings.id, charge.bookingId) : undefined;

  let update;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "payment_intent.amount_capturable_updated": {
      // The card is authorised, by whichever of the booking's checkouts was paid (a renter who left one may have
      // been given another: bookings/booking-checkout.server.ts). A request cancelled meanwhile still records the
      // hold, so it can be released below; a second payment for a booking already paid for is released too.
      update = db
        .update(bookings)
        .set({ paymentStatus: "authorized", updatedAt: now })
        .where(and(target, inArray(bookings.paymentStatus, MOVES_FROM[event.type]!)))
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
            ? sql`exists (select 1 from ${charges} where ${charges.id} = ${charge?.id ?? ""} and (${charges.stripeCheckoutSessionId} is null or ${charges.stripeCheckoutSessionId} = ${text(object.id) ?? ""}))`
            : undefined,
        ),
        now,
      ).returning(returned);
      break;
    case "payment_intent.succeeded":
      update = db
        .update(bookings)
        .set({ paymentStatus: "captured", depositStatus: DEPOSIT_HELD_ON_CAPTURE, updatedAt: now })
        .where(and(target, inArray(bookings.paymentStatus, MOVES_FROM[event.type]!)))
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
        .where(and(target, inArray(bookings.paymentStatus, MOVES_FROM[event.type]!)))
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
        .where(and(target, inArray(bookings.paymentStatus, MOVES_FROM[event.type]!)))
        .returning(returned);
      break;
    default:
      update = null;
  }

  if (!update || !target || !charge) {
    await db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now }).onConflictDoNothing();
    return { result: "ignored", outcomes: [] };
  }
  // The charge's ids go first, under the condition the booking's change is about to check (the same status); the
  // card it was paid with after them, under the payment they recorded.
  const ids = recordStripeIds(db, charge, event, intentId, now);
  const card = savedCardStatements(db, charge.id, object, intentId);
  let rows;
  try {
    rows = ids ? (await db.batch([record, ids, update, ...card]))[2] : (await db.batch([record, update, ...card]))[1];
  } catch (error) {
    if (isUniqueViolation(error, "stripe_events.id")) return { result: "duplicate", outcomes: [] };
    throw error;
  }

  // Side effects after the write; a failure here is retried by the scheduled sweep, never by replaying the event.
  if (rows.length === 0 && PAID.has(event.type) && intentId && charge.intentId !== intentId) {
    await releaseSecondPayment(context, charge, intentId, origin);
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

/** Where each event leaves a charge's payment. */
const MOVES_TO: Partial<Record<string, PaymentStatus>> = {
  "checkout.session.completed": "authorized",
  "checkout.session.async_payment_succeeded": "authorized",
  "payment_intent.amount_capturable_updated": "authorized",
  "payment_intent.succeeded": "captured",
  "payment_intent.canceled": "released",
  "charge.refunded": "released",
  "payment_intent.payment_failed": "failed",
};

/**
 * An event about a charge other than a booking's rental (an extension, a reimbursement…): it moves that charge's
 * payment forward, and its ids, in one batch with the event's record; the booking's lifecycle is not its business.
 */
async function applyToOwnCharge(
  db: Db,
  charge: EventCharge,
  event: PaymentEvent,
  intentId: string | null,
  now: Date,
): Promise<Fulfilment> {
  const object = event.data.object;
  const to = event.type === "charge.refunded" && object.refunded !== true ? undefined : MOVES_TO[event.type];
  const from = MOVES_FROM[event.type];
  if (!to || !from) {
    await db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now }).onConflictDoNothing();
    return { result: "ignored", outcomes: [] };
  }
  const sessionId = object.object === "checkout.session" ? text(object.id) : null;
  const error = object.last_payment_error as { code?: unknown; decline_code?: unknown } | null | undefined;
  const move = db
    .update(charges)
    .set({
      status: to,
      ...(intentId && { stripePaymentIntentId: intentId }),
      ...(sessionId && { stripeCheckoutSessionId: sessionId }),
      failureReason: to === "failed" ? (text(error?.decline_code) ?? text(error?.code) ?? "payment_failed") : null,
      updatedAt: now,
    })
    .where(and(eq(charges.id, charge.id), inArray(charges.status, from)));
  const card = savedCardStatements(db, charge.id, object, intentId);
  try {
    await db.batch([db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now }), move, ...card]);
  } catch (error) {
    if (isUniqueViolation(error, "stripe_events.id")) return { result: "duplicate", outcomes: [] };
    throw error;
  }
  return { result: "handled", outcomes: [] };
}

const PAID = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * A checkout paid for a booking that another payment already holds (two checkouts paid at once, which
 * bookings/booking-checkout.server.ts makes all but impossible): that payment is let go, never captured.
 */
async function releaseSecondPayment(context: Context, charge: EventCharge, intentId: string, origin: string) {
  const [current] = await context.db
    .select({ intentId: charges.stripePaymentIntentId, key: charges.idempotencyKey })
    .from(charges)
    .where(eq(charges.id, charge.id));
  if (!current?.intentId || current.intentId === intentId) return;
  try {
    await getPaymentGateway(context.env, origin).release(intentId, `${current.key}-${intentId}`);
  } catch (error) {
    console.error("second payment not released", charge.id, intentId, error);
  }
}

/**
 * The local stand-in's events, shaped like Stripe's so they take the same path. A completed checkout names the payer's
 * Customer, the same for all their checkouts, as Stripe's do once the first made one (decision 035).
 */
export function standInEvent(
  type: "checkout.session.completed" | "checkout.session.expired",
  session: { id: string; bookingId: string; chargeId: string; payerId: string },
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
        customer: type === "checkout.session.completed" ? standInId("cus", session.payerId) : null,
        metadata: { booking_id: session.bookingId, charge_id: session.chargeId },
        client_reference_id: session.bookingId,
      },
    },
  };
}
