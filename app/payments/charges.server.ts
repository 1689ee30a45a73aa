// Charges (decision 035): each movement of a payer's money on a booking is a row of `charges` with its line items.
// A booking's rental charge is written with the booking (`rentalChargeStatements`, in the request's batch); its
// status is the booking's payment status (a trigger copies it), and its Stripe ids and idempotency key are its own.
// The gateway's keys are the charge's: `checkout-`, `capture-` and `release-` + `idempotency_key`. A charge added
// after checkout (an extension, a reimbursement) is paid with the card the booking was paid with, saved at checkout,
// without the renter (`chargeLater`: off-session, keyed `charge-` + its key).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ChargePurpose, PaymentStatus } from "#db/enums";
import { bookings, chargeLineItems, charges, profiles, users } from "#db/schema";
import type { Db } from "~/db.server";
import { getPaymentGateway, type PaymentGateway } from "~/payments/gateway.server";
import { STRIPE_MINIMUM_CENTS, type SavedCardOutcome } from "~/payments/off-session.server";
import { chargeTotals, rentalLineItems, type LineItem, type StoredBookingPrice } from "~/pricing/line-items";

/** The rental charge of the booking in the statement (`bookings.id`): a condition for charges' rows. */
const ofRental = sql`${charges.bookingId} = ${bookings.id} and ${charges.purpose} = 'rental'`;

/** The booking's rental charge's payment intent, as a column of a select or returning over bookings. */
export const rentalIntentId = sql<
  string | null
>`(select ${charges.stripePaymentIntentId} from ${charges} where ${ofRental})`;
/** The booking's rental charge's current checkout session, likewise. */
export const rentalSessionId = sql<
  string | null
>`(select ${charges.stripeCheckoutSessionId} from ${charges} where ${ofRental})`;
/** The base of the gateway's keys for the booking's rental charge, likewise. */
export const rentalChargeKey = sql<string>`(select ${charges.idempotencyKey} from ${charges} where ${ofRental})`;

/**
 * The charge a refund or payout moves, to join it by: the one it names, or (a row written without one) its booking's
 * rental charge, which is what every refund and payout so far moves.
 */
export const chargeOfLedgerRow = (row: { chargeId: AnyColumn; bookingId: AnyColumn }) =>
  or(
    eq(charges.id, row.chargeId),
    and(isNull(row.chargeId), eq(charges.bookingId, row.bookingId), eq(charges.purpose, "rental")),
  );

/** The id of the rental charge of the booking in the statement (`bookings.id`), as a column. */
export const rentalChargeId = sql<string>`(select ${charges.id} from ${charges} where ${ofRental})`;

/** The id of a booking's rental charge, as a value of an insert (what refunds and payouts move). */
export const rentalChargeIdOf = (bookingId: string) =>
  sql`(select ${charges.id} from ${charges} where ${charges.bookingId} = ${bookingId} and ${charges.purpose} = 'rental')`;

/**
 * A refund or payout of the booking's rental: one naming its rental charge, or one naming none (written for a booking
 * that has no charge row, which chargeOfLedgerRow reads as its rental's too).
 */
export const movesRentalOf = (chargeId: AnyColumn, bookingId: string) =>
  or(eq(chargeId, rentalChargeIdOf(bookingId)), isNull(chargeId));

/** A booking's rental charge: a condition on charges. */
export const rentalChargeOf = (bookingId: string) =>
  and(eq(charges.bookingId, bookingId), eq(charges.purpose, "rental"));

/**
 * The statements that write a new booking's rental charge and its line items, for the batch that writes the booking
 * (each only if the booking row is there, so a request refused by its own insert leaves no charge).
 */
export function rentalChargeStatements(
  db: Db,
  input: { bookingId: string; payerId: string; price: StoredBookingPrice; now: Date },
) {
  const chargeId = crypto.randomUUID();
  const items = rentalLineItems(input.price);
  const at = input.now.getTime();
  const charge = db.run(sql`
    insert into ${charges} (id, booking_id, purpose, payer_id, amount, status, idempotency_key, created_at, updated_at)
    select ${chargeId}, ${input.bookingId}, 'rental', ${input.payerId}, ${chargeTotals(items).payerTotal}, 'unpaid',
      ${chargeId}, ${at}, ${at}
    where exists (select 1 from ${bookings} where id = ${input.bookingId})`);
  return { chargeId, statements: [charge, ...lineItemStatements(db, chargeId, items)] as const };
}

