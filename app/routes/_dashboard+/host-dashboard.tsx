// /host-dashboard (part 2 §2 host panel, §3 "Host stats"): the host's figures for a period (`?period=7d|30d|90d|1y`,
// default 30 days), computed by SQL in app/dashboard/host-figures.server.ts; the earnings chart is an SVG drawn
// here. Signed-in users only; someone without a listing sees the panel's empty state with a call to list a car.
// What each figure means: docs/decisions/011-dashboard-figures.md.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUserWith } from "~/accounts/guards.server";
import { bookingReference } from "~/bookings/booking-rules";
import { BookingStatusPill } from "~/components/dashboard/booking-status";
import { CarImage } from "~/components/cars/car-image";
import { DashboardSection, EmptyPanel } from "~/components/dashboard/dashboard-section";
import { DashboardSwitch } from "~/components/dashboard/dashboard-switch";
import { EarningsChart } from "~/components/dashboard/earnings-chart";
import { PayoutSetupCard } from "~/components/payouts/payout-setup-card";
import { PeriodSelector } from "~/components/dashboard/period-selector";
import { StatCard } from "~/components/dashboard/stat-card";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon, type IconName } from "~/components/ui/icons";
import { loadHostDashboard } from "~/dashboard/host-figures.server";
import { parsePeriod, type Period } from "~/dashboard/period";
import { payoutCardOf } from "~/payouts/payout-summary.server";
import { addDays } from "~/utils/calendar-days";
import { getT } from "~/i18n.server";
import { formatDate, formatNumber, formatPercent, formatPrice } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["dashboard", "bookings", "payouts"], breadcrumb: "dashboard:titles.hostDashboard" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const period = parsePeriod(new URL(request.url).searchParams.get("period"));
  // The figures are asked for by the session's subquery, beside its lookup: one round trip (decision 002).
  const [[, [dashboard, payouts]], t] = await Promise.all([
    requireUserWith(request, context, (userId) =>
      Promise.all([loadHostDashboard(context.db, userId, period, new Date()), payoutCardOf(context.db, userId)]),
    ),
    getT(request, "dashboard"),
  ]);
  // Payouts concern hosts with listings; anyone else sets them up from /profile.
  return { title: t("titles.hostDashboard"), period, ...dashboard, payouts: dashboard.hasListings ? payouts : null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function HostDashboardPage() {
  const { t } = useTranslation("dashboard");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("titles.hostDashboard")}</h1>
          <p className="mt-1 text-muted">{t("host.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/my-listings" variant="secondary">
            {t("host.myListings")}
          </ButtonLink>
          <ButtonLink to="/my-listings?create=rental">
            <Icon name="plus" className="size-4" />
            {t("host.addCar")}
          </ButtonLink>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <DashboardSwitch current="host" />
        {data.hasListings ? <PeriodSelector period={data.period} path="/host-dashboard" /> : null}
      </div>
      {data.hasListings ? <HostPanel data={data} /> : <NoListings />}
    </div>
  );
}

function NoListings() {
  const { t } = useTranslation("dashboard");
  return (
    <EmptyState
      icon="car"
      title={t("host.empty.title")}
      text={t("host.empty.text")}
      action={{ to: "/my-listings?create=rental", label: t("host.empty.action") }}
      titleId="no-listings-title"
      className="mt-8"
    />
  );
}

function HostPanel({ data }: { data: Data }) {
  const { t, i18n } = useTranslation("dashboard");
  const language = i18n.language;
  const { figures, period, range } = data;
  const money = (cents: number | null) => (cents === null ? t("na") : formatPrice(cents, language));
  const percent = (value: number | null) => (value === null ? t("na") : formatPercent(value, language, 1));
  return (
    <>
      <p className="mt-3 text-sm text-muted">
        {t("period.range", {
          from: formatDate(range.from, language),
          to: formatDate(addDays(range.until, -1), language),
        })}
      </p>

      <h2 className="sr-only">{t("host.figures")}</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t("host.totalEarnings")} value={money(figures.totalEarnings)} icon="arrowUp">
          <Growth value={figures.earningsGrowth} period={period} />
          <span className="block">{t("host.payout", { amount: money(figures.hostPayout) })}</span>
        </StatCard>
        <StatCard label={t("host.thisMonth")} value={money(figures.monthEarnings)} icon="car">
          <span className="block">{t("host.activeRentals", { count: figures.activeBookings })}</span>
        </StatCard>
        <StatCard label={t("host.occupancy")} value={percent(figures.occupancy)} icon="home">
          <span className="block">{t("host.conversion", { value: percent(figures.conversion) })}</span>
        </StatCard>
        <StatCard label={t("host.averageBooking")} value={money(figures.averageBookingValue)} icon="check">
          <span className="block">{t("host.repeatCustomers", { count: figures.repeatCustomers })}</span>
        </StatCard>
      </dl>

      {data.payouts ? (
        <PayoutSetupCard state={data.payouts.state} waiting={data.payouts.waiting} statements className="mt-6" />
      ) : null}

      <DashboardSection id="earnings-chart-heading" title={t("host.chart.title")} className="mt-6">
        <EarningsChart chart={data.chart} period={period} />
      </DashboardSection>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <DashboardSection id="performance-title" title={t("host.performance.title")}>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label={t("host.performance.views")} value={formatNumber(figures.views, language)} />
            <Figure label={t("host.performance.inquiries")} value={formatNumber(figures.inquiries, language)} />
            <Figure label={t("host.performance.bookings")} value={formatNumber(figures.bookings, language)} />
            <Figure label={t("host.performance.revenue")} value={money(figures.totalEarnings)} />
            <Figure
              label={t("host.performance.rating")}
              value={figures.rating === null ? t("na") : `★ ${formatNumber(figures.rating, language)}`}
              detail={
                figures.rating === null ? undefined : t("host.performance.reviews", { count: figures.reviewCount })
              }
            />
          </dl>
        </DashboardSection>

        <DashboardSection
          id="recent-bookings-title"
          title={t("host.recent.title")}
          badge={
            figures.pendingBookings > 0 ? (
              <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-bold text-warning">
                {t("host.recent.pending", { count: figures.pendingBookings })}
              </span>
            ) : null
          }
          link={{ to: "/bookings?role=host", label: t("viewAll") }}
        >
          {data.recentBookings.length === 0 ? (
            <EmptyPanel title={t("host.recent.empty")} />
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {data.recentBookings.map((booking) => (
                <li key={booking.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      <Link to={`/car/${booking.carId}`} className="hover:underline">
                        {booking.carName}
                      </Link>
                    </p>
                    <p className="text-sm text-muted">
                      #{bookingReference(booking.id)} · {formatDate(booking.startDate, language)} –{" "}
                      {formatDate(booking.endDate, language)}
                    </p>
                    <p className="text-sm text-muted">
                      {t("host.recent.renter", { name: booking.renterName ?? t("host.recent.unknownRenter") })}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <BookingStatusPill status={booking.status} />
                    <span className="text-sm font-semibold tabular-nums">{formatPrice(booking.value, language)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </DashboardSection>
      </div>

      <DashboardSection id="top-cars-title" title={t("host.top.title")} className="mt-6">
        {data.topCars.length === 0 ? (
          <EmptyPanel title={t("host.top.empty")} text={t("host.top.emptyText")} />
        ) : (
          <ol className="mt-4 grid gap-4 md:grid-cols-3">
            {data.topCars.map((car, index) => (
              <li key={car.id} className="flex gap-3 rounded-xl border border-line p-3">
                <CarImage photo={car.imageKey} alt="" className="h-18 w-24 shrink-0 rounded-lg" icon="sm" />
                <div className="min-w-0">
                  <p className="text-xs font-bold text-muted">#{index + 1}</p>
                  <p className="font-semibold">
                    {car.deleted ? (
                      car.name
                    ) : (
                      <Link to={`/car/${car.id}`} className="hover:underline">
                        {car.name}
                      </Link>
                    )}
                  </p>
                  <p className="text-sm font-semibold text-success">
                    {t("host.top.earned", { amount: formatPrice(car.earnings, language) })}
                  </p>
                  <p className="text-sm text-muted">{t("host.top.completed", { count: car.completed })}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </DashboardSection>

      <section aria-labelledby="quick-actions-title" className="mt-6">
        <h2 id="quick-actions-title" className="text-lg font-bold">
          {t("host.actions.title")}
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-3">
          <QuickAction
            to="/my-listings?create=rental"
            icon="plus"
            title={t("host.actions.add")}
            text={t("host.actions.addText")}
          />
          <QuickAction
            to="/bookings?role=host&tab=pending"
            icon="bell"
            title={t("host.actions.pending")}
            text={t("host.actions.pendingText")}
            count={figures.pendingBookings}
          />
          <QuickAction
            to="/my-listings"
            icon="car"
            title={t("host.actions.manage")}
            text={t("host.actions.manageText")}
          />
        </ul>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <DashboardSection id="tips-title" title={t("host.tips.title")}>
          <ul className="mt-3 space-y-2 text-sm">
            {(["photos", "reply", "price", "calendar"] as const).map((tip) => (
              <li key={tip} className="flex gap-2">
                <Icon name="check" className="mt-0.5 size-4 shrink-0 text-success" />
                {t(`host.tips.${tip}`)}
              </li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection id="about-figures-title" title={t("host.about.title")}>
          <ul className="mt-3 space-y-2 text-sm text-muted">
            {(["earnings", "thisMonth", "occupancy", "conversion", "repeat"] as const).map((item) => (
              <li key={item}>{t(`host.about.${item}`)}</li>
            ))}
          </ul>
        </DashboardSection>
      </div>
    </>
  );
}

function Growth({ value, period }: { value: number | null; period: Period }) {
  const { t, i18n } = useTranslation("dashboard");
  const previous = t(`period.previous.${period}`);
  if (value === null) return <span className="block">{t("host.growthNone", { previous })}</span>;
  return (
    <span className={`block font-semibold ${value >= 0 ? "text-success" : "text-danger"}`}>
      {t(value >= 0 ? "host.growthUp" : "host.growthDown", {
        value: formatPercent(Math.abs(value), i18n.language, 1),
        previous,
      })}
    </span>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl bg-subtle px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-muted">{detail}</dd> : null}
    </div>
  );
}

function QuickAction({
  to,
  icon,
  title,
  text,
  count,
}: {
  to: string;
  icon: IconName;
  title: string;
  text: string;
  count?: number;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full gap-3 rounded-2xl border border-line bg-surface p-4 hover:border-primary hover:bg-primary-soft"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary">
          <Icon name={icon} className="size-5" />
        </span>
        <span>
          <span className="flex items-center gap-2 font-semibold">
            {title}
            {count ? (
              <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-bold text-warning">{count}</span>
            ) : null}
          </span>
          <span className="mt-0.5 block text-sm text-muted">{text}</span>
        </span>
      </Link>
    </li>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
