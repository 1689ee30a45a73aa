// Every refund to a renter goes through here (decision 022). A refund is first written down (`owedRefund`), in the
// same batch as the change that owes it, so the change and the debt stand or fall together; then it is sent to
// Stripe (`sendRefunds`) under its own idempotency key, one per charge and kind, so a retry, a second click or a
// second job run can never refund twice. A refund Stripe refused or could not be reached for is `failed` and due
// again after a back-off; the scheduled job sends what is due (`sendDueRefunds`) and admins see what is stuck.
// The amounts come from app/pricing/refund-amounts.ts.
//
// A refund gives back (part of) one charge, sent against that charge's own payment; by default the booking's rental
// charge, keyed `refund-<booking>-<kind>` as before charges. A later charge's refund is keyed by the charge's key,
// and a refund of one line item by its position too (`ledgerRefundKey`, decision 035, 2026-11-29).
//
// Stripe accepts many refunds without making them yet (status `pending`): those are `processing` here, the money on
// its way, until Stripe's refund events (`applyRefundEvent`) or, when those go missing, a daily look at the refund
// (`reconcileProcessingRefunds`) say how it ended. A refund Stripe accepted and then could not make (a closed card) is
// `failed` with Stripe's reason and waits for an admin: the next attempt is a new refund, under a new key
// (`requestKey`), since the first key only ever finds the failed one (decision 022, 2026-11-28).
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { ChargePurpose, RefundKind } from "#db/enums";
import { chargeLineItems, charges, refunds, stripeEvents } from "#db/schema";
import type { Db } from "~/db.server";
import {
  REFUND_KEY_METADATA,
  refundOutcome,
  type PaymentGateway,
  type RefundOutcome,
  type StripeRefundObject,
} from "~/payments/gateway.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { attemptMovement, failedNotHeld, pendingOrDue, retryNow } from "~/payments/money-runner.server";
import { chargeOfLedgerRow, rentalChargeIdOf } from "~/payments/charges.server";
import {
  ledgerRefundKey,
  owedChargeRefund,
  refundKeyOf,
  type ChargeRefundInput,
} from "~/payments/charge-refunds.server";

/** The key of a refund of the booking's rental charge, as before charges (ledgerRefundKey for any charge). */
export const refundKey = (bookingId: string, kind: RefundKind) => refundKeyOf(bookingId, kind);

/**
 * How long a refund Stripe accepted may stay `processing` before the job asks Stripe how it stands (and again each
 * such interval while it still is): the refund's events normally say it sooner.
 */
export const PROCESSING_CHECK_MS = 24 * 60 * 60_000;

const REISSUE = /^(.+)-reissue-(\d+)$/;

/**
 * The idempotency key (and `refund_key` metadata) a refund is asked for under: the ledger's own key at first, then,
 * after each refund Stripe accepted and could not make, a key of its own. The ledger's key stays what it was, so a
 * row before the ledger (any other key) is still told by it and asked for as before (see `send`).
 */
export const requestKey = (idempotencyKey: string, reissues: number) =>
  reissues === 0 ? idempotencyKey : `${idempotencyKey}-reissue-${reissues}`;

/** The ledger's key and the reissue a request key names (the inverse of requestKey). */
export function parseRequestKey(key: string): { idempotencyKey: string; reissues: number } {
  const match = REISSUE.exec(key);
  return match ? { idempotencyKey: match[1]!, reissues: Number(match[2]) } : { idempotencyKey: key, reissues: 0 };
}

/**
 * The statement that writes a refund down, for the batch of the change that owes it; null when nothing is owed.
 * A second one of the same kind for the same charge (or line item) is ignored (the unique indexes), so only the
 * first counts. `onlyIf` is an SQL condition the insert also needs (e.g. that the status change in the same batch
 * took place). Without `chargeId` or `lineItemId` the refund is of the booking's rental charge, as every refund was
 * before charges; with them, of that charge (or line item), and written only while the amount is no more than is
 * left of it (pricing/refund-amounts.ts#lineItemRefund makes the amount; this keeps it true at the write).
 */
export function owedRefund(db: Db, input: ChargeRefundInput) {
  if (input.amount <= 0) return null;
  if (input.chargeId || input.lineItemId) return owedChargeRefund(db, input);
  const values = {
    id: input.id ?? crypto.randomUUID(),
    bookingId: input.bookingId,
    kind: input.kind,
    amount: input.amount,
    status: "pending" as const,
    idempotencyKey: refundKey(input.bookingId, input.kind),
    reason: input.reason ?? null,
    createdAt: input.now,
    // A refund named by its booking alone gives back part of the booking's rental charge (decision 035).
    chargeId: rentalChargeIdOf(input.bookingId),
  };
  if (!input.onlyIf) return db.insert(refunds).values(values).onConflictDoNothing();
  // INSERT ... SELECT ... WHERE: written only when the condition holds at that moment of the batch. The select's
  // values follow the table's columns in order (id … succeeded_at, reason, created_at, reissues, charge_id,
  // line_item_id).
  const v = values;
  return db
    .insert(refunds)
    .select(
      sql`select ${v.id}, ${v.bookingId}, ${v.kind}, ${v.amount}, ${v.status}, ${v.idempotencyKey}, 0, null, null, null, null, ${v.reason}, ${input.now.getTime()}, 0, ${v.chargeId}, null where ${input.onlyIf}`,
    )
    .onConflictDoNothing();
}