/** A new charge's line items, each written only if the charge was (a statement of the same batch wrote it). */
function lineItemStatements(db: Db, chargeId: string, items: readonly LineItem[]) {
  return items.map((item, position) =>
    db.run(sql`
      insert into ${chargeLineItems} (id, charge_id, code, quantity, unit_amount, amount, payer, receiver, position)
      select ${crypto.randomUUID()}, ${chargeId}, ${item.code}, ${item.quantity}, ${item.unitAmount}, ${item.amount},
        ${item.payer}, ${item.receiver}, ${position}
      where exists (select 1 from ${charges} where id = ${chargeId})`),
  );
}

/**
 * Attaches a new checkout session to a rental charge still unpaid whose session is still `previous` (so two checkouts
 * opened at once cannot both be attached); true when it was. A booking cancelled meanwhile has its charge failed.
 */
export async function attachCheckoutSession(db: Db, chargeId: string, sessionId: string, previous: string | null) {
  const attached = await db
    .update(charges)
    .set({ stripeCheckoutSessionId: sessionId, updatedAt: new Date() })
    .where(
      and(
        eq(charges.id, chargeId),
        eq(charges.status, "unpaid"),
        previous ? eq(charges.stripeCheckoutSessionId, previous) : isNull(charges.stripeCheckoutSessionId),
        sql`exists (select 1 from ${bookings} where ${bookings.id} = ${charges.bookingId} and ${bookings.status} = 'pending')`,
      ),
    )
    .returning({ id: charges.id });
  return attached.length > 0;
}

/** The checkout session a charge has now. */
export async function currentCheckoutSession(db: Db, chargeId: string) {
  const [row] = await db
    .select({ sessionId: charges.stripeCheckoutSessionId })
    .from(charges)
    .where(eq(charges.id, chargeId));
  return row?.sessionId ?? null;
}

/** What a booking written row by row (the demo seed, tests) gives of itself to its rental charge's rows. */
export interface BookingForCharge extends StoredBookingPrice {
  id: string;
  renterId: string;
  totalAmount: number;
  paymentStatus: (typeof charges.$inferSelect)["status"];
  createdAt: Date;
}

/**
 * The rows of the rental charge of a booking written row by row, as migration 0023 gives every booking made before
 * charges: id `rental-<booking>`, the booking's id as key, its payment status, the Stripe ids given, and its line items.
 */
/** The id of the rental charge of a booking written row by row (and of every booking made before charges). */
export const rowRentalChargeId = (bookingId: string) => `rental-${bookingId}`;

export function rentalChargeRows(
  booking: BookingForCharge,
  stripe: { checkoutSessionId?: string | null; paymentIntentId?: string | null } = {},
) {
  const chargeId = rowRentalChargeId(booking.id);
  const charge: typeof charges.$inferInsert = {
    id: chargeId,
    bookingId: booking.id,
    purpose: "rental",
    payerId: booking.renterId,
    amount: booking.totalAmount,
    status: booking.paymentStatus,
    idempotencyKey: booking.id,
    stripeCheckoutSessionId: stripe.checkoutSessionId ?? null,
    stripePaymentIntentId: stripe.paymentIntentId ?? null,
    createdAt: booking.createdAt,
    updatedAt: booking.createdAt,
  };
  const lineItems: (typeof chargeLineItems.$inferInsert)[] = rentalLineItems(booking).map((item, position) => ({
    ...item,
    id: `${chargeId}-${position}`,
    chargeId,
    position,
  }));
  return { charge, lineItems };
}

export interface ChargeView {
  id: string;
  purpose: (typeof charges.$inferSelect)["purpose"];
  amount: number;
  status: (typeof charges.$inferSelect)["status"];
  createdAt: Date;
  items: (LineItem & { id: string; position: number })[];
}

/**
 * A booking's charges with their line items, oldest first: for its page and for admins. The line items are asked for
 * by a subquery of the booking's charges in the same turn, not after their answer: one round trip (decision 002).
 */
export async function findCharges(db: Db, bookingId: string): Promise<ChargeView[]> {
  const [rows, items] = await Promise.all([
    db
      .select({
        id: charges.id,
        purpose: charges.purpose,
        amount: charges.amount,
        status: charges.status,
        createdAt: charges.createdAt,
      })
      .from(charges)
      .where(eq(charges.bookingId, bookingId))
      .orderBy(asc(charges.createdAt), asc(charges.id)),
    db
      .select({
        id: chargeLineItems.id,
        chargeId: chargeLineItems.chargeId,
        code: chargeLineItems.code,
        quantity: chargeLineItems.quantity,
        unitAmount: chargeLineItems.unitAmount,
        amount: chargeLineItems.amount,
        payer: chargeLineItems.payer,
        receiver: chargeLineItems.receiver,
        position: chargeLineItems.position,
      })
      .from(chargeLineItems)
      .where(
        inArray(
          chargeLineItems.chargeId,
          db.select({ id: charges.id }).from(charges).where(eq(charges.bookingId, bookingId)),
        ),
      )
      .orderBy(asc(chargeLineItems.position)),
  ]);
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.chargeId === row.id) }));
}

