// The value sets of the schema's enumerated columns, every area's: db/schema.ts checks them, forms and filters offer
// them. Kept apart from the schema so browser code can import them (`#db/enums`) without Drizzle. docs/decisions/021.

// ---------------------------------------------------------------- accounts and profiles
export const ACCOUNT_TYPES = ["person", "company"] as const;
export const LANGUAGES = ["lt", "en"] as const;
export const EMAIL_TOKEN_PURPOSES = ["confirm_email", "reset_password"] as const;
export const VERIFICATION_STATUSES = ["pending", "verified", "rejected"] as const;
/** What a person or a company uploads to be verified (a company: its registration and the person acting for it). */
export const VERIFICATION_DOCUMENT_KINDS = [
  "identity",
  "driving_licence",
  "company_registration",
  "representative_identity",
] as const;

// ---------------------------------------------------------------- listings
export const CAR_CATEGORIES = ["luxury", "sport", "suv", "electric", "classic", "exotic"] as const;
export type Category = (typeof CAR_CATEGORIES)[number];
export const FUEL_TYPES = ["petrol", "diesel", "electric", "hybrid", "lpg"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
export const TRANSMISSIONS = ["manual", "automatic", "cvt"] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];
export const SEAT_COUNTS = [2, 4, 5, 7, 8] as const;
export const DOOR_COUNTS = [2, 3, 4, 5] as const;
export const LISTING_TYPES = ["rental", "sale", "both"] as const;
export const CAR_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export const PICKUP_COUNTRIES = ["Lithuania", "Latvia", "Estonia", "Poland"] as const;
export const PRICING_PERIODS = ["daily", "weekly", "monthly"] as const;
export const FUEL_POLICIES = ["return_same_level", "return_full", "pay_for_fuel"] as const;
export const CANCELLATION_POLICIES = ["24_hours", "48_hours", "72_hours", "no_cancellation"] as const;
export const DAMAGE_POLICIES = ["renter_responsible", "insurance_covered", "shared_responsibility"] as const;

// ---------------------------------------------------------------- messages and notifications
export const MESSAGE_TYPES = ["general", "booking_inquiry"] as const;
export const NOTIFICATION_TYPES = [
  "booking_requested",
  "booking_confirmed",
  "booking_declined",
  "booking_cancelled",
  "booking_completed",
  "booking_expired",
  "new_message",
  "price_drop",
  "new_listing",
  "saved_search_match",
  "review_received",
  "listing_approved",
  "listing_rejected",
  "verification_approved",
  "verification_rejected",
  "system",
  // trips (decision 022): each step of check-in and check-out, the deposit and damage claims
  "trip_check_in",
  "trip_check_out",
  "trip_record_confirmed",
  "trip_record_disputed",
  "trip_check_in_overdue",
  "deposit_returned",
  "claim_filed",
  "claim_answered",
  "claim_decided",
  // payouts (decision 023): the host's money sent, or stuck
  "payout_sent",
  "payout_failed",
  // the return clock (decision 022, 2026-11-29): no check-out a day after the end, the trip completed without one,
  // a claim on an unconfirmed odometer handed to an admin
  "trip_check_out_overdue",
  "trip_auto_completed",
  "claim_referred",
] as const;

