// /bookings/{id}: the trip page (decision 022). For the booking's renter and host (admins read it, and change nothing):
// the car, the dates with their handover times, both parties, the money; the check-in and check-out records side by
// side; the distance and time they measure; where the deposit is; the refunds; the host's payout (to the host and
// admins); the steps so far. The party whose turn it is records check-in (#check-in) or check-out (#check-out) here
// with photos, and the other party confirms the record or disagrees with it. The return clock (trip-rules.ts) is
// told to both: a trip past its return deadline with no check-out, one the job completed without it, an odometer
// jump held for the other party's confirmation. A booking that never became a trip shows a line, not empty records.
// Plain multipart POST forms with an `intent`, so all of it works without JavaScript.
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, notFound, requireUser, requireUserWith } from "~/accounts/guards.server";
import { readTripPage, tripPageOf } from "~/trips/trip-page.server";
import { findTripBooking, submitTripForm, type TripFormName } from "~/trips/trip-records.server";
import { TRIP_RECORD_KINDS } from "#db/enums";
import { TripClockNotice } from "~/components/trips/trip-clock";
import { TripDeposit, TripRefunds, TripTimeline } from "~/components/trips/trip-deposit";
import { TripPayout } from "~/components/trips/trip-payout";
import { TripAnswerForm, TripRecordForm } from "~/components/trips/trip-record-form";
import { TripMeasuresView, TripRecords } from "~/components/trips/trip-records-view";
import { BookingStatusPill } from "~/components/dashboard/booking-status";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { findTripPayout } from "~/payouts/statements.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["trips", "bookings", "statements"], breadcrumb: "trips:titles.page" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const bookingId = params.bookingId ?? "";
  // The page's reads and the host's payout beside the session's lookup (one round trip); who may see what is decided
  // against the booking's row once the person is known.
  const [user, [reads, tripPayout]] = await requireUserWith(request, context, () =>
    Promise.all([readTripPage(context.db, bookingId), findTripPayout(context.db, bookingId)]),
  );
  const page = tripPageOf(reads, { userId: user.id, isAdmin: user.isAdmin, now: new Date() });
  // The host's payout: theirs to read (and the admins', who see the host's earnings here too), never the renter's.
  const payout = page.role === "renter" ? null : tripPayout;
  const t = await getT(request, "trips");
  return { title: t("titles.trip", { car: `${page.car.make} ${page.car.model}` }), ...page, payout };
}

