// The booking page's calendar, drawn from the server's month (app/bookings/availability-calendar.ts). Every free
// day is a link to the selection a click makes (part 2 §2's click rules), so it works without JavaScript; the legend
// explains the colours, and each day's state is also in its accessible name.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CalendarDay, CalendarMonth } from "~/bookings/availability-calendar";
import { Icon } from "~/components/ui/icons";
import { formatDate } from "~/utils/format";

const STATE_CLASS: Record<CalendarDay["state"], string> = {
  past: "text-muted line-through",
  booked: "bg-danger-soft text-danger line-through",
  pending: "bg-warning-soft text-warning",
  free: "hover:bg-primary-soft",
};

export function AvailabilityCalendar({
  month,
  language,
  hrefFor,
  monthHref,
  clearHref,
}: {
  month: CalendarMonth;
  language: string;
  /** Where a click on a selectable day leads. */
  hrefFor: (day: string) => string;
  monthHref: (month: string) => string;
  clearHref: string;
}) {
  const { t } = useTranslation("bookings");
  const [y, m] = month.month.split("-").map(Number) as [number, number];
  const title = new Intl.DateTimeFormat(language === "lt" ? "lt-LT" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, 1)));
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language === "lt" ? "lt-LT" : "en-GB", { weekday: "short", timeZone: "UTC" }).format(
      new Date(Date.UTC(2024, 0, 1 + i)),
    ),
  );
  const dayLabel = (day: CalendarDay) =>
    `${formatDate(day.day, language, "long")}${
      day.state === "free" ? "" : `, ${t(`calendar.${day.state}`)}`
    }${day.selection === "start" ? `, ${t("calendar.pickupDay")}` : ""}${day.selection === "end" ? `, ${t("calendar.returnDay")}` : ""}`;

  return (
    <div className="rounded-xl border border-line bg-surface p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <MonthLink to={monthHref(month.previous)} label={t("calendar.previous")} icon="chevronLeft" />
        <p className="font-semibold capitalize" aria-live="polite">
          {title}
        </p>
        <MonthLink to={monthHref(month.next)} label={t("calendar.next")} icon="chevronRight" />
      </div>
      <table className="mt-2 w-full table-fixed border-separate border-spacing-1 text-center text-sm">
        <caption className="sr-only">{t("calendar.caption", { month: title })}</caption>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col" className="pb-1 text-xs font-medium text-muted">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {month.weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) =>
                day ? (
                  <td key={day.day} className="p-0">
                    <DayCell day={day} label={dayLabel(day)} href={hrefFor(day.day)} />
                  </td>
                ) : (
                  <td key={`empty-${d}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label={t("calendar.legend")}>
          <li className="flex items-center gap-1">
            <span className="size-3 rounded-sm ring-2 ring-primary" aria-hidden="true" />
            {t("calendar.today")}
          </li>
          <li className="flex items-center gap-1">
            <span className="size-3 rounded-sm bg-primary" aria-hidden="true" />
            {t("calendar.selected")}
          </li>
          <li className="flex items-center gap-1">
            <span className="size-3 rounded-sm bg-danger-soft ring-1 ring-danger/40" aria-hidden="true" />
            {t("calendar.booked")}
          </li>
          <li className="flex items-center gap-1">
            <span className="size-3 rounded-sm bg-warning-soft ring-1 ring-warning/40" aria-hidden="true" />
            {t("calendar.pending")}
          </li>
        </ul>
        <Link to={clearHref} preventScrollReset replace className="font-semibold text-primary hover:underline">
          {t("calendar.clear")}
        </Link>
      </div>
    </div>
  );
}

function MonthLink({ to, label, icon }: { to: string; label: string; icon: "chevronLeft" | "chevronRight" }) {
  return (
    <Link
      to={to}
      preventScrollReset
      replace
      className="rounded-lg p-2 text-muted hover:bg-subtle hover:text-fg"
      aria-label={label}
    >
      <Icon name={icon} className="size-5" />
    </Link>
  );
}

function DayCell({ day, label, href }: { day: CalendarDay; label: string; href: string }) {
  const selected = day.selection === "start" || day.selection === "end";
  const base = `flex h-10 items-center justify-center rounded-lg font-medium ${day.today ? "ring-2 ring-primary" : ""}`;
  const tone = selected
    ? "bg-primary text-on-primary"
    : day.selection === "inside"
      ? "bg-primary-soft text-primary"
      : STATE_CLASS[day.state];
  // Past and booked days cannot be picked (part 2 §2); the date fields below take any day typed.
  if (day.state === "past" || day.state === "booked") {
    return (
      <span className={`${base} ${tone}`} aria-label={label}>
        {day.date}
      </span>
    );
  }
  return (
    <Link
      to={href}
      preventScrollReset
      replace
      className={`${base} ${tone}`}
      aria-label={label}
      aria-current={selected ? "date" : undefined}
    >
      {day.date}
    </Link>
  );
}