// ---------------------------------------------------------------- bookings and payments
export const BOOKING_STATUSES = ["pending", "confirmed", "active", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Bookings someone still counts on: they block deleting the car or the account. */
export const OPEN_BOOKING_STATUSES = ["pending", "confirmed", "active"] as const;
/** Why a booking ended cancelled: the host said no, a party cancelled, nobody answered in 24 h, the checkout was
 * left or failed, or the host confirmed another request for the same days. */
export const BOOKING_CANCEL_REASONS = [
  "declined",
  "cancelled_by_renter",
  "cancelled_by_host",
  "expired",
  "payment_failed",
  "overlapped",
] as const;
export const PAYMENT_STATUSES = ["unpaid", "authorized", "captured", "released", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// ---------------------------------------------------------------- charges (decision 035)
/**
 * What a charge is for: each movement of a payer's money on a transaction is a charge of its own, so a trip's
 * rental, a later extension, a reimbursement after it, an add-on or a buyer's reservation are authorised, captured,
 * refunded and transferred each on its own (decision 035).
 */
export const CHARGE_PURPOSES = ["rental", "extension", "reimbursement", "add_on", "reservation"] as const;
export type ChargePurpose = (typeof CHARGE_PURPOSES)[number];
/** Who pays a line item: the renter or buyer (into the charge), or the host (out of their share: the service fee). */
export const LINE_ITEM_PAYERS = ["renter", "host"] as const;
export type LineItemPayer = (typeof LINE_ITEM_PAYERS)[number];
/** Who receives a line item: the host, the platform, or nobody yet (held: the security deposit). */
export const LINE_ITEM_RECEIVERS = ["host", "platform", "held"] as const;
export type LineItemReceiver = (typeof LINE_ITEM_RECEIVERS)[number];
/** The kinds of line item; their amounts come from app/pricing (decision 035 lists who pays and receives each). */
export const LINE_ITEM_CODES = [
  "rental_days",
  "rental_weeks",
  "rental_months",
  "insurance",
  "renter_service_fee",
  "payment_processing_fee",
  "host_service_fee",
  "deposit",
  "reimbursement",
] as const;
export type LineItemCode = (typeof LINE_ITEM_CODES)[number];

// ---------------------------------------------------------------- trips, deposits and refunds (decision 022)
/** Where a booking's security deposit is: not taken, held with the payment, under a claim, or settled. */
export const DEPOSIT_STATUSES = ["none", "held", "claimed", "returned", "partly_kept", "kept"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** The two ends of a trip, each recorded once: the car's state at pickup and at return. */
export const TRIP_RECORD_KINDS = ["check_in", "check_out"] as const;
export type TripRecordKind = (typeof TRIP_RECORD_KINDS)[number];
/** The four sides every record shows, and any further photo. */
export const TRIP_PHOTO_ANGLES = ["front", "back", "left", "right", "other"] as const;
export type TripPhotoAngle = (typeof TRIP_PHOTO_ANGLES)[number];
/** What a trip photo documents: one end of the trip (by either party), a claim, or the renter's dispute of it. */
export const TRIP_PHOTO_SUBJECTS = ["check_in", "check_out", "claim", "dispute"] as const;
export type TripPhotoSubject = (typeof TRIP_PHOTO_SUBJECTS)[number];
/** What a host may claim from the deposit for. */
export const CLAIM_CATEGORIES = ["damage", "excess_km", "late_return", "fuel", "cleaning"] as const;
export type ClaimCategory = (typeof CLAIM_CATEGORIES)[number];
/**
 * A claim waits for the renter (72 hours), who accepts or disputes it; unanswered it lapses and stands as accepted;
 * a disputed claim waits for an admin's decision.
 */
export const CLAIM_STATUSES = ["awaiting_renter", "accepted", "lapsed", "disputed", "decided"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/**
 * Why money goes back to a renter: a cancellation (by the policy's terms), the deposit after the trip, or an admin's
 * decision on a settled booking (which takes the host's part back from their payout, decision 023).
 */
export const REFUND_KINDS = ["cancellation", "deposit", "admin"] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
/**
 * A refund is written before it is sent (`pending`); Stripe may accept it and make it later (`processing`: the money
 * is on its way) or at once (`succeeded`). One Stripe refused or could not be reached for is `failed` and retried by
 * the scheduled job; one Stripe accepted and then could not make (a closed card) is `failed` too, and waits for an
 * admin (decision 022, "Refunds Stripe accepts and makes later").
 */
export const REFUND_STATUSES = ["pending", "processing", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

// ---------------------------------------------------------------- payouts (decision 023)
/** The Stripe Connect account type a host is onboarded as, from their profile's account type. */
export const PAYOUT_BUSINESS_TYPES = ["individual", "company"] as const;
export type PayoutBusinessType = (typeof PAYOUT_BUSINESS_TYPES)[number];
/**
 * Where a host's payout account stands, as Stripe says (a host with no account row has not started): details still
 * needed, submitted and being checked, or able to receive transfers.
 */
export const PAYOUT_ACCOUNT_STATUSES = ["details_needed", "in_review", "enabled"] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];
/**
 * A booking's host payout: written when the booking is settled, waiting while the host cannot receive transfers,
 * scheduled, being sent (its amount fixed), paid, or failed (retried after a back-off).
 */
export const PAYOUT_STATUSES = ["waiting_for_account", "scheduled", "sending", "paid", "failed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/**
 * Taking a host's part of a later refund back: pending until sent as a transfer reversal, `netted` when the payout
 * had not gone yet and was sent that much smaller, succeeded, or failed (retried).
 */
export const PAYOUT_REVERSAL_STATUSES = ["pending", "netted", "succeeded", "failed"] as const;
export type PayoutReversalStatus = (typeof PAYOUT_REVERSAL_STATUSES)[number];

// ---------------------------------------------------------------- information pages
export const CONTACT_TYPES = ["general", "support", "business", "media"] as const;

// ---------------------------------------------------------------- administration
/** What the audit log records: every change an admin makes. */
export const AUDIT_ACTIONS = [
  "approve_listing",
  "reject_listing",
  "edit_listing",
  "create_package",
  "edit_package",
  "delete_package",
  "approve_verification",
  "reject_verification",
  "handle_contact",
  "decide_claim",
  "retry_refund",
  "refund_booking",
  "retry_payout",
] as const;
export const AUDIT_TARGETS = [
  "car",
  "insurance_package",
  "user",
  "contact_message",
  "claim",
  "refund",
  "booking",
  "payout",
] as const;
