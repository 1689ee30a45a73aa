// The host's calendar on a rental listing's edit page: the month as the owner sees it (booked, blocked, requests
// waiting) and one form that blocks or unblocks a range of days. Without JavaScript the days are links that fill
// the form (the address holds the choice); with it they are buttons that fill it at once. The form is the same.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pickRange, withSelection, type CalendarMonth } from "~/bookings/availability-rules";
import type { HeldRange } from "~/bookings/blocked-days";
import { AvailabilityCalendar } from "~/components/bookings/availability-calendar";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form";
import { setFieldValue, useForm } from "~/components/ui/use-form";
import { formatDate } from "~/utils/format";

export interface HostCalendarData {
  today: string;
  lastDay: string;
  range: { from?: string; to?: string };
  month: CalendarMonth;
}

export function HostCalendar({
  carId,
  calendar,
  lastResult,
  hold,
  busy,
}: {
  carId: string;
  calendar: HostCalendarData;
  lastResult?: SubmissionResult<string[]>;
  hold?: HeldRange;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation("listings");
  const [form, fields] = useForm({
    id: `host-calendar-${carId}`,
    lastResult,
    defaultValue: calendar.range,
    shouldValidate: "onSubmit",
  });
  const typed = (value: unknown) => (typeof value === "string" ? value : "");
  // What the fields hold (conform's values, read from the fields, so also days typed before the page hydrated): the
  // range from the address (day links), what was sent when the server said no, or the days picked since.
  const range = { start: typed(fields.from.value), end: typed(fields.to.value) };
  const selection = { start: range.start || undefined, end: range.end || range.start || undefined };
  const month = withSelection(calendar.month, selection);
  const base = `/my-listings/${carId}/edit`;
  const href = (query: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
    return `${base}?${params.toString()}#calendar`;
  };
  const date = (day: string) => formatDate(day, i18n.language, "long");
  const holdValues = hold ? { start: date(hold.startDate), end: date(hold.endDate) } : undefined;

  return (
    <section id="calendar" aria-labelledby="calendar-title" className="mb-8 scroll-mt-20">
      <h2 id="calendar-title" className="mb-1 text-lg font-semibold">
        {t("calendar.title")}
      </h2>
      <p id="calendar-intro" className="mb-3 text-sm text-muted">
        {t("calendar.intro")}
      </p>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
        <AvailabilityCalendar
          month={month}
          language={i18n.language}
          view="host"
          rangeLabels
          hrefFor={(day) => {
            const picked = pickRange(selection, day);
            return href({ month: calendar.month.month, from: picked.start, to: picked.end });
          }}
          onPick={(day) => {
            const picked = pickRange(selection, day);
            setFieldValue(fields.from.id, picked.start);
            setFieldValue(fields.to.id, picked.end);
          }}
          monthHref={(m) => href({ month: m, from: selection.start, to: selection.end })}
        />
        <Form method="post" {...getFormProps(form)} preventScrollReset className="grid content-start gap-3">
          <FormAlert id={form.errorId} errors={form.errors} />
          <p className="text-sm text-muted">{t("calendar.pickHint", { date: date(calendar.lastDay) })}</p>
          <DayField
            id={fields.from.id}
            name={fields.from.name}
            label={t("calendar.from")}
            defaultValue={typed(fields.from.initialValue)}
            min={calendar.today}
            max={calendar.lastDay}
            errorId={fields.from.errorId}
            errors={fields.from.errors}
            values={holdValues}
          />
          <DayField
            id={fields.to.id}
            name={fields.to.name}
            label={t("calendar.to")}
            defaultValue={typed(fields.to.initialValue) || typed(fields.from.initialValue)}
            min={range.start || calendar.today}
            max={calendar.lastDay}
            errorId={fields.to.errorId}
            errors={fields.to.errors}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="block" disabled={busy}>
              {t("calendar.block")}
            </Button>
            <Button type="submit" name="intent" value="unblock" variant="secondary" disabled={busy}>
              {t("calendar.unblock")}
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}

function DayField({
  id,
  name,
  label,
  defaultValue,
  min,
  max,
  errorId,
  errors,
  values,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  min: string;
  max: string;
  errorId: string;
  errors?: string[];
  values?: Record<string, string>;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={defaultValue}
        min={min}
        max={max}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={errors} values={values} />
    </div>
  );
}
