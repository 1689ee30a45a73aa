// The one runner of a transition's effects (docs/decisions/034): what the lifecycle's row says happens after its
// move, in the row's order, through the money modules as they are (payments/gateway.server.ts, refunds.server.ts,
// settle.server.ts) and the notices (booking-notices.server.ts). A failure of money is left to the scheduled sweeps as
// before (a hold not released, a refund not sent). A capture is asked for first and recorded after, each a step of its
// own: taken, the row `rental_captured` records it; refused, the row `capture_failed` ends the booking and its own
// effects run in its place; unanswered, or taken and not recorded, the booking stays confirmed with its card held,
// which the job's row `capture_retried` mends under the same key. Notices are sent once, after all the money, in the
// order the effects name them. Money goes down from here, never back: payments import nothing of bookings.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { bookings } from "#db/schema";
import type { Effect, Notify } from "~/bookings/lifecycle-shape";
import { sendBookingNotices, type BookingNotice } from "~/bookings/booking-notices.server";
import { applyTransition, type AppliedTransition, type MovedBooking } from "~/bookings/booking-transition.server";
import { captureAnswer } from "~/payments/capture-answer";
import { getPaymentGateway, type PaymentGateway } from "~/payments/gateway.server";
import { sendBookingRefunds } from "~/payments/refunds.server";
import { returnMoney } from "~/payments/settle.server";

type Context = Pick<AppLoadContext, "db" | "env">;

export interface EffectsRun {
  /** The bookings whose capture was refused (each ended by `capture_failed`). */
  captureFailed: string[];
  /** The bookings whose capture is still owed (unanswered, or taken and not recorded): the job asks again. */
  captureOwed: string[];
  /** The notices sent. */
  notices: BookingNotice[];
}

/** What a notice's condition reads of one moved booking; `refundSent` is learnt as its effects run. */
interface Facts {
  wasPaid: boolean;
  refundOwed: boolean;
  refundSent: boolean;
  late: boolean;
}

/** A notice of the table, for one booking, if its condition holds. */
function noticeOf(effect: Notify, bookingId: string, facts: Facts) {
  if (effect.if === "was_paid" && !facts.wasPaid) return null;
  if (effect.if === "refund_owed" && !facts.refundOwed) return null;
  if (effect.if === "refund_sent" && !facts.refundSent) return null;
  const template = facts.late && effect.lateTemplate ? effect.lateTemplate : effect.template;
  const notice: BookingNotice = { bookingId, type: effect.type, to: effect.to };
  if (effect.email) notice.email = true;
  if (effect.inApp === false) notice.inApp = false;
  if (template) notice.template = template;
  return notice;
}

/**
 * Carries out what applied transitions left to do (a job's run hands all of its own at once), for every booking each
 * moved, then for the requests a confirm declined. `late`: a check-out recorded after the return deadline (the
 * check-out's notice names it).
 */
export async function runEffects(
  context: Context,
  applied: AppliedTransition | AppliedTransition[],
  options: { origin: string; now: Date; late?: boolean; gateway?: PaymentGateway },
): Promise<EffectsRun> {
  const gateway = options.gateway ?? getPaymentGateway(context.env, options.origin);
  const run: EffectsRun = { captureFailed: [], captureOwed: [], notices: [] };
  for (const one of Array.isArray(applied) ? applied : [applied]) {
    await carryOut(context, gateway, one, options, run);
    if (one.overlapped) await carryOut(context, gateway, one.overlapped, options, run);
  }
  await sendBookingNotices(context, run.notices, options.origin, options.now);
  return run;
}

