// /car/{id}/book: the booking dialog of part 2 §2 as a page over the car (a dialog with JavaScript, a page without).
// Step 1 is a GET form, so the address holds every choice: the calendar's days and months are links, and the
// price is worked out by the server with the one pricing module. Step 2 (?step=review) shows the summary and
// POSTs; the action checks everything again, writes the request in one atomic statement and opens the checkout.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { eq } from "drizzle-orm";
import { profiles } from "#db/schema";
import { notFound, requireUser } from "~/accounts/guards.server";
import { buildMonth, isMonth, pickDay, shiftMonth } from "~/bookings/availability-calendar";
import {
  LOCATION_MAX,
  SPECIAL_REQUESTS_MAX,
  choiceQuery,
  noticeToShow,
  readBookingChoice,
  type BookingChoice,
} from "~/bookings/booking-request";
import { addDays } from "~/utils/calendar-days";
import {
  ALREADY_REQUESTED,
  CONFLICT,
  UNAVAILABLE,
  evaluateChoice,
  loadChoiceContext,
  type Evaluation,
} from "~/bookings/booking-request.server";
import {
  CAR_LOCATION_PICKUP,
  attachCheckoutSession,
  deleteUnpaidRequest,
  findBookableCar,
  findOpenRequest,
  insertBookingRequest,
  pickupOptions,
  type BookableCar,
} from "~/bookings/bookings.server";
import { findBlockedDays } from "~/bookings/blocked-days.server";
import { AvailabilityCalendar } from "~/components/bookings/availability-calendar";
import { PickupChoice } from "~/components/bookings/pickup-choice";
import { PriceBreakdown } from "~/components/bookings/price-breakdown";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getLanguage, getT } from "~/i18n.server";
import { openCheckout } from "~/bookings/booking-checkout.server";
import { getPaymentGateway } from "~/payments/gateway.server";
import { PRICING_PERIODS } from "#db/enums";
import { packageText, packageToShow } from "~/bookings/booking-text";
import { MONTHLY_FROM_DAYS, PERIOD_DAYS, WEEKLY_FROM_DAYS, periodPrices } from "~/pricing/booking-price";
import { formatDate, formatPrice } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["cars", "bookings"], breadcrumb: "cars:book.title" };

async function bookableCar(args: LoaderFunctionArgs) {
  const user = await requireUser(args.request, args.context);
  const car = await findBookableCar(args.context.db, args.params.id ?? "");
  if (!car || car.ownerId === user.id) {
    notFound("errors.carNotFound", "errors.carNotFoundTitle", { to: "/cars", label: "errors.browseAllCars" });
  }
  return { user, car };
}

/** Evaluates a choice against the car, its bookings around the chosen days and the renter's profile. */
async function evaluate(
  args: LoaderFunctionArgs,
  car: BookableCar,
  userId: string,
  choice: BookingChoice,
  month: string,
) {
  const from = [`${shiftMonth(month, -1)}-01`, choice.start].filter(Boolean).sort()[0]!;
  const to = [`${shiftMonth(month, 2)}-01`, choice.end].filter(Boolean).sort().at(-1)!;
  const loaded = await loadChoiceContext(args.context.db, car, userId, { from, to });
  return { loaded, evaluation: evaluateChoice({ car, choice, ...loaded, now: new Date() }) };
}

const hasIssues = (e: Evaluation) => Object.keys(e.issues).length > 0 || e.formIssue !== null;

