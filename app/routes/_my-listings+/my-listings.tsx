// /my-listings (part 1 §2 "My Listings"): the owner's cars by status, with availability, deletion and the 30-day
// performance of approved cars. The wizard (/my-listings/new), the edit page and the delete confirmation are child
// routes shown over the list; without JavaScript they are the same pages.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, Outlet, useLoaderData, useNavigation, useOutlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireOwner, requireUser, requireUserWith } from "~/accounts/guards.server";
import { OWN_LISTING_TABS, type OwnListingTab } from "~/cars/own-listing-tabs";
import {
  AvailabilitySchema,
  countByTab,
  findCarForOwner,
  findOwnListings,
  setAvailability,
  type OwnListing,
} from "~/cars/own-listings.server";
import { Badge } from "~/components/cars/car-badges";
import { CarImage } from "~/components/cars/car-image";
import { PriceText } from "~/components/cars/price-text";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { isAwaitingReview } from "~/profiles/verification.server";
import { formatDate, formatNumber } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["listings", "cars"], breadcrumb: "listings:titles.myListings" };

function tabFrom(value: string | null): OwnListingTab {
  return (OWN_LISTING_TABS as readonly string[]).includes(value ?? "") ? (value as OwnListingTab) : "all";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The listings and the verification's state beside the session's lookup: one round trip.
  const [user, [listings, awaitingReview]] = await requireUserWith(request, context, (userId) =>
    Promise.all([findOwnListings(context.db, userId), isAwaitingReview(context.db, userId)]),
  );
  const url = new URL(request.url);
  // ?create=sale and ?create=rental (part 1 §2) open the wizard; rental only for verified users. The parameter goes.
  const create = url.searchParams.get("create");
  if (create === "sale" || (create === "rental" && user.verificationStatus === "verified")) {
    throw redirect(`/my-listings/new?type=${create}`);
  }
  if (create !== null) {
    url.searchParams.delete("create");
    throw redirect(`${url.pathname}${url.search}`);
  }
  const t = await getT(request, "listings");
  return {
    title: t("titles.myListings"),
    tab: tabFrom(url.searchParams.get("tab")),
    listings,
    counts: countByTab(listings),
    verification: {
      status: user.verificationStatus,
      submitted: awaitingReview,
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AvailabilitySchema });
  const back = new URL(request.url);
  back.searchParams.delete("index");
  if (submission.status !== "success") {
    // Only a forged form gets here; the page still says why nothing changed.
    return redirectWithToast(
      `/my-listings${back.search}`,
      { type: "error", title: "errors.badRequestTitle", description: "errors.badRequest" },
      context.env,
      { status: 303 },
    );
  }
  const { carId, available } = submission.value;
  // Someone else's car is refused outright (403), as the other owner-only actions are.
  requireOwner(await findCarForOwner(context.db, carId), user, "errors.carNotFound");
  const changed = await setAvailability(context.db, user.id, carId, available === "true");
  if (!changed) {
    return redirectWithToast(
      `/my-listings${back.search}`,
      { type: "error", title: "toasts.availabilityError" },
      context.env,
      { status: 303 },
    );
  }
  return redirectWithToast(
    `/my-listings${back.search}`,
    {
      type: "success",
      title: "toasts.availabilityUpdated",
      description: available === "true" ? "toasts.markedAvailable" : "toasts.markedUnavailable",
    },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function MyListingsPage() {
  const { t } = useTranslation("listings");
  const { tab, listings, counts, verification } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  const shown = tab === "all" ? listings : listings.filter((listing) => listing.status === tab);
  const verified = verification.status === "verified";
  return (
    <>
      {/* A child page (wizard, edit, delete) is shown over the list; the list cannot be reached meanwhile. */}
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" {...(outlet ? { inert: "" } : {})}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{t("titles.myListings")}</h1>
            <p className="mt-1 text-muted">{t("intro")}</p>
          </div>
          <ButtonLink to="/my-listings/new">
            <Icon name="plus" className="size-4" />
            {t("addNew")}
          </ButtonLink>
        </div>

        {verified ? null : <VerificationBanner status={verification.status} submitted={verification.submitted} />}

        <nav aria-label={t("tabs.label")} className="mt-6 -mx-4 overflow-x-auto px-4">
          <ul className="flex min-w-max gap-1 border-b border-line">
            {OWN_LISTING_TABS.map((name) => (
              <li key={name}>
                <Link
                  to={name === "all" ? "/my-listings" : `/my-listings?tab=${name}`}
                  aria-current={tab === name ? "page" : undefined}
                  preventScrollReset
                  className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold ${
                    tab === name ? "border-primary text-primary" : "border-transparent text-muted hover:text-fg"
                  }`}
                >
                  {t(`tabs.${name}`)}
                  <span className="rounded-full bg-subtle px-2 py-0.5 text-xs text-fg">{counts[name]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {shown.length === 0 ? (
          <EmptyTab tab={tab} />
        ) : (
          <ul className="mt-6 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((listing, index) => (
              <li key={listing.id}>
                <OwnListingCard listing={listing} eager={index < 2} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Outlet />
    </>
  );
}

function VerificationBanner({ status, submitted }: { status: string; submitted: boolean }) {
  const { t } = useTranslation("listings");
  const text =
    status === "rejected"
      ? t("verification.rejectedText")
      : submitted
        ? t("verification.pendingText")
        : t("verification.text");
  return (
    <section
      aria-labelledby="verification-banner-title"
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-warning/40 bg-warning-soft p-4"
    >
      <div className="flex gap-3">
        <Icon name="shield" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div>
          <h2 id="verification-banner-title" className="font-semibold">
            {t("verification.title")}
          </h2>
          <p className="text-sm">{text}</p>
        </div>
      </div>
      {submitted && status === "pending" ? null : (
        <ButtonLink to="/profile/verification" variant="secondary" size="sm">
          {t("verification.action")}
        </ButtonLink>
      )}
    </section>
  );
}

function EmptyTab({ tab }: { tab: OwnListingTab }) {
  const { t } = useTranslation("listings");
  return (
    <EmptyState
      icon="car"
      title={t(`empty.${tab}.title`)}
      text={t(`empty.${tab}.text`)}
      action={tab === "all" ? { to: "/my-listings/new", label: t("empty.all.action") } : undefined}
      className="mt-8"
    />
  );
}

const STATUS_TONE = { pending: "info", approved: "success", rejected: "neutral", suspended: "neutral" } as const;

function OwnListingCard({ listing, eager }: { listing: OwnListing; eager: boolean }) {
  const { t, i18n } = useTranslation("listings");
  const navigation = useNavigation();
  const title = `${listing.make} ${listing.model} ${listing.year}`;
  const toggling = navigation.formData?.get("carId") === listing.id;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-xs">
      <CarImage photo={listing.image} alt={title} className="relative aspect-[4/3]" icon="xl" eager={eager}>
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          <Badge variant={STATUS_TONE[listing.status]}>{t(`status.${listing.status}`)}</Badge>
          <Badge>{t(`type.${listing.listingType}`)}</Badge>
          {listing.available ? null : <Badge>{t("unavailable")}</Badge>}
        </div>
      </CarImage>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className="text-sm text-muted">
            {formatNumber(listing.mileage, i18n.language)} km · {listing.location}
          </p>
          <PriceText car={listing} className="mt-1" />
          <p className="mt-1 text-xs text-muted">
            {t("created", { date: formatDate(listing.createdAt, i18n.language) })}
          </p>
        </div>
        {listing.status === "rejected" && listing.rejectionReason ? (
          <p className="rounded-lg bg-danger-soft p-2 text-sm text-danger">
            {t("rejectionReason", { reason: listing.rejectionReason })}
          </p>
        ) : null}
        <dl className="grid grid-cols-3 gap-2 text-center text-sm">
          <Figure label={t("counts.views")} value={listing.viewCount} />
          <Figure label={t("counts.contacts")} value={listing.contactCount} />
          <Figure label={t("counts.favorites")} value={listing.favoriteCount} />
        </dl>
        {listing.performance ? (
          <section aria-label={t("performance.title")} className="rounded-xl border border-line p-3">
            <h3 className="text-sm font-semibold">{t("performance.title")}</h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <Row label={t("performance.views")} value={listing.performance.views} />
              <Row label={t("performance.contacts")} value={listing.performance.contacts} />
              <Row label={t("performance.favorites")} value={listing.performance.favorites} />
              <Row label={t("performance.inquiries")} value={listing.performance.inquiries} />
              <Row label={t("performance.average")} value={listing.performance.averageDailyViews} wide />
            </dl>
          </section>
        ) : null}
        {listing.status === "approved" || listing.status === "pending" ? (
          <Form method="post" preventScrollReset className="flex items-center justify-between gap-3">
            <input type="hidden" name="intent" value="availability" />
            <input type="hidden" name="carId" value={listing.id} />
            <input type="hidden" name="available" value={String(!listing.available)} />
            <span className="text-sm text-muted" id={`availability-${listing.id}`}>
              {t(listing.status === "pending" ? "availability.labelPending" : "availability.label")}
            </span>
            <button
              type="submit"
              role="switch"
              aria-checked={listing.available}
              aria-labelledby={`availability-${listing.id}`}
              aria-describedby={`availability-action-${listing.id}`}
              disabled={toggling}
              className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors ${
                listing.available ? "bg-primary" : "bg-line"
              }`}
            >
              <span
                aria-hidden="true"
                className={`inline-block size-5 rounded-full bg-surface shadow transition-transform ${
                  listing.available ? "translate-x-6" : "translate-x-1"
                }`}
              />
              <span id={`availability-action-${listing.id}`} className="sr-only">
                {listing.available ? t("availability.markUnavailable") : t("availability.markAvailable")}
              </span>
            </button>
          </Form>
        ) : (
          // A rejected or suspended listing is shown to nobody, whatever its availability says.
          <p className="text-sm text-muted">{t(`availability.hidden_${listing.status}`)}</p>
        )}
        <div
          className="mt-auto flex flex-wrap gap-2"
          aria-label={t("actions.listingActions", { car: title })}
          role="group"
        >
          <Link to={`/car/${listing.id}`} className={buttonClass("secondary", "sm")}>
            {t("actions.view")}
          </Link>
          <Link to={`/my-listings/${listing.id}/edit`} className={buttonClass("secondary", "sm")}>
            {t("actions.edit")}
          </Link>
          <Link to={`/pricing/${listing.id}`} className={buttonClass("secondary", "sm")}>
            {t("actions.pricing")}
          </Link>
          <Link to={`/my-listings/${listing.id}/delete`} className={buttonClass("ghost", "sm", "text-danger")}>
            {t("actions.delete")}
          </Link>
        </div>
      </div>
    </article>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  const { i18n } = useTranslation();
  return (
    <div className="rounded-lg bg-subtle px-2 py-1.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold">{formatNumber(value, i18n.language)}</dd>
    </div>
  );
}

function Row({ label, value, wide = false }: { label: string; value: number; wide?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <div className={`flex justify-between gap-2 ${wide ? "col-span-2 border-t border-line pt-1" : ""}`}>
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{formatNumber(value, i18n.language)}</dd>
    </div>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