async function carryOut(
  context: Context,
  gateway: PaymentGateway,
  applied: AppliedTransition,
  options: { origin: string; now: Date; late?: boolean },
  run: EffectsRun,
) {
  for (const moved of applied.moved) {
    const facts: Facts = {
      wasPaid: (applied.seen?.paymentStatus ?? moved.paymentStatus) !== "unpaid",
      refundOwed: applied.refundOwed,
      refundSent: false,
      late: options.late === true,
    };
    for (const effect of applied.effects) {
      if ((effect.do === "refund_by_policy" || effect.do === "settle_deposit") && !applied.refundOwed) continue;
      const outcome = await carryOutOne(context, gateway, effect, moved, options);
      if (outcome === "capture_failed") {
        run.captureFailed.push(moved.id);
        // The hold could not be taken (expired, or the card refused): the booking cannot stand. Should this write
        // fail, the booking stays confirmed with its card held, and the job's retry meets the same refusal.
        const failed = await applyTransition(context.db, "capture_failed", {
          which: eq(bookings.id, moved.id),
          now: options.now,
        });
        await carryOut(context, gateway, failed, options, run);
        break;
      }
      if (outcome === "capture_owed") run.captureOwed.push(moved.id);
      if (outcome === "refund_sent") facts.refundSent = true;
      if (effect.do === "notify") {
        const notice = noticeOf(effect, moved.id, facts);
        if (notice) run.notices.push(notice);
      }
    }
  }
}

type Outcome = "done" | "capture_failed" | "capture_owed" | "refund_sent";

/**
 * The capture, then its record, in that order and apart: Stripe is asked under the charge's one key, and only a
 * capture it took is written (`rental_captured`, which holds the deposit). A failure between the two leaves the
 * booking confirmed with its card held — never cancelled with the money taken — for `capture_retried` to mend.
 */
async function captureRental(context: Context, gateway: PaymentGateway, moved: MovedBooking, now: Date) {
  try {
    await gateway.capture(moved.stripePaymentIntentId ?? "", moved.chargeKey ?? moved.id);
  } catch (error) {
    const answer = captureAnswer(error);
    if (answer === "refused") {
      console.error("capture failed", moved.id, error);
      return "capture_failed";
    }
    if (answer === "unknown") {
      console.error("capture not answered; the scheduled job asks again", moved.id, error);
      return "capture_owed";
    }
  }
  try {
    await applyTransition(context.db, "rental_captured", { which: eq(bookings.id, moved.id), now });
  } catch (error) {
    console.error("capture taken and not recorded; the scheduled job records it", moved.id, error);
    return "capture_owed";
  }
  return "done";
}

async function carryOutOne(
  context: Context,
  gateway: PaymentGateway,
  effect: Effect,
  moved: MovedBooking,
  options: { now: Date },
): Promise<Outcome> {
  const { db } = context;
  switch (effect.do) {
    case "capture_rental":
      return captureRental(context, gateway, moved, options.now);
    case "refund_by_policy":
      // Written down with the move (booking-transition.server.ts); sent now, retried by the job if it fails.
      await sendBookingRefunds(db, gateway, [moved.id], options.now);
      return "done";
    case "settle_deposit": {
      // The renter's part of the deposit, written down with the move; sent now, retried by the job if it fails.
      const sent = await sendBookingRefunds(db, gateway, [moved.id], options.now);
      return sent.some((refund) => refund.ok && refund.kind === "deposit") ? "refund_sent" : "done";
    }
    case "expire_checkout":
      // A checkout still open must not take the money of a closed request; should it complete anyway, fulfilment
      // sees the cancelled booking and releases the hold.
      if ((moved.paymentStatus === "unpaid" || moved.paymentStatus === "failed") && moved.checkoutSessionId) {
        await gateway.expireCheckout(moved.checkoutSessionId).catch((error) => console.error("expire checkout", error));
      }
      return "done";
    case "release_hold":
      await returnMoney(db, gateway, [moved]);
      return "done";
    // Written with the move; or carried out by the payouts' job.
    case "hold_deposit":
    case "decline_overlapping":
    case "count_booking":
    case "return_deposit":
    case "count_completed_trip":
    case "open_claim_window":
    case "transfer":
    case "notify":
      return "done";
  }
}