export interface SentRefund {
  id: string;
  bookingId: string;
  kind: RefundKind;
  amount: number;
  /** Stripe accepted it: made (`succeeded`) or on its way (`processing`). */
  ok: boolean;
  /** Where it stands after this attempt. */
  status: "succeeded" | "processing" | "failed";
  /** Held for an admin (Stripe accepted it and could not make it, or the job gave up) rather than due again. */
  held?: boolean;
  error?: string;
}

const REFUND_COLUMNS = {
  id: refunds.id,
  bookingId: refunds.bookingId,
  kind: refunds.kind,
  amount: refunds.amount,
  status: refunds.status,
  attempts: refunds.attempts,
  idempotencyKey: refunds.idempotencyKey,
  reissues: refunds.reissues,
  paymentIntentId: charges.stripePaymentIntentId,
  chargePurpose: charges.purpose,
  chargeKey: charges.idempotencyKey,
  linePosition: chargeLineItems.position,
};

/** Refunds with the charge (and line item) they give back: the payment they are sent against, their key's parts. */
const refundsToSend = (db: Db) =>
  db
    .select(REFUND_COLUMNS)
    .from(refunds)
    .innerJoin(charges, chargeOfLedgerRow(refunds))
    .leftJoin(chargeLineItems, eq(chargeLineItems.id, refunds.lineItemId));

/**
 * Sends the unsent refunds of these bookings now (after the change that owes them, or an admin's retry), whatever
 * their back-off: those never sent and those failed that are to be tried again. One on its way is not sent again, nor
 * one that waits for an admin (failed, nothing due: a refund Stripe accepted and could not make, or one the job gave
 * up on), which an admin's retry makes due first (`retryRefundNow`).
 */
export async function sendBookingRefunds(db: Db, gateway: PaymentGateway, bookingIds: string[], now = new Date()) {
  if (bookingIds.length === 0) return [];
  const rows = await refundsToSend(db)
    .where(and(inArray(refunds.bookingId, bookingIds), or(eq(refunds.status, "pending"), failedNotHeld(refunds))))
    .orderBy(asc(refunds.createdAt));
  return send(db, gateway, rows, now);
}

/** The scheduled job: sends every refund not yet made whose back-off is over. */
export async function sendDueRefunds(db: Db, gateway: PaymentGateway, now: Date) {
  const rows = await refundsToSend(db).where(pendingOrDue(refunds, now)).orderBy(asc(refunds.createdAt)).limit(100);
  return send(db, gateway, rows, now);
}

async function send(
  db: Db,
  gateway: PaymentGateway,
  rows: Array<{
    id: string;
    bookingId: string;
    kind: RefundKind;
    amount: number;
    attempts: number;
    idempotencyKey: string;
    reissues: number;
    paymentIntentId: string | null;
    chargePurpose: ChargePurpose;
    chargeKey: string;
    linePosition: number | null;
  }>,
  now: Date,
): Promise<SentRefund[]> {
  const sent: SentRefund[] = [];
  for (const row of rows) {
    const base = { id: row.id, bookingId: row.bookingId, kind: row.kind, amount: row.amount };
    // A refund owed from before the ledger (migration 0016) keeps the key its earlier attempts used, and their
    // request: the whole payment, without an amount. Stripe answers a key reused with other parameters with an
    // error, never with the refund it already made, so asking again differently would fail for good. Once such a
    // refund failed after Stripe accepted it, the next one is new (a key of its own) and asks for the amount owed.
    const ledgerKey = ledgerRefundKey({
      bookingId: row.bookingId,
      kind: row.kind,
      charge: { purpose: row.chargePurpose, idempotencyKey: row.chargeKey },
      linePosition: row.linePosition,
    });
    const legacy = row.reissues === 0 && row.idempotencyKey !== ledgerKey;
    const result = await attemptMovement(db, now, {
      ledger: refunds,
      // Written only while the refund is still this one: not made meanwhile, and not moved to a new key by Stripe's
      // event about the refund this request made (which may arrive before Stripe's answer does).
      stillThis: and(
        eq(refunds.id, row.id),
        inArray(refunds.status, ["pending", "failed"]),
        eq(refunds.reissues, row.reissues),
      )!,
      attempts: row.attempts,
      what: "refund",
      id: row.id,
      send: async () => {
        if (!row.paymentIntentId) throw new Error("The booking has no payment to refund");
        return gateway.refund(row.paymentIntentId, {
          ...(!legacy && { amount: row.amount }),
          idempotencyKey: requestKey(row.idempotencyKey, row.reissues),
        });
      },
      // Stripe took the request and answered with a refund that failed (or one it made under this key earlier that
      // failed since): the same request would find it again, and a new one would fail as this did.
      sent: (outcome) =>
        outcome.state === "failed"
          ? { set: failedAfterAccepted(outcome), held: outcome.failureReason ?? "failed" }
          : { set: madeOrOnItsWay(outcome, now) },
    });
    if (result.ok) sent.push({ ...base, ok: true, status: result.value.state as "succeeded" | "processing" });
    else sent.push({ ...base, ok: false, status: "failed", error: result.error, held: result.held });
  }
  return sent;
}

