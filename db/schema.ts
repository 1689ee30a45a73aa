// The data model of both spec parts. Conventions:
// - ids are random UUIDs (text); the spec shows "Booking #" + the first 8 characters of an id.
// - timestamps are UTC milliseconds since the epoch (`*_at`), read as Date by Drizzle.
// - calendar days (booking dates, birth dates, stats days) are `YYYY-MM-DD` text.
// - money is integer euro cents in every column, whatever its spec name (`daily_price`, `deposit_amount`, ...).
// - enumerations are text with a CHECK; booleans are integers 0/1.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);
const cents = (name: string) => integer(name);
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

// The enumerations live in db/enums.ts (no Drizzle there), so browser code can use them too.
import {
  ACCOUNT_TYPES,
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  CANCELLATION_POLICIES,
  CHARGE_PURPOSES,
  LINE_ITEM_CODES,
  LINE_ITEM_PAYERS,
  LINE_ITEM_RECEIVERS,
  CAR_CATEGORIES,
  CAR_STATUSES,
  type ClaimCategory,
  CLAIM_STATUSES,
  CONTACT_TYPES,
  DAMAGE_POLICIES,
  DEPOSIT_STATUSES,
  REFUND_KINDS,
  REFUND_STATUSES,
  TRIP_PHOTO_ANGLES,
  TRIP_PHOTO_SUBJECTS,
  TRIP_RECORD_KINDS,
  EMAIL_TOKEN_PURPOSES,
  FUEL_POLICIES,
  FUEL_TYPES,
  LISTING_TYPES,
  MESSAGE_TYPES,
  NOTIFICATION_TYPES,
  PAYMENT_STATUSES,
  PAYOUT_ACCOUNT_STATUSES,
  PAYOUT_BUSINESS_TYPES,
  PAYOUT_REVERSAL_STATUSES,
  PAYOUT_STATUSES,
  PICKUP_COUNTRIES,
  PRICING_PERIODS,
  BOOKING_CANCEL_REASONS,
  LANGUAGES,
  BOOKING_STATUSES,
  TRANSMISSIONS,
  VERIFICATION_DOCUMENT_KINDS,
  VERIFICATION_STATUSES,
} from "./enums";
export * from "./enums";

// ---------------------------------------------------------------- accounts

/** Credentials and authorisation flags; never selected by a page that shows people. */
export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    isAdmin: flag("is_admin"),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
  ],
);

/** The public side of a person or company: what pages show. Same id as the user. */
export const profiles = sqliteTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull().default("person"),
    fullName: text("full_name"),
    companyName: text("company_name"),
    companyNumber: text("company_number"),
    avatarKey: text("avatar_key"),
    phone: text("phone"),
    bio: text("bio"),
    location: text("location"),
    dateOfBirth: text("date_of_birth"),
    verificationStatus: text("verification_status", { enum: VERIFICATION_STATUSES }).notNull().default("pending"),
    verificationNote: text("verification_note"),
    /** When documents were last sent for review; null while the user has not asked to be verified. */
    verificationSubmittedAt: integer("verification_submitted_at", { mode: "timestamp_ms" }),
    isHost: flag("is_host"),
    hostSince: integer("host_since", { mode: "timestamp_ms" }),
    totalBookings: integer("total_bookings").notNull().default(0),
    totalEarnings: cents("total_earnings").notNull().default(0),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    termsAcceptedAt: integer("terms_accepted_at", { mode: "timestamp_ms" }).notNull(),
    privacyAcceptedAt: integer("privacy_accepted_at", { mode: "timestamp_ms" }).notNull(),
    marketingConsent: flag("marketing_consent"),
    /** The language of the person's last visit, for e-mails sent while they are away. */
    preferredLanguage: text("preferred_language", { enum: LANGUAGES }).notNull().default("lt"),
    /**
     * The person's Stripe Customer as a payer, which their cards are saved to (the first a checkout made for them;
     * their next checkouts reuse it). Decision 035, 2026-11-29.
     */
    stripeCustomerId: text("stripe_customer_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_stripe_customer_unique").on(t.stripeCustomerId),
    check("profiles_account_type", oneOf("account_type", ACCOUNT_TYPES)),
    check("profiles_verification_status", oneOf("verification_status", VERIFICATION_STATUSES)),
    check(
      "profiles_company_fields",
      sql`${t.accountType} = 'person' or (${t.companyName} is not null and ${t.companyNumber} is not null)`,
    ),
    check("profiles_rating_range", sql`${t.rating} between 0 and 5`),
  ],
);

/** A signed-in browser. The cookie holds a random token; the row holds only its SHA-256. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Single-use e-mailed links (confirm e-mail, reset password). Only the token's SHA-256 is kept. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_hash_unique").on(t.tokenHash),
    index("email_tokens_user_idx").on(t.userId, t.purpose),
    check("email_tokens_purpose", oneOf("purpose", EMAIL_TOKEN_PURPOSES)),
  ],
);

/** Fixed-window counters for server-side rate limits, one row per key. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/** E-mails "sent" by the local stand-in sender; read by /dev/mailbox. Empty in production. */
export const devMailbox = sqliteTable(
  "dev_mailbox",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("dev_mailbox_created_idx").on(t.createdAt)],
);

/**
 * Identity documents sent for verification. The files are private R2 objects (`private/verification/...`), served
 * only to their owner and to admins; a new submission replaces the documents of the same kind.
 */
export const verificationDocuments = sqliteTable(
  "verification_documents",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: VERIFICATION_DOCUMENT_KINDS }).notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    fileName: text("file_name"),
    createdAt: createdAt(),
  },
  (t) => [
    check("verification_documents_kind", oneOf("kind", VERIFICATION_DOCUMENT_KINDS)),
    uniqueIndex("verification_documents_user_kind_unique").on(t.userId, t.kind),
    uniqueIndex("verification_documents_key_unique").on(t.storageKey),
  ],
);

// ---------------------------------------------------------------- listings

