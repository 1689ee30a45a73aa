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
] as const;

// ---------------------------------------------------------------- bookings and payments
export const BOOKING_STATUSES = ["pending", "confirmed", "active", "completed", "cancelled"] as const;
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
] as const;
export const AUDIT_TARGETS = ["car", "insurance_package", "user", "contact_message"] as const;