export async function loader(args: LoaderFunctionArgs) {
  const { user, car } = await bookableCar(args);
  const url = new URL(args.request.url);
  const asked = readBookingChoice(url.searchParams);
  const pickups = pickupOptions(car);
  // The primary point (listed first) is chosen until the renter picks another; the action still insists on one.
  const choice = asked.pickup ? asked : { ...asked, pickup: pickups[0]?.id };
  const todayMonth = new Date().toISOString().slice(0, 7);
  const requested = url.searchParams.get("month");
  const month = isMonth(requested) ? requested : (choice.start?.slice(0, 7) ?? todayMonth);
  const { loaded, evaluation } = await evaluate(args, car, user.id, choice, month < todayMonth ? todayMonth : month);
  const wantsReview = url.searchParams.get("step") === "review";
  // Before the summary, not only at payment: the renter's own request for these days is waiting for the owner.
  if (wantsReview && !hasIssues(evaluation) && choice.start && choice.end) {
    const request = { carId: car.id, renterId: user.id, startDate: choice.start, endDate: choice.end };
    if (await findOpenRequest(args.context.db, request)) evaluation.formIssue = ALREADY_REQUESTED;
  }
  const [t, language] = await Promise.all([getT(args.request, ["cars", "bookings"]), getLanguage(args.request)]);
  const prices = periodPrices(car, evaluation.withDriver);
  return {
    title: t("book.title"),
    car: {
      id: car.id,
      name: `${car.make} ${car.model} ${car.year}`,
      location: car.location,
      driverAvailable: car.driverAvailable,
      driverOnly: car.driverOnly,
      minRentalDays: car.minRentalDays,
      maxRentalDays: car.maxRentalDays,
      notice: noticeToShow(car),
      prices: { daily: prices.dailyPrice, weekly: prices.weeklyPrice, monthly: prices.monthlyPrice },
    },
    choice,
    // A step 1 that was only looked at (no Review pressed) shows no messages yet, only the price.
    showIssues: wantsReview,
    step: wantsReview && !hasIssues(evaluation) ? (2 as const) : (1 as const),
    month: buildMonth(month < todayMonth ? todayMonth : month, evaluation.today, loaded.bookings, choice, {
      blocked: loaded.blocked,
    }),
    earliest: evaluation.earliest,
    packages: loaded.packages.map((p) => packageToShow(t, p, language)),
    pickups,
    evaluation: {
      issues: evaluation.issues,
      formIssue: evaluation.formIssue,
      days: evaluation.days,
      withDriver: evaluation.withDriver,
      price: evaluation.quote?.ok ? evaluation.quote.price : null,
      insuranceName: evaluation.insurance ? packageText(evaluation.insurance, language).name : null,
      pickupLabel: evaluation.pickup?.label ?? null,
      needsDateOfBirth: evaluation.needsDateOfBirth,
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  const { user, car } = await bookableCar(args);
  const form = await args.request.formData();
  const choice = readBookingChoice(form);
  const month = choice.start?.slice(0, 7) ?? new Date().toISOString().slice(0, 7);
  const { evaluation } = await evaluate(args, car, user.id, choice, month);
  if (hasIssues(evaluation) || !evaluation.quote?.ok || !evaluation.pickup) {
    return data({ issues: evaluation.issues, formIssue: evaluation.formIssue }, { status: 400 });
  }
  const language = await getLanguage(args.request);
  const now = new Date();
  const price = evaluation.quote.price;
  const request = { carId: car.id, renterId: user.id, startDate: choice.start!, endDate: choice.end! };
  const inserted = await insertBookingRequest(args.context.db, {
    ...request,
    ownerId: car.ownerId,
    period: choice.period,
    price,
    insurance: evaluation.insurance
      ? {
          packageId: evaluation.insurance.id,
          nameLt: evaluation.insurance.nameLt,
          nameEn: evaluation.insurance.nameEn,
          dailyCost: evaluation.quote.insuranceDailyCost,
        }
      : null,
    pickupPointId: evaluation.pickup.id === CAR_LOCATION_PICKUP ? null : evaluation.pickup.id,
    pickupLocation: evaluation.pickup.label,
    dropoffLocation: choice.dropoff === "other" ? choice.dropoffLocation : evaluation.pickup.label,
    specialRequests: choice.requests || null,
    withDriver: evaluation.withDriver,
    now,
  });
  if (!inserted) {
    // Taken meanwhile: the renter's own request, a booking, or days the host blocked since the page was read.
    const own = await findOpenRequest(args.context.db, request);
    const blocked = await findBlockedDays(args.context.db, car.id, request.startDate, request.endDate);
    const formIssue = own ? ALREADY_REQUESTED : blocked.length > 0 ? UNAVAILABLE : CONFLICT;
    return data({ issues: {}, formIssue }, { status: 409 });
  }

  const origin = args.context.env.appUrl ?? new URL(args.request.url).origin;
  const t = await getT(args.request, "bookings");
  try {
    const checkout = await openCheckout(
      getPaymentGateway(args.context.env, origin),
      {
        id: inserted.id,
        car: `${car.make} ${car.model} ${car.year}`,
        startDate: request.startDate,
        endDate: request.endDate,
        rental: price.rental,
        subtotal: price.subtotal,
        insuranceCost: price.insuranceCost,
        insuranceName: evaluation.insurance ? packageText(evaluation.insurance, language).name : null,
        platformFee: price.platformFee,
        paymentProcessorFee: price.paymentProcessorFee,
        depositAmount: price.deposit,
        createdAt: now,
      },
      { t, language, customerEmail: user.email, origin, now },
    );
    await attachCheckoutSession(args.context.db, inserted.id, checkout.sessionId);
    // Once the request stands (a checkout exists), the profile remembers the date of birth given here and the
    // language e-mails should use; a request deleted below leaves the profile as it was.
    await args.context.db
      .update(profiles)
      .set({
        preferredLanguage: language,
        ...(evaluation.needsDateOfBirth && choice.dateOfBirth ? { dateOfBirth: choice.dateOfBirth } : {}),
      })
      .where(eq(profiles.id, user.id));
    return redirect(checkout.url, 303);
  } catch (error) {
    // Part 2 §4: without a checkout the request is deleted and the renter told to try again.
    console.error("checkout could not be created", error);
    await deleteUnpaidRequest(args.context.db, inserted.id);
    return data(
      { issues: {}, formIssue: { title: "bookings:errors.bookingFailed", message: "bookings:errors.paymentSetup" } },
      { status: 502 },
    );
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function BookCarPage() {
  const { t } = useTranslation("bookings");
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { car, step } = loaded;
  const closeTo = `/car/${car.id}`;
  // A refused POST goes back to step 1 with the server's messages.
  const showStep = actionData ? 1 : step;
  return (
    <OverlayPage
      title={t("book.title", { car: car.name })}
      closeTo={closeTo}
      width="max-w-4xl"
      headerExtra={<p className="text-sm text-muted">{t("book.step", { step: showStep, count: 2 })}</p>}
    >
      {showStep === 2 ? <ReviewStep /> : <ChoiceStep />}
    </OverlayPage>
  );
}

function useBookHref() {
  const { car, choice } = useLoaderData<typeof loader>();
  return (change: Partial<BookingChoice>, extra: Record<string, string | undefined> = {}) =>
    `/car/${car.id}/book${choiceQuery({ ...choice, ...change }, extra)}`;
}

/** Days nobody can have are said as soon as they are chosen, before Review is pressed. */
const SHOWN_AT_ONCE = ["bookings:errors.conflict", "bookings:errors.unavailable"];

function ChoiceStep() {
  const { t, i18n } = useTranslation("bookings");
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { car, choice, evaluation, packages, pickups, month } = loaded;
  const href = useBookHref();
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
            hrefFor={(day) => href(pickDay(choice, day), { month: month.month })}
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
            hint={t("book.dateOfBirthHint")}
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

function ReviewStep() {
  const { t, i18n } = useTranslation("bookings");
  const { car, choice, evaluation } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const href = useBookHref();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const date = (day?: string) => (day ? formatDate(day, i18n.language, "long") : "");
  const facts: [string, string][] = [
    [t("review.car"), car.name],
    [
      t("review.dates"),
      `${date(choice.start)} – ${date(choice.end)} (${t("review.days", { count: evaluation.days })})`,
    ],
    [t("review.period"), t(`periods.${choice.period}`)],
    [t("review.service"), t(evaluation.withDriver ? "book.driver" : "book.self")],
    [t("review.pickup"), evaluation.pickupLabel ?? ""],
    [t("review.dropoff"), choice.dropoff === "other" ? choice.dropoffLocation : t("book.dropoff_same")],
    [t("review.insurance"), evaluation.insuranceName ?? t("book.noInsurance")],
  ];
  if (choice.requests) facts.push([t("review.requests"), choice.requests]);
  return (
    <div className="grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid gap-6">
        <section aria-labelledby="review-details">
          <h2 id="review-details" className="mb-3 text-base font-bold">
            {t("review.details")}
          </h2>
          <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="font-medium break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="review-terms">
          <h2 id="review-terms" className="mb-3 text-base font-bold">
            {t("review.terms")}
          </h2>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted">
            <li>{t("review.termHold")}</li>
            <li>{t("review.termAnswer")}</li>
            <li>{t("review.termDeposit")}</li>
            <li>{t("review.termCancel")}</li>
            <li>
              {t("review.termAgree")}{" "}
              <Link to="/terms" className="font-semibold text-primary hover:underline">
                {t("review.termsLink")}
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <aside className="lg:sticky lg:top-20 lg:self-start">
        <div className="grid gap-4 rounded-xl border border-line bg-surface p-4">
          <h2 className="font-bold">{t("review.payment")}</h2>
          {evaluation.price ? (
            <PriceBreakdown price={evaluation.price} insuranceName={evaluation.insuranceName} />
          ) : null}
          <Form method="post" action={`/car/${car.id}/book${choiceQuery(choice)}`} className="grid gap-2">
            {Object.entries({
              ...choice,
              dropoffLocation: choice.dropoff === "other" ? choice.dropoffLocation : "",
            }).map(([key, value]) =>
              value ? <input key={key} type="hidden" name={key} value={String(value)} /> : null,
            )}
            <Button type="submit" size="lg" className="w-full" disabled={submitting}>
              {submitting ? t("review.paying") : t("review.pay")}
            </Button>
          </Form>
          <Link to={href({})} preventScrollReset className={buttonClass("secondary", "md", "w-full")}>
            {t("review.back")}
          </Link>
        </div>
      </aside>
    </div>
  );
}
