// A rental's prices as every reader of them selects them: by the day, week and month, without and with a driver
// (the pricing module takes them together, app/pricing).
import { cars } from "#db/schema";

export const RENTAL_PRICE_COLUMNS = {
  dailyPrice: cars.dailyPrice,
  weeklyPrice: cars.weeklyPrice,
  monthlyPrice: cars.monthlyPrice,
  dailyPriceWithDriver: cars.dailyPriceWithDriver,
  weeklyPriceWithDriver: cars.weeklyPriceWithDriver,
  monthlyPriceWithDriver: cars.monthlyPriceWithDriver,
} as const;