type ActionData = { form: TripFormName; result: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const booking = await findTripBooking(context.db, params.bookingId ?? "");
  if (!booking) notFound("bookings:errors.notFound");
  // Admins read the trip; only its two parties write to it.
  if (booking.renterId !== user.id && booking.ownerId !== user.id) forbidden();
  const outcome = await submitTripForm(context, {
    booking,
    userId: user.id,
    formData: await request.formData(),
    origin: context.env.appUrl ?? new URL(request.url).origin,
  });
  if (!outcome.ok) {
    return data<ActionData>({ form: outcome.form, result: outcome.result }, { status: outcome.status });
  }
  return redirectWithToast(`/bookings/${booking.id}`, { type: "success", title: outcome.toast }, context.env, {
    status: 303,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function TripPage() {
  const { t, i18n } = useTranslation("trips");
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { booking, car, role, names, records, steps, clock } = page;
  const language = i18n.language;
  const when = (at: number) => formatDateTime(at, language);
  const other = role === "host" ? { side: "renter", name: names.renter } : { side: "host", name: names.host };
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <div>
        <Link
          to={role === "host" ? "/bookings?role=host" : "/bookings"}
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
        >
          <Icon name="chevronLeft" className="size-4" />
          {t("page.back")}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page.title}</h1>
          <BookingStatusPill status={booking.status} />
        </div>
        <p className="mt-1 text-sm text-muted">
          {t("page.reference", { reference: booking.reference })} · {car.make} {car.model} {car.year}
        </p>
      </div>

      {role === "admin" ? (
        <p role="status" className="flex gap-2 rounded-lg border border-line bg-info-soft p-3 text-sm">
          <Icon name="info" className="mt-0.5 size-4 shrink-0" />
          {t("page.adminReadOnly")}
        </p>
      ) : null}

      <section aria-labelledby="trip-summary" className="rounded-2xl border border-line bg-surface p-4">
        <h2 id="trip-summary" className="sr-only">
          {t("summary.title")}
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Fact label={t("summary.pickup")} value={when(booking.start)} />
          <Fact label={t("summary.return")} value={when(booking.end)} />
          {role === "admin" ? (
            <>
              <Fact label={t("summary.host")} value={names.host} />
              <Fact label={t("summary.renter")} value={names.renter} />
            </>
          ) : (
            <Fact label={t(`summary.${other.side}`)} value={other.name} />
          )}
          {role !== "host" ? (
            <Fact label={t("summary.paid")} value={formatMoney(booking.totalAmount, language)} />
          ) : null}
          {role !== "renter" ? (
            <Fact label={t("summary.earnings")} value={formatMoney(booking.hostEarnings, language)} />
          ) : null}
          <Fact label={t("summary.days")} value={t("summary.daysValue", { count: booking.totalDays })} />
        </dl>
      </section>

      <TripClockNotice clock={clock} />

      {TRIP_RECORD_KINDS.map((kind) => {
        const step = steps[kind];
        const anchor = kind === "check_in" ? "check-in" : "check-out";
        if (step.state === "open") {
          return (
            <section key={kind} id={anchor} aria-labelledby={`${anchor}-title`} className="scroll-mt-20">
              <TripRecordForm
                kind={kind}
                titleId={`${anchor}-title`}
                minOdometerKm={kind === "check_out" ? (records.check_in?.odometerKm ?? null) : null}
                afterDeadline={
                  kind === "check_out" && clock.overdue
                    ? { deadline: clock.deadline, claimUntil: clock.completesAt }
                    : undefined
                }
                lastResult={actionData?.form === "record" ? actionData.result : undefined}
              />
            </section>
          );
        }
        if (step.state === "opens") {
          return (
            <p key={kind} id={anchor} role="status" className="flex gap-2 rounded-lg border border-line p-3 text-sm">
              <Icon name="info" className="mt-0.5 size-4 shrink-0" />
              {t(`steps.opens_${kind}`, { time: when(step.at) })}
            </p>
          );
        }
        return null;
      })}

      {page.isTrip ? (
        <TripRecords records={records} autoCompleted={clock.autoCompleted} />
      ) : (
        <p role="status" className="flex gap-2 rounded-lg border border-line p-3 text-sm" data-testid="no-trip">
          <Icon name="info" className="mt-0.5 size-4 shrink-0" />
          {t(booking.status === "cancelled" ? "page.neverTrip" : "page.notTripYet")}
        </p>
      )}

      {TRIP_RECORD_KINDS.map((kind) => {
        const record = records[kind];
        if (!record?.canAnswer) return null;
        const form = `answer-${kind}` as const;
        return (
          <TripAnswerForm
            key={kind}
            kind={kind}
            lastResult={actionData?.form === form ? actionData.result : undefined}
          />
        );
      })}

      {page.isTrip ? (
        <TripMeasuresView
          measures={page.measures}
          hasCheckOut={records.check_out !== null}
          clock={clock}
          odometer={page.odometer}
        />
      ) : null}
      {/* A cancelled booking holds no deposit: what went back is under the refunds. */}
      {booking.status !== "cancelled" ? (
        <TripDeposit bookingId={booking.id} deposit={page.deposit} status={booking.status} />
      ) : null}
      <TripRefunds refunds={page.refunds} />
      {page.payout ? <TripPayout payout={page.payout} own={role === "host"} /> : null}
      <TripTimeline events={page.timeline} />

      {role !== "admin" ? (
        <p>
          <Link to="/messages" className={buttonClass("ghost", "sm")}>
            <Icon name="mail" className="size-4" />
            {t(role === "host" ? "bookings:actions.contactRenter" : "bookings:actions.contactHost")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
