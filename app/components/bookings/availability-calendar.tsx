// The month calendar of the booking page, the car page and the host's calendar, drawn from the server's month
// (app/bookings/availability-rules.ts). Every choosable day is a link to the selection a click makes (part 2 §2's
// click rules), so it works without JavaScript; with JavaScript and an `onPick`, days are buttons that choose at once.
// Without either the calendar only shows (the car page). The legend explains the colours, and each day's state is
// also in its accessible name.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  isSelectable,
  type CalendarDay,
  type CalendarMonth,
  type CalendarView,
  type DayState,
} from "~/bookings/availability-rules";
import { Icon } from "~/components/ui/icons";
import { calendarNames, formatDate } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";

const STATE_CLASS: Record<DayState, string> = {
  past: "text-muted line-through",
  booked: "bg-danger-soft text-danger line-through",
  unavailable: "bg-danger-soft text-danger line-through",
  blocked: "bg-subtle text-fg line-through decoration-2",
  pending: "bg-warning-soft text-warning",
  free: "",
};

const SWATCH: Partial<Record<DayState | "today" | "selected", string>> = {
  today: "ring-2 ring-primary",
  selected: "bg-primary",
  booked: "bg-danger-soft ring-1 ring-danger/40",
  unavailable: "bg-danger-soft ring-1 ring-danger/40",
  blocked: "bg-subtle ring-1 ring-fg/40",
  pending: "bg-warning-soft ring-1 ring-warning/40",
};

const LEGEND: Record<CalendarView, (keyof typeof SWATCH)[]> = {
  renter: ["today", "selected", "unavailable", "pending"],
  host: ["today", "selected", "booked", "blocked", "pending"],
};

/** The label of a state: on the host's own calendar a pending request is one waiting for their answer. */
const stateKey = (state: DayState | "today" | "selected", view: CalendarView) =>
  view === "host" && state === "pending" ? "calendar.requested" : `calendar.${state}`;

export function AvailabilityCalendar({
  month,
  language,
  view = "renter",
  hrefFor,
  onPick,
  monthHref,
  clearHref,
  rangeLabels = false,
}: {
  month: CalendarMonth;
  language: string;
  view?: CalendarView;
  /** Where a click on a choosable day leads; without it (and without onPick) the calendar only shows. */
  hrefFor?: (day: string) => string;
  /** With JavaScript: a click chooses the day here instead of following the link. */
  onPick?: (day: string) => void;
  monthHref: (month: string) => string;
  clearHref?: string;
  /** Name the chosen days "first day" and "last day" (a range of whole days) instead of pickup and return. */
  rangeLabels?: boolean;
}) {
  const { t } = useTranslation("bookings");
  const hydrated = useHydrated();
  const { monthYear, weekdays } = calendarNames(month.month, language);
  // Only the first letter: CSS capitalize would also make Lithuanian "2026 m. gruodis" read "2026 M. Gruodis".
  const title = monthYear.charAt(0).toUpperCase() + monthYear.slice(1);
  const [startLabel, endLabel] = rangeLabels
    ? [t("calendar.firstDay"), t("calendar.lastDay")]
    : [t("calendar.pickupDay"), t("calendar.returnDay")];
  const dayLabel = (day: CalendarDay) =>
    [
      formatDate(day.day, language, "long"),
      day.state === "free" ? null : t(stateKey(day.state, view)),
      day.selection === "start" ? startLabel : null,
      day.selection === "end" ? endLabel : null,
    ]
      .filter(Boolean)
      .join(", ");
  const pick = hydrated ? onPick : undefined;

  return (
    <div className="rounded-xl border border-line bg-surface p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <MonthLink to={month.previous && monthHref(month.previous)} label={t("calendar.previous")} icon="chevronLeft" />
        <p className="font-semibold" aria-live="polite">
          {title}
        </p>
        <MonthLink to={month.next && monthHref(month.next)} label={t("calendar.next")} icon="chevronRight" />
      </div>
      <table className="mt-2 w-full table-fixed border-separate border-spacing-1 text-center text-sm">
        <caption className="sr-only">{t("calendar.caption", { month: title })}</caption>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.long} scope="col" abbr={day.long} className="pb-1 text-xs font-medium text-muted">
                {day.short}
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
                    <DayCell day={day} label={dayLabel(day)} href={hrefFor?.(day.day)} onPick={pick} />
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
          {LEGEND[view]
            .filter((state) => state !== "selected" || hrefFor || onPick)
            .map((state) => (
              <li key={state} className="flex items-center gap-1">
                <span className={`size-3 rounded-sm ${SWATCH[state]}`} aria-hidden="true" />
                {t(stateKey(state, view))}
              </li>
            ))}
        </ul>
        {clearHref ? (
          <Link to={clearHref} preventScrollReset replace className="font-semibold text-primary hover:underline">
            {t("calendar.clear")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function MonthLink({ to, label, icon }: { to: string | null; label: string; icon: "chevronLeft" | "chevronRight" }) {
  // Past the calendar's bounds there is nowhere to go: the arrow stays, greyed, so the title does not move.
  if (!to) {
    return (
      <span className="rounded-lg p-2 text-muted opacity-40" aria-hidden="true">
        <Icon name={icon} className="size-5" />
      </span>
    );
  }
  return (
    <Link
      to={to}
      preventScrollReset
      replace
      // Kept as the server's HTML on the car page (ServerHtml), the anchor says so itself.
      data-replace=""
      className="rounded-lg p-2 text-muted hover:bg-subtle hover:text-fg"
      aria-label={label}
    >
      <Icon name={icon} className="size-5" />
    </Link>
  );
}

function DayCell({
  day,
  label,
  href,
  onPick,
}: {
  day: CalendarDay;
  label: string;
  href?: string;
  onPick?: (day: string) => void;
}) {
  const selected = day.selection === "start" || day.selection === "end";
  const base = `flex h-10 w-full items-center justify-center rounded-lg font-medium ${day.today ? "ring-2 ring-primary" : ""}`;
  const tone = selected
    ? "bg-primary text-on-primary"
    : day.selection === "inside"
      ? "bg-primary-soft text-primary"
      : STATE_CLASS[day.state];
  const choosable = isSelectable(day);
  const interactive = "hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-focus";
  // Past and booked days cannot be picked (part 2 §2); the date fields beside the calendar take any day typed.
  if (choosable && onPick) {
    return (
      <button
        type="button"
        onClick={() => onPick(day.day)}
        className={`${base} ${tone} ${interactive} cursor-pointer`}
        aria-label={label}
        aria-pressed={selected || day.selection === "inside"}
      >
        {day.date}
      </button>
    );
  }
  if (choosable && href) {
    return (
      <Link
        to={href}
        preventScrollReset
        replace
        className={`${base} ${tone} ${interactive}`}
        aria-label={label}
        aria-current={selected ? "date" : undefined}
      >
        {day.date}
      </Link>
    );
  }
  return (
    <span className={`${base} ${tone}`} aria-label={label}>
      {day.date}
    </span>
  );
}
