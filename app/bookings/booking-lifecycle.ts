// A booking's whole life as one table (docs/decisions/034): every change of its state — a person's button, a job's
// deadline, a payment event — is a row with its actor, where it starts and ends (the status, and the payment and
// deposit states where it moves them), its guard, and its effects in order. Sharetribe's process.edn is the model.
//
// The table is data the browser can load: the pages ask it which buttons to show (booking-rules.ts#findTransition).
// booking-transition.server.ts is the one function that writes a status, from a row; booking-effects.server.ts is
// the one runner that carries out a row's effects, through the existing money and notice modules. The effects are
// named by what they do to money, not by which gateway call makes it, so charges can be re-pointed without the table
// changing.
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
  | "refund_owed";

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
  /** The held card is charged for the whole booking; if it cannot be, transition `capture_failed` follows. */
  | { do: "capture_rental" }
  /** With the capture: the deposit, paid with the rest, is held until the trip is settled (decision 022). */
  | { do: "hold_deposit" }
  /** What the cancellation policy gives back of a captured payment is written down as owed, then sent. */
  | { do: "refund_by_policy" }
  /** A held deposit is no longer held: it goes back within the policy's refund. */
  | { do: "return_deposit" }
  /** The deposit is split by what a claim kept (all of it back when none); the renter's part owed, then sent. */
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
  /** The deposit state it leaves: a state, or the split of what a claim kept (deposit.server.ts). */
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

const notify = (to: Notify["to"], type: BookingNoticeType, more: Omit<Notify, "do" | "to" | "type"> = {}): Notify => ({
  do: "notify",
  to,
  type,
  ...more,
});

/** A confirm's effects before its notices: the host's and instant book's alike. */
const CONFIRMING = [
  { do: "decline_overlapping" },
  { do: "count_booking" },
  { do: "capture_rental" },
  { do: "hold_deposit" },
] as const satisfies readonly Effect[];

/** The renter's cancellation, of a request or a confirmed booking: the host hears once the card was held. */
const RENTER_CANCELLED = [
  notify("host", "booking_cancelled", { email: true, if: "was_paid" }),
  notify("renter", "booking_cancelled", {
    email: true,
    inApp: false,
    template: "booking_cancelled_by_you",
    if: "refund_owed",
  }),
] as const satisfies readonly Effect[];

const CHECKED_IN = [notify("both", "trip_check_in", { email: true })] as const satisfies readonly Effect[];

const CHECKED_OUT = [
  { do: "open_claim_window" },
  { do: "count_completed_trip" },
  notify("both", "trip_check_out", { email: true, lateTemplate: "trip_check_out_late" }),
] as const satisfies readonly Effect[];

