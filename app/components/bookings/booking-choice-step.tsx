// Step 1 of the booking dialog (/car/{id}/book, part 2 §2): period, days on the availability calendar, insurance,
// driver, pickup and drop-off, requests and (when the profile lacks it) the date of birth, beside the price.
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { pickDay } from "~/bookings/availability-rules";
import { LOCATION_MAX, SPECIAL_REQUESTS_MAX, bookingHref } from "~/bookings/booking-request";
import type { BookingDialogData } from "~/bookings/booking-dialog.server";
import type { BookingRefusal } from "~/bookings/booking-request.server";
import { PRICING_PERIODS } from "#db/enums";
import { AvailabilityCalendar } from "~/components/bookings/availability-calendar";
import { PickupChoice } from "~/components/bookings/pickup-choice";
import { PriceBreakdown } from "~/components/bookings/price-breakdown";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { MONTHLY_FROM_DAYS, PERIOD_DAYS, WEEKLY_FROM_DAYS } from "~/pricing/booking-price";
import { addDays } from "~/utils/calendar-days";
import { formatDays, formatPrice } from "~/utils/format";

/** Days nobody can have are said as soon as they are chosen, before Review is pressed. */
const SHOWN_AT_ONCE = ["bookings:errors.conflict", "bookings:errors.unavailable"];

/**
 * Step 1 of the booking dialog: a GET form, so the address holds every choice and the server prices it. With
 * JavaScript a change re-prices at once; `refused` is the action's answer when a POST was turned down.
 */