/** Which charge a Stripe object is about: by our id in its metadata, else by its payment intent or session. */
export function whichCharge(ids: {
  chargeId: string | null;
  intentId: string | null;
  sessionId: string | null;
}): SQL | undefined {
  if (ids.chargeId) return eq(charges.id, ids.chargeId);
  if (ids.intentId) return eq(charges.stripePaymentIntentId, ids.intentId);
  if (ids.sessionId) return eq(charges.stripeCheckoutSessionId, ids.sessionId);
  return undefined;
}

// ---------------------------------------------------------------- the card saved at checkout (decision 035)

const idIn = (value: unknown) =>
  typeof value === "string" && value !== ""
    ? value
    : typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string"
      ? (value as { id: string }).id
      : null;

/**
 * What a payment event says of the card it was paid with, for the batch that records the event: the Customer (a
 * completed checkout's, a payment intent's) and the payment method (a payment intent's) go onto the charge, only if
 * the event is about the charge's own payment (its intent, or none recorded yet: a second payment's card never
 * replaces it), and the Customer onto the payer's profile if they have none yet (their next checkouts reuse it), or
 * if the checkout had to make a new one (theirs was deleted at Stripe: gateway.server.ts). The values are Stripe's,
 * the same however often and in whatever order its events come.
 */
export function savedCardStatements(
  db: Db,
  chargeId: string,
  object: Record<string, unknown>,
  intentId: string | null,
) {
  const customerId = idIn(object.customer);
  const paymentMethodId = object.object === "payment_intent" ? idIn(object.payment_method) : null;
  if (!intentId || (!customerId && !paymentMethodId)) return [];
  const card = db
    .update(charges)
    .set({
      ...(customerId && { stripeCustomerId: customerId }),
      ...(paymentMethodId && { stripePaymentMethodId: paymentMethodId }),
    })
    .where(
      and(
        eq(charges.id, chargeId),
        or(isNull(charges.stripePaymentIntentId), eq(charges.stripePaymentIntentId, intentId)),
      ),
    );
  if (!customerId) return [card];
  const customer = db
    .update(profiles)
    .set({ stripeCustomerId: customerId })
    .where(
      and(
        sql`${profiles.id} = (select ${charges.payerId} from ${charges} where ${charges.id} = ${chargeId})`,
        object.object === "checkout.session" && object.customer_creation === "always"
          ? undefined
          : isNull(profiles.stripeCustomerId),
        sql`not exists (select 1 from ${profiles} as taken where taken.stripe_customer_id = ${customerId})`,
      ),
    );
  return [card, customer];
}

/** The renter's Stripe Customer, which their next checkout saves its card to; null before their first. */
export async function findStripeCustomer(db: Db, userId: string) {
  const [row] = await db.select({ id: profiles.stripeCustomerId }).from(profiles).where(eq(profiles.id, userId));
  return row?.id ?? null;
}

/**
 * The card the booking was paid with, saved at checkout: its rental charge's payment method and the Customer it is
 * saved to, as the payment's events recorded them, else (an event not yet come, the local stand-in) as Stripe has
 * the payment, recorded then. None for a booking paid before cards were saved (its payment has no Customer), nor for
 * a renter who deleted their account.
 */
async function bookingSavedCard(
  db: Db,
  gateway: PaymentGateway,
  bookingId: string,
): Promise<{ customerId: string; paymentMethodId: string } | null> {
  const [rental] = await db
    .select({
      id: charges.id,
      customerId: charges.stripeCustomerId,
      paymentMethodId: charges.stripePaymentMethodId,
      intentId: charges.stripePaymentIntentId,
    })
    .from(charges)
    // Someone who deleted their account can agree to nothing more: their card is not charged again.
    .innerJoin(users, and(eq(users.id, charges.payerId), isNull(users.deletedAt)))
    .where(rentalChargeOf(bookingId));
  if (!rental) return null;
  if (rental.customerId && rental.paymentMethodId) {
    return { customerId: rental.customerId, paymentMethodId: rental.paymentMethodId };
  }
  if (!rental.intentId) return null;
  const found = await gateway.savedCard(rental.intentId);
  // The pair comes from one payment: the Customer Stripe names, else the one the checkout's event recorded.
  const customerId = found?.customerId ?? rental.customerId;
  if (!found || !customerId) return null;
  await db
    .update(charges)
    .set({ stripeCustomerId: customerId, stripePaymentMethodId: found.paymentMethodId })
    .where(and(eq(charges.id, rental.id), eq(charges.stripePaymentIntentId, rental.intentId)));
  return { customerId, paymentMethodId: found.paymentMethodId };
}

