// /rentals, /sales and /cars (part 1 §2 "Listing pages"): the filters are one GET form, so every search is a link
// that works without JavaScript; the server renders the results. With JavaScript the sort applies on change and
// the grid shows skeletons while the next page loads.
import { Form, Link, useLocation, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthLink } from "~/components/auth/auth-link";
import { ListingCard, type CardCar } from "~/components/cars/listing-card";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { useHydrated } from "~/utils/use-hydrated";
import { Icon } from "~/components/ui/icons";
import type { RootLoaderData } from "~/root";
import {
  activeFilterCount,
  filtersToParams,
  LISTING_SORTS,
  SCOPE_PATH,
  type FilterField,
  type ListingFilters,
  type ListingScope,
} from "~/search/listing-filters";
import type { ListingPage } from "~/search/listing-query.server";
import { FilterPanel } from "./__listing-filters";
import { formatNumber } from "~/utils/format";

export interface ListingPageData {
  scope: ListingScope;
  title: string;
  filters: ListingFilters;
  problems: Partial<Record<FilterField, string>>;
  listings: ListingPage | null;
  failure: "rate-limited" | "unavailable" | null;
  typedSearch: string;
  savedSearchId: string | null;
  canonical: string;
}

const SKELETONS = 6;

/** The same filters with the search box emptied: the way out of a refused search. */
function clearedSearch(filters: ListingFilters): string {
  const params = filtersToParams({ ...filters, search: undefined, page: 1 });
  return params.size ? `?${params}` : "";
}

function ListAction({ scope }: { scope: ListingScope }) {
  const { t } = useTranslation("cars");
  const root = useRouteLoaderData<RootLoaderData>("root");
  const user = root?.user;
  if (scope === "rental") {
    if (!user)
      return (
        <AuthLink mode="signup" className={buttonClass("primary")}>
          {t("listAction.registerToRentOut")}
        </AuthLink>
      );
    if (user.verificationStatus !== "verified")
      return (
        <div className="text-right">
          <button type="button" disabled aria-describedby="rent-out-hint" className={buttonClass("primary")}>
            {t("listAction.rentOut")}
          </button>
          <p id="rent-out-hint" className="mt-1 text-xs text-muted">
            {t("listAction.verificationRequired")}
          </p>
        </div>
      );
    return <ButtonLink to="/my-listings?create=rental">{t("listAction.rentOut")}</ButtonLink>;
  }
  if (!user)
    return (
      <AuthLink mode="signup" className={buttonClass("primary")}>
        {t("listAction.registerToSell")}
      </AuthLink>
    );
  return <ButtonLink to="/my-listings?create=sale">{t("listAction.sell")}</ButtonLink>;
}