export function ChoiceStep({ data: loaded, refused }: { data: BookingDialogData; refused?: BookingRefusal }) {
  const { t, i18n } = useTranslation("bookings");
  const actionData = refused;
  const { car, choice, evaluation, packages, pickups, month } = loaded;
  const href = bookingHref(car.id, choice);
  const submit = useSubmit();
  const navigation = useNavigation();
  const issues: Record<string, string | undefined> = actionData?.issues ?? (loaded.showIssues ? evaluation.issues : {});
  const formIssue =
    actionData?.formIssue ??
    (loaded.showIssues || SHOWN_AT_ONCE.includes(evaluation.formIssue?.message ?? "") ? evaluation.formIssue : null);
  const errorOf = (field: string) => (issues[field] ? [issues[field]!] : undefined);
  // With JavaScript a change re-prices at once; without it, "Update price" does the same.
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === "text")) return;
    submit(event.currentTarget, { method: "get", replace: true, preventScrollReset: true });
  };
  const money = (cents: number) => formatPrice(cents, i18n.language);

  return (
    <Form
      method="get"
      action={`/car/${car.id}/book`}
      replace
      preventScrollReset
      onChange={onChange}
      className="grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      noValidate
    >
      <div className="grid min-w-0 gap-6">
        {formIssue ? (
          <div role="alert" className="rounded-xl border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
            <p className="font-bold">{t(formIssue.title)}</p>
            <p>{t(formIssue.message)}</p>
            {formIssue.days?.length ? (
              <p className="mt-1">{t("errors.unavailableDays", { days: formatDays(formIssue.days, i18n.language) })}</p>
            ) : null}
          </div>
        ) : null}

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-base font-bold">{t("book.period")}</legend>
          <div className="grid grid-cols-3 gap-2">
            {PRICING_PERIODS.map((period) => {
              const price = car.prices[period];
              const disabled = !price;
              return (
                <label
                  key={period}
                  className={`flex cursor-pointer flex-col rounded-xl border p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:ring-2 has-focus-visible:ring-focus ${disabled ? "cursor-not-allowed opacity-50" : "border-line"}`}
                >
                  <input
                    type="radio"
                    name="period"
                    value={period}
                    defaultChecked={choice.period === period}
                    disabled={disabled}
                    className="sr-only"
                  />
                  <span className="font-semibold">{t(`periods.${period}`)}</span>
                  <span className="text-muted">{price ? money(price) : t("periods.unavailable")}</span>
                </label>
              );
            })}
          </div>
          <p className="text-xs text-muted">
            {t("book.periodHint", {
              weekFrom: WEEKLY_FROM_DAYS,
              monthFrom: MONTHLY_FROM_DAYS,
              week: PERIOD_DAYS.weekly,
              month: PERIOD_DAYS.monthly,
            })}
          </p>
          <FieldErrors id="period-error" errors={errorOf("period")} />
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-base font-bold">{t("book.dates")}</legend>
          <input type="hidden" name="month" value={month.month} />
          <AvailabilityCalendar
            month={month}
            language={i18n.language}
            hrefFor={(day) => href(pickDay(choice, day, month.lastReturnDay), { month: month.month })}
            monthHref={(m) => href({}, { month: m })}
            clearHref={href({ start: undefined, end: undefined }, { month: month.month })}
          />
          <div className="grid grid-cols-2 gap-3">
            <ChoiceField
              name="start"
              type="date"
              label={t("book.start")}
              error={issues.start}
              min={loaded.earliest}
              defaultValue={choice.start}
              key={`s${choice.start}`}
            />
            <ChoiceField
              name="end"
              type="date"
              label={t("book.end")}
              error={issues.end}
              min={choice.start ? addDays(choice.start, 1) : loaded.earliest}
              defaultValue={choice.end}
              key={`e${choice.end}`}
            />
          </div>
          <p className="text-sm text-muted">
            {t("book.limits", { min: car.minRentalDays, max: car.maxRentalDays })}
            {car.notice ? ` ${t("book.notice", { hours: car.notice.hours, days: car.notice.days })}` : ""}
          </p>
        </fieldset>

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-base font-bold">{t("book.insurance")}</legend>
          <p className="text-sm text-muted">{t("book.insuranceIncluded")}</p>
          <InsuranceOption
            value="none"
            checked={choice.insurance === "none"}
            title={t("book.noInsurance")}
            detail={t("book.noInsuranceWarning")}
            warning
          />
          {packages.map((p) => (
            <InsuranceOption
              key={p.id}
              value={p.id}
              checked={choice.insurance === p.id}
              title={p.name}
              badge={p.isPopular ? t("book.popular") : undefined}
              price={p.price}
              detail={[
                p.provider,
                t("book.deductible", { amount: money(p.deductible) }),
                t("book.coverage", { amount: money(p.maxCoverage) }),
              ].join(" · ")}
              description={p.description}
              lists={p.coverageDetails}
            />
          ))}
          <FieldErrors id="insurance-error" errors={errorOf("insurance")} />
        </fieldset>

        {car.driverAvailable || car.driverOnly ? (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-base font-bold">{t("book.service")}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(car.driverOnly ? (["driver"] as const) : (["self", "driver"] as const)).map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-xl border border-line p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft"
                >
                  <input
                    type="radio"
                    name="driver"
                    value={value}
                    defaultChecked={value === "driver" ? loaded.evaluation.withDriver : !loaded.evaluation.withDriver}
                    className="accent-primary"
                  />
                  {t(`book.${value}`)}
                </label>
              ))}
            </div>
            <FieldErrors id="driver-error" errors={errorOf("driver")} />
          </fieldset>
        ) : null}

        <PickupChoice pickups={pickups} chosen={choice.pickup} error={issues.pickup} />

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-base font-bold">{t("book.dropoff")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["same", "other"] as const).map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2 rounded-xl border border-line p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft"
              >
                <input
                  type="radio"
                  name="dropoff"
                  value={value}
                  defaultChecked={choice.dropoff === value}
                  className="accent-primary"
                />
                {t(`book.dropoff_${value}`)}
              </label>
            ))}
          </div>
          {choice.dropoff === "other" || issues.dropoffLocation ? (
            <ChoiceField
              name="dropoffLocation"
              type="text"
              label={t("book.dropoffLocation")}
              error={issues.dropoffLocation}
              maxLength={LOCATION_MAX * 4}
              defaultValue={choice.dropoffLocation}
            />
          ) : null}
        </fieldset>

        <div>
          <label htmlFor="requests" className="mb-1.5 block text-base font-bold">
            {t("book.requests")}
          </label>
          <textarea
            id="requests"
            name="requests"
            rows={3}
            defaultValue={choice.requests}
            className={inputClass}
            aria-describedby="requests-hint"
            aria-invalid={issues.requests ? true : undefined}
          />
          <p id="requests-hint" className="mt-1 text-xs text-muted">
            {t("book.requestsHint", { max: SPECIAL_REQUESTS_MAX })}
          </p>
          <FieldErrors id="requests-error" errors={errorOf("requests")} />
        </div>

        {evaluation.needsDateOfBirth ? (
          <ChoiceField
            name="dateOfBirth"
            type="date"
            label={t("book.dateOfBirth")}
            hint={t(evaluation.dateOfBirthKept ? "book.dateOfBirthHint" : "book.dateOfBirthHintVerified")}
            error={issues.dateOfBirth}
            defaultValue={choice.dateOfBirth}
          />
        ) : (
          <FieldErrors id="dateOfBirth-error" errors={errorOf("dateOfBirth")} />
        )}
      </div>

      <aside className="lg:sticky lg:top-20 lg:self-start">
        <div className="grid gap-4 rounded-xl border border-line bg-surface p-4">
          <h2 className="font-bold">{t("price.title")}</h2>
          {evaluation.price ? (
            <PriceBreakdown price={evaluation.price} insuranceName={evaluation.insuranceName} />
          ) : (
            <p className="text-sm text-muted">{t("price.chooseDates")}</p>
          )}
          <noscript>
            <button type="submit" className={buttonClass("secondary", "md", "w-full")}>
              {t("book.update")}
            </button>
          </noscript>
          <Button
            type="submit"
            name="step"
            value="review"
            className="w-full"
            disabled={navigation.state === "loading" && navigation.location.search.includes("step=review")}
          >
            {t("book.review")}
          </Button>
        </div>
      </aside>
    </Form>
  );
}

