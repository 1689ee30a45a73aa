// GET /resources/search?q=… : the header's live search (part 1 §2 "Search dropdown"): at most five public cars as
// JSON. Same sanitising and 2-character rule as the listing pages, and the search rate limit (100 a minute).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress, countRateLimit, RATE_LIMITS } from "~/accounts/rate-limit.server";
import { requestTime } from "~/load-context";
import { findQuickResultsLimited, type QuickSearchResponse } from "~/search/listing-query.server";
import { parseSearchTerm } from "~/search/search-rules";
import { imageUrl } from "~/utils/images";

/** A real Response: from a route without a component, a `data()` result would lose its status and headers. */
function answer(body: QuickSearchResponse, init: { status?: number; headers?: Record<string, string> } = {}) {
  return Response.json(body, {
    status: init.status ?? 200,
    // Refusals are not kept by anyone; results are the visitor's own for half a minute.
    headers: { "Cache-Control": init.status ? "no-store" : "private, max-age=30", ...init.headers },
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const term = parseSearchTerm(new URL(request.url).searchParams.get("q"));
  if (!term) return answer({ term: "", results: [] });
  if (!term.ok) return answer({ term: "", results: [], error: term.error }, { status: 400 });
  // The search is counted and the five read in one round trip; over the limit, they find nothing. The window is the
  // request's clock's (a test's own, so 100 searches need not fit in a real minute).
  const hit = countRateLimit(context.db, `search:${clientAddress(request)}`, RATE_LIMITS.search, requestTime(context));
  const { limit, results } = await findQuickResultsLimited(context.db, term.term, hit);
  if (!limit.allowed) {
    return answer(
      { term: term.term, results: [], error: "errors.tooManySearches" },
      { status: 429, headers: { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) } },
    );
  }
  return answer({
    term: term.term,
    results: results.map((r) => ({ ...r, image: r.image ? imageUrl(r.image, "card") : null })),
  });
}
