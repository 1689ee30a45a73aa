// /car/{id} (part 2 §2 "Car details"): gallery with a full-screen viewer, price, badges, driver service, the
// specification, features, description, rules, pickup points, the owner, statistics and the owner's reviews;
// contact, book and favourite by role; a rental's availability calendar (booked and blocked days alike unavailable).
// A view counts once per visitor per day, after the page is sent.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation, useOutlet, useRouteLoaderData } from "@remix-run/react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { getOptionalUser, notFound } from "~/accounts/guards.server";
import { sessionUserIdSql } from "~/accounts/session.server";
import { loadCarCalendar } from "~/bookings/blocked-days.server";
import { instantBookFor, type InstantBookAnswer } from "~/bookings/booking-request";
import { renterStanding } from "~/bookings/booking-request.server";
import { recordCarView } from "~/cars/car-views.server";
import { findCarDetails } from "~/cars/car-details.server";
import { groupFeatures } from "~/cars/feature-catalogue";
import { CarBadges } from "~/components/cars/car-badges";
import { CarGallery, DEFAULT_SIZES } from "~/components/cars/car-gallery";
import { photoSrcSet } from "~/utils/images";
import { FavoriteButton } from "~/components/cars/favorite-button";
import { reviewSummaryAboutOwnerOf } from "~/reviews/reviews-about.server";
import { Icon } from "~/components/ui/icons";
import type { RootLoaderData } from "~/root";
import { hpToKw } from "~/search/listing-filters";
import { vilniusDay } from "~/utils/calendar-days";
import { formatNumber, formatRating } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { ServerHtml } from "~/components/ui/server-html";
import { BookingOpening, Actions } from "./__car-page-parts";
import * as serverParts from "./__car-sections";

// The sections below the first screen: the server's HTML is kept as the page hydrates, so the browser fetches their
// code only to draw them itself (components/ui/server-html.tsx, decision 025). The server's build renders them directly.
const { CarSections, OwnerAndStatistics, PriceHeadline } = import.meta.env.SSR
  ? serverParts
  : {
      CarSections: lazy(() => import("./__car-sections").then((parts) => ({ default: parts.CarSections }))),
      OwnerAndStatistics: lazy(() =>
        import("./__car-sections").then((parts) => ({ default: parts.OwnerAndStatistics })),
      ),
      PriceHeadline: lazy(() => import("./__car-sections").then((parts) => ({ default: parts.PriceHeadline }))),
    };

export const handle = {
  i18n: ["cars", "features", "lightbox", "reviews", "bookings"],
  breadcrumb: (data: unknown) => {
    const car = (data as { car?: { make: string; model: string } } | undefined)?.car;
    return car ? { label: `${car.make} ${car.model}`, literal: true } : null;
  },
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const allReviews = url.searchParams.get("reviews") === "all";
  const id = params.id ?? "";
  // Everything the page reads is asked for at once, by the car's id (one round trip, app/db-batching.server.ts):
  // the breakdown counts every review of the owner, not only those listed; the calendar (unused for a sale) and
  // the renter's standing (used for instant book only) are asked for before the car says whether they are needed.
  // The viewer by the session's subquery, so none of it waits for the session's answer (decision 002).
  const viewerId = await sessionUserIdSql(request, context);
  const [user, car, reviewSummary, monthCalendar, standing] = await Promise.all([
    getOptionalUser(request, context),
    findCarDetails(context.db, id, viewerId, { allReviews }),
    reviewSummaryAboutOwnerOf(context.db, id),
    loadCarCalendar(context.db, id, url.searchParams.get("month"), new Date()),
    viewerId ? renterStanding(context.db, viewerId) : null,
  ]);
  if (!car) notFound("errors.carNotFound", "errors.carNotFoundTitle", { to: "/cars", label: "errors.browseAllCars" });
  if (car.isPublic) {
    // After the response: the page does not wait for the counter.
    context.cloudflare.ctx.waitUntil(
      recordCarView(context, request, car, user?.id ?? null).catch((error: unknown) =>
        console.error("View not recorded", error),
      ),
    );
  }
  // Worked out here rather than in the page, so the feature catalogue and the unit maths stay out of its JavaScript.
  const details = {
    ...car,
    powerKw: car.horsepower ? Math.round(hpToKw(car.horsepower)) : null,
    featureGroups: groupFeatures(car.features),
  };
  const calendar = car.listingType !== "sale" ? monthCalendar : null;
  // Instant book (decision 023): whether this renter's booking would be confirmed at once, as their request will be told.
  const today = vilniusDay(new Date());
  const instantBook: InstantBookAnswer | null =
    user && car.instantBook && car.listingType !== "sale" && user.id !== car.ownerId
      ? instantBookFor(car, standing!, { start: today, today })
      : null;
  return {
    car: details,
    calendar,
    viewer: { isOwner: user?.id === car.ownerId, signedIn: Boolean(user), instantBook },
    allReviews,
    reviewSummary,
  };
}

