// /dashboard (part 2 §2 renter panel): the renter's welcome, figures, next and past trips, favourites,
// recommendations, last notifications and saved searches, read in app/dashboard/renter-dashboard.server.ts.
// Signed-in users only. The spec opened hosts on the host view; here each view has its own address (/dashboard,
// /host-dashboard) and the switch links them, so a link or a reload shows what it says (docs/decisions/011).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUserWith } from "~/accounts/guards.server";
import { ListingCard, type CardCar } from "~/components/cars/listing-card";
import { BookingStatusPill } from "~/components/dashboard/booking-status";
import { CarImage } from "~/components/cars/car-image";
import { DashboardSection, EmptyPanel } from "~/components/dashboard/dashboard-section";
import { DashboardSwitch } from "~/components/dashboard/dashboard-switch";
import { StatCard } from "~/components/dashboard/stat-card";
import { NotificationList } from "~/components/notifications/notification-list";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { loadRenterDashboard } from "~/dashboard/renter-dashboard.server";
import { getT } from "~/i18n.server";
import { formatDate, formatNumber, formatPrice } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = {
  i18n: ["dashboard", "bookings", "cars", "features", "notifications"],
  breadcrumb: "dashboard:titles.dashboard",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = new Date();
  // The dashboard is asked for by the session's subquery, beside its lookup (decision 002).
  const [[user, dashboard], t] = await Promise.all([
    requireUserWith(request, context, (userId) => loadRenterDashboard(context.db, userId, now)),
    getT(request, "dashboard"),
  ]);
  return {
    title: t("titles.dashboard"),
    name: user.fullName || user.email,
    // The server's clock, so the page and its hydration agree on "2h ago".
    now: now.getTime(),
    ...dashboard,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function DashboardPage() {
  const { t, i18n } = useTranslation("dashboard");
  const data = useLoaderData<typeof loader>();
  const language = i18n.language;
  const count = (value: number) => formatNumber(value, language);
  const day = (value: string) => formatDate(value, language);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight break-words">{t("renter.welcome", { name: data.name })}</h1>
      <p className="mt-1 text-muted">{t("renter.intro")}</p>
      <div className="mt-6">
        <DashboardSwitch current="renter" />
      </div>

      <h2 className="sr-only">{t("renter.figures")}</h2>
      <dl className="mt-6 grid grid-cols-2 gap-4 xl:grid-cols-4">
        <StatCard label={t("renter.bookings")} value={count(data.counts.bookings)} icon="car" />
        <StatCard label={t("renter.favorites")} value={count(data.counts.favorites)} icon="heart" />
        <StatCard label={t("renter.upcoming")} value={count(data.counts.upcoming)} icon="arrowUp" />
        <StatCard label={t("renter.unread")} value={count(data.counts.unreadNotifications)} icon="bell" />
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <DashboardSection
          id="upcoming-trips-title"
          title={t("renter.trips.title")}
          link={{ to: "/bookings", label: t("viewAll") }}
        >
          {data.upcoming.length === 0 ? (
            <EmptyPanel
              title={t("renter.trips.empty")}
              text={t("renter.trips.emptyText")}
              action={
                <ButtonLink to="/rentals" size="sm">
                  {t("renter.trips.browse")}
                </ButtonLink>
              }
            />
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {data.upcoming.map((trip) => (
                <li key={trip.id} className="flex gap-3 py-3">
                  <CarImage photo={trip.imageKey} alt="" className="h-15 w-20 shrink-0 rounded-lg" icon="sm" />
                  <div className="min-w-0 grow">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link to={`/car/${trip.carId}`} className="font-semibold hover:underline">
                        {trip.carName}
                      </Link>
                      <BookingStatusPill status={trip.status} />
                    </div>
                    <p className="text-sm text-muted">
                      {t("renter.trips.dates", { from: day(trip.startDate), to: day(trip.endDate) })} ·{" "}
                      {t("bookings:review.days", { count: trip.totalDays })}
                    </p>
                    {trip.hostName ? (
                      <p className="text-sm text-muted">{t("renter.trips.host", { name: trip.hostName })}</p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </DashboardSection>

        <DashboardSection id="recent-activity-title" title={t("renter.activity.title")}>
          {data.completed.length === 0 ? (
            <EmptyPanel title={t("renter.activity.empty")} />
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {data.completed.map((trip) => (
                <li key={trip.id} className="flex gap-3 py-3">
                  <CarImage photo={trip.imageKey} alt="" className="h-15 w-20 shrink-0 rounded-lg" icon="sm" />
                  <div className="min-w-0 grow">
                    <Link to={`/car/${trip.carId}`} className="font-semibold hover:underline">
                      {trip.carName}
                    </Link>
                    <p className="text-sm text-muted">
                      {t("renter.activity.completed")} ·{" "}
                      {t("renter.trips.dates", { from: day(trip.startDate), to: day(trip.endDate) })}
                    </p>
                    <p className="text-sm text-muted">
                      {t("renter.activity.paid", { amount: formatPrice(trip.totalAmount, language) })}
                    </p>
                  </div>
                  <div className="shrink-0 self-center">
                    {trip.reviewed ? (
                      <span className="inline-flex items-center gap-1 text-sm font-semibold text-success">
                        <Icon name="check" className="size-4" />
                        {t("renter.activity.reviewed")}
                      </span>
                    ) : (
                      <Link
                        to={`/bookings/${trip.id}/review`}
                        className={buttonClass("secondary", "sm")}
                        aria-label={`${t("bookings:actions.review")}: ${trip.carName}`}
                      >
                        {t("bookings:actions.review")}
                      </Link>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </DashboardSection>
      </div>

      <DashboardSection
        id="favorite-cars-title"
        title={t("renter.favoriteCars.title")}
        link={{ to: "/favorites", label: t("viewAll") }}
        className="mt-6"
      >
        {data.favorites.length === 0 ? (
          <EmptyPanel
            title={t("renter.favoriteCars.empty")}
            text={t("renter.favoriteCars.emptyText")}
            action={
              <ButtonLink to="/cars" size="sm">
                {t("renter.trips.browse")}
              </ButtonLink>
            }
          />
        ) : (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {data.favorites.map((car) => (
              <li key={car.id} className={car.stillListed ? "" : "opacity-70"}>
                <ListingCard car={car as CardCar} variant="favorite" />
                {car.stillListed ? null : (
                  <p className="mt-2 text-sm text-muted">{t("renter.favoriteCars.noLongerListed")}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </DashboardSection>

      <DashboardSection
        id="recommended-title"
        title={t("renter.recommended.title")}
        link={{ to: "/cars", label: t("viewAll") }}
        className="mt-6"
      >
        <p className="mt-1 text-sm text-muted">{t("renter.recommended.text")}</p>
        {data.recommended.length === 0 ? (
          <EmptyPanel title={t("renter.recommended.empty")} />
        ) : (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {data.recommended.map((car) => (
              <li key={car.id}>
                <ListingCard car={car as CardCar} variant="listing" />
              </li>
            ))}
          </ul>
        )}
      </DashboardSection>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <DashboardSection
          id="recent-notifications-title"
          title={t("renter.notifications.title")}
          link={{ to: "/notifications", label: t("viewAll") }}
        >
          {data.notifications.length === 0 ? (
            <EmptyPanel title={t("renter.notifications.empty")} />
          ) : (
            <NotificationList notifications={data.notifications} now={data.now} />
          )}
        </DashboardSection>

        <DashboardSection
          id="saved-searches-title"
          title={t("renter.searches.title")}
          link={{ to: "/favorites#saved-searches-title", label: t("renter.searches.manage") }}
        >
          {data.savedSearches.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{t("renter.searches.empty")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {data.savedSearches.map((search) => (
                <li key={search.id} className="py-2">
                  <Link
                    to={search.query}
                    className="inline-flex items-center gap-2 font-medium text-primary hover:underline"
                  >
                    <Icon name="search" className="size-4 shrink-0" />
                    {search.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </DashboardSection>
      </div>
    </div>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