export const cars = sqliteTable(
  "cars",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => profiles.id),
    make: text("make").notNull(),
    model: text("model").notNull(),
    year: integer("year").notNull(),
    mileage: integer("mileage").notNull(),
    location: text("location").notNull(),
    category: text("category", { enum: CAR_CATEGORIES }).notNull(),
    fuelType: text("fuel_type", { enum: FUEL_TYPES }).notNull(),
    transmission: text("transmission", { enum: TRANSMISSIONS }).notNull(),
    horsepower: integer("horsepower"),
    engineSize: real("engine_size"),
    seats: integer("seats").notNull().default(5),
    doors: integer("doors").notNull().default(4),
    condition: text("condition"),
    vin: text("vin"),
    licensePlate: text("license_plate"),
    listingType: text("listing_type", { enum: LISTING_TYPES }).notNull(),
    dailyPrice: cents("daily_price"),
    weeklyPrice: cents("weekly_price"),
    monthlyPrice: cents("monthly_price"),
    dailyPriceWithDriver: cents("daily_price_with_driver"),
    weeklyPriceWithDriver: cents("weekly_price_with_driver"),
    monthlyPriceWithDriver: cents("monthly_price_with_driver"),
    driverPricePerHour: cents("driver_price_per_hour"),
    minimumRentalHours: integer("minimum_rental_hours").notNull().default(4),
    minRentalDays: integer("min_rental_days").notNull().default(1),
    maxRentalDays: integer("max_rental_days").notNull().default(365),
    salePrice: cents("sale_price"),
    depositAmount: cents("deposit_amount"),
    weeklyDeposit: cents("weekly_deposit"),
    monthlyDeposit: cents("monthly_deposit"),
    /** What a renter's cancellation refunds (app/pricing/refund-amounts.ts); copied into each booking when requested. */
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_POLICIES }).notNull().default("24_hours"),
    driverAvailable: flag("driver_available"),
    driverOnly: flag("driver_only"),
    /**
     * Instant book (decision 023): a verified renter who meets the age rule is confirmed as soon as their card is
     * authorised, without waiting for the host; everyone else still sends a request.
     */
    instantBook: flag("instant_book"),
    /** JSON array of feature codes from the shipped catalogue. */
    features: text("features", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    description: text("description"),
    rules: text("rules"),
    status: text("status", { enum: CAR_STATUSES }).notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    available: integer("available", { mode: "boolean" }).notNull().default(true),
    verified: flag("verified"),
    viewCount: integer("view_count").notNull().default(0),
    bookingCount: integer("booking_count").notNull().default(0),
    favoriteCount: integer("favorite_count").notNull().default(0),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    approvedBy: text("approved_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * A listing its owner deleted while bookings still refer to it (they are kept for the 7-year rule). It is
     * also made unavailable, so every public query (which asks for available = 1) leaves it out already.
     */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("cars_category", oneOf("category", CAR_CATEGORIES)),
    check("cars_cancellation_policy", oneOf("cancellation_policy", CANCELLATION_POLICIES)),
    check("cars_fuel_type", oneOf("fuel_type", FUEL_TYPES)),
    check("cars_transmission", oneOf("transmission", TRANSMISSIONS)),
    check("cars_listing_type", oneOf("listing_type", LISTING_TYPES)),
    check("cars_status", oneOf("status", CAR_STATUSES)),
    check("cars_seats", sql`${t.seats} in (2, 4, 5, 7, 8)`),
    check("cars_doors", sql`${t.doors} in (2, 3, 4, 5)`),
    check("cars_year", sql`${t.year} between 1900 and 2100`),
    check("cars_mileage", sql`${t.mileage} between 0 and 9999999`),
    check("cars_horsepower", sql`${t.horsepower} is null or ${t.horsepower} between 1 and 9999`),
    check("cars_engine_size", sql`${t.engineSize} is null or ${t.engineSize} between 0 and 20`),
    check("cars_min_rental_days", sql`${t.minRentalDays} between 1 and 30`),
    check("cars_max_rental_days", sql`${t.maxRentalDays} between 1 and 365`),
    check("cars_rental_days_order", sql`${t.minRentalDays} <= ${t.maxRentalDays}`),
    check("cars_minimum_rental_hours", sql`${t.minimumRentalHours} between 1 and 8760`),
    check(
      "cars_prices_range",
      sql`coalesce(${t.dailyPrice}, 1) between 1 and 1000000000 and coalesce(${t.salePrice}, 1) between 1 and 1000000000`,
    ),
    check(
      "cars_price_for_type",
      sql`(${t.listingType} = 'rental' and ${t.dailyPrice} is not null)
        or (${t.listingType} = 'sale' and ${t.salePrice} is not null)
        or (${t.listingType} = 'both' and (${t.dailyPrice} is not null or ${t.salePrice} is not null))`,
    ),
    check("cars_rating_range", sql`${t.rating} between 0 and 5`),
    index("cars_owner_idx").on(t.ownerId, t.createdAt),
    // The host dashboard's fleet (decision 011): each car's listing moment, read from this index alone whatever the
    // fleet's size (app/dashboard/host-figures.server.ts names it).
    index("cars_owner_fleet_idx")
      .on(t.ownerId, t.approvedAt, t.createdAt, t.status, t.listingType, t.deletedAt)
      .where(sql`status = 'approved' and listing_type <> 'sale' and deleted_at is null`),
    // The moderation queues (pending, rejected, suspended). Partial, so that public pages, which ask for
    // status = 'approved', can never pick it: without table statistics SQLite would, and then sort every car.
    index("cars_moderation_idx")
      .on(t.status, t.submittedAt)
      .where(sql`status <> 'approved'`),
    // The public catalogue is `status = 'approved' and available = 1`, per page: rentals are `listing_type <> 'sale'`,
    // sales `listing_type <> 'rental'`. One partial index per page and sort, ending in the id that breaks ties, so
    // every listing query walks an index in order and stops after one page. Queries must repeat these predicates as
    // literals (see app/search/listing-query.server.ts); cars_public_any_price_idx is in migration 0003.
    index("cars_public_newest_idx")
      .on(t.createdAt, t.id)
      .where(sql`status = 'approved' and available = 1`),
    index("cars_public_year_idx")
      .on(t.year, t.createdAt, t.id)
      .where(sql`status = 'approved' and available = 1`),
    index("cars_rentals_newest_idx")
      .on(t.createdAt, t.id)
      .where(sql`status = 'approved' and available = 1 and listing_type <> 'sale'`),
    index("cars_rentals_price_idx")
      .on(t.dailyPrice, t.id)
      .where(sql`status = 'approved' and available = 1 and listing_type <> 'sale'`),
    index("cars_rentals_year_idx")
      .on(t.year, t.createdAt, t.id)
      .where(sql`status = 'approved' and available = 1 and listing_type <> 'sale'`),
    index("cars_sales_newest_idx")
      .on(t.createdAt, t.id)
      .where(sql`status = 'approved' and available = 1 and listing_type <> 'rental'`),
    index("cars_sales_price_idx")
      .on(t.salePrice, t.id)
      .where(sql`status = 'approved' and available = 1 and listing_type <> 'rental'`),
    index("cars_sales_year_idx")
      .on(t.year, t.createdAt, t.id)
      .where(sql`status = 'approved' and available = 1 and listing_type <> 'rental'`),
    // Every column a filter, a sort or the owner's join reads: a filtered page, and every count, read this index
    // alone (app/search/listing-query.server.ts names it), never a car's row. Walking a sort's index instead reads the
    // row of each car it passes to test the filters, 40–60 ms at 10,000 cars when few match (instant book, a power
    // range); this index holds about 100 bytes a car and is read whole in about a millisecond.
    index("cars_public_filter_idx")
      .on(
        t.listingType,
        t.category,
        t.fuelType,
        t.transmission,
        t.driverAvailable,
        t.driverOnly,
        t.instantBook,
        t.horsepower,
        t.year,
        t.dailyPrice,
        t.salePrice,
        t.createdAt,
        t.ownerId,
        t.id,
      )
      .where(sql`status = 'approved' and available = 1`),
    // Filters that narrow a lot: the planner starts from these and sorts the few rows left.
    index("cars_public_category_idx")
      .on(t.category, t.createdAt)
      .where(sql`status = 'approved' and available = 1`),
    index("cars_public_fuel_idx")
      .on(t.fuelType, t.createdAt)
      .where(sql`status = 'approved' and available = 1`),
  ],
);

