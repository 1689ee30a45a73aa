// The cancel page's form (/bookings/{id}/cancel): the refund in cents the page showed, which the server must still
// compute when the button is pressed (cancel-booking.server.ts). Server-only, so the page ships no zod.
import { z } from "zod";

/** Whole cents, as the page wrote them: digits only (no sign, exponent or other digits), at most 9 of them. */
export const CancelBookingSchema = z.object({
  expectedRefund: z
    .string({ error: "bookings:cancelPage.errors.expectedRefund" })
    .regex(/^\d{1,9}$/, "bookings:cancelPage.errors.expectedRefund")
    .transform(Number),
});
