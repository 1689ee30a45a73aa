// The buttons of the booking's life (docs/decisions/034): which action each party may take in each status, and where
// it leads, read from the lifecycle's table (booking-lifecycle.ts), where the rows a person starts are the ones with
// an `action`. The server applies them (booking-actions.server.ts, trip-records.server.ts) and the pages show only
// the buttons they allow.
//
// A pending request reaches the host only once the renter's card is authorised (payment_status 'authorized');
// before that it is the renter's checkout in progress, which only the renter can cancel.
import { BOOKING_STATUSES, type BookingStatus, type PaymentStatus, type TripRecordKind } from "#db/enums";
import { LIFECYCLE, guardHolds, type TransitionName } from "~/bookings/booking-lifecycle";
import { type LifecycleTransition } from "~/bookings/lifecycle-shape";
import { windowState } from "~/bookings/trip-rules";

export type { BookingStatus };
export type BookingRole = "renter" | "host";
/** The status tabs of /bookings. */
export const BOOKING_TABS = ["all", ...BOOKING_STATUSES] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];
export const BOOKING_ACTIONS = ["confirm", "decline", "check_in", "check_out", "cancel"] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];
/** The actions a button posts on its own; check-in and check-out are forms with photos on the trip page. */
export const STATUS_ACTIONS = ["confirm", "decline", "cancel"] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];
/** Not a change of status: the renter's way back to the checkout of an unpaid request (canPayNow). */
export const PAY_INTENT = "pay";

/** A row of the lifecycle a person starts with a button: its actor is the party's role. */
export type Transition = LifecycleTransition & { name: TransitionName; action: BookingAction; role: BookingRole };

const isPersonRow = (row: LifecycleTransition): row is LifecycleTransition & { action: BookingAction } =>
  row.action !== undefined && (row.actor === "host" || row.actor === "renter");

/** The lifecycle's rows a person starts, each with the role that may press its button. */
export const BOOKING_TRANSITIONS: readonly Transition[] = (LIFECYCLE as readonly LifecycleTransition[])
  .filter(isPersonRow)
  .map((row) => ({
    ...row,
    name: row.name as TransitionName,
    role: row.actor as BookingRole,
  }));

/** What the state machine reads of a booking. */
export interface BookingState {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  startDate: string;
  endDate: string;
}

export interface BookingParties {
  renterId: string;
  ownerId: string;
}

/** The user's side of a booking, or null when they are not a party to it. */
export function roleIn(booking: BookingParties, userId: string): BookingRole | null {
  if (booking.ownerId === userId) return "host";
  if (booking.renterId === userId) return "renter";
  return null;
}

/**
 * The transition an action takes, or null when the state machine does not allow it for this role, status, payment
 * and time (check-in and check-out have windows).
 */
export function findTransition(
  booking: BookingState,
  action: BookingAction,
  role: BookingRole,
  now: Date | number = Date.now(),
): Transition | null {
  return (
    BOOKING_TRANSITIONS.find(
      (t) =>
        t.action === action &&
        t.role === role &&
        guardHolds(t, booking) &&
        (!t.window || windowState(booking, t.window, now) === "open"),
    ) ?? null
  );
}

/** The actions a party can take now, in the order the page shows them. */
export function allowedActions(
  booking: BookingState,
  role: BookingRole,
  now: Date | number = Date.now(),
): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => findTransition(booking, action, role, now) !== null);
}

/** The end of the trip an action records, if it records one. */
export const recordKindOf = (action: BookingAction): TripRecordKind | null =>
  action === "check_in" || action === "check_out" ? action : null;

/**
 * How long a request can be paid for from when it was made: its checkouts end then, and the scheduled sweep ends a
 * request still unpaid (booking-expiry.server.ts). Within it the renter who left the checkout can come back and pay.
 */
export const PAYMENT_WINDOW_MS = 2 * 3_600_000;
/** Stripe's shortest checkout session: a new one always gets at least this long. */
export const CHECKOUT_MIN_LIFETIME_MS = 30 * 60_000;

/** How long the host has to answer a paid request, from when it was made; then it expires (booking-expiry.server.ts). */
export const REQUEST_ANSWER_HOURS = 24;

export const paymentDeadline = (createdAt: Date | number) =>
  new Date(new Date(createdAt).getTime() + PAYMENT_WINDOW_MS);

/** The renter can still pay for the request ("Pay now"): waiting for its payment, and within the payment window. */
export function canPayNow(
  booking: { status: BookingStatus; paymentStatus: PaymentStatus; createdAt: Date | number },
  now: Date,
): boolean {
  return (
    booking.status === "pending" &&
    booking.paymentStatus === "unpaid" &&
    now.getTime() < paymentDeadline(booking.createdAt).getTime()
  );
}

/** When a checkout opened now for the request ends: at its payment deadline, and never sooner than Stripe allows. */
export const checkoutExpiry = (createdAt: Date, now: Date) =>
  new Date(Math.max(paymentDeadline(createdAt).getTime(), now.getTime() + CHECKOUT_MIN_LIFETIME_MS));

/** Confirmed bookings can open their rental agreement (either party); completed ones can be reviewed. */
export const hasAgreement = (status: BookingStatus) =>
  status === "confirmed" || status === "active" || status === "completed";
export const canReview = (status: BookingStatus) => status === "completed";

/** 'Booking #' plus the first 8 characters of the id (part 2 §9). */
export const bookingReference = (id: string) => id.slice(0, 8).toUpperCase();
