// /booking-success (part 2 §2 "Booking success"): where the checkout sends the renter back. Coming back proves
// nothing: the page tells what the stored payment state says (app/bookings/booking-receipt.server.ts). Until the
// webhook has confirmed the payment it checks again by itself every few seconds: with JavaScript by re-running the
// loader, without it by a refresh that only browsers without JavaScript obey (see PendingCheck).
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { notFound, requireUser, type ErrorPayload } from "~/accounts/guards.server";
import { cancelReasonOf, findReceipt, receiptPhase, type ReceiptPhase } from "~/bookings/booking-receipt.server";
import { bookingReference } from "~/bookings/booking-rules";
import { bookedPackageName, feeRates, rentalText } from "~/bookings/booking-text";
import { DepositReturnNote } from "~/components/bookings/deposit-return-note";
import type { BreadcrumbHandle } from "~/components/shell/breadcrumbs";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icons";
import { getLanguage, getT } from "~/i18n.server";
import type { RentalCharge } from "~/pricing/booking-price";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";
import { imageUrl } from "~/utils/images";
import { pageMeta } from "~/utils/meta";

export const handle: BreadcrumbHandle & { i18n: string[] } = {
  i18n: ["payment", "bookings", "common"],
  breadcrumb: "payment:titles.success",
};

/** How often the page checks again while the payment is unconfirmed, and for how long (40 × 3 s = 2 minutes). */
const CHECK_SECONDS = 3;
const MAX_CHECKS = 40;

const BOOKINGS_ACTION = { to: "/bookings", label: "payment:notFound.action" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const bookingId = url.searchParams.get("booking_id")?.trim() ?? "";
  if (!bookingId) {
    throw data<ErrorPayload>(
      { title: "payment:missingId.title", message: "payment:missingId.text", action: BOOKINGS_ACTION },
      { status: 400 },
    );
  }
  let receipt;
  try {
    receipt = await findReceipt(context.db, bookingId, user.id);
  } catch (error) {
    console.error("booking receipt could not be read", error);
    throw data<ErrorPayload>(
      { title: "payment:loadFailed.title", message: "payment:loadFailed.text" },
      { status: 503 },
    );
  }
  // Someone else's booking gets the same answer as one that does not exist.
  if (!receipt) notFound("payment:notFound.text", "payment:notFound.title", BOOKINGS_ACTION);

  const [t, language] = await Promise.all([getT(request, "payment"), getLanguage(request)]);
  const phase = receiptPhase(receipt);
  const moment = (value: Date) => formatDateTime(value, language, "long");

  // The automatic checks count themselves in the address, so a browser without JavaScript stops after MAX_CHECKS.
  const checks = Math.min(Math.max(Number.parseInt(url.searchParams.get("check") ?? "0", 10) || 0, 0), MAX_CHECKS);
  const next = new URLSearchParams(url.searchParams);
  next.set("check", String(Math.min(checks + 1, MAX_CHECKS)));
  const checkUrl = `${url.pathname}?${next}`;

  const { confirmedAt, cancelledAt, createdAt, host, insurance, ...booking } = receipt;
  return {
    title: t(`status.${phase}.title`),
    phase,
    booking: {
      ...booking,
      reference: bookingReference(booking.id),
      cancelReason: cancelReasonOf(receipt),
      insurance: insurance ? { name: bookedPackageName(insurance, language), totalCost: insurance.totalCost } : null,
      // The host's e-mail is theirs to give once they have said yes; until then the renter writes in Messages.
      host: { name: host.name, email: phase === "confirmed" ? host.email : null },
    },
    moments: {
      requestedAt: moment(createdAt),
      confirmedAt: phase === "confirmed" ? (confirmedAt ? moment(confirmedAt) : t("details.justNow")) : null,
      cancelledAt: phase === "cancelled" && cancelledAt ? moment(cancelledAt) : null,
    },
    pending:
      phase === "processing"
        ? { checkUrl, checksLeft: MAX_CHECKS - checks, refreshUrl: checks < MAX_CHECKS ? checkUrl : null }
        : null,
  };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Booking = LoaderData["booking"];

export default function BookingSuccessPage() {
  const loaded = useLoaderData<typeof loader>();
  const { phase, booking } = loaded;
  const slow = useAutoCheck(loaded);
  const ongoing = phase === "requested" || phase === "confirmed";
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      {loaded.pending?.refreshUrl ? <NoScriptRefresh url={loaded.pending.refreshUrl} /> : null}
      <StatusHeader phase={phase} booking={booking} slow={slow} checkUrl={loaded.pending?.checkUrl ?? null} />
      {booking.role === "host" ? <HostNote /> : null}
      <div className="mt-6 grid gap-6">
        <DetailsCard booking={booking} moments={loaded.moments} phase={phase} />
        <PaymentSummary booking={booking} />
        {ongoing ? <NextSteps phase={phase} /> : null}
        <Actions phase={phase} />
        {ongoing ? <Reminders /> : null}
      </div>
    </div>
  );
}

