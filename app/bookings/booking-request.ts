// A booking request as the renter fills it in (part 2 §2 Booking dialog): one schema read from the page's query string
// (step 1 is a GET form, so the URL holds what was chosen) and from the final POST. The rules the server checks
// before it writes anything, and the dialog's links, are booking-request-rules.ts: the browser needs some of them on
// the car page, which validates no form and so loads no zod.
import { z } from "zod";
import { LOCATION_MAX, SPECIAL_REQUESTS_MAX } from "~/bookings/booking-request-rules";
import { PRICING_PERIODS } from "#db/enums";
import { isCalendarDay } from "~/utils/calendar-days";

/** Kept as typed (within reason) so a too-long text comes back to be shortened, with its message. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ?? "").slice(0, max * 4));

const optionalDay = z
  .string()
  .optional()
  .transform((v) => (v && isCalendarDay(v) ? v : undefined));

/** What step 1 carries. Everything is optional here: the page shows what is chosen and what is missing. */
export const BookingChoiceSchema = z.object({
  start: optionalDay,
  end: optionalDay,
  period: z.enum(PRICING_PERIODS).catch("daily"),
  insurance: z.string().max(64).optional().catch(undefined),
  driver: z.enum(["self", "driver"]).optional().catch(undefined),
  pickup: z.string().max(64).optional().catch(undefined),
  dropoff: z.enum(["same", "other"]).catch("same"),
  dropoffLocation: optionalText(LOCATION_MAX).catch(""),
  requests: optionalText(SPECIAL_REQUESTS_MAX).catch(""),
  dateOfBirth: z.string().max(10).optional().catch(undefined),
});
export type BookingChoice = z.infer<typeof BookingChoiceSchema>;

export function readBookingChoice(params: URLSearchParams | FormData): BookingChoice {
  const get = (key: string) => {
    const value = params.get(key);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  return BookingChoiceSchema.parse({
    start: get("start"),
    end: get("end"),
    period: get("period"),
    insurance: get("insurance"),
    driver: get("driver"),
    pickup: get("pickup"),
    dropoff: get("dropoff"),
    dropoffLocation: get("dropoffLocation"),
    requests: get("requests"),
    dateOfBirth: get("dateOfBirth"),
  });
}
