// The loader behind /rentals, /sales and /cars: the filters from the URL, the page of cards, and what the viewer
// may do. A database failure is the page's error box with "Try again", not an error page.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { sessionUserIdSql } from "~/accounts/session.server";
import { clientAddress, consumeRateLimit, countRateLimit, RATE_LIMITS } from "~/accounts/rate-limit.server";
import { getT } from "~/i18n.server";
import { requestTime } from "~/load-context";
import { filtersToParams, parseListingFilters, SCOPE_PATH, type ListingScope } from "~/search/listing-filters";
import { findListings, findListingsLimited, type ListingPage } from "~/search/listing-query.server";
import { findSavedSearchId, savedSearchQuery } from "~/search/saved-searches.server";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";

export async function listingPageData(request: Request, context: AppLoadContext, scope: ListingScope) {
  const url = new URL(request.url);
  const { filters, problems } = parseListingFilters(url.searchParams, scope);
  // The viewer by the session's subquery: their marks and saved search are asked for with the cars, not after the
  // session's answer (one round trip, app/db-batching.server.ts).
  const [viewer, t] = await Promise.all([sessionUserIdSql(request, context), getT(request, "cars")]);

  const query = savedSearchQuery(scope, filters);
  // Asked for alongside the listings (one round trip, app/db-batching.server.ts), used only when they came.
  const savedSearch = viewer ? findSavedSearchId(context.db, viewer, query) : null;
  // Awaited below only when the listings came; until then its failure is nobody's.
  savedSearch?.catch(() => {});

  let listings: ListingPage | null = null;
  let failure: "rate-limited" | "unavailable" | null = null;
  try {
    const searchKey = `search:${clientAddress(request)}`;
    // The limit's window by the request's clock (a test's own, so 100 searches need not fit in a real minute).
    const now = requestTime(context);
    // A one-letter search is refused next to the box, as the header's search refuses it: no list that ignores it.
    if (problems.search) {
      if (filters.search && !(await consumeRateLimit(context.db, searchKey, RATE_LIMITS.search, now)).allowed) {
        failure = "rate-limited";
      }
    } else if (filters.search) {
      // The search is counted and the page read in one round trip; over the limit, the page is never read.
      const hit = countRateLimit(context.db, searchKey, RATE_LIMITS.search, now);
      const found = await findListingsLimited(context.db, scope, filters, viewer, hit);
      if (found.limit?.allowed === false) failure = "rate-limited";
      listings = found.listings;
    } else {
      listings = await findListings(context.db, scope, filters, viewer);
    }
  } catch (error) {
    // An unreachable database is every page's "Database connection not available" (database-faults.server).
    if (isDatabaseUnavailable(error)) throw error;
    console.error("Listing query failed", error);
    failure = "unavailable";
  }

  const savedSearchId = savedSearch && listings ? await savedSearch : null;

  return data(
    {
      scope,
      title: t(`pages.${scope}.title`),
      description: t(`pages.${scope}.description`),
      filters,
      problems,
      /** What the visitor typed in the search box, kept when it is refused. */
      typedSearch: (url.searchParams.get("search") ?? "").slice(0, 100),
      listings,
      failure,
      savedSearchId,
      canonical: `${SCOPE_PATH[scope]}${filtersToParams(filters).size ? `?${filtersToParams(filters)}` : ""}`,
    },
    { status: failure === "rate-limited" ? 429 : failure ? 503 : 200 },
  );
}
