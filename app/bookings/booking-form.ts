// The forms of My Bookings (/bookings): each status's buttons post the booking's id and an `intent`, a step of the
// state machine (booking-rules.ts) or "Pay now". Server-only, so the list page ships no zod.
import { z } from "zod";
import { STATUS_ACTIONS, PAY_INTENT } from "~/bookings/booking-rules";

export const BookingActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(STATUS_ACTIONS), bookingId: z.string() }),
  z.object({ intent: z.literal(PAY_INTENT), bookingId: z.string() }),
]);
