// /profile/{userId} (part 1 §2 "Public profile"): who someone is on Ratai, their active listings and the latest
// reviews about them. Unknown or deleted people are a 404 "Profile Not Found".
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useNavigate, useOutlet, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getOptionalUser, notFound } from "~/accounts/guards.server";
import { sessionUserIdSql } from "~/accounts/session.server";
import { ListingCard, type CardCar } from "~/components/cars/listing-card";
import { RatingBreakdown, ReviewList, Stars } from "~/components/reviews/review-list";
import { Avatar } from "~/components/shell/header";
import { ButtonLink } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";
import { Icon } from "~/components/ui/icons";
import type { RootLoaderData } from "~/root";
import { PROFILE_REVIEWS } from "~/reviews/review-limits";
import { findReviewsAbout, reviewSummaryAbout } from "~/reviews/reviews-about.server";
import { formatRating } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { displayName } from "~/profiles/display-name";
import { findPublicListingCards, findPublicProfile } from "~/profiles/public-profile.server";

export const handle = {
  i18n: ["pages", "cars", "features", "reviews"],
  breadcrumb: (data: unknown) => {
    const profile = (data as { profile?: { displayName: string } } | undefined)?.profile;
    return profile ? { label: profile.displayName, literal: true } : null;
  },
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.userId ?? "";
  // Everything by the profile's id and the viewer's session subquery, beside the session's lookup: one round trip
  // (docs/decisions/002); a profile that is not there drops the rest unseen.
  const viewerId = await sessionUserIdSql(request, context);
  const [profile, viewer, listings, reviews, reviewSummary] = await Promise.all([
    findPublicProfile(context.db, id),
    getOptionalUser(request, context),
    findPublicListingCards(context.db, id, viewerId),
    findReviewsAbout(context.db, id, PROFILE_REVIEWS),
    reviewSummaryAbout(context.db, id),
  ]);
  if (!profile)
    notFound("errors.profileNotFound", "errors.profileNotFoundTitle", { to: "/cars", label: "errors.goBack" });
  return {
    profile: { ...profile, displayName: displayName(profile) ?? "", createdAt: profile.createdAt.getTime() },
    listings,
    reviews,
    reviewTotal: reviewSummary.total,
    reviewSummary,
    canMessage: Boolean(viewer && viewer.id !== profile.id),
  };
}

function BackButton() {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // With JavaScript, back to wherever the visitor came from; without, to the listings.
  return hydrated ? (
    <button
      type="button"
      onClick={() => navigate(-1)}
      className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
    >
      <Icon name="chevronRight" className="size-4 rotate-180" />
      {t("profile.back")}
    </button>
  ) : (
    <Link to="/cars" className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
      <Icon name="chevronRight" className="size-4 rotate-180" />
      {t("profile.back")}
    </Link>
  );
}

export default function PublicProfilePage() {
  const { t, i18n } = useTranslation("pages");
  const { profile, listings, reviews, reviewTotal, reviewSummary, canMessage } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoaderData>("root");
  const name = profile.displayName || t("profile.fallbackName");
  const badge =
    profile.verificationStatus === "verified"
      ? "bg-success-soft text-success"
      : profile.verificationStatus === "rejected"
        ? "bg-danger-soft text-danger"
        : "bg-warning-soft text-warning";
  const stats = [
    [t("profile.activeListings"), String(listings.length)],
    ...(profile.isHost ? [[t("profile.completedRentals"), String(profile.totalBookings)]] : []),
    [t("profile.memberSinceLabel"), String(new Date(profile.createdAt).getFullYear())],
  ];
  // "Send Message" (/profile/{id}/message) shows over the page, which is inert meanwhile.
  const outlet = useOutlet();
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6" {...(outlet ? { inert: "" } : {})}>
        <BackButton />
        <section className="mt-4 rounded-2xl border border-line bg-surface p-5 sm:p-8" aria-labelledby="profile-name">
          <div className="flex flex-wrap items-center gap-5">
            <Avatar user={{ fullName: name, email: "?", avatarKey: profile.avatarKey }} size="size-20 text-3xl" />
            {/* At least 12rem beside the avatar: on a phone the message button goes to the next line instead of
                squeezing the name and the badge under itself. */}
            <div className="min-w-0 flex-[1_1_12rem]">
              <h1 id="profile-name" className="text-2xl font-bold sm:text-3xl">
                {name}
              </h1>
              <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
                <span className={`rounded-full px-2.5 py-0.5 font-semibold ${badge}`}>
                  {t(`profile.verification.${profile.verificationStatus}`)}
                </span>
                {profile.rating > 0 ? (
                  <span>
                    <Stars rating={profile.rating} />{" "}
                    <span className="font-semibold">{formatRating(profile.rating, i18n.language)}</span>{" "}
                    <span className="text-muted">{t("profile.reviewCount", { count: profile.reviewCount })}</span>
                  </span>
                ) : null}
              </div>
              {profile.location ? <p className="mt-2 text-sm text-muted">{profile.location}</p> : null}
            </div>
            {canMessage && root?.user ? (
              <ButtonLink to={`/profile/${profile.id}/message`}>
                <Icon name="mail" className="size-4" />
                {t("profile.sendMessage")}
              </ButtonLink>
            ) : null}
          </div>
          <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {stats.map(([label, value]) => (
              <div key={label} className="rounded-xl bg-subtle p-4">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="text-xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          {profile.hostCancellations > 0 ? (
            // Shown only when there are some, as the large marketplaces do: a host's cancelled trips.
            <p className="mt-4 flex items-center gap-2 text-sm">
              <Icon name="alert" className="size-4 shrink-0 text-warning" />
              {t("hostProfile.cancellations", { count: profile.hostCancellations })}
            </p>
          ) : null}
          {profile.bio ? <p className="mt-6 max-w-3xl whitespace-pre-line">{profile.bio}</p> : null}
        </section>

        <section className="mt-10" aria-labelledby="listings-title">
          <h2 id="listings-title" className="text-xl font-bold">
            {t("profile.activeListings")}
          </h2>
          {listings.length === 0 ? (
            <p className="mt-3 text-muted">{t("profile.noListings")}</p>
          ) : (
            <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {listings.map((car) => (
                <li key={car.id}>
                  <ListingCard car={car as CardCar} variant="profile" />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="mt-10 max-w-3xl" aria-labelledby="reviews-title">
          <h2 id="reviews-title" className="text-xl font-bold">
            {t("profile.reviews")} {reviewTotal > 0 ? <span className="text-muted">({reviewTotal})</span> : null}
          </h2>
          {reviewTotal > 0 ? (
            <div className="mt-4">
              <RatingBreakdown summary={reviewSummary} />
            </div>
          ) : null}
          {/* A box that scrolls is reached by the keyboard too (on a phone the reviews outgrow it; axe's
              scrollable-region-focusable), so the region takes focus. */}
          <div
            className="mt-4 max-h-[48rem] overflow-y-auto focus-visible:outline-2 focus-visible:outline-focus"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus
            tabIndex={0}
            role="region"
            aria-label={t("profile.reviewList")}
          >
            <ReviewList reviews={reviews} breakdown={false} />
          </div>
        </section>
      </div>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.profile.displayName || undefined);

export { shouldRevalidateAfterFavorite as shouldRevalidate } from "~/components/cars/favorite-button";