/** A labelled input of the step-1 form with its hint and its message (the form is a plain GET form, not conform). */
function ChoiceField({
  name,
  label,
  hint,
  error,
  ...input
}: { name: string; label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={name} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="mb-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={name}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      <FieldErrors id={`${name}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

function InsuranceOption({
  value,
  checked,
  title,
  badge,
  price,
  detail,
  warning,
  description,
  lists,
}: {
  value: string;
  checked: boolean;
  title: string;
  badge?: string;
  price?: string;
  detail: string;
  warning?: boolean;
  description?: string | null;
  lists?: { coverage: string[]; features: string[]; exclusions: string[] };
}) {
  const { t } = useTranslation("bookings");
  return (
    <div className="rounded-xl border border-line p-3 has-checked:border-primary has-checked:bg-primary-soft">
      <label className="flex cursor-pointer items-start gap-3 text-sm" aria-label={title}>
        <input type="radio" name="insurance" value={value} defaultChecked={checked} className="mt-1 accent-primary" />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{title}</span>
            {badge ? (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-fg">{badge}</span>
            ) : null}
            {price ? <span className="ml-auto font-semibold">{price}</span> : null}
          </span>
          <span className={`mt-1 block ${warning ? "flex items-start gap-1 text-warning" : "text-muted"}`}>
            {warning ? <Icon name="alert" className="mt-0.5 size-4 shrink-0" /> : null}
            {detail}
          </span>
        </span>
      </label>
      {lists && (lists.coverage.length > 0 || lists.exclusions.length > 0 || lists.features.length > 0) ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-primary">{t("book.details")}</summary>
          {description ? <p className="mt-2 text-muted">{description}</p> : null}
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {(["coverage", "exclusions", "features"] as const).map((key) =>
              lists[key].length > 0 ? (
                <div key={key}>
                  <p className="font-semibold">{t(`book.lists.${key}`)}</p>
                  <ul className="list-disc pl-5 text-muted">
                    {lists[key].map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </div>
              ) : null,
            )}
          </div>
          <p className="mt-2 text-xs text-muted">{t("book.claims")}</p>
        </details>
      ) : null}
    </div>
  );
}
