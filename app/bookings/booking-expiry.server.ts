// The scheduled side of bookings (wrangler.toml's cron → app/jobs.server.ts):
// - a request the host has not answered in 24 hours expires and its card hold is released;
// - a checkout left unfinished for 2 hours (the payment window; its checkout sessions end then too) stops being a
//   request;
// - a card still held for a cancelled booking (a release that failed before) is released; refunds owed are sent by
//   trip-jobs.server.ts with the rest of the money after a booking;
// - a confirmed booking whose capture is not recorded 10 minutes after its confirm (Stripe did not answer, or its
//   answer was not written) is captured again under the same key: Stripe answers with the capture it made, or makes it
//   now, or refuses it as before, and the row that follows records which (docs/decisions/034, 2026-11-29).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, lt, notInArray } from "drizzle-orm";
import { bookings } from "#db/schema";
import { runEffects } from "~/bookings/booking-effects.server";
import { PAYMENT_WINDOW_MS, REQUEST_ANSWER_HOURS } from "~/bookings/booking-rules";
import { applyTransition } from "~/bookings/booking-transition.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { SETTLEMENT_COLUMNS, returnMoney } from "~/payments/settle.server";

const HOUR_MS = 3_600_000;
/**
 * How long after a confirm the job takes over its capture: a confirm's own capture may still be on its way before
 * that, and the job runs every 10 minutes.
 */
export const CAPTURE_RETRY_AFTER_MS = 10 * 60_000;

/** The lifecycle's rows `request_expired` and `checkout_abandoned` (docs/decisions/034), and the sweep of holds. */
export async function expireBookings(context: Pick<AppLoadContext, "db" | "env">, now: Date, origin: string) {
  const { db } = context;
  const gateway = getPaymentGateway(context.env, origin);
  const expired = await applyTransition(db, "request_expired", {
    which: lt(bookings.createdAt, new Date(now.getTime() - REQUEST_ANSWER_HOURS * HOUR_MS)),
    now,
  });
  const abandoned = await applyTransition(db, "checkout_abandoned", {
    which: lt(bookings.createdAt, new Date(now.getTime() - PAYMENT_WINDOW_MS)),
    now,
  });
  // The abandoned checkouts are ended; the expired requests' holds released and both parties told.
  await runEffects(context, [abandoned, expired], { origin, now, gateway });
  // Every other cancelled booking that still holds a card (a release that failed before).
  const owed = await db
    .select(SETTLEMENT_COLUMNS)
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "cancelled"),
        eq(bookings.paymentStatus, "authorized"),
        notInArray(
          bookings.id,
          expired.moved.map((row) => row.id),
        ),
      ),
    );
  await returnMoney(db, gateway, owed);
  const captures = await applyTransition(db, "capture_retried", {
    which: lt(bookings.confirmedAt, new Date(now.getTime() - CAPTURE_RETRY_AFTER_MS)),
    now,
  });
  const retried = await runEffects(context, captures, { origin, now, gateway });
  return {
    expired: expired.moved.length,
    abandoned: abandoned.moved.length,
    settled: expired.moved.length + owed.length,
    captured: captures.moved.length - retried.captureFailed.length - retried.captureOwed.length,
    captureFailed: retried.captureFailed.length,
  };
}
