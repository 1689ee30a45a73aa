CREATE TABLE `booking_insurance` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`insurance_package_id` text,
	`package_name` text NOT NULL,
	`daily_cost` integer NOT NULL,
	`total_cost` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`insurance_package_id`) REFERENCES `insurance_packages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_insurance_booking_unique` ON `booking_insurance` (`booking_id`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`car_id` text NOT NULL,
	`renter_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`pricing_period` text DEFAULT 'daily' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`total_days` integer NOT NULL,
	`daily_rate` integer NOT NULL,
	`subtotal` integer NOT NULL,
	`insurance_cost` integer DEFAULT 0 NOT NULL,
	`platform_fee` integer NOT NULL,
	`payment_processor_fee` integer NOT NULL,
	`host_earnings` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`deposit_amount` integer DEFAULT 0 NOT NULL,
	`pickup_point_id` text,
	`pickup_location` text,
	`dropoff_location` text,
	`special_requests` text,
	`with_driver` integer DEFAULT false NOT NULL,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`cancelled_by` text,
	`confirmed_at` integer,
	`cancelled_at` integer,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`renter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pickup_point_id`) REFERENCES `pickup_points`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cancelled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bookings_pricing_period" CHECK(pricing_period in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "bookings_status" CHECK(status in ('pending', 'confirmed', 'active', 'completed', 'cancelled')),
	CONSTRAINT "bookings_payment_status" CHECK(payment_status in ('unpaid', 'authorized', 'captured', 'released', 'failed')),
	CONSTRAINT "bookings_dates_order" CHECK("bookings"."end_date" > "bookings"."start_date"),
	CONSTRAINT "bookings_total_days" CHECK("bookings"."total_days" >= 1),
	CONSTRAINT "bookings_amounts" CHECK("bookings"."subtotal" > 0 and "bookings"."total_amount" > 0 and "bookings"."daily_rate" > 0),
	CONSTRAINT "bookings_special_requests_length" CHECK("bookings"."special_requests" is null or length("bookings"."special_requests") <= 500),
	CONSTRAINT "bookings_not_own_car" CHECK("bookings"."renter_id" <> "bookings"."owner_id")
);
--> statement-breakpoint
CREATE INDEX `bookings_car_status_dates_idx` ON `bookings` (`car_id`,`status`,`start_date`,`end_date`);--> statement-breakpoint
CREATE INDEX `bookings_renter_idx` ON `bookings` (`renter_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_owner_idx` ON `bookings` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_pending_created_idx` ON `bookings` (`created_at`) WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_checkout_session_unique` ON `bookings` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE TABLE `car_images` (
	`id` text PRIMARY KEY NOT NULL,
	`car_id` text NOT NULL,
	`storage_key` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `car_images_car_idx` ON `car_images` (`car_id`,`sort_order`);--> statement-breakpoint
CREATE UNIQUE INDEX `car_images_one_primary` ON `car_images` (`car_id`) WHERE is_primary = 1;--> statement-breakpoint
CREATE TABLE `cars` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`year` integer NOT NULL,
	`mileage` integer NOT NULL,
	`location` text NOT NULL,
	`category` text NOT NULL,
	`fuel_type` text NOT NULL,
	`transmission` text NOT NULL,
	`horsepower` integer,
	`engine_size` real,
	`seats` integer DEFAULT 5 NOT NULL,
	`doors` integer DEFAULT 4 NOT NULL,
	`condition` text,
	`vin` text,
	`license_plate` text,
	`listing_type` text NOT NULL,
	`daily_price` integer,
	`weekly_price` integer,
	`monthly_price` integer,
	`daily_price_with_driver` integer,
	`weekly_price_with_driver` integer,
	`monthly_price_with_driver` integer,
	`driver_price_per_hour` integer,
	`minimum_rental_hours` integer DEFAULT 4 NOT NULL,
	`min_rental_days` integer DEFAULT 1 NOT NULL,
	`max_rental_days` integer DEFAULT 365 NOT NULL,
	`sale_price` integer,
	`deposit_amount` integer,
	`weekly_deposit` integer,
	`monthly_deposit` integer,
	`driver_available` integer DEFAULT false NOT NULL,
	`driver_only` integer DEFAULT false NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`description` text,
	`rules` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`rejection_reason` text,
	`available` integer DEFAULT true NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`booking_count` integer DEFAULT 0 NOT NULL,
	`favorite_count` integer DEFAULT 0 NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`submitted_at` integer NOT NULL,
	`approved_at` integer,
	`approved_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "cars_category" CHECK(category in ('luxury', 'sport', 'suv', 'electric', 'classic', 'exotic')),
	CONSTRAINT "cars_fuel_type" CHECK(fuel_type in ('petrol', 'diesel', 'electric', 'hybrid', 'lpg')),
	CONSTRAINT "cars_transmission" CHECK(transmission in ('manual', 'automatic', 'cvt')),
	CONSTRAINT "cars_listing_type" CHECK(listing_type in ('rental', 'sale', 'both')),
	CONSTRAINT "cars_status" CHECK(status in ('pending', 'approved', 'rejected', 'suspended')),
	CONSTRAINT "cars_seats" CHECK("cars"."seats" in (2, 4, 5, 7, 8)),
	CONSTRAINT "cars_doors" CHECK("cars"."doors" in (2, 3, 4, 5)),
	CONSTRAINT "cars_year" CHECK("cars"."year" between 1900 and 2100),
	CONSTRAINT "cars_mileage" CHECK("cars"."mileage" between 0 and 9999999),
	CONSTRAINT "cars_horsepower" CHECK("cars"."horsepower" is null or "cars"."horsepower" between 1 and 9999),
	CONSTRAINT "cars_engine_size" CHECK("cars"."engine_size" is null or "cars"."engine_size" between 0 and 20),
	CONSTRAINT "cars_min_rental_days" CHECK("cars"."min_rental_days" between 1 and 30),
	CONSTRAINT "cars_max_rental_days" CHECK("cars"."max_rental_days" between 1 and 365),
	CONSTRAINT "cars_rental_days_order" CHECK("cars"."min_rental_days" <= "cars"."max_rental_days"),
	CONSTRAINT "cars_minimum_rental_hours" CHECK("cars"."minimum_rental_hours" between 1 and 8760),
	CONSTRAINT "cars_prices_range" CHECK(coalesce("cars"."daily_price", 1) between 1 and 1000000000 and coalesce("cars"."sale_price", 1) between 1 and 1000000000),
	CONSTRAINT "cars_price_for_type" CHECK(("cars"."listing_type" = 'rental' and "cars"."daily_price" is not null)
        or ("cars"."listing_type" = 'sale' and "cars"."sale_price" is not null)
        or ("cars"."listing_type" = 'both' and ("cars"."daily_price" is not null or "cars"."sale_price" is not null))),
	CONSTRAINT "cars_rating_range" CHECK("cars"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE INDEX `cars_owner_idx` ON `cars` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `cars_status_submitted_idx` ON `cars` (`status`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `cars_public_created_idx` ON `cars` (`listing_type`,`created_at`) WHERE status = 'approved' and available = 1;--> statement-breakpoint
CREATE INDEX `cars_public_daily_price_idx` ON `cars` (`daily_price`) WHERE status = 'approved' and available = 1;--> statement-breakpoint
CREATE INDEX `cars_public_sale_price_idx` ON `cars` (`sale_price`) WHERE status = 'approved' and available = 1;--> statement-breakpoint
CREATE INDEX `cars_public_year_idx` ON `cars` (`year`) WHERE status = 'approved' and available = 1;--> statement-breakpoint
CREATE INDEX `cars_public_category_idx` ON `cars` (`category`,`created_at`) WHERE status = 'approved' and available = 1;--> statement-breakpoint
CREATE INDEX `cars_public_fuel_idx` ON `cars` (`fuel_type`,`created_at`) WHERE status = 'approved' and available = 1;--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`type` text DEFAULT 'general' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "contact_messages_type" CHECK(type in ('general', 'support', 'business', 'media'))
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_a_id` text NOT NULL,
	`user_b_id` text NOT NULL,
	`last_message_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_a_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_b_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "conversations_ordered_pair" CHECK("conversations"."user_a_id" < "conversations"."user_b_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_unique` ON `conversations` (`user_a_id`,`user_b_id`);--> statement-breakpoint
CREATE INDEX `conversations_user_b_idx` ON `conversations` (`user_b_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_user_a_idx` ON `conversations` (`user_a_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `dev_mailbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_mailbox_created_idx` ON `dev_mailbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_tokens_purpose" CHECK(purpose in ('confirm_email', 'reset_password'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_tokens_hash_unique` ON `email_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_tokens_user_idx` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`car_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_car_unique` ON `favorites` (`user_id`,`car_id`);--> statement-breakpoint
CREATE INDEX `favorites_user_created_idx` ON `favorites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favorites_car_idx` ON `favorites` (`car_id`);--> statement-breakpoint
CREATE TABLE `insurance_packages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`provider` text NOT NULL,
	`description` text,
	`price_per_day` integer,
	`price_percentage` real,
	`deductible` integer DEFAULT 0 NOT NULL,
	`max_coverage` integer DEFAULT 10000000 NOT NULL,
	`coverage_details` text DEFAULT '{"coverage":[],"features":[],"exclusions":[]}' NOT NULL,
	`is_popular` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "insurance_packages_price_per_day" CHECK("insurance_packages"."price_per_day" is null or "insurance_packages"."price_per_day" >= 0),
	CONSTRAINT "insurance_packages_price_percentage" CHECK("insurance_packages"."price_percentage" is null or "insurance_packages"."price_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX `insurance_packages_active_idx` ON `insurance_packages` (`active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `listing_daily_stats` (
	`car_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`contacts` integer DEFAULT 0 NOT NULL,
	`favorites` integer DEFAULT 0 NOT NULL,
	`inquiries` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`car_id`, `day`),
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_daily_stats_day_idx` ON `listing_daily_stats` (`day`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`car_id` text,
	`message_type` text DEFAULT 'general' NOT NULL,
	`subject` text,
	`content` text NOT NULL,
	`booking_start_date` text,
	`booking_end_date` text,
	`pickup_location` text,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "messages_message_type" CHECK(message_type in ('general', 'booking_inquiry')),
	CONSTRAINT "messages_content_length" CHECK(length("messages"."content") between 1 and 5000),
	CONSTRAINT "messages_subject_length" CHECK("messages"."subject" is null or length("messages"."subject") <= 200),
	CONSTRAINT "messages_not_to_self" CHECK("messages"."sender_id" <> "messages"."recipient_id")
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_recipient_unread_idx` ON `messages` (`recipient_id`,`read_at`);--> statement-breakpoint
CREATE INDEX `messages_car_idx` ON `messages` (`car_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text,
	`message` text,
	`data` text,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_type" CHECK(type in ('booking_requested', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'booking_completed', 'booking_expired', 'new_message', 'price_drop', 'new_listing', 'saved_search_match', 'review_received', 'listing_approved', 'listing_rejected', 'verification_approved', 'verification_rejected', 'system'))
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`) WHERE read = 0;--> statement-breakpoint
CREATE TABLE `pickup_points` (
	`id` text PRIMARY KEY NOT NULL,
	`car_id` text NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`country` text DEFAULT 'Lithuania' NOT NULL,
	`instructions` text,
	`available_hours` text DEFAULT '24/7' NOT NULL,
	`contact_phone` text,
	`is_primary` integer DEFAULT false NOT NULL,
	`latitude` real,
	`longitude` real,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "pickup_points_country" CHECK(country in ('Lithuania', 'Latvia', 'Estonia', 'Poland'))
);
--> statement-breakpoint
CREATE INDEX `pickup_points_car_idx` ON `pickup_points` (`car_id`,`sort_order`);--> statement-breakpoint
CREATE UNIQUE INDEX `pickup_points_one_primary` ON `pickup_points` (`car_id`) WHERE is_primary = 1;--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`account_type` text DEFAULT 'person' NOT NULL,
	`full_name` text,
	`company_name` text,
	`company_number` text,
	`avatar_key` text,
	`phone` text,
	`bio` text,
	`location` text,
	`date_of_birth` text,
	`verification_status` text DEFAULT 'pending' NOT NULL,
	`verification_note` text,
	`is_host` integer DEFAULT false NOT NULL,
	`host_since` integer,
	`total_bookings` integer DEFAULT 0 NOT NULL,
	`total_earnings` integer DEFAULT 0 NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`terms_accepted_at` integer NOT NULL,
	`privacy_accepted_at` integer NOT NULL,
	`marketing_consent` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_account_type" CHECK(account_type in ('person', 'company')),
	CONSTRAINT "profiles_verification_status" CHECK(verification_status in ('pending', 'verified', 'rejected')),
	CONSTRAINT "profiles_company_fields" CHECK("profiles"."account_type" = 'person' or ("profiles"."company_name" is not null and "profiles"."company_number" is not null)),
	CONSTRAINT "profiles_rating_range" CHECK("profiles"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rental_agreements` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`mileage_limit_per_day` integer DEFAULT 200 NOT NULL,
	`fuel_policy` text DEFAULT 'return_same_level' NOT NULL,
	`cancellation_policy` text DEFAULT '24_hours' NOT NULL,
	`damage_policy` text DEFAULT 'renter_responsible' NOT NULL,
	`late_return_fee` integer DEFAULT 5000 NOT NULL,
	`additional_terms` text,
	`renter_signed_at` integer,
	`host_signed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "rental_agreements_fuel_policy" CHECK(fuel_policy in ('return_same_level', 'return_full', 'pay_for_fuel')),
	CONSTRAINT "rental_agreements_cancellation_policy" CHECK(cancellation_policy in ('24_hours', '48_hours', '72_hours', 'no_cancellation')),
	CONSTRAINT "rental_agreements_damage_policy" CHECK(damage_policy in ('renter_responsible', 'insurance_covered', 'shared_responsibility'))
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`car_id` text NOT NULL,
	`rating` integer NOT NULL,
	`title` text,
	`content` text,
	`cleanliness_rating` integer,
	`communication_rating` integer,
	`accuracy_rating` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating" CHECK("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_category_ratings" CHECK(coalesce("reviews"."cleanliness_rating", 1) between 1 and 5
        and coalesce("reviews"."communication_rating", 1) between 1 and 5
        and coalesce("reviews"."accuracy_rating", 1) between 1 and 5),
	CONSTRAINT "reviews_not_self" CHECK("reviews"."reviewer_id" <> "reviews"."reviewee_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_reviewer_unique` ON `reviews` (`booking_id`,`reviewer_id`);--> statement-breakpoint
CREATE INDEX `reviews_reviewee_idx` ON `reviews` (`reviewee_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_car_idx` ON `reviews` (`car_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_query_unique` ON `saved_searches` (`user_id`,`query`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_confirmed_at` integer,
	`is_admin` integer DEFAULT false NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);