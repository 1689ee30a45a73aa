// Anonymous visitors get the home, listing and car pages from the Workers cache of their data centre: rendering 24
// cards, counting thousands of cars or reading a car with its photos, calendar and reviews is the costly part of the
// product, and most visitors are not signed in.
//
// - Only for GET/HEAD of the catalogue, car and information pages (and their single-fetch .data), and only without
//   a session or toast cookie: a signed-in page (favourite hearts, the user menu, "Book now") is never cached, and
//   never served to someone else.
// - The key holds the build (a page names its hashed scripts and styles, which a deploy replaces: a page stored by
//   the previous build would load files that are gone), the language, the theme, the Vilnius day (a car's calendar
//   marks today) and the catalogue's version, which database triggers bump whenever what the public sees changes (migrations 0004 and 0018: a car,
//   its photos and pickup points, a booking or blocked day, a review, an owner's name or badge). An approved listing
//   or a newly booked day is on the pages anyone opens a second later (decision 024).
// - A car page from the cache still counts its view, after the answer, as the page's loader would have (with the
//   views of other visitors in one write: app/cars/car-views.server.ts).
// - A hit makes no database client (load-context.ts makes it on first use) and waits for no database round trip in
//   the common case: the version is the isolate's, read again after the answer (recentCatalogueVersion).
// - Every answer from the cache gets a CSP nonce of its own (withFreshNonce), never the stored copy's.
// - Only 200 answers that set no cookie are stored. Browsers are told not to keep them (no-cache), so signing in
//   never shows a stale anonymous page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { recordCarView } from "~/cars/car-views.server";
import type { Db } from "~/db.server";
import { vilniusDay } from "~/utils/calendar-days";
import { withFreshNonce } from "~/utils/security-headers.server";

export const EDGE_CACHE_SECONDS = 300;
/**
 * The catalogue pages, and the information pages that read the same for every anonymous visitor (not /contact,
 * whose form a session fills in, nor /cookies, which shows the visitor's own choice; decision 006).
 */
const CACHEABLE_PATHS = new Set([
  "/",
  "/rentals",
  "/sales",
  "/cars",
  "/about",
  "/faq",
  "/help",
  "/terms",
  "/privacy",
  "/career",
  "/news",
  "/disclaimer",
]);
/** A car's page, not its booking or contact form (those need a session). */
const CAR_PAGE = /^\/car\/([^/]+)$/;
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__Host-session|session|toast)=/;

export interface EdgeCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/** The page a request is for, without the single-fetch ".data" suffix; null when it is not cacheable. */
export function cacheablePath(request: Request): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (PERSONAL_COOKIES.test(request.headers.get("Cookie") ?? "")) return null;
  const url = new URL(request.url);
  if (url.searchParams.has("lng")) return null; // it sets the language cookie
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return CACHEABLE_PATHS.has(path) || CAR_PAGE.test(path) ? path : null;
}

function cookieValue(request: Request, name: string): string {
  const match = (request.headers.get("Cookie") ?? "").match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match?.[1] ?? "";
}

export async function catalogueVersion(db: Db): Promise<number> {
  const [row] = await db.all<{ version: number }>(sql`select version from catalogue_version where id = 1`);
  return Number(row?.version ?? 0);
}

/**
 * The version as this isolate last read it (decision 024, "How fresh"). Under a second old it is used as it is; up to
 * VERSION_STALE_MS old it is used too, and read again after the answer (in `waitUntil`, once at a time), so a cache
 * hit waits for no database round trip; older, or never read, it is read before the answer. A change then reaches
 * an isolate's pages on its first request a second after the change, and its answers from the next one on. Data, not
 * configuration, so module scope. `db` is called only when the version is read, so a hit does not even make a client.
 */
export const VERSION_MEMO_MS = 1000;
export const VERSION_STALE_MS = 60_000;
const versionMemo = new Map<string, { version: number; readAt: number; reading?: Promise<unknown> }>();

export async function recentCatalogueVersion(
  db: () => Db,
  databaseKey: string,
  now = Date.now(),
  waitUntil: (promise: Promise<unknown>) => void = () => {},
): Promise<number> {
  const memo = versionMemo.get(databaseKey);
  if (memo && now - memo.readAt < VERSION_MEMO_MS) return memo.version;
  const read = async () => {
    const version = await catalogueVersion(db());
    versionMemo.set(databaseKey, { version, readAt: now });
    return version;
  };
  if (!memo || now - memo.readAt >= VERSION_STALE_MS) return read();
  if (!memo.reading) {
    memo.reading = read().catch(() => {
      memo.reading = undefined; // the next request tries again; the page itself says what is wrong
    });
    waitUntil(memo.reading);
  }
  return memo.version;
}

export function cacheKey(request: Request, keys: { version: number; build: string }, now = new Date()): Request {
  const url = new URL(request.url);
  const key = new URL(`https://edge-cache.ratai.internal${url.pathname}`);
  url.searchParams.forEach((value, name) => key.searchParams.append(name, value));
  // Cookies decide what is rendered; the key carries them instead (the cache ignores Vary).
  key.searchParams.set("__lng", cookieValue(request, "lng"));
  key.searchParams.set("__theme", cookieValue(request, "theme"));
  key.searchParams.set("__day", vilniusDay(now));
  key.searchParams.set("__v", String(keys.version));
  key.searchParams.set("__build", keys.build);
  return new Request(key.toString(), { method: "GET" });
}

export async function withEdgeCache(
  request: Request,
  context: Pick<AppLoadContext, "db" | "env"> & {
    databaseKey: string;
    /** The server build's assets version (Remix's manifest version), different for every deploy. */
    build: string;
    waitUntil: (promise: Promise<unknown>) => void;
    cache: EdgeCache | null;
  },
  render: () => Promise<Response>,
): Promise<Response> {
  const path = context.cache ? cacheablePath(request) : null;
  if (!context.cache || !path) return render();
  let key: Request;
  try {
    const version = await recentCatalogueVersion(() => context.db, context.databaseKey, Date.now(), context.waitUntil);
    key = cacheKey(request, { version, build: context.build });
  } catch {
    return render(); // the page will say what is wrong with the database
  }
  const hit = await context.cache.match(key);
  if (hit) {
    // Its own CSP nonce: the stored copy carries the one its first visitor saw.
    const response = withFreshNonce(new Response(request.method === "HEAD" ? null : hit.body, hit));
    response.headers.set("Cache-Control", "private, no-cache");
    response.headers.set("X-Edge-Cache", "hit");
    const carId = CAR_PAGE.exec(path)?.[1];
    if (carId) {
      context.waitUntil(
        recordCarView(context, request, { id: carId }, null).catch((error: unknown) =>
          console.error("View not recorded", error),
        ),
      );
    }
    return response;
  }
  const response = await render();
  if (response.status === 200 && !response.headers.has("Set-Cookie") && request.method === "GET") {
    const stored = new Response(response.clone().body, response);
    stored.headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_SECONDS}`);
    context.waitUntil(context.cache.put(key, stored).catch(() => {}));
  }
  const answer = new Response(response.body, response);
  answer.headers.set("Cache-Control", "private, no-cache");
  answer.headers.set("X-Edge-Cache", "miss");
  return answer;
}