/** The columns of a refund Stripe made, or accepted and has yet to make (checked on again after a while). */
function madeOrOnItsWay(outcome: RefundOutcome, now: Date) {
  return outcome.state === "succeeded"
    ? { status: "succeeded" as const, stripeRefundId: outcome.refundId, succeededAt: now, nextAttemptAt: null }
    : {
        status: "processing" as const,
        stripeRefundId: outcome.refundId,
        nextAttemptAt: new Date(now.getTime() + PROCESSING_CHECK_MS),
      };
}

/**
 * The columns of a refund Stripe accepted and then could not make: failed with Stripe's reason, nothing due (an
 * admin decides: a closed card fails again, the renter may need to be asked for another way), and the next attempt
 * under a key of its own. The failed refund's id stays, for the admins' page, until a new one is made.
 */
function failedAfterAccepted(outcome: RefundOutcome) {
  return {
    status: "failed" as const,
    stripeRefundId: outcome.refundId,
    succeededAt: null,
    lastError: (outcome.failureReason ?? "unknown").slice(0, 500),
    nextAttemptAt: null,
    reissues: sql`${refunds.reissues} + 1`,
  };
}

/** Which ledger row a Stripe refund is (by the key in its metadata, else by its id) and under which reissue. */
function ledgerRowOf(refund: RefundOutcome & { key: string | null }): SQL {
  if (refund.key) {
    const { idempotencyKey, reissues } = parseRequestKey(refund.key);
    return and(eq(refunds.idempotencyKey, idempotencyKey), eq(refunds.reissues, reissues))!;
  }
  // A refund asked for without metadata (before the ledger) is only ever the row's first request.
  return and(eq(refunds.stripeRefundId, refund.refundId), eq(refunds.reissues, 0))!;
}

/**
 * The statement that applies what Stripe says of one of our refunds, or null when it changes nothing. Stripe's
 * refunds only move forward (pending → succeeded → failed, or pending → failed / canceled; a failed or canceled
 * refund never moves again), so neither an event delivered late nor a repeated one moves a row back:
 * - on its way: a row not yet sent (or whose request's answer was lost) becomes `processing`; a made one stays made;
 * - made: the row is `succeeded`, dated now;
 * - failed or canceled (Stripe's last word, even after it said succeeded: a card refund can fail days later): the
 *   row is `failed` with the reason and moves to its next key, so any later event about this refund, which names the
 *   old key, finds nothing to change.
 */
export function refundStateUpdate(db: Db, refund: RefundOutcome & { key: string | null }, now: Date) {
  const row = ledgerRowOf(refund);
  switch (refund.state) {
    case "processing":
      return db
        .update(refunds)
        .set(madeOrOnItsWay(refund, now))
        .where(and(row, inArray(refunds.status, ["pending", "failed"])))
        .returning({ id: refunds.id, bookingId: refunds.bookingId, status: refunds.status });
    case "succeeded":
      return db
        .update(refunds)
        .set({ ...madeOrOnItsWay(refund, now), lastError: null })
        .where(and(row, ne(refunds.status, "succeeded")))
        .returning({ id: refunds.id, bookingId: refunds.bookingId, status: refunds.status });
    case "failed":
      return db
        .update(refunds)
        .set(failedAfterAccepted(refund))
        .where(row)
        .returning({ id: refunds.id, bookingId: refunds.bookingId, status: refunds.status });
  }
}

/** The Stripe refund events the ledger follows (`refund.failed` from API version 2024-10-28 on). */
export const REFUND_EVENT_TYPES = new Set([
  "refund.created",
  "refund.updated",
  "refund.failed",
  "charge.refund.updated",
]);

