// The parts of /booking-success's receipt (booking-success.tsx): the status, the booking's details, what was paid,
// what happens next and the actions. Kept beside the route, which holds the loader and the checks.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { ReceiptPhase } from "~/bookings/booking-receipt.server";
import { feeRates, rentalText } from "~/bookings/booking-text";
import { DepositReturnNote } from "~/components/bookings/deposit-return-note";
import { CarImage } from "~/components/cars/car-image";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icons";
import type { RentalCharge } from "~/pricing/booking-price";
import { formatDate, formatMoney } from "~/utils/format";
import type { Booking, LoaderData } from "./booking-success";

const PHASE_LOOK: Record<ReceiptPhase, { icon: IconName; tone: string; iconTone: string }> = {
  processing: { icon: "info", tone: "border-line bg-info-soft", iconTone: "bg-surface text-primary" },
  requested: { icon: "check", tone: "border-primary/30 bg-primary-soft", iconTone: "bg-primary text-on-primary" },
  confirmed: { icon: "check", tone: "border-success/30 bg-success-soft", iconTone: "bg-success text-white" },
  cancelled: { icon: "alert", tone: "border-danger/30 bg-danger-soft", iconTone: "bg-danger text-white" },
};

export function StatusHeader({
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

export function HostNote() {
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

export function DetailsCard({
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
        <CarImage
          photo={car.image}
          alt={title}
          className="aspect-[4/3] sm:w-56 sm:shrink-0"
          icon="xl"
          eager
          sizes="(min-width: 640px) 14rem, calc(100vw - 2rem)"
        />
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

export function PaymentSummary({ booking }: { booking: Booking }) {
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

export function NextSteps({ phase }: { phase: ReceiptPhase }) {
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

export function Actions({ phase }: { phase: ReceiptPhase }) {
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

export function Reminders() {
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