/** A booking's whole life. Person rows first, in the order the pages show their buttons. */
export const LIFECYCLE = [
  // ---------------------------------------------------------------------------------------------- a person's button
  {
    name: "confirm",
    actor: "host",
    action: "confirm",
    from: "pending",
    to: "confirmed",
    payment: ["authorized"],
    stamp: "confirmedAt",
    effects: [...CONFIRMING, notify("renter", "booking_confirmed", { email: true })],
  },
  {
    name: "decline",
    actor: "host",
    action: "decline",
    from: "pending",
    to: "cancelled",
    payment: ["authorized"],
    cancelReason: "declined",
    stamp: "cancelledAt",
    effects: [{ do: "release_hold" }, notify("renter", "booking_declined", { email: true })],
  },
  {
    name: "renter_cancels_request",
    actor: "renter",
    action: "cancel",
    from: "pending",
    to: "cancelled",
    cancelReason: "cancelled_by_renter",
    stamp: "cancelledAt",
    effects: [{ do: "refund_by_policy" }, { do: "expire_checkout" }, { do: "release_hold" }, ...RENTER_CANCELLED],
  },
  {
    name: "host_checks_in",
    actor: "host",
    action: "check_in",
    from: "confirmed",
    to: "active",
    payment: ["captured"],
    window: "check_in",
    effects: CHECKED_IN,
  },
  {
    name: "renter_checks_in",
    actor: "renter",
    action: "check_in",
    from: "confirmed",
    to: "active",
    payment: ["captured"],
    window: "check_in",
    effects: CHECKED_IN,
  },
  {
    name: "host_cancels",
    actor: "host",
    action: "cancel",
    from: "confirmed",
    to: "cancelled",
    onItsPage: true,
    cancelReason: "cancelled_by_host",
    stamp: "cancelledAt",
    effects: [
      { do: "refund_by_policy" },
      { do: "return_deposit" },
      { do: "release_hold" },
      notify("renter", "booking_cancelled", { email: true }),
    ],
  },
  {
    name: "renter_cancels",
    actor: "renter",
    action: "cancel",
    from: "confirmed",
    to: "cancelled",
    onItsPage: true,
    cancelReason: "cancelled_by_renter",
    stamp: "cancelledAt",
    effects: [{ do: "refund_by_policy" }, { do: "return_deposit" }, { do: "release_hold" }, ...RENTER_CANCELLED],
  },
  {
    name: "host_checks_out",
    actor: "host",
    action: "check_out",
    from: "active",
    to: "completed",
    window: "check_out",
    stamp: "completedAt",
    effects: CHECKED_OUT,
  },
  {
    name: "renter_checks_out",
    actor: "renter",
    action: "check_out",
    from: "active",
    to: "completed",
    window: "check_out",
    stamp: "completedAt",
    effects: CHECKED_OUT,
  },
  // ------------------------------------------------------------------------------------------------ payment events
  {
    name: "payment_authorised",
    actor: "payment",
    from: "pending",
    to: "pending",
    payment: ["unpaid", "failed"],
    paymentTo: "authorized",
    at: "checkout completed (the card is held)",
    effects: [notify("host", "booking_requested", { email: true })],
  },
  {
    name: "instant_confirm",
    actor: "payment",
    from: "pending",
    to: "confirmed",
    payment: ["authorized"],
    at: "card held on an instant-book listing",
    stamp: "confirmedAt",
    effects: [
      ...CONFIRMING,
      notify("renter", "booking_confirmed", { email: true, template: "booking_instant_confirmed" }),
      notify("host", "booking_confirmed", { email: true, template: "booking_instant_host" }),
    ],
  },
  {
    name: "instant_taken",
    actor: "payment",
    from: "pending",
    to: "cancelled",
    payment: ["authorized"],
    at: "instant booking whose days were taken or blocked meanwhile",
    cancelReason: "overlapped",
    stamp: "cancelledAt",
    effects: [
      { do: "release_hold" },
      notify("renter", "booking_declined", { email: true, template: "booking_instant_taken" }),
      notify("host", "booking_cancelled"),
    ],
  },
  {
    name: "checkout_failed",
    actor: "payment",
    from: "pending",
    to: "cancelled",
    payment: ["unpaid"],
    paymentTo: "failed",
    at: "checkout expired or its payment failed",
    cancelReason: "payment_failed",
    stamp: "cancelledAt",
    effects: [],
  },
  {
    name: "hold_lapsed",
    actor: "payment",
    from: "pending",
    to: "cancelled",
    payment: ["unpaid", "authorized"],
    paymentTo: "released",
    at: "the card's hold was let go (about 7 days)",
    cancelReason: "expired",
    stamp: "cancelledAt",
    effects: [notify("both", "booking_expired", { email: true })],
  },
  {
    name: "capture_failed",
    actor: "payment",
    from: "confirmed",
    to: "cancelled",
    at: "the confirm's capture was refused",
    cancelReason: "payment_failed",
    stamp: "cancelledAt",
    effects: [
      { do: "release_hold" },
      notify("renter", "booking_cancelled", { email: true, template: "booking_payment_failed" }),
    ],
  },
  // ----------------------------------------------------------------------------------------- the system's deadlines
  {
    name: "overlapped",
    actor: "system",
    from: "pending",
    to: "cancelled",
    at: "another request for the same days was confirmed",
    cancelReason: "overlapped",
    stamp: "cancelledAt",
    effects: [{ do: "release_hold" }, notify("renter", "booking_declined", { email: true })],
  },
  {
    name: "checkout_abandoned",
    actor: "system",
    from: "pending",
    to: "cancelled",
    payment: ["unpaid"],
    paymentTo: "failed",
    at: "created + 2 h, still unpaid",
    cancelReason: "payment_failed",
    stamp: "cancelledAt",
    effects: [{ do: "expire_checkout" }],
  },
  {
    name: "request_expired",
    actor: "system",
    from: "pending",
    to: "cancelled",
    payment: ["authorized"],
    at: "created + 24 h, unanswered",
    cancelReason: "expired",
    stamp: "cancelledAt",
    effects: [
      { do: "release_hold" },
      notify("renter", "booking_expired", { email: true }),
      notify("host", "booking_expired", { email: true }),
    ],
  },
  {
    name: "check_in_overdue",
    actor: "system",
    from: "confirmed",
    to: "confirmed",
    at: "start + 24 h, no check-in",
    once: "checkInOverdueAt",
    effects: [notify("both", "trip_check_in_overdue", { email: true })],
  },
  {
    name: "check_out_overdue",
    actor: "system",
    from: "active",
    to: "active",
    at: "end + 24 h, no check-out",
    once: "checkOutOverdueAt",
    effects: [notify("both", "trip_check_out_overdue", { email: true })],
  },
  {
    name: "auto_complete",
    actor: "system",
    from: "active",
    to: "completed",
    at: "end + 48 h, no check-out",
    stamp: "completedAt",
    effects: [
      { do: "open_claim_window" },
      { do: "count_completed_trip" },
      notify("both", "trip_auto_completed", { email: true }),
    ],
  },
  {
    name: "deposit_unclaimed",
    actor: "system",
    from: "completed",
    to: "completed",
    deposit: ["held"],
    depositTo: "returned",
    at: "claim window closed, no claim",
    effects: [{ do: "settle_deposit" }],
  },
  // ---------------------------------------------------------------------------------------------- the deposit's claim
  {
    name: "claim_filed",
    actor: "host",
    from: "completed",
    to: "completed",
    deposit: ["held"],
    depositTo: "claimed",
    at: "within the claim window",
    effects: [notify("renter", "claim_filed", { email: true })],
  },
  {
    name: "claim_accepted",
    actor: "renter",
    from: "completed",
    to: "completed",
    deposit: ["claimed"],
    depositTo: "split",
    at: "within 72 h of the claim",
    effects: [{ do: "settle_deposit" }, notify("host", "claim_answered", { email: true })],
  },
  {
    name: "claim_lapsed",
    actor: "system",
    from: "completed",
    to: "completed",
    deposit: ["claimed"],
    depositTo: "split",
    at: "claim + 72 h, unanswered",
    effects: [{ do: "settle_deposit" }, notify("both", "claim_decided", { email: true, template: "claim_lapsed" })],
  },
  {
    name: "claim_decided",
    actor: "admin",
    from: "completed",
    to: "completed",
    deposit: ["claimed"],
    depositTo: "split",
    at: "a disputed claim",
    effects: [{ do: "settle_deposit" }, notify("both", "claim_decided", { email: true })],
  },
  // ------------------------------------------------------------------------------------------------------- payouts
  {
    name: "payout",
    actor: "system",
    from: "completed",
    to: "completed",
    payment: ["captured"],
    deposit: ["none", "returned", "partly_kept", "kept"],
    at: "deposit settled and claim window closed",
    effects: [{ do: "transfer" }],
  },
  {
    name: "cancellation_payout",
    actor: "system",
    from: "cancelled",
    to: "cancelled",
    payment: ["captured"],
    at: "start of a renter's cancellation that kept part of the rental",
    effects: [{ do: "transfer" }],
  },
] as const satisfies readonly LifecycleTransition[];

