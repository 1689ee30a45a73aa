// /admin/listings: every listing by status (pending, approved, rejected, all) with counts, newest submitted first
// (part 2 §2 Admin, §7). Each row opens the car, the edit dialog, and approve or reject, which ask for confirmation:
// those are child pages shown over this list (a dialog with its own address, JavaScript or not).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation, useOutlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdminWith } from "~/accounts/guards.server";
import { ADMIN_LISTINGS_PAGE_SIZE, isOwnListing, listingCounts, listListings } from "~/admin/listing-moderation.server";
import { canApprove, canReject, LISTING_FILTERS, listingFilter, pageNumber } from "~/admin/moderation-form";
import { StatusTabs } from "~/components/admin/status-tabs";
import { Badge } from "~/components/cars/car-badges";
import { CarImage } from "~/components/cars/car-image";
import { PriceText } from "~/components/cars/price-text";
import { VerificationBadge } from "~/components/profile/verification-badge";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { formatDate, formatNumber } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin", "cars", "profile"], breadcrumb: "admin:titles.listings" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = listingFilter(url.searchParams.get("status"));
  const page = pageNumber(url.searchParams.get("page"));
  const [admin, [counts, { listings, hasMore }, t]] = await requireAdminWith(request, context, () =>
    Promise.all([listingCounts(context.db), listListings(context.db, status, page), getT(request, "admin")]),
  );
  return {
    title: t("titles.listings"),
    status,
    page,
    counts,
    // An admin's own listings are decided by another admin (listing-moderation.server.ts): no buttons on them.
    listings: listings.map((listing) => ({ ...listing, own: isOwnListing(listing, admin) })),
    hasMore,
    pageSize: ADMIN_LISTINGS_PAGE_SIZE,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

const STATUS_TONE = { pending: "info", approved: "success", rejected: "neutral", suspended: "neutral" } as const;

function listHref(status: string, page = 1) {
  const params = new URLSearchParams();
  if (status !== "pending") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/listings${query ? `?${query}` : ""}`;
}

export default function AdminListingsPage() {
  const { t, i18n } = useTranslation("admin");
  const { status, page, counts, listings, hasMore } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  const { search } = useLocation();
  return (
    <>
      <div {...(outlet ? { inert: "" } : {})}>
        <StatusTabs
          label={t("listings.filterLabel")}
          names={LISTING_FILTERS}
          current={status}
          counts={counts}
          href={listHref}
          text={(name) => t(`listings.filters.${name}`)}
          className="mt-6"
        />

        {listings.length === 0 ? (
          <EmptyState icon="check" title={t(`listings.empty.${status}`)} compact className="mt-6" />
        ) : (
          <ul className="mt-6 grid gap-4" aria-label={t(`listings.filters.${status}`)}>
            {listings.map((listing) => {
              const name = `${listing.make} ${listing.model} ${listing.year}`;
              return (
                <li key={listing.id}>
                  <article
                    aria-labelledby={`listing-${listing.id}`}
                    className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-3 rounded-2xl border border-line bg-surface p-4 shadow-xs sm:grid-cols-[10rem_1fr_auto]"
                  >
                    <CarImage photo={listing.photo} alt="" className="aspect-[4/3] self-start rounded-xl" />
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 id={`listing-${listing.id}`} className="text-lg font-semibold">
                          <Link to={`/car/${listing.id}`} className="hover:text-primary hover:underline">
                            {name}
                          </Link>
                        </h2>
                        <Badge variant={STATUS_TONE[listing.status]}>{t(`status.${listing.status}`)}</Badge>
                        {listing.available ? null : <Badge>{t("listings.unavailable")}</Badge>}
                      </div>
                      <p className="mt-1 text-sm text-muted">
                        {t(`listings.type.${listing.listingType}`)} · {formatNumber(listing.mileage, i18n.language)} km
                        · {listing.location}
                      </p>
                      <PriceText car={listing} className="mt-1 text-sm font-semibold" />
                      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                        {/* An e-mail address has nowhere to break: on a phone it may break anywhere. */}
                        <span className="wrap-anywhere">
                          {listing.ownerName ?? t("listings.unnamed")}{" "}
                          <span className="text-muted">({listing.ownerEmail})</span>
                        </span>
                        <VerificationBadge status={listing.ownerVerification} submittedAt={null} />
                      </p>
                      <p className="mt-1 text-xs text-muted">
                        {t("listings.submitted", { date: formatDate(listing.submittedAt, i18n.language) })}
                        {listing.approvedAt
                          ? ` · ${t("listings.approvedOn", { date: formatDate(listing.approvedAt, i18n.language) })}`
                          : null}
                      </p>
                      {listing.status === "rejected" && listing.rejectionReason ? (
                        <p className="mt-2 rounded-lg bg-danger-soft p-2 text-sm text-danger">
                          {t("listings.reason", { reason: listing.rejectionReason })}
                        </p>
                      ) : null}
                    </div>
                    {listing.own ? (
                      <p className="col-span-2 text-sm text-muted sm:col-span-1 sm:w-40">{t("listings.ownListing")}</p>
                    ) : (
                      <div className="col-span-2 flex flex-wrap content-start gap-2 sm:col-span-1 sm:w-40 sm:flex-col">
                        {canApprove(listing.status) ? (
                          <Link
                            to={`/admin/listings/${listing.id}/approve${search}`}
                            preventScrollReset
                            aria-label={t("listings.approveCar", { car: name })}
                            className={buttonClass("primary", "sm")}
                          >
                            <Icon name="check" className="size-4" />
                            {t("listings.approve")}
                          </Link>
                        ) : null}
                        {canReject(listing.status) ? (
                          <Link
                            to={`/admin/listings/${listing.id}/reject${search}`}
                            preventScrollReset
                            aria-label={t("listings.rejectCar", { car: name })}
                            className={buttonClass("danger", "sm")}
                          >
                            <Icon name="close" className="size-4" />
                            {t("listings.reject")}
                          </Link>
                        ) : null}
                        <Link
                          to={`/admin/listings/${listing.id}/edit${search}`}
                          preventScrollReset
                          aria-label={t("listings.editCar", { car: name })}
                          className={buttonClass("secondary", "sm")}
                        >
                          {t("listings.edit")}
                        </Link>
                      </div>
                    )}
                  </article>
                </li>
              );
            })}
          </ul>
        )}

        {page > 1 || hasMore ? (
          <nav aria-label={t("pagination.label")} className="mt-6 flex items-center justify-between gap-4">
            {page > 1 ? (
              <Link to={listHref(status, page - 1)} className={buttonClass("secondary", "sm")}>
                {t("pagination.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted">{t("pagination.page", { page })}</span>
            {hasMore ? (
              <Link to={listHref(status, page + 1)} className={buttonClass("secondary", "sm")}>
                {t("pagination.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
      <Outlet />
    </>
  );
}
