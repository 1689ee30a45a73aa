// What a row of the booking's lifecycle table says (docs/decisions/034; the table is booking-lifecycle.ts): who
// starts it, where it starts and ends, its guard, what it stamps, and its effects in order.
import type { BOOKING_CANCEL_REASONS, BookingStatus, DepositStatus, PaymentStatus, TripRecordKind } from "#db/enums";
import type { BookingEmailTemplate, BookingNoticeType } from "~/bookings/booking-notices.server";
import type { BookingAction } from "~/bookings/booking-rules";

export type LifecycleActor = "host" | "renter" | "admin" | "system" | "payment";
export type CancelReason = (typeof BOOKING_CANCEL_REASONS)[number];

/** When an effect takes place only for some of the bookings a row moves (read when the transition was applied). */
export type EffectCondition =
  /** The request had been paid for (its card held or charged): the host had heard of it. */
  | "was_paid"
  /** The transition wrote a refund down (refund_by_policy found something captured to give back). */
  | "refund_owed"
  /** The refund the transition wrote down went through when the runner sent it (made, or on its way). */
  | "refund_sent";

export interface Notify {
  do: "notify";
  to: "renter" | "host" | "both";
  type: BookingNoticeType;
  email?: true;
  /** The notification is not shown in the app (the person did it themselves and is on the page). */
  inApp?: false;
  template?: BookingEmailTemplate;
  /** The template used instead for a check-out recorded after the return deadline (trip-rules.ts). */
  lateTemplate?: BookingEmailTemplate;
  if?: EffectCondition;
}

/**
 * What a transition does besides moving the state, in order. Some are written in the same batch as the state
 * (`WITH_THE_WRITE`), so the state and what it owes cannot exist one without the other; the rest are carried out
 * after the write by the runner.
 */
export type Effect =
  /** The pending requests over the same days are declined (transition `overlapped`), in the confirm's batch. */
  | { do: "decline_overlapping" }
  /** The car's count of confirmed bookings, in the batch. */
  | { do: "count_booking" }
  /**
   * The held card is charged for the whole booking, under the charge's one key (`capture-<charge key>`); taken, the
   * row `rental_captured` records it; refused, the row `capture_failed` follows; unanswered or not recorded, the
   * booking stays confirmed with its card held, and the scheduled job's row `capture_retried` asks again.
   */
  | { do: "capture_rental" }
  /** With the capture recorded: the deposit, paid with the rest, is held until the trip is settled (decision 022). */
  | { do: "hold_deposit" }
  /** What the cancellation policy gives back of a captured payment is written down as owed, then sent. */
  | { do: "refund_by_policy" }
  /** A held deposit is no longer held: it goes back within the policy's refund. */
  | { do: "return_deposit" }
  /**
   * The deposit is split by what a claim kept (all of it back when none: pricing/refund-amounts.ts#depositSettlement);
   * its state and the part kept are written by the move, the renter's part written down as owed, then sent.
   */
  | { do: "settle_deposit" }
  /** A checkout still open for the request is ended, so it cannot take the money of a closed request. */
  | { do: "expire_checkout" }
  /** A card still only held is let go. */
  | { do: "release_hold" }
  /** The host's completed trips and earnings, in the batch. */
  | { do: "count_completed_trip" }
  /** The claim window: from the check-out (never later than the return deadline), or closed now without one. */
  | { do: "open_claim_window" }
  /** The host's share is moved to their Connect account (app/payouts). */
  | { do: "transfer" }
  | Notify;

export type EffectName = Effect["do"];

/**
 * The effects written in the batch of the state change itself; the rest run after it. A refund by the policy and a
 * deposit's settlement are both: written down with the move, sent after it.
 */
export const WITH_THE_WRITE: ReadonlySet<EffectName> = new Set([
  "decline_overlapping",
  "count_booking",
  "hold_deposit",
  "refund_by_policy",
  "return_deposit",
  "settle_deposit",
  "count_completed_trip",
  "open_claim_window",
]);

export interface LifecycleTransition {
  name: string;
  actor: LifecycleActor;
  /** The button a person presses (booking-rules.ts#BOOKING_ACTIONS); none for a deadline or a payment event. */
  action?: BookingAction;
  from: BookingStatus;
  to: BookingStatus;
  /** Guard: the payment states it may start from (any when absent). */
  payment?: readonly PaymentStatus[];
  /** The payment state it leaves (unchanged when absent). */
  paymentTo?: PaymentStatus;
  /** Guard: the deposit states it may start from (any when absent). */
  deposit?: readonly DepositStatus[];
  /**
   * The deposit state it leaves: a state, or the split of what a claim kept (the transition's `kept`). `held` is left
   * only where the booking has a deposit (hold_deposit).
   */
  depositTo?: DepositStatus | "split";
  /** Guard: allowed only while this end of the trip's window is open (trip-rules.ts#recordWindow). */
  window?: TripRecordKind;
  /**
   * Taken only on the booking's own cancel page (/bookings/{id}/cancel), which shows what the cancellation gives back
   * before its button and cancels only for that figure (cancel-booking.server.ts); My Bookings links there.
   */
  onItsPage?: true;
  /** Guard of a deadline or an event, in words: the job or the event handler that applies the row checks it. */
  at?: string;
  cancelReason?: CancelReason;
  /** The moment column stamped with the time of the transition. */
  stamp?: "confirmedAt" | "cancelledAt" | "completedAt";
  /** A flag set once: the write needs it unset, and sets it to the time of the transition. */
  once?: "checkInOverdueAt" | "checkOutOverdueAt";
  effects: readonly Effect[];
}