function Pagination({
  scope,
  filters,
  page,
  pageCount,
  more,
}: {
  scope: ListingScope;
  filters: ListingFilters;
  page: number;
  pageCount: number;
  /** The count was capped: there are pages after pageCount, so it is not offered as the last. */
  more: boolean;
}) {
  const { t } = useTranslation("cars");
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = filtersToParams({ ...filters, page: n });
    return params.size ? `${SCOPE_PATH[scope]}?${params}` : SCOPE_PATH[scope];
  };
  const numbers = [...new Set([1, page - 1, page, page + 1, more ? page + 1 : pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  return (
    <nav aria-label={t("pagination.label")} className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonClass("secondary", "sm")} rel="prev">
          {t("pagination.previous")}
        </Link>
      ) : null}
      {numbers.map((n, i) => (
        <span key={n} className="flex items-center gap-1">
          {i > 0 && n - (numbers[i - 1] ?? n) > 1 ? <span className="px-1 text-muted">…</span> : null}
          {n === page ? (
            <span aria-current="page" className={buttonClass("primary", "sm", "min-w-9")}>
              {n}
            </span>
          ) : (
            <Link
              to={href(n)}
              className={buttonClass("ghost", "sm", "min-w-9")}
              aria-label={t("pagination.page", { n })}
            >
              {n}
            </Link>
          )}
        </span>
      ))}
      {more ? <span className="px-1 text-muted">…</span> : null}
      {page < pageCount ? (
        <Link to={href(page + 1)} className={buttonClass("secondary", "sm")} rel="next">
          {t("pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}

function SkeletonGrid() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true" data-testid="skeletons">
      {Array.from({ length: SKELETONS }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl border border-line bg-surface">
          <div className="aspect-[4/3] animate-pulse bg-subtle" />
          <div className="space-y-3 p-4">
            <div className="h-5 w-2/3 animate-pulse rounded bg-subtle" />
            <div className="h-5 w-1/3 animate-pulse rounded bg-subtle" />
            <div className="h-4 w-full animate-pulse rounded bg-subtle" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function SaveSearch({ data }: { data: ListingPageData }) {
  const { t } = useTranslation("cars");
  const root = useRouteLoaderData<RootLoaderData>("root");
  if (!root?.user || activeFilterCount(data.filters) === 0) return null;
  if (data.savedSearchId) {
    return (
      <Link
        to="/favorites#saved-searches-title"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-success"
      >
        <Icon name="check" className="size-4" />
        {t("savedSearches.saved")}
      </Link>
    );
  }
  return (
    <Form method="post" action="/resources/saved-searches">
      <input type="hidden" name="query" value={data.canonical} />
      <button type="submit" name="intent" value="save" className={buttonClass("secondary", "sm")}>
        <Icon name="bell" className="size-4" />
        {t("savedSearches.save")}
      </button>
    </Form>
  );
}

export function ListingPageView({ data }: { data: ListingPageData }) {
  const { t, i18n } = useTranslation("cars");
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [searchValue] = useState(data.typedSearch);
  const { scope, filters, listings, failure, problems } = data;
  const path = SCOPE_PATH[scope];
  // Skeletons only while a client navigation to this same page is pending (new filters, sort or page).
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{data.title}</h1>
          <p className="mt-1 text-muted">{t(`pages.${scope}.description`)}</p>
        </div>
        <ListAction scope={scope} />
      </div>

      <Form method="get" action={path} className="mt-6 grid gap-3" id="listing-filters">
        <div className="flex gap-2" role="search">
          <label htmlFor="listing-search" className="sr-only">
            {t("filters.search")}
          </label>
          <input
            id="listing-search"
            type="search"
            name="search"
            defaultValue={searchValue}
            placeholder={t("filters.searchPlaceholder")}
            maxLength={100}
            aria-invalid={problems.search ? true : undefined}
            aria-describedby={problems.search ? "listing-search-error" : undefined}
            className={`${inputClass} flex-1`}
          />
          <Button type="submit">
            <Icon name="search" className="size-4" />
            <span className="hidden sm:inline">{t("filters.searchButton")}</span>
            <span className="sr-only sm:hidden">{t("filters.searchButton")}</span>
          </Button>
        </div>
        <FieldErrors id="listing-search-error" errors={problems.search ? [problems.search] : undefined} />
        <FilterPanel data={data} />
      </Form>
      {/* Outside the filter form: saving a search is a POST form of its own (forms cannot nest). The sort select
          still belongs to the filters through its form attribute. */}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold" aria-live="polite">
          {listings
            ? listings.capped
              ? t("results.countMore", { formatted: formatNumber(listings.total, i18n.language) })
              : t("results.count", { count: listings.total, formatted: formatNumber(listings.total, i18n.language) })
            : null}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <SaveSearch data={data} />
          <div className="flex items-center gap-2">
            <label htmlFor="listing-sort" className="text-sm whitespace-nowrap text-muted">
              {t("sort.label")}
            </label>
            <select
              id="listing-sort"
              name="sort"
              form="listing-filters"
              defaultValue={filters.sort}
              onChange={hydrated ? (event) => submit(event.currentTarget.form) : undefined}
              className="rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg"
            >
              {LISTING_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort.${sort}`)}
                </option>
              ))}
            </select>
            {hydrated ? null : (
              <Button type="submit" form="listing-filters" variant="secondary" size="sm">
                {t("sort.apply")}
              </Button>
            )}
          </div>
        </div>
      </div>

      <div className="mt-6">
        {failure ? (
          <div role="alert" className="rounded-2xl border border-danger/40 bg-danger-soft p-6 text-center">
            <p className="font-semibold text-danger">
              {t(failure === "rate-limited" ? "common:errors.tooManySearches" : "errors.loadFailed")}
            </p>
            <a href={`${location.pathname}${location.search}`} className={buttonClass("primary", "md", "mt-4")}>
              {t("errors.tryAgain")}
            </a>
          </div>
        ) : loading ? (
          <SkeletonGrid />
        ) : problems.search ? (
          <EmptyState
            icon="search"
            title={t("results.searchTooShortTitle")}
            text={t("results.searchTooShortBody")}
            action={{ to: `${path}${clearedSearch(filters)}`, label: t("results.clearSearch") }}
          />
        ) : listings && listings.cars.length > 0 ? (
          <>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {listings.cars.map((car, index) => (
                <li key={car.id}>
                  <ListingCard car={car as CardCar} variant="listing" eager={index < 2} />
                </li>
              ))}
            </ul>
            <Pagination
              scope={scope}
              filters={filters}
              page={listings.page}
              pageCount={listings.pageCount}
              more={listings.capped}
            />
          </>
        ) : (
          <EmptyState
            icon="search"
            title={t("results.emptyTitle")}
            text={t("results.emptyBody")}
            action={{ to: path, label: t("filters.clear") }}
          />
        )}
      </div>
    </div>
  );
}
