// Charges (decision 035): each movement of a payer's money on a booking is a row of `charges` with its line items.
// A booking's rental charge is written with the booking (`rentalChargeStatements`, in the request's batch); its
// status is the booking's payment status (a trigger copies it), and its Stripe ids and idempotency key are its own.
// The gateway's keys are the charge's: `checkout-`, `capture-` and `release-` + `idempotency_key`.
import { and, asc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { bookings, chargeLineItems, charges } from "#db/schema";
import type { Db } from "~/db.server";
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
  const lines = items.map((item, position) =>
    db.run(sql`
      insert into ${chargeLineItems} (id, charge_id, code, quantity, unit_amount, amount, payer, receiver, position)
      select ${crypto.randomUUID()}, ${chargeId}, ${item.code}, ${item.quantity}, ${item.unitAmount}, ${item.amount},
        ${item.payer}, ${item.receiver}, ${position}
      where exists (select 1 from ${charges} where id = ${chargeId})`),
  );
  return { chargeId, statements: [charge, ...lines] as const };
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
  items: (LineItem & { position: number })[];
}

/** A booking's charges with their line items, oldest first: for its page and for admins. */
export async function findCharges(db: Db, bookingId: string): Promise<ChargeView[]> {
  const rows = await db
    .select({
      id: charges.id,
      purpose: charges.purpose,
      amount: charges.amount,
      status: charges.status,
      createdAt: charges.createdAt,
    })
    .from(charges)
    .where(eq(charges.bookingId, bookingId))
    .orderBy(asc(charges.createdAt), asc(charges.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({
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
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(chargeLineItems.position));
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