export interface LaterChargeInput {
  bookingId: string;
  purpose: Exclude<ChargePurpose, "rental" | "reservation">;
  /** What the charge is made of, from app/pricing/line-items.ts (its amount is what the renter pays of them). */
  items: readonly LineItem[];
  /** The base of the charge's keys: the same for every attempt at the same change (e.g. `extension-<change>`). */
  key: string;
  /** What the payment is for, as Stripe's dashboard and the renter's bank show it. */
  description: string;
  /** Authorised only, to be captured later (`capture-<key>`), or captured at once. */
  captureLater: boolean;
  now: Date;
}

export interface LaterChargeOutcome {
  chargeId: string;
  /** `failed`: the card was declined, the bank asked for authentication, or none was saved; the renter pays it. */
  status: PaymentStatus;
  failureReason: string | null;
}

const STATUS_OF: Record<SavedCardOutcome["state"], PaymentStatus> = {
  authorized: "authorized",
  captured: "captured",
  failed: "failed",
  // Stripe's `processing` (not for cards): its event moves the charge.
  processing: "unpaid",
};

/**
 * A charge added to a booking after checkout, paid with the card saved there without the renter: written with its
 * line items, then charged off-session. Idempotent by `key`: a second call finds the same charge, and charges it only
 * while nothing has come of it (the gateway looks for the first attempt's payment before making one).
 */
export async function chargeLater(
  context: Pick<AppLoadContext, "db" | "env">,
  origin: string,
  input: LaterChargeInput,
): Promise<LaterChargeOutcome> {
  const { db } = context;
  const amount = chargeTotals(input.items).payerTotal;
  if (amount < STRIPE_MINIMUM_CENTS) throw new RangeError(`A charge is at least ${STRIPE_MINIMUM_CENTS} cents`);
  const newId = crypto.randomUUID();
  const at = input.now.getTime();
  await db.batch([
    db.run(sql`
      insert into ${charges} (id, booking_id, purpose, payer_id, amount, status, idempotency_key, created_at, updated_at)
      select ${newId}, id, ${input.purpose}, renter_id, ${amount}, 'unpaid', ${input.key}, ${at}, ${at}
      from ${bookings} where id = ${input.bookingId}
      on conflict (idempotency_key) do nothing`),
    ...lineItemStatements(db, newId, input.items),
  ]);
  const columns = {
    id: charges.id,
    bookingId: charges.bookingId,
    purpose: charges.purpose,
    amount: charges.amount,
    status: charges.status,
    failureReason: charges.failureReason,
  };
  const byKey = eq(charges.idempotencyKey, input.key);
  const [charge] = await db.select(columns).from(charges).where(byKey);
  if (!charge) throw new Error(`No booking ${input.bookingId} to charge`);
  if (charge.bookingId !== input.bookingId || charge.purpose !== input.purpose || charge.amount !== amount) {
    throw new Error(`The key ${input.key} is another charge's`);
  }
  if (charge.status !== "unpaid") {
    return { chargeId: charge.id, status: charge.status, failureReason: charge.failureReason };
  }

  const gateway = getPaymentGateway(context.env, origin);
  const card = await bookingSavedCard(db, gateway, input.bookingId);
  const outcome: SavedCardOutcome = card
    ? await gateway.chargeSavedCard({
        chargeId: charge.id,
        chargeKey: input.key,
        bookingId: input.bookingId,
        ...card,
        amount,
        description: input.description,
        captureLater: input.captureLater,
      })
    : { state: "failed", intentId: null, failureReason: "no_saved_card" };
  // Its events may have moved it first; then they stand.
  await db
    .update(charges)
    .set({
      status: STATUS_OF[outcome.state],
      ...(outcome.intentId && { stripePaymentIntentId: outcome.intentId }),
      ...(card && { stripeCustomerId: card.customerId, stripePaymentMethodId: card.paymentMethodId }),
      failureReason: outcome.state === "failed" ? outcome.failureReason : null,
      updatedAt: input.now,
    })
    .where(and(eq(charges.id, charge.id), eq(charges.status, "unpaid")));
  const [now] = await db.select(columns).from(charges).where(byKey);
  return { chargeId: charge.id, status: now!.status, failureReason: now!.failureReason };
}
