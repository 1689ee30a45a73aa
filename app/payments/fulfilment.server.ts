// What a payment event does to a charge's payment. Stripe's verified webhooks and the local stand-in checkout both
// reach it through bookings/booking-payments.server.ts. An event on a charge a trip added later (an extension, a
// reimbursement) is applied here in full. An event on a booking's rental charge is read here into what it means for
// the booking (`RentalPaymentEvent`: its move and the statements of its batch), and the booking's lifecycle applies it
// as a row of its table (docs/decisions/034), which moves the booking's status and tells its people: payments import
// nothing of bookings and never decide notices (docs/decisions/021).
//
// - Each event is handled once: its id goes into stripe_events in the same write batch as its booking update, so a
//   replay or a concurrent duplicate finds the id taken and changes nothing (and a failed batch leaves no trace,
//   so Stripe's retry is handled in full).
// - Order is not assumed: every update names the payment states it may move from, and payment states only move
//   forward (unpaid → authorized → captured, or → released / failed), so a late event never undoes a newer one.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ChargePurpose, PaymentStatus } from "#db/enums";
import { bookings, charges, stripeEvents } from "#db/schema";
import type { Db } from "~/db.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { rentalChargeOf, savedCardStatements, whichCharge } from "~/payments/charges.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { standInId } from "~/payments/stand-in-ids";
import { SETTLEMENT_COLUMNS, returnMoney, type SettledBooking } from "~/payments/settle.server";

type Context = Pick<AppLoadContext, "db" | "env">;

/** The part of a Stripe event we read (Stripe.Event satisfies it). */
export interface PaymentEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

export type FulfilmentResult = "handled" | "duplicate" | "ignored";

/**
 * What an event on a booking's rental charge means for the booking, in the payments' words; the lifecycle's row that
 * applies each is named in bookings/booking-payments.server.ts.
 * - `authorised`: the card is held (a request now waits for its host, or is confirmed at once if booked instantly);
 * - `checkout_ended`: the request's checkout expired or its payment failed;
 * - `captured`: Stripe reports the rental captured (one we asked for and did not record, or one made outside the app);
 * - `hold_let_go`: the card's hold was let go (Stripe's, after about 7 days, or ours);
 * - `refunded`: the charge was refunded in full.
 */
export type RentalMove = "authorised" | "checkout_ended" | "captured" | "hold_let_go" | "refunded";

/** The booking's state at which its lifecycle's row applies a move; at any other, only its payment moves. */
const MOVED_AT: Record<RentalMove, "pending" | "confirmed" | null> = {
  authorised: "pending",
  checkout_ended: "pending",
  captured: "confirmed",
  hold_let_go: "pending",
  refunded: null,
};

export interface RentalPaymentEvent {
  bookingId: string;
  move: RentalMove;
  /** The rest of the row's guard: only the booking's current checkout ends its request by running out. */
  when?: SQL;
  /** The batch's statements before the booking's move: the event's record, then the charge's Stripe ids. */
  before: BatchItem<"sqlite">[];
  /**
   * After the move, first: the payment of the booking at any state but the row's (its payment status only: a hold
   * recorded for a request cancelled meanwhile, to be let go), returning what settling needs; null when there is none.
   */
  otherStates: BatchItem<"sqlite"> | null;
  /** After that: the card the charge was paid with, under the payment the batch recorded. */
  after: BatchItem<"sqlite">[];
  /** What settleRentalEvent needs once the batch is written. */
  charge: EventCharge;
  intentId: string | null;
  type: string;
}

/** What the payments did with an event: done here, or read for the booking's lifecycle to apply. */
export type ReadPaymentEvent = { result: FulfilmentResult } | { rental: RentalPaymentEvent };

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

function metadataOf(object: Record<string, unknown>) {
  return (object.metadata as Record<string, unknown> | null | undefined) ?? {};
}

function bookingIdOf(object: Record<string, unknown>): string | null {
  return text(metadataOf(object).booking_id) ?? text(object.client_reference_id);
}

export interface EventCharge {
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

const returned = { ...SETTLEMENT_COLUMNS, status: bookings.status };

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

/** Which move an event on a booking's rental charge is, if it is one. */
function rentalMoveOf(event: PaymentEvent): RentalMove | null {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "payment_intent.amount_capturable_updated":
      return "authorised";
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return "checkout_ended";
    case "payment_intent.succeeded":
      return "captured";
    case "payment_intent.canceled":
      return "hold_let_go";
    case "charge.refunded":
      // Only a charge refunded in full releases the payment: our partial refunds (a cancellation's terms, the deposit
      // after a trip) are recorded in the refunds table, and the booking keeps what was not refunded.
      return event.data.object.refunded === true ? "refunded" : null;
    default:
      return null;
  }
}