/** A Stripe refund event's refund, as the ledger reads it. */
export function refundOfEvent(object: Record<string, unknown>) {
  if (object.object !== "refund" || typeof object.id !== "string") return null;
  const refund = object as unknown as StripeRefundObject;
  const key = refund.metadata?.[REFUND_KEY_METADATA];
  return { ...refundOutcome(refund), key: typeof key === "string" && key !== "" ? key : null };
}

export interface RefundEventResult {
  result: "handled" | "duplicate" | "ignored";
  /** The ledger's row the event changed, and its status now. */
  changed: { id: string; bookingId: string; status: string }[];
}

/**
 * Applies a Stripe refund event to the ledger, once: the event's id is recorded in the batch of its change (as for
 * payment events, app/payments/fulfilment.server.ts), so a replay changes nothing.
 */
export async function applyRefundEvent(
  db: Db,
  event: { id: string; type: string; data: { object: Record<string, unknown> } },
  now = new Date(),
): Promise<RefundEventResult> {
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { result: "duplicate", changed: [] };
  const refund = REFUND_EVENT_TYPES.has(event.type) ? refundOfEvent(event.data.object) : null;
  const record = db.insert(stripeEvents).values({ id: event.id, type: event.type, createdAt: now });
  if (!refund) {
    await record.onConflictDoNothing();
    return { result: "ignored", changed: [] };
  }
  let changed;
  try {
    [, changed] = await db.batch([record, refundStateUpdate(db, refund, now)]);
  } catch (error) {
    if (isUniqueViolation(error, "stripe_events.id")) return { result: "duplicate", changed: [] };
    throw error;
  }
  return { result: changed.length > 0 ? "handled" : "ignored", changed };
}

/**
 * The job's look at refunds Stripe accepted a day or more ago and whose outcome no event brought: each is read from
 * Stripe and moved as its event would have moved it; one still on its way is looked at again a day later.
 */
export async function reconcileProcessingRefunds(db: Db, gateway: PaymentGateway, now: Date) {
  const rows = await db
    .select({ id: refunds.id, stripeRefundId: refunds.stripeRefundId, reissues: refunds.reissues })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "processing"),
        isNotNull(refunds.stripeRefundId),
        or(isNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(100);
  const results: { id: string; status: "succeeded" | "processing" | "failed" | "unknown" }[] = [];
  for (const row of rows) {
    try {
      const refund = await gateway.retrieveRefund(row.stripeRefundId!);
      if (!refund) {
        results.push({ id: row.id, status: "unknown" });
        continue;
      }
      // The row itself, whatever the refund's metadata says: it is the refund this row recorded.
      const mine = and(eq(refunds.id, row.id), eq(refunds.reissues, row.reissues));
      if (refund.state === "processing") {
        await db
          .update(refunds)
          .set({ nextAttemptAt: new Date(now.getTime() + PROCESSING_CHECK_MS) })
          .where(and(mine, eq(refunds.status, "processing")));
      } else if (refund.state === "succeeded") {
        await db
          .update(refunds)
          .set(madeOrOnItsWay(refund, now))
          .where(and(mine, eq(refunds.status, "processing")));
      } else {
        await db
          .update(refunds)
          .set(failedAfterAccepted(refund))
          .where(and(mine, eq(refunds.status, "processing")));
      }
      results.push({ id: row.id, status: refund.state });
    } catch (error) {
      console.error(
        "refund not reconciled; the job looks again",
        row.id,
        error instanceof Error ? error.message : error,
      );
      // Not every ten minutes while Stripe is away: in an hour.
      await db
        .update(refunds)
        .set({ nextAttemptAt: new Date(now.getTime() + 60 * 60_000) })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, "processing")));
      results.push({ id: row.id, status: "unknown" });
    }
  }
  return results;
}

/** A booking's refunds, for its page and for admins. */
export async function findRefunds(db: Db, bookingId: string) {
  return db
    .select({
      id: refunds.id,
      kind: refunds.kind,
      amount: refunds.amount,
      status: refunds.status,
      attempts: refunds.attempts,
      lastError: refunds.lastError,
      nextAttemptAt: refunds.nextAttemptAt,
      succeededAt: refunds.succeededAt,
      reissues: refunds.reissues,
      createdAt: refunds.createdAt,
      chargeId: refunds.chargeId,
      lineItemId: refunds.lineItemId,
    })
    .from(refunds)
    .where(eq(refunds.bookingId, bookingId))
    .orderBy(asc(refunds.createdAt));
}

/** Makes a failed refund due now (an admin's "retry"); true when there was one to retry. */
export async function retryRefundNow(db: Db, refundId: string, now: Date) {
  const rows = await retryNow(db, refunds, eq(refunds.id, refundId), now).returning({ bookingId: refunds.bookingId });
  return rows[0] ?? null;
}