export default function CarPage() {
  const { t, i18n } = useTranslation("cars");
  const { car, calendar, viewer, allReviews, reviewSummary } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoaderData>("root");
  const title = `${car.make} ${car.model}`;
  const { search } = useLocation();
  // The booking steps (/car/{id}/book) show over the page, which is inert meanwhile.
  const outlet = useOutlet();
  return (
    <>
      <article
        className="mx-auto max-w-7xl px-4 py-6 sm:px-6"
        aria-labelledby="car-title"
        {...(outlet ? { inert: "" } : {})}
      >
        <Link to="/cars" className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
          <Icon name="chevronRight" className="size-4 rotate-180" />
          {t("detail.back")}
        </Link>
        {!car.isPublic ? (
          <p role="status" className="mt-4 rounded-xl bg-warning-soft p-3 text-sm font-medium text-warning">
            {t(viewer.isOwner ? "detail.notPublicOwner" : "detail.notPublic", { status: t(`status.${car.status}`) })}
            {!car.available ? ` ${t("detail.unavailable")}` : ""}
          </p>
        ) : null}
        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            <CarGallery key={car.id} images={car.images} title={`${title} ${car.year}`} />
          </div>
          <aside className="flex flex-col gap-5 lg:sticky lg:top-20 lg:self-start">
            <div>
              <CarBadges car={car} show={["type", "instant", "verified", "electric"]} />
              <div className="mt-3 flex items-start justify-between gap-3">
                <h1 id="car-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
                  {title} <span className="font-semibold text-muted">{car.year}</span>
                </h1>
                {root?.user && !viewer.isOwner && car.isPublic ? (
                  <FavoriteButton carId={car.id} isFavorite={car.isFavorite} title={`${title} ${car.year}`} />
                ) : null}
              </div>
              <p className="mt-1 text-sm text-muted">
                {car.location} · {formatNumber(car.mileage, i18n.language)} km
                {car.rating > 0 ? ` · ★ ${formatRating(car.rating, i18n.language)} (${car.reviewCount})` : ""}
              </p>
            </div>
            <ServerHtml version={`${i18n.language} ${search}`} className="contents">
              <PriceHeadline car={car} />
            </ServerHtml>
            <Actions car={car} isOwner={viewer.isOwner} signedIn={viewer.signedIn} instantBook={viewer.instantBook} />
            <ServerHtml version={`${i18n.language} ${search}`} className="contents">
              <OwnerAndStatistics car={car} />
            </ServerHtml>
          </aside>
        </div>

        <ServerHtml version={`${i18n.language} ${search}`} className="mt-10 grid max-w-4xl gap-8">
          <CarSections car={car} calendar={calendar} allReviews={allReviews} reviewSummary={reviewSummary} />
        </ServerHtml>
      </article>
      {outlet ? <Outlet /> : <BookingOpening carId={car.id} />}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return pageMeta(undefined);
  const main = data.car.images[0];
  return [
    ...pageMeta(`${data.car.make} ${data.car.model} ${data.car.year}`, {
      description: data.car.description?.slice(0, 160) ?? undefined,
      noindex: !data.car.isPublic,
    }),
    // The main photo is the page's largest paint: the head asks for it before the body is parsed.
    ...(main
      ? [
          {
            tagName: "link",
            rel: "preload",
            as: "image",
            imageSrcSet: photoSrcSet(main.storageKey),
            imageSizes: DEFAULT_SIZES,
            fetchpriority: "high",
          },
        ]
      : []),
  ];
};

export { shouldRevalidateAfterFavorite as shouldRevalidate } from "~/components/cars/favorite-button";
