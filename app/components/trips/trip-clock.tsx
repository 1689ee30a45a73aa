// The return clock on the trip page (trip-rules.ts, decision 022): what a trip past its return deadline with no
// check-out means now, what a trip the job completed without one came to, a check-out recorded after the deadline,
// and an odometer jump held until the other party confirms it. The same words for both parties and admins.
import { useTranslation } from "react-i18next";
import type { TripPage } from "~/trips/trip-page.server";
import { Icon } from "~/components/ui/icons";
import { formatDateTime, formatNumber } from "~/utils/format";
import { PLAUSIBLE_KM_PER_DAY } from "~/bookings/trip-rules";

/** Above the trip's steps: past the deadline with no check-out, or completed without one. */
export function TripClockNotice({ clock }: { clock: TripPage["clock"] }) {
  const { t, i18n } = useTranslation("trips");
  const when = (at: number) => formatDateTime(at, i18n.language);
  if (clock.overdue) {
    return (
      <div role="status" className="flex gap-2 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm">
        <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
        <div className="grid gap-1">
          <p className="font-semibold">{t("clock.overdueTitle", { end: when(clock.end) })}</p>
          <p>{t("clock.overdue", { deadline: when(clock.deadline), completes: when(clock.completesAt) })}</p>
        </div>
      </div>
    );
  }
  if (clock.autoCompleted) {
    return (
      <p role="status" className="flex gap-2 rounded-lg border border-line bg-info-soft p-3 text-sm">
        <Icon name="info" className="mt-0.5 size-4 shrink-0" />
        <span>{t("clock.autoCompleted", { completes: when(clock.completesAt) })}</span>
      </p>
    );
  }
  return null;
}

/** Under the distance and time: why the excess kilometres are held, and a check-out that came after the deadline. */
export function TripClockNotes({ clock, odometer }: { clock: TripPage["clock"]; odometer: TripPage["odometer"] }) {
  const { t, i18n } = useTranslation("trips");
  const language = i18n.language;
  const notes: { key: string; text: string }[] = [];
  if (odometer?.held) {
    notes.push({
      key: "held",
      text: t(`measures.heldBy_${odometer.confirmer}`, {
        count: odometer.days,
        driven: formatNumber(odometer.kmDriven, language, 0),
        perDay: formatNumber(PLAUSIBLE_KM_PER_DAY, language, 0),
      }),
    });
  }
  if (clock.checkOutAfterDeadline) {
    notes.push({ key: "late", text: t("clock.afterDeadline", { deadline: formatDateTime(clock.deadline, language) }) });
  }
  if (notes.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-2 text-sm">
      {notes.map((note) => (
        <li
          key={note.key}
          data-testid={`trip-note-${note.key}`}
          className="flex gap-2 rounded-lg border border-warning/40 bg-warning-soft p-3"
        >
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          <span>{note.text}</span>
        </li>
      ))}
    </ul>
  );
}
