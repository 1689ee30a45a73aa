// Cancelling a confirmed booking as its parties can: on its own page (/bookings/{id}/cancel), which shows the refund
// first and cancels only for that figure (app/bookings/cancel-booking.server.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { action as cancelAction, loader as cancelLoader } from "~/routes/_bookings+/bookings_.$bookingId_.cancel";
import { callRoute, formRequest, getRequest } from "./routes";

/** Opens the cancel page with `cookie` and presses its button: the figure shown, and the POST's answer. */
export async function cancelOnItsPage(context: AppLoadContext, cookie: string, bookingId: string) {
  const path = `/bookings/${bookingId}/cancel`;
  const page = await callRoute<{ expectedRefund: number; preview: { kind: string } }>(
    cancelLoader,
    getRequest(path, { cookie }),
    context,
    { bookingId },
  );
  const shown = page.data.expectedRefund;
  const result = await callRoute<{ error?: { message: string } }>(
    cancelAction,
    formRequest(path, { expectedRefund: String(shown) }, { cookie }),
    context,
    { bookingId },
  );
  return { preview: page.data.preview, shown, result };
}
