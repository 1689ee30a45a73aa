// One booking's status as a coloured pill, in the singular ("Patvirtintas"): the tabs of My Bookings name groups
// of bookings in the plural, and the plural reads like the Confirm and Cancel buttons beside it.
import { useTranslation } from "react-i18next";
import type { BookingStatus } from "~/bookings/booking-rules";

const TONE: Record<BookingStatus, string> = {
  pending: "bg-warning-soft text-warning",
  confirmed: "bg-success-soft text-success",
  active: "bg-info-soft text-primary",
  completed: "bg-subtle text-fg",
  cancelled: "bg-danger-soft text-danger",
};

export function BookingStatusPill({ status }: { status: BookingStatus }) {
  const { t } = useTranslation("bookings");
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
