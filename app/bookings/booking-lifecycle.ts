// A booking's whole life as one table (docs/decisions/034): every change of its state — a person's button, a job's
// deadline, a payment event — is a row with its actor, where it starts and ends (the status, and the payment and
// deposit states where it moves them), its guard, and its effects in order. Sharetribe's process.edn is the model.
//
// The table is data the browser can load: the pages ask it which buttons to show (booking-rules.ts#findTransition).
// booking-transition.server.ts is the one function that writes a status, from a row; booking-effects.server.ts is
// the one runner that carries out a row's effects, through the existing money and notice modules. The effects are
// named by what they do to money, not by which gateway call makes it, so charges can be re-pointed without the table
// changing.
import type { BookingStatus, DepositStatus, PaymentStatus } from "#db/enums";
import type { BookingNoticeType } from "~/bookings/booking-notices.server";
import type { Effect, LifecycleTransition, Notify } from "~/bookings/lifecycle-shape";

const notify = (to: Notify["to"], type: BookingNoticeType, more: Omit<Notify, "do" | "to" | "type"> = {}): Notify => ({
  do: "notify",
  to,
  type,
  ...more,
});

/**
 * A confirm's effects before its notices: the host's and instant book's alike. The deposit is held by the row that
 * records the capture (`rental_captured`), whenever that is.
 */
const CONFIRMING = [
  { do: "decline_overlapping" },
  { do: "count_booking" },
  { do: "capture_rental" },
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
    // Written only once the gateway said the capture was taken (booking-effects.server.ts), never in the same breath
    // as asking for it: a capture taken and not recorded leaves the card "held" for the job to ask again, under the
    // same key, which Stripe answers with the capture it made.
    name: "rental_captured",
    actor: "payment",
    from: "confirmed",
    to: "confirmed",
    payment: ["authorized"],
    paymentTo: "captured",
    deposit: ["none"],
    depositTo: "held",
    at: "the confirm's capture was taken (at the confirm, or on the job's retry)",
    effects: [{ do: "hold_deposit" }],
  },
  {
    name: "capture_failed",
    actor: "payment",
    from: "confirmed",
    to: "cancelled",
    at: "the confirm's capture was refused (the card, or a hold no longer there)",
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
    // A confirm whose capture went unanswered (Stripe out of reach) or whose capture was not recorded: the job asks
    // again under the same key, so a capture Stripe made is found, not made twice (booking-expiry.server.ts).
    name: "capture_retried",
    actor: "system",
    from: "confirmed",
    to: "confirmed",
    payment: ["authorized"],
    at: "confirmed 10 minutes ago, its capture not recorded",
    effects: [{ do: "capture_rental" }],
  },
  {
    name: "deposit_unclaimed",
    actor: "system",
    from: "completed",
    to: "completed",
    deposit: ["held"],
    depositTo: "returned",
    at: "claim window closed, no claim",
    effects: [{ do: "settle_deposit" }, notify("renter", "deposit_returned", { email: true, if: "refund_sent" })],
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

/** What a row's guard reads of a booking (a state the row does not guard may be left out). */
export interface GuardedState {
  status: BookingStatus;
  paymentStatus?: PaymentStatus;
  depositStatus?: DepositStatus;
  checkInOverdueAt?: Date | null;
  checkOutOverdueAt?: Date | null;
}

/**
 * Whether a row's guard lets this booking move: its status, and the payment and deposit states and flag the row
 * names — what the transition function's write checks in the database (booking-transition.server.ts), for the pages
 * that ask which step is open. The deadline or event (`at`) and a trip's window are the caller's to check.
 */
export function guardHolds(row: LifecycleTransition, state: GuardedState): boolean {
  if (state.status !== row.from) return false;
  if (row.payment && !(state.paymentStatus && row.payment.includes(state.paymentStatus))) return false;
  if (row.deposit && !(state.depositStatus && row.deposit.includes(state.depositStatus))) return false;
  return !row.once || state[row.once] == null;
}
