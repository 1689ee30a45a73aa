// "Pay now" on a request whose checkout the renter left (My Bookings and /booking-cancelled): a form posting to
// /bookings, whose action reopens the checkout (app/payments/checkout.server.ts) and redirects to it.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PAY_INTENT } from "~/bookings/booking-rules";
import { Button } from "~/components/ui/button";

export function PayNowForm({
  bookingId,
  busy,
  size = "sm",
  label,
}: {
  bookingId: string;
  busy: boolean;
  size?: "sm" | "lg";
  /** The button's words where the page names it otherwise ("Try Payment Again" on /booking-cancelled). */
  label?: string;
}) {
  const { t } = useTranslation("bookings");
  return (
    <Form method="post" action="/bookings" preventScrollReset>
      <input type="hidden" name="bookingId" value={bookingId} />
      <Button type="submit" name="intent" value={PAY_INTENT} size={size} disabled={busy}>
        {label ?? t("actions.pay")}
      </Button>
    </Form>
  );
}
