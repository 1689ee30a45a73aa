// A booking's status as a coloured badge: on My Bookings' cards and on the trip page.
import { useTranslation } from "react-i18next";
import type { BookingStatus } from "~/bookings/booking-rules";

const STATUS_TONE: Record<BookingStatus, string> = {
  pending: "bg-warning-soft text-warning",
  confirmed: "bg-success-soft text-success",
  active: "bg-info-soft text-primary",
  completed: "bg-subtle text-fg",
  cancelled: "bg-danger-soft text-danger",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation("bookings");
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_TONE[status]}`}>
      {t(`bookings:status.${status}`)}
    </span>
  );
}