/**
 * While the payment is unconfirmed, re-run the loader every CHECK_SECONDS (with JavaScript), at most the checks
 * left; true once they are used up. Leaving the page or the state stops it.
 */
function useAutoCheck(loaded: LoaderData): boolean {
  const revalidator = useRevalidator();
  const used = useRef(0);
  const [exhausted, setExhausted] = useState(false);
  const checksLeft = loaded.pending?.checksLeft ?? 0;
  useEffect(() => {
    if (!loaded.pending) return;
    if (used.current >= checksLeft) {
      setExhausted(true);
      return;
    }
    const timer = window.setTimeout(() => {
      used.current += 1;
      revalidator.revalidate();
    }, CHECK_SECONDS * 1000);
    return () => window.clearTimeout(timer);
    // Each new answer from the loader arms the next check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  return Boolean(loaded.pending) && (exhausted || checksLeft <= 0);
}

/**
 * The automatic check for browsers without JavaScript. With scripting on, a browser reads a <noscript>'s content as
 * text, so the refresh is never scheduled: a refresh once scheduled survives client-side navigation and would pull
 * the reader back here after they had moved on (and JavaScript re-checks without reloading anyway).
 */
function NoScriptRefresh({ url }: { url: string }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${CHECK_SECONDS};url=${url}`} />
    </noscript>
  );
}

const PHASE_LOOK: Record<ReceiptPhase, { icon: IconName; tone: string; iconTone: string }> = {
  processing: { icon: "info", tone: "border-line bg-info-soft", iconTone: "bg-surface text-primary" },
  requested: { icon: "check", tone: "border-primary/30 bg-primary-soft", iconTone: "bg-primary text-on-primary" },
  confirmed: { icon: "check", tone: "border-success/30 bg-success-soft", iconTone: "bg-success text-white" },
  cancelled: { icon: "alert", tone: "border-danger/30 bg-danger-soft", iconTone: "bg-danger text-white" },
};

function StatusHeader({
  phase,
  booking,
  slow,
  checkUrl,
}: {
  phase: ReceiptPhase;
  booking: Booking;
  slow: boolean;
  checkUrl: string | null;
}) {
  const { t, i18n } = useTranslation("payment");
  const look = PHASE_LOOK[phase];
  let body: ReactNode;
  if (phase === "processing") {
    body = (
      <>
        <p>{t("status.processing.text")}</p>
        <p className="mt-2 text-sm text-muted">{slow ? t("status.processing.slow") : t("status.processing.auto")}</p>
        {checkUrl ? (
          <Link to={checkUrl} replace className={buttonClass("secondary", "sm", "mt-4")}>
            {t("status.processing.refresh")}
          </Link>
        ) : null}
      </>
    );
  } else if (phase === "requested") {
    body = (
      <>
        <p>{t("status.requested.text", { amount: formatMoney(booking.totalAmount, i18n.language) })}</p>
        <p className="mt-2">{t("status.requested.answer")}</p>
      </>
    );
  } else if (phase === "confirmed") {
    body = (
      <>
        <p>{booking.paymentStatus === "captured" ? t("status.confirmed.text") : t("status.confirmed.textCapturing")}</p>
        {booking.instantBook ? (
          <p className="mt-2 flex items-center gap-2">
            <Icon name="bolt" className="size-4 shrink-0 text-success" />
            {t("status.confirmed.instant")}
          </p>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <p>{t(`status.cancelled.reasons.${booking.cancelReason ?? "other"}`)}</p>
        <p className="mt-2">{t(`status.cancelled.money.${moneyOutcome(booking.paymentStatus)}`)}</p>
      </>
    );
  }
  return (
    // Announced when the automatic check changes the state (with JavaScript the page updates in place).
    <section aria-live="polite" className={`rounded-2xl border p-5 sm:p-6 ${look.tone}`}>
      <div className="flex items-start gap-4">
        <span className={`grid size-11 shrink-0 place-items-center rounded-full ${look.iconTone}`}>
          {phase === "processing" && !slow ? (
            <span className="size-5 rounded-full border-2 border-current border-t-transparent motion-safe:animate-spin" />
          ) : (
            <Icon name={look.icon} className="size-6" />
          )}
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`status.${phase}.title`)}</h1>
          <div className="mt-2 text-fg">{body}</div>
        </div>
      </div>
    </section>
  );
}

/** What became of the money of a cancelled booking: returned, being returned, or never taken. */
function moneyOutcome(paymentStatus: Booking["paymentStatus"]) {
  if (paymentStatus === "released") return "released";
  if (paymentStatus === "authorized" || paymentStatus === "captured") return "returning";
  return "none";
}

function HostNote() {
  const { t } = useTranslation("payment");
  return (
    <p className="mt-4 flex gap-3 rounded-xl border border-line bg-surface p-4 text-sm">
      <Icon name="info" className="mt-0.5 size-5 shrink-0 text-primary" />
      <span>
        {t("hostView.text")}{" "}
        <Link to="/bookings?role=host" className="font-semibold text-primary underline underline-offset-2">
          {t("hostView.link")}
        </Link>
      </span>
    </p>
  );
}

function amountLabel(paymentStatus: Booking["paymentStatus"]) {
  if (paymentStatus === "captured") return "details.amount.paid";
  if (paymentStatus === "authorized") return "details.amount.authorised";
  return "details.amount.amount";
}

function DetailsCard({
  booking,
  moments,
  phase,
}: {
  booking: Booking;
  moments: LoaderData["moments"];
  phase: ReceiptPhase;
}) {
  const { t, i18n } = useTranslation("payment");
  const { car } = booking;
  const title = `${car.make} ${car.model} ${car.year}`;
  const date = (day: string) => formatDate(day, i18n.language, "long");
  const pickup = booking.pickupLocation || car.location;
  const rows: [string, ReactNode][] = [
    [
      t("details.period"),
      <>
        {date(booking.startDate)} – {date(booking.endDate)}
        <span className="block text-sm font-normal text-muted">{t("details.days", { count: booking.totalDays })}</span>
      </>,
    ],
    [t("details.pickup"), pickup],
    [t("details.dropoff"), booking.dropoffLocation || pickup],
    ...rateRows(booking.rental, t, i18n.language),
    [t("details.service"), booking.withDriver ? t("details.withDriver") : t("details.selfDrive")],
    [
      t("details.host"),
      <>
        {booking.host.name || t("details.hostFallback")}{" "}
        {booking.host.email ? (
          <a
            href={`mailto:${booking.host.email}`}
            className="block break-all text-sm font-normal text-primary underline underline-offset-2"
          >
            {booking.host.email}
          </a>
        ) : null}
      </>,
    ],
    [t("details.insurance"), booking.insurance ? booking.insurance.name : t("details.noInsurance")],
    phase === "confirmed"
      ? [t("details.confirmedAt"), moments.confirmedAt]
      : phase === "cancelled" && moments.cancelledAt
        ? [t("details.cancelledAt"), moments.cancelledAt]
        : [t("details.requestedAt"), moments.requestedAt],
  ];
  return (
    <section
      aria-labelledby="details-title"
      className="overflow-hidden rounded-2xl border border-line bg-surface shadow-xs"
    >
      <div className="sm:flex">
        <div className="aspect-[4/3] bg-subtle sm:w-56 sm:shrink-0">
          {car.image ? (
            <img
              src={imageUrl(car.image.storageKey, "card")}
              srcSet={`${imageUrl(car.image.storageKey, "card")} 640w, ${imageUrl(car.image.storageKey, "medium")} 800w, ${imageUrl(car.image.storageKey, "full")} 1600w`}
              sizes="(min-width: 640px) 14rem, calc(100vw - 2rem)"
              width={car.image.width}
              height={car.image.height}
              alt={title}
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-muted">
              <Icon name="car" className="size-12" />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3 p-5">
          <div>
            <h2 id="details-title" className="text-xl font-bold">
              {title}
            </h2>
            <p className="text-sm text-muted">{t("details.reference", { reference: booking.reference })}</p>
          </div>
          <div className="mt-auto rounded-xl bg-subtle p-3">
            <p className="text-sm text-muted">{t(amountLabel(booking.paymentStatus))}</p>
            <p className="text-2xl font-bold">{formatMoney(booking.totalAmount, i18n.language)}</p>
          </div>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-4 border-t border-line p-5 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-0.5 break-words font-medium">{value}</dd>
          </div>
        ))}
        {booking.specialRequests ? (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-sm text-muted">{t("details.requests")}</dt>
            <dd className="mt-0.5 whitespace-pre-line break-words">{booking.specialRequests}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The rates the booking was charged: the daily one, or the weekly or monthly one and the daily one for days beyond. */
function rateRows(rental: RentalCharge, t: TFunction, language: string): [string, ReactNode][] {
  const money = (cents: number) => formatMoney(cents, language);
  if (rental.period === "daily") return [[t("details.dailyRate"), money(rental.dayRate)]];
  const rows: [string, ReactNode][] = [[t(`details.${rental.period}Rate`), money(rental.periodPrice)]];
  if (rental.extraDays > 0) rows.push([t("details.dailyRate"), money(rental.dayRate)]);
  return rows;
}

function PaymentSummary({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation("payment");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const rates = feeRates(i18n.language);
  const lines: [string, number][] = [
    [t("summary.rental", { lines: rentalText(t, booking.rental, i18n.language) }), booking.subtotal],
    [
      booking.insurance ? t("summary.insurance", { name: booking.insurance.name }) : t("summary.noInsurance"),
      booking.insuranceCost,
    ],
    [t("summary.platformFee", { percent: rates.platform }), booking.platformFee],
    [t("summary.processorFee", { percent: rates.processor }), booking.paymentProcessorFee],
    [t("summary.deposit"), booking.depositAmount],
  ];
  const total =
    booking.paymentStatus === "captured"
      ? "summary.totalPaid"
      : booking.paymentStatus === "authorized"
        ? "summary.totalAuthorised"
        : "summary.total";
  return (
    <section aria-labelledby="summary-title" className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6">
      <h2 id="summary-title" className="text-lg font-bold">
        {t("summary.title")}
      </h2>
      <dl className="mt-3 grid gap-2 text-sm">
        {lines.map(([label, cents]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted">{label}</dt>
            <dd className="shrink-0 tabular-nums">{money(cents)}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-line pt-3 text-base font-bold">
          <dt>{t(total)}</dt>
          <dd className="shrink-0 tabular-nums">{money(booking.totalAmount)}</dd>
        </div>
      </dl>
      {booking.depositAmount > 0 ? <DepositReturnNote className="mt-3 text-xs text-muted" /> : null}
    </section>
  );
}

function NextSteps({ phase }: { phase: ReceiptPhase }) {
  const { t } = useTranslation("payment");
  const steps = [phase === "requested" ? "wait" : "contact", "prepare", "enjoy"] as const;
  return (
    <section aria-labelledby="next-title" className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6">
      <h2 id="next-title" className="text-lg font-bold">
        {t("next.title")}
      </h2>
      <ol className="mt-4 grid gap-4">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-bold text-primary"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{t(`next.${step}.title`)}</h3>
              <p className="text-sm text-muted">{t(`next.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Actions({ phase }: { phase: ReceiptPhase }) {
  const { t } = useTranslation("payment");
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <ButtonLink to="/bookings" size="lg">
        {t("actions.allBookings")}
      </ButtonLink>
      <ButtonLink to="/messages" variant="secondary" size="lg">
        <Icon name="mail" />
        {t("actions.messageHost")}
      </ButtonLink>
      {phase === "cancelled" ? (
        <ButtonLink to="/rentals" variant="secondary" size="lg">
          {t("actions.browseCars")}
        </ButtonLink>
      ) : null}
    </div>
  );
}

function Reminders() {
  const { t } = useTranslation("payment");
  const items = ["deposit", "pickup", "photos", "rules"] as const;
  return (
    <section
      aria-labelledby="reminders-title"
      className="rounded-2xl border border-warning/40 bg-warning-soft p-5 sm:p-6"
    >
      <h2 id="reminders-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="shield" className="size-5 text-warning" />
        {t("reminders.title")}
      </h2>
      <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>{t(`reminders.${item}`)}</li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
