CREATE TABLE `car_view_marks` (
	`car_id` text NOT NULL,
	`visitor` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`car_id`, `visitor`, `day`),
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `car_view_marks_day_idx` ON `car_view_marks` (`day`);--> statement-breakpoint
DROP INDEX `cars_status_submitted_idx`;--> statement-breakpoint
DROP INDEX `cars_public_created_idx`;--> statement-breakpoint
DROP INDEX `cars_public_daily_price_idx`;--> statement-breakpoint
DROP INDEX `cars_public_sale_price_idx`;--> statement-breakpoint
DROP INDEX `cars_public_year_idx`;--> statement-breakpoint
CREATE INDEX `cars_moderation_idx` ON `cars` (`status`,`submitted_at`) WHERE status <> 'approved';--> statement-breakpoint
CREATE INDEX `cars_public_newest_idx` ON `cars` (`created_at`,`id`) WHERE status = 'approved' and available = 1;--> statement-breakpoint
CREATE INDEX `cars_rentals_newest_idx` ON `cars` (`created_at`,`id`) WHERE status = 'approved' and available = 1 and listing_type <> 'sale';--> statement-breakpoint
CREATE INDEX `cars_rentals_price_idx` ON `cars` (`daily_price`,`id`) WHERE status = 'approved' and available = 1 and listing_type <> 'sale';--> statement-breakpoint
CREATE INDEX `cars_rentals_year_idx` ON `cars` (`year`,`created_at`,`id`) WHERE status = 'approved' and available = 1 and listing_type <> 'sale';--> statement-breakpoint
CREATE INDEX `cars_sales_newest_idx` ON `cars` (`created_at`,`id`) WHERE status = 'approved' and available = 1 and listing_type <> 'rental';--> statement-breakpoint
CREATE INDEX `cars_sales_price_idx` ON `cars` (`sale_price`,`id`) WHERE status = 'approved' and available = 1 and listing_type <> 'rental';--> statement-breakpoint
CREATE INDEX `cars_sales_year_idx` ON `cars` (`year`,`created_at`,`id`) WHERE status = 'approved' and available = 1 and listing_type <> 'rental';--> statement-breakpoint
CREATE INDEX `cars_public_year_idx` ON `cars` (`year`,`created_at`,`id`) WHERE status = 'approved' and available = 1;