export type TransitionName = (typeof LIFECYCLE)[number]["name"];

const BY_NAME = new Map<string, LifecycleTransition>(LIFECYCLE.map((row) => [row.name, row]));

/** A row of the table by its name. */
export function transitionNamed(name: TransitionName): LifecycleTransition {
  return BY_NAME.get(name)!;
}

/** A state as the picture names it: the status, and a payment or deposit state where the row moves one. */
const edgeLabel = (row: LifecycleTransition) => {
  const moves = [
    row.paymentTo ? `payment → ${row.paymentTo}` : null,
    row.depositTo ? `deposit ${row.deposit?.join("/") ?? ""} → ${row.depositTo}` : null,
  ].filter(Boolean);
  return [`${row.name} (${row.actor})`, ...moves].join(", ");
};

/**
 * The table as a Mermaid state diagram, one arrow a row; docs/decisions/034 holds this text, and a test keeps the two
 * equal (booking-lifecycle.test.ts).
 */
export function lifecycleDiagram(rows: readonly LifecycleTransition[] = LIFECYCLE): string {
  const lines = ["stateDiagram-v2", "    [*] --> pending : renter requests (renter)"];
  for (const row of rows) lines.push(`    ${row.from} --> ${row.to} : ${edgeLabel(row)}`);
  lines.push("    completed --> [*]", "    cancelled --> [*]");
  return lines.join("\n");
}