/** Where each move leaves a booking's payment (at the row's state the lifecycle's row says the same). */
const PAYMENT_TO: Record<Exclude<RentalMove, "checkout_ended">, PaymentStatus> = {
  authorised: "authorized",
  captured: "captured",
  hold_let_go: "released",
  refunded: "released",
};

/**
 * Reads an event: a duplicate, or one about nothing of ours, is answered at once; one about a charge a trip added later
 * is applied to it; one about a booking's rental charge is returned with its batch, for the booking's lifecycle to
 * write (bookings/booking-payments.server.ts), then settleRentalEvent.
 */
export async function readPaymentEvent(context: Context, event: PaymentEvent, now: Date): Promise<ReadPaymentEvent> {
  const { db } = context;
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { result: "duplicate" };

  const object = event.data.object;
  const intentId = object.object === "payment_intent" ? text(object.id) : text(object.payment_intent);
  const charge = await chargeOf(db, object, intentId);
  if (charge && charge.purpose !== "rental")
    return { result: await applyToOwnCharge(db, charge, event, intentId, now) };
  // Only a booking's rental charge moves its booking; the charges a trip adds later move on their own (decision 035).
  const move = rentalMoveOf(event);
  if (!move || !charge) {
    await db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now }).onConflictDoNothing();
    return { result: "ignored" };
  }
  const record = db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now });
  // The charge's ids go first, under the condition the booking's change is about to check (the same status); the
  // card it was paid with after them, under the payment they recorded.
  const ids = recordStripeIds(db, charge, event, intentId, now);
  const at = MOVED_AT[move];
  const otherStates =
    move === "checkout_ended"
      ? null
      : db
          .update(bookings)
          .set({ paymentStatus: PAYMENT_TO[move], updatedAt: now })
          .where(
            and(
              eq(bookings.id, charge.bookingId),
              at ? ne(bookings.status, at) : undefined,
              inArray(bookings.paymentStatus, MOVES_FROM[event.type]!),
            ),
          )
          .returning(returned);
  return {
    rental: {
      bookingId: charge.bookingId,
      move,
      when:
        event.type === "checkout.session.expired"
          ? sql`exists (select 1 from ${charges} where ${charges.id} = ${charge.id} and (${charges.stripeCheckoutSessionId} is null or ${charges.stripeCheckoutSessionId} = ${text(object.id) ?? ""}))`
          : undefined,
      before: ids ? [record, ids] : [record],
      otherStates,
      after: savedCardStatements(db, charge.id, object, intentId),
      charge,
      intentId,
      type: event.type,
    },
  };
}

/** A batch refused because the event's id is taken: a concurrent duplicate of the same event won. */
export const isDuplicateEvent = (error: unknown) => isUniqueViolation(error, "stripe_events.id");

/**
 * What follows a rental's event once its batch is written (a failure here is retried by the scheduled sweep, never by
 * replaying the event): a second payment for a booking already paid for is let go; a hold recorded for a request
 * cancelled meanwhile is let go.
 */
export async function settleRentalEvent(
  context: Context,
  rental: RentalPaymentEvent,
  rows: (SettledBooking & { status: string })[],
  origin: string,
) {
  if (rows.length === 0 && PAID.has(rental.type) && rental.intentId && rental.charge.intentId !== rental.intentId) {
    await releaseSecondPayment(context, rental.charge, rental.intentId, origin);
  }
  const cancelled = rows.filter((row) => row.paymentStatus === "authorized" && row.status === "cancelled");
  if (cancelled.length > 0) await returnMoney(context.db, getPaymentGateway(context.env, origin), cancelled);
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
): Promise<FulfilmentResult> {
  const object = event.data.object;
  const to = event.type === "charge.refunded" && object.refunded !== true ? undefined : MOVES_TO[event.type];
  const from = MOVES_FROM[event.type];
  if (!to || !from) {
    await db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now }).onConflictDoNothing();
    return "ignored";
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
    if (isDuplicateEvent(error)) return "duplicate";
    throw error;
  }
  return "handled";
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