/**
 * A listing being written in the create wizard, saved at every step, so nothing typed is lost between steps, after
 * an error or when the browser has no JavaScript. Deleted when the listing is created; the job clears old ones.
 */
export const listingDrafts = sqliteTable(
  "listing_drafts",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The wizard's fields so far (JSON); validated again, as a whole, when the listing is created. */
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("listing_drafts_owner_idx").on(t.ownerId, t.updatedAt),
    index("listing_drafts_updated_idx").on(t.updatedAt),
  ],
);

export const carImages = sqliteTable(
  "car_images",
  {
    id: id(),
    carId: text("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    /** R2 key prefix; the sizes live at `${storageKey}/card.webp`, `medium.webp` and `full.webp`. */
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    isPrimary: flag("is_primary"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("car_images_car_idx").on(t.carId, t.sortOrder),
    uniqueIndex("car_images_one_primary")
      .on(t.carId)
      .where(sql`is_primary = 1`),
  ],
);

export const pickupPoints = sqliteTable(
  "pickup_points",
  {
    id: id(),
    carId: text("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    country: text("country", { enum: PICKUP_COUNTRIES }).notNull().default("Lithuania"),
    instructions: text("instructions"),
    availableHours: text("available_hours").notNull().default("24/7"),
    contactPhone: text("contact_phone"),
    isPrimary: flag("is_primary"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("pickup_points_country", oneOf("country", PICKUP_COUNTRIES)),
    index("pickup_points_car_idx").on(t.carId, t.sortOrder),
    uniqueIndex("pickup_points_one_primary")
      .on(t.carId)
      .where(sql`is_primary = 1`),
  ],
);

/**
 * Days the owner took a rental car off the calendar (Europe/Vilnius calendar days, one row each): no request or
 * booking may cover one, and none may be blocked under a confirmed or active booking (triggers, migration 0010).
 * A row per day keeps the guard one indexed lookup and makes blocking and unblocking any range exact.
 */
export const carBlockedDays = sqliteTable(
  "car_blocked_days",
  {
    carId: text("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.carId, t.day] }),
    check("car_blocked_days_day", sql`${t.day} glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
  ],
);

export const favorites = sqliteTable(
  "favorites",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    carId: text("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorites_user_car_unique").on(t.userId, t.carId),
    index("favorites_user_created_idx").on(t.userId, t.createdAt),
    index("favorites_car_idx").on(t.carId),
  ],
);

/** Filters a signed-in user saved from a listing page; a new approved match notifies them. */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The listing page's query string, e.g. `listingType=rental&category=suv`. */
    query: text("query").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_searches_user_query_unique").on(t.userId, t.query)],
);

/** Cars whose approval has been checked against everyone's saved searches (so nobody is told twice). */
export const savedSearchChecks = sqliteTable("saved_search_checks", {
  carId: text("car_id")
    .primaryKey()
    .references(() => cars.id, { onDelete: "cascade" }),
  checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * One row per visitor, car and day: a view counts once per visitor per car per day, not per reload. Inserting a new
 * row (insert or ignore) bumps cars.view_count and the day's listing_daily_stats.views (app/cars/listing-stats.server.ts,
 * in the same batch). Visitors are a
 * signed-in user's id or a daily hash of address and browser; rows older than two days are deleted.
 */
export const carViewMarks = sqliteTable(
  "car_view_marks",
  {
    carId: text("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    day: text("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.carId, t.visitor, t.day] }), index("car_view_marks_day_idx").on(t.day)],
);

/** Per car per calendar day (Europe/Vilnius): what the owner's performance figures are made of. Counted only by
 * app/cars/listing-stats.server.ts. */
export const listingDailyStats = sqliteTable(
  "listing_daily_stats",
  {
    carId: text("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
    contacts: integer("contacts").notNull().default(0),
    favorites: integer("favorites").notNull().default(0),
    inquiries: integer("inquiries").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.carId, t.day] }), index("listing_daily_stats_day_idx").on(t.day)],
);

/**
 * A host's listing figures per day, summed over their cars: the host dashboard reads a period's views and inquiries
 * from at most a year of rows, whatever the fleet's size, where summing listing_daily_stats read every car's rows
 * (decision 027). Triggers on listing_daily_stats keep it as those rows change (migration 0027); a car deleted
 * takes its figures with it, as the sum over the host's cars did.
 */
export const hostDailyStats = sqliteTable(
  "host_daily_stats",
  {
    ownerId: text("owner_id").notNull(),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
    inquiries: integer("inquiries").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

// ---------------------------------------------------------------- messages and notifications

/** One conversation per pair of users; `user_a_id < user_b_id` so the pair is unique whoever wrote first. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    userAId: text("user_a_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userBId: text("user_b_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("conversations_ordered_pair", sql`${t.userAId} < ${t.userBId}`),
    uniqueIndex("conversations_pair_unique").on(t.userAId, t.userBId),
    index("conversations_user_b_idx").on(t.userBId, t.lastMessageAt),
    index("conversations_user_a_idx").on(t.userAId, t.lastMessageAt),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    carId: text("car_id").references(() => cars.id, { onDelete: "set null" }),
    messageType: text("message_type", { enum: MESSAGE_TYPES }).notNull().default("general"),
    subject: text("subject"),
    content: text("content").notNull(),
    bookingStartDate: text("booking_start_date"),
    bookingEndDate: text("booking_end_date"),
    pickupLocation: text("pickup_location"),
    createdAt: createdAt(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    check("messages_message_type", oneOf("message_type", MESSAGE_TYPES)),
    check("messages_content_length", sql`length(${t.content}) between 1 and 5000`),
    check("messages_subject_length", sql`${t.subject} is null or length(${t.subject}) <= 200`),
    check("messages_not_to_self", sql`${t.senderId} <> ${t.recipientId}`),
    index("messages_conversation_idx").on(t.conversationId, t.createdAt),
    index("messages_recipient_unread_idx").on(t.recipientId, t.readAt),
    index("messages_car_idx").on(t.carId),
  ],
);

/** Rendered in the reader's language from `type` and `data`; `title` and `message` are optional overrides. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    title: text("title"),
    message: text("message"),
    data: text("data", { mode: "json" }).$type<Record<string, string | number | null>>(),
    read: flag("read"),
    createdAt: createdAt(),
  },
  (t) => [
    check("notifications_type", oneOf("type", NOTIFICATION_TYPES)),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`read = 0`),
  ],
);

// ---------------------------------------------------------------- bookings, payments, reviews

type CoverageDetails = { coverage: string[]; features: string[]; exclusions: string[] };
const coverageDetails = (name: string) =>
  text(name, { mode: "json" })
    .$type<CoverageDetails>()
    .notNull()
    .default(sql`'{"coverage":[],"features":[],"exclusions":[]}'`);

/**
 * What renters read of a package is stored in both languages (ARCHITECTURE rule 5): `*_lt` and `*_en`. The columns
 * `name`, `description` and `coverage_details` are from before, when packages were English only; they hold the
 * English text for the release that was serving while the migration ran, and go in a later release.
 */
export const insurancePackages = sqliteTable(
  "insurance_packages",
  {
    id: id(),
    nameLt: text("name_lt").notNull().default(""),
    nameEn: text("name_en").notNull().default(""),
    /** Before both languages; the English name (see above). */
    name: text("name").notNull(),
    provider: text("provider").notNull(),
    descriptionLt: text("description_lt"),
    descriptionEn: text("description_en"),
    /** Before both languages; the English description (see above). */
    description: text("description"),
    pricePerDay: cents("price_per_day"),
    /** Percent of the car's value for the whole rental, e.g. 1.5 means 1.5 %. */
    pricePercentage: real("price_percentage"),
    deductible: cents("deductible").notNull().default(0),
    maxCoverage: cents("max_coverage").notNull().default(10000000),
    coverageDetailsLt: coverageDetails("coverage_details_lt"),
    coverageDetailsEn: coverageDetails("coverage_details_en"),
    /** Before both languages; the English lists (see above). */
    coverageDetails: coverageDetails("coverage_details"),
    isPopular: flag("is_popular"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("insurance_packages_price_per_day", sql`${t.pricePerDay} is null or ${t.pricePerDay} >= 0`),
    check(
      "insurance_packages_price_percentage",
      sql`${t.pricePercentage} is null or ${t.pricePercentage} between 0 and 100`,
    ),
    index("insurance_packages_active_idx").on(t.active, t.sortOrder),
  ],
);

export const bookings = sqliteTable(
  "bookings",
  {
    id: id(),
    carId: text("car_id")
      .notNull()
      .references(() => cars.id),
    renterId: text("renter_id")
      .notNull()
      .references(() => users.id),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    pricingPeriod: text("pricing_period", { enum: PRICING_PERIODS }).notNull().default("daily"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    totalDays: integer("total_days").notNull(),
    /** The daily price, or for a weekly or monthly rental the rate of each day beyond the whole periods. */
    dailyRate: cents("daily_rate").notNull(),
    /**
     * The rental charge as whole periods (app/pricing/booking-price.ts): `period_count` periods at `period_price` plus
     * `extra_days` days at `daily_rate` make the subtotal. Null on bookings made before whole periods, which were
     * charged total_days × daily_rate.
     */
    periodCount: integer("period_count"),
    periodPrice: cents("period_price"),
    extraDays: integer("extra_days"),
    subtotal: cents("subtotal").notNull(),
    insuranceCost: cents("insurance_cost").notNull().default(0),
    platformFee: cents("platform_fee").notNull(),
    paymentProcessorFee: cents("payment_processor_fee").notNull(),
    hostEarnings: cents("host_earnings").notNull(),
    totalAmount: cents("total_amount").notNull(),
    depositAmount: cents("deposit_amount").notNull().default(0),
    pickupPointId: text("pickup_point_id").references(() => pickupPoints.id, { onDelete: "set null" }),
    pickupLocation: text("pickup_location"),
    dropoffLocation: text("dropoff_location"),
    specialRequests: text("special_requests"),
    withDriver: flag("with_driver"),
    /**
     * Where the rental's payment is, as the booking's lifecycle reads and writes it; the rental charge (charges,
     * purpose 'rental') takes the same status by a trigger (decision 035), and has the Stripe ids.
     */
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    cancelledBy: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    cancelReason: text("cancel_reason", { enum: BOOKING_CANCEL_REASONS }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    /**
     * The listing's cancellation policy when the request was made: what a renter's cancellation refunds
     * (app/pricing/refund-amounts.ts). The agreement shows it; a later change of the listing does not touch it.
     */
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_POLICIES }).notNull().default("24_hours"),
    /** Where the security deposit is (decision 022): held with the payment until the trip is settled. */
    depositStatus: text("deposit_status", { enum: DEPOSIT_STATUSES }).notNull().default("none"),
    /** Of the deposit, what was kept for the host after a claim (cents). */
    depositKept: cents("deposit_kept").notNull().default(0),
    /**
     * 24 hours after the car counts as returned (the check-out, never later than the end + 24 h: trip-rules.ts
     * #claimWindowEnd): until then the host may claim from the deposit; after it the job returns it.
     */
    claimWindowEndsAt: integer("claim_window_ends_at", { mode: "timestamp_ms" }),
    /** When both parties were told that a confirmed booking had no check-in 24 hours after its start (once). */
    checkInOverdueAt: integer("check_in_overdue_at", { mode: "timestamp_ms" }),
    /** When both parties were told that an active trip had no check-out 24 hours after its end (once). */
    checkOutOverdueAt: integer("check_out_overdue_at", { mode: "timestamp_ms" }),
    /** Booked instantly: the listing had instant book and the renter qualified, so the authorised card confirms it. */
    instantBook: flag("instant_book"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bookings_pricing_period", oneOf("pricing_period", PRICING_PERIODS)),
    check("bookings_cancellation_policy", oneOf("cancellation_policy", CANCELLATION_POLICIES)),
    check("bookings_deposit_status", oneOf("deposit_status", DEPOSIT_STATUSES)),
    check("bookings_deposit_kept", sql`${t.depositKept} between 0 and ${t.depositAmount}`),
    check("bookings_status", oneOf("status", BOOKING_STATUSES)),
    check("bookings_payment_status", oneOf("payment_status", PAYMENT_STATUSES)),
    check("bookings_cancel_reason", sql`cancel_reason is null or ${oneOf("cancel_reason", BOOKING_CANCEL_REASONS)}`),
    check("bookings_dates_order", sql`${t.endDate} > ${t.startDate}`),
    check("bookings_total_days", sql`${t.totalDays} >= 1`),
    check("bookings_amounts", sql`${t.subtotal} > 0 and ${t.totalAmount} > 0 and ${t.dailyRate} > 0`),
    check("bookings_special_requests_length", sql`${t.specialRequests} is null or length(${t.specialRequests}) <= 500`),
    check("bookings_not_own_car", sql`${t.renterId} <> ${t.ownerId}`),
    index("bookings_car_status_dates_idx").on(t.carId, t.status, t.startDate, t.endDate),
    index("bookings_renter_idx").on(t.renterId, t.createdAt),
    index("bookings_owner_idx").on(t.ownerId, t.createdAt),
    index("bookings_pending_created_idx")
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index("bookings_deposit_window_idx")
      .on(t.claimWindowEndsAt)
      .where(sql`deposit_status = 'held' and claim_window_ends_at is not null`),
    // The return clock's job (trips/trip-jobs.server.ts): active trips by their end.
    index("bookings_active_end_idx")
      .on(t.endDate)
      .where(sql`status = 'active'`),
  ],
);

// ---------------------------------------------------------------- charges (decision 035)

/**
 * One movement of a payer's money on a transaction: a booking's rental (with its deposit), and later its extension,
 * a reimbursement, an add-on. Each is authorised, captured, released, refunded and transferred on its own, under its
 * own idempotency key (`idempotency_key`: the gateway's keys are `checkout-`, `capture-`, `release-` + it). Its
 * amount is the sum of its line items that the payer pays (charge_line_items). The rental charge's status is its
 * booking's payment_status, which the booking's lifecycle writes and a trigger copies here; any other charge's status
 * is its own.
 */
export const charges = sqliteTable(
  "charges",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: CHARGE_PURPOSES }).notNull(),
    payerId: text("payer_id").references(() => users.id, { onDelete: "set null" }),
    amount: cents("amount").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    /** The base of the gateway's keys; a rental charge made before charges has its booking's id (the keys it used). */
    idempotencyKey: text("idempotency_key").notNull(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /**
     * The card the charge was paid with, saved for later charges the payer agreed to, and the Stripe Customer it is
     * saved to (a pair: Stripe charges a saved card only with its own Customer).
     */
    stripeCustomerId: text("stripe_customer_id"),
    stripePaymentMethodId: text("stripe_payment_method_id"),
    /** Why the charge failed, in Stripe's words (`authentication_required`, a decline code) or ours (`no_saved_card`). */
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("charges_purpose", oneOf("purpose", CHARGE_PURPOSES)),
    check("charges_status", oneOf("status", PAYMENT_STATUSES)),
    check("charges_amount", sql`${t.amount} > 0`),
    uniqueIndex("charges_idempotency_key_unique").on(t.idempotencyKey),
    uniqueIndex("charges_checkout_session_unique").on(t.stripeCheckoutSessionId),
    uniqueIndex("charges_payment_intent_unique").on(t.stripePaymentIntentId),
    // A booking has one rental charge; its other charges are as many as its changes.
    uniqueIndex("charges_booking_rental_unique")
      .on(t.bookingId)
      .where(sql`purpose = 'rental'`),
    index("charges_booking_idx").on(t.bookingId, t.createdAt),
  ],
);

/**
 * What a charge is made of: each line a code, a quantity and a unit price (amount = quantity × unit, rounded once
 * where the unit is not whole), who pays it and who receives it. The renter's total is the sum of the lines the
 * renter pays; the host's share is what the host receives less what the host pays (the service fee); the platform's
 * is what it receives; the deposit is held. app/pricing/line-items.ts makes them and sums them.
 */
export const chargeLineItems = sqliteTable(
  "charge_line_items",
  {
    id: id(),
    chargeId: text("charge_id")
      .notNull()
      .references(() => charges.id, { onDelete: "cascade" }),
    code: text("code", { enum: LINE_ITEM_CODES }).notNull(),
    quantity: integer("quantity").notNull(),
    unitAmount: cents("unit_amount").notNull(),
    amount: cents("amount").notNull(),
    payer: text("payer", { enum: LINE_ITEM_PAYERS }).notNull(),
    receiver: text("receiver", { enum: LINE_ITEM_RECEIVERS }).notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    check("charge_line_items_code", oneOf("code", LINE_ITEM_CODES)),
    check("charge_line_items_payer", oneOf("payer", LINE_ITEM_PAYERS)),
    check("charge_line_items_receiver", oneOf("receiver", LINE_ITEM_RECEIVERS)),
    check("charge_line_items_amounts", sql`${t.quantity} >= 1 and ${t.unitAmount} >= 0 and ${t.amount} >= 0`),
    check("charge_line_items_payer_receiver", sql`${t.payer} <> 'host' or ${t.receiver} = 'platform'`),
    uniqueIndex("charge_line_items_position_unique").on(t.chargeId, t.position),
  ],
);

/** Stripe events already handled, so a replayed or duplicated delivery changes nothing. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

export const bookingInsurance = sqliteTable(
  "booking_insurance",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    insurancePackageId: text("insurance_package_id").references(() => insurancePackages.id, {
      onDelete: "set null",
    }),
    /** The package's name when booked, so the record survives an edit or delete of the package: in English. */
    packageName: text("package_name").notNull(),
    /** The same in both languages; null on bookings made before packages had them (package_name is shown). */
    packageNameLt: text("package_name_lt"),
    packageNameEn: text("package_name_en"),
    dailyCost: cents("daily_cost").notNull(),
    totalCost: cents("total_cost").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("booking_insurance_booking_unique").on(t.bookingId)],
);

export const rentalAgreements = sqliteTable(
  "rental_agreements",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    mileageLimitPerDay: integer("mileage_limit_per_day").notNull().default(200),
    fuelPolicy: text("fuel_policy", { enum: FUEL_POLICIES }).notNull().default("return_same_level"),
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_POLICIES }).notNull().default("24_hours"),
    damagePolicy: text("damage_policy", { enum: DAMAGE_POLICIES }).notNull().default("renter_responsible"),
    lateReturnFee: cents("late_return_fee").notNull().default(5000),
    /** Cents per kilometre beyond the mileage allowance: what a claim for excess kilometres proposes. */
    excessKmFee: cents("excess_km_fee").notNull().default(20),
    additionalTerms: text("additional_terms"),
    renterSignedAt: integer("renter_signed_at", { mode: "timestamp_ms" }),
    hostSignedAt: integer("host_signed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check("rental_agreements_fuel_policy", oneOf("fuel_policy", FUEL_POLICIES)),
    check("rental_agreements_cancellation_policy", oneOf("cancellation_policy", CANCELLATION_POLICIES)),
    check("rental_agreements_damage_policy", oneOf("damage_policy", DAMAGE_POLICIES)),
  ],
);

// ---------------------------------------------------------------- trips, claims and refunds (decision 022)

/**
 * One end of a trip, recorded once by either party: the odometer, the fuel or charge level in eighths, a note, and
 * the photos (trip_photos). The other party confirms it, or disagrees with a note and photos of their own.
 */
export const tripRecords = sqliteTable(
  "trip_records",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TRIP_RECORD_KINDS }).notNull(),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    odometerKm: integer("odometer_km").notNull(),
    /** 0 (empty) to 8 (full), in eighths as a fuel gauge or a battery shows it. */
    fuelLevel: integer("fuel_level").notNull(),
    note: text("note"),
    recordedAt: integer("recorded_at", { mode: "timestamp_ms" }).notNull(),
    confirmedBy: text("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** The other party's word when they do not agree with the record (with their photos). */
    disagreement: text("disagreement"),
    disagreedAt: integer("disagreed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    check("trip_records_kind", oneOf("kind", TRIP_RECORD_KINDS)),
    check("trip_records_odometer", sql`${t.odometerKm} between 0 and 9999999`),
    check("trip_records_fuel_level", sql`${t.fuelLevel} between 0 and 8`),
    check("trip_records_note_length", sql`${t.note} is null or length(${t.note}) <= 1000`),
    check("trip_records_disagreement_length", sql`${t.disagreement} is null or length(${t.disagreement}) <= 1000`),
    uniqueIndex("trip_records_booking_kind_unique").on(t.bookingId, t.kind),
  ],
);

/**
 * A photo of a trip: re-encoded like listing photos but stored under `private/trips/`, served only to the booking's
 * two parties and admins. Records have a photo per side (angle); claims and disputes have 'other' photos.
 */
export const tripPhotos = sqliteTable(
  "trip_photos",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    subject: text("subject", { enum: TRIP_PHOTO_SUBJECTS }).notNull(),
    angle: text("angle", { enum: TRIP_PHOTO_ANGLES }).notNull().default("other"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("trip_photos_subject", oneOf("subject", TRIP_PHOTO_SUBJECTS)),
    check("trip_photos_angle", oneOf("angle", TRIP_PHOTO_ANGLES)),
    index("trip_photos_booking_idx").on(t.bookingId, t.subject, t.position),
  ],
);

/**
 * A host's claim on the deposit, filed inside the claim window: one per booking. The renter accepts or disputes it
 * within 72 hours (unanswered, it lapses and stands); a disputed claim is decided by an admin. What is kept is
 * `amount` (accepted, lapsed) or `decided_amount` (decided).
 */
export const damageClaims = sqliteTable(
  "damage_claims",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    filedBy: text("filed_by").references(() => users.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amount: cents("amount").notNull(),
    categories: text("categories", { mode: "json" }).$type<ClaimCategory[]>().notNull(),
    /** What the records showed when the claim was filed: kilometres over the allowance, hours late. */
    excessKm: integer("excess_km").notNull().default(0),
    lateHours: integer("late_hours").notNull().default(0),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("awaiting_renter"),
    respondBy: integer("respond_by", { mode: "timestamp_ms" }).notNull(),
    renterNote: text("renter_note"),
    respondedAt: integer("responded_at", { mode: "timestamp_ms" }),
    decidedAmount: cents("decided_amount"),
    decisionReason: text("decision_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("damage_claims_status", oneOf("status", CLAIM_STATUSES)),
    check("damage_claims_amount", sql`${t.amount} > 0`),
    check(
      "damage_claims_decided_amount",
      sql`${t.decidedAmount} is null or ${t.decidedAmount} between 0 and ${t.amount}`,
    ),
    check("damage_claims_description_length", sql`length(${t.description}) between 1 and 2000`),
    check("damage_claims_renter_note_length", sql`${t.renterNote} is null or length(${t.renterNote}) <= 2000`),
    check("damage_claims_reason_length", sql`${t.decisionReason} is null or length(${t.decisionReason}) <= 2000`),
    uniqueIndex("damage_claims_booking_unique").on(t.bookingId),
    index("damage_claims_status_idx").on(t.status, t.respondBy),
  ],
);

/**
 * Money going back to a renter, written in the same batch as the change that owes it and then sent to Stripe with
 * its own idempotency key. One per charge and kind (and, for a refund of one line item, per line item and kind), so a
 * retry or a second click can never refund twice; a failed one waits for `next_attempt_at`, when the scheduled job
 * sends it again (app/payments/refunds.server.ts). One Stripe accepted and has yet to make is `processing`,
 * `next_attempt_at` then being when the job asks Stripe about it; one that failed after Stripe accepted it has nothing
 * due and waits for an admin (decision 022, 2026-11-28). Refunds per charge: decision 035, 2026-11-29.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REFUND_KINDS }).notNull(),
    amount: cents("amount").notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    stripeRefundId: text("stripe_refund_id"),
    succeededAt: integer("succeeded_at", { mode: "timestamp_ms" }),
    /** Why an admin refunded a settled booking (kind `admin`); shown to both parties. */
    reason: text("reason"),
    createdAt: createdAt(),
    /**
     * How many times the refund was asked for anew after a refund Stripe had accepted failed (refunds.server.ts
     * `requestKey`): each time under a key and metadata of its own, since the earlier key finds the failed refund.
     */
    reissues: integer("reissues").notNull().default(0),
    /**
     * The charge the refund gives back (part of), sent against that charge's payment. Every row names one: a row
     * written without it (data from before charges, a test's row) is given its booking's rental charge by the trigger
     * `refunds_rental_charge` (migration 0025).
     */
    chargeId: text("charge_id").references(() => charges.id),
    /** The one line item of the charge the refund gives back (part of); null for a refund of the charge as a whole. */
    lineItemId: text("line_item_id").references(() => chargeLineItems.id),
  },
  (t) => [
    check("refunds_kind", oneOf("kind", REFUND_KINDS)),
    check("refunds_status", oneOf("status", REFUND_STATUSES)),
    check("refunds_amount", sql`${t.amount} > 0`),
    uniqueIndex("refunds_charge_kind_unique")
      .on(t.chargeId, t.kind)
      .where(sql`line_item_id is null`),
    uniqueIndex("refunds_line_item_kind_unique")
      .on(t.lineItemId, t.kind)
      .where(sql`line_item_id is not null`),
    index("refunds_booking_idx").on(t.bookingId),
    uniqueIndex("refunds_idempotency_key_unique").on(t.idempotencyKey),
    index("refunds_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status <> 'succeeded'`),
    index("refunds_stripe_idx").on(t.stripeRefundId),
  ],
);

// ---------------------------------------------------------------- payouts (decision 023)

/**
 * A host's Stripe Connect Express account. Created when they first set up payouts; its state is Stripe's
 * (`account.updated`, and re-read when the host comes back from onboarding). `stripe_state_at` is the time of the
 * Stripe event the state came from, so an older event delivered late never overwrites a newer state.
 */
export const payoutAccounts = sqliteTable(
  "payout_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeAccountId: text("stripe_account_id").notNull(),
    businessType: text("business_type", { enum: PAYOUT_BUSINESS_TYPES }).notNull(),
    status: text("status", { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default("details_needed"),
    detailsSubmitted: flag("details_submitted"),
    payoutsEnabled: flag("payouts_enabled"),
    /** What Stripe still asks for (its `requirements.currently_due`, JSON), to tell the host why they wait. */
    requirementsDue: text("requirements_due", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Stripe's `requirements.disabled_reason`, when the account cannot receive transfers. */
    disabledReason: text("disabled_reason"),
    stripeStateAt: integer("stripe_state_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payout_accounts_business_type", oneOf("business_type", PAYOUT_BUSINESS_TYPES)),
    check("payout_accounts_status", oneOf("status", PAYOUT_ACCOUNT_STATUSES)),
    uniqueIndex("payout_accounts_stripe_unique").on(t.stripeAccountId),
  ],
);

/**
 * A host's payout of one charge: one per charge (the unique index), written by the scheduled job once the charge is
 * payable (app/payouts/payout-rules.ts) and sent as one Stripe transfer from that charge's payment, with
 * `transfer_group` = the booking's id: the rental charge's under the key `payout-<booking>`, another charge's under
 * `payout-<charge key>` (app/payouts/payouts.server.ts, decision 035). `host_share` and `claim_kept` make up `amount`;
 * `sent_amount` is what the transfer carried (the amount less reversals netted before it went).
 */
export const payouts = sqliteTable(
  "payouts",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => users.id),
    /** The rental the share is of (the subtotal, or the part a renter's cancellation kept). */
    gross: cents("gross").notNull(),
    hostShare: cents("host_share").notNull(),
    claimKept: cents("claim_kept").notNull().default(0),
    amount: cents("amount").notNull(),
    sentAmount: cents("sent_amount"),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("scheduled"),
    idempotencyKey: text("idempotency_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    /** When a send began (status `sending`): one left there longer than a few minutes is taken up again. */
    sendingSince: integer("sending_since", { mode: "timestamp_ms" }),
    stripeTransferId: text("stripe_transfer_id"),
    /** When the booking became payable (the claim window closed, or the cancelled trip's start passed). */
    settledAt: integer("settled_at", { mode: "timestamp_ms" }).notNull(),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /**
     * The charge whose money the transfer sends (its source transaction). Every row names one: a row written without
     * it is given its booking's rental charge by the trigger `payouts_rental_charge` (migration 0025).
     */
    chargeId: text("charge_id").references(() => charges.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The one line item of the charge the transfer pays out (a reimbursement's host line); null: the charge's share. */
    lineItemId: text("line_item_id").references(() => chargeLineItems.id),
  },
  (t) => [
    check("payouts_status", oneOf("status", PAYOUT_STATUSES)),
    check(
      "payouts_amounts",
      sql`${t.hostShare} between 0 and ${t.gross} and ${t.claimKept} >= 0 and ${t.amount} = ${t.hostShare} + ${t.claimKept}`,
    ),
    check("payouts_sent_amount", sql`${t.sentAmount} is null or ${t.sentAmount} between 0 and ${t.amount}`),
    uniqueIndex("payouts_charge_unique").on(t.chargeId),
    index("payouts_booking_idx").on(t.bookingId),
    uniqueIndex("payouts_idempotency_key_unique").on(t.idempotencyKey),
    index("payouts_host_idx").on(t.hostId, t.settledAt),
    index("payouts_status_idx").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * A host's part of a refund made after their booking was settled (an admin's refund), taken back from the payout:
 * as a Stripe transfer reversal when the transfer has gone (key `reversal-<refund>`), or netted from a payout not yet
 * sent. One per refund, written in the refund's batch.
 */
export const payoutReversals = sqliteTable(
  "payout_reversals",
  {
    id: id(),
    payoutId: text("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "cascade" }),
    refundId: text("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    amount: cents("amount").notNull(),
    status: text("status", { enum: PAYOUT_REVERSAL_STATUSES }).notNull().default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    stripeReversalId: text("stripe_reversal_id"),
    succeededAt: integer("succeeded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("payout_reversals_status", oneOf("status", PAYOUT_REVERSAL_STATUSES)),
    check("payout_reversals_amount", sql`${t.amount} > 0`),
    uniqueIndex("payout_reversals_refund_unique").on(t.refundId),
    uniqueIndex("payout_reversals_idempotency_key_unique").on(t.idempotencyKey),
    index("payout_reversals_payout_idx").on(t.payoutId),
  ],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revieweeId: text("reviewee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    carId: text("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title"),
    content: text("content"),
    cleanlinessRating: integer("cleanliness_rating"),
    communicationRating: integer("communication_rating"),
    accuracyRating: integer("accuracy_rating"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating", sql`${t.rating} between 1 and 5`),
    check(
      "reviews_category_ratings",
      sql`coalesce(${t.cleanlinessRating}, 1) between 1 and 5
        and coalesce(${t.communicationRating}, 1) between 1 and 5
        and coalesce(${t.accuracyRating}, 1) between 1 and 5`,
    ),
    check("reviews_not_self", sql`${t.reviewerId} <> ${t.revieweeId}`),
    uniqueIndex("reviews_booking_reviewer_unique").on(t.bookingId, t.reviewerId),
    index("reviews_reviewee_idx").on(t.revieweeId, t.createdAt),
    index("reviews_car_idx").on(t.carId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- information pages

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: CONTACT_TYPES }).notNull().default("general"),
    language: text("language", { enum: LANGUAGES }).notNull().default("lt"),
    /** When an admin marked it answered, and who; null while it waits. */
    handledAt: integer("handled_at", { mode: "timestamp_ms" }),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_messages_type", oneOf("type", CONTACT_TYPES)),
    index("contact_messages_created_idx").on(t.createdAt),
  ],
);

/**
 * The footer's newsletter, double opt-in: a row is written when someone asks, with the SHA-256 of the token the
 * confirmation e-mail carries; only a confirmed, not unsubscribed address receives anything. One row per address.
 */
export const newsletterSubscriptions = sqliteTable(
  "newsletter_subscriptions",
  {
    id: id(),
    email: text("email").notNull(),
    language: text("language", { enum: LANGUAGES }).notNull().default("lt"),
    tokenHash: text("token_hash").notNull(),
    tokenExpiresAt: integer("token_expires_at", { mode: "timestamp_ms" }).notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_unique").on(t.email),
    uniqueIndex("newsletter_subscriptions_token_unique").on(t.tokenHash),
    check("newsletter_subscriptions_email_lowercase", sql`${t.email} = lower(${t.email})`),
  ],
);

// ---------------------------------------------------------------- administration

/**
 * Every admin action, written in the same batch as the change it records: who (the admin, kept as a name too so
 * the line survives the account), what (an action code and its target), when, and the details that matter
 * (a rejection reason, the fields an edit changed). Admins read it at /admin/audit; nothing updates or deletes it.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: AUDIT_TARGETS }).notNull(),
    targetId: text("target_id").notNull(),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    check("audit_log_action", oneOf("action", AUDIT_ACTIONS)),
    check("audit_log_target_type", oneOf("target_type", AUDIT_TARGETS)),
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
  ],
);
