// Charges (decision 035): each movement of a payer's money on a booking is a row of `charges` with its line items.
// A booking's rental charge is written with the booking (`rentalChargeStatements`, in the request's batch); its
// status is the booking's payment status (a trigger copies it), and its Stripe ids and idempotency key are its own.
// The gateway's keys are the charge's: `checkout-`, `capture-` and `release-` + `idempotency_key`.
import { and, asc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { bookingInsurance, bookings, chargeLineItems, charges } from "#db/schema";
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

/**
 * Writes the rental charge of a booking already written from its stored figures (the demo seed and tests write
 * bookings row by row), with the payment status and Stripe ids it has; the key is the booking's id, as for the
 * bookings made before charges (migration 0023). Nothing when it has one.
 */
export async function writeRentalChargeOf(
  db: Db,
  bookingId: string,
  stripe: { checkoutSessionId?: string | null; paymentIntentId?: string | null } = {},
) {
  const [row] = await db
    .select({
      renterId: bookings.renterId,
      totalAmount: bookings.totalAmount,
      pricingPeriod: bookings.pricingPeriod,
      totalDays: bookings.totalDays,
      dailyRate: bookings.dailyRate,
      periodCount: bookings.periodCount,
      periodPrice: bookings.periodPrice,
      extraDays: bookings.extraDays,
      subtotal: bookings.subtotal,
      insuranceCost: bookings.insuranceCost,
      insuranceDailyCost: bookingInsurance.dailyCost,
      platformFee: bookings.platformFee,
      paymentProcessorFee: bookings.paymentProcessorFee,
      depositAmount: bookings.depositAmount,
      paymentStatus: bookings.paymentStatus,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .leftJoin(bookingInsurance, eq(bookingInsurance.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`No booking ${bookingId}`);
  const chargeId = `rental-${bookingId}`;
  const inserted = await db
    .insert(charges)
    .values({
      id: chargeId,
      bookingId,
      purpose: "rental",
      payerId: row.renterId,
      amount: row.totalAmount,
      status: row.paymentStatus,
      idempotencyKey: bookingId,
      stripeCheckoutSessionId: stripe.checkoutSessionId ?? null,
      stripePaymentIntentId: stripe.paymentIntentId ?? null,
      createdAt: row.createdAt,
      updatedAt: row.createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: charges.id });
  if (inserted.length === 0) return;
  const items = rentalLineItems(row);
  if (items.length > 0) {
    await db.insert(chargeLineItems).values(items.map((item, position) => ({ ...item, chargeId, position })));
  }
}

/** A booking's rental payment as the gateway needs it: its payment intent and the base of its keys. */
export async function rentalPayment(db: Db, bookingId: string) {
  const [row] = await db
    .select({ intentId: charges.stripePaymentIntentId, key: charges.idempotencyKey })
    .from(charges)
    .where(rentalChargeOf(bookingId));
  return row ?? { intentId: null, key: bookingId };
}

/** Sets the Stripe ids of a booking's rental charge (the seed's and tests' payments made outside a checkout). */
export async function setRentalStripeIds(
  db: Db,
  bookingId: string,
  ids: { checkoutSessionId?: string | null; paymentIntentId?: string | null },
) {
  await db
    .update(charges)
    .set({
      ...(ids.checkoutSessionId !== undefined && { stripeCheckoutSessionId: ids.checkoutSessionId }),
      ...(ids.paymentIntentId !== undefined && { stripePaymentIntentId: ids.paymentIntentId }),
    })
    .where(rentalChargeOf(bookingId));
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
