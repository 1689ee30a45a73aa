// What a cache may keep, as the built Worker in workerd answers it: every answer made for a signed-in person (pages,
// their single-fetch data, redirects, files) is `Cache-Control: private, no-store`, so after signing out on a shared
// computer Back shows none of it, while anonymous visitors still get the edge-cached pages (decisions 006, 024, 030).
// The routes come from the build's own route manifest, so a new route is checked without anyone listing it here.
import type { Client } from "@libsql/client";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, registerAndSignIn, test, uniqueEmail } from "./support";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasLoader: boolean;
}

/** Every route of the build the journeys run on (the client's manifest lists resource routes too). */
function manifestRoutes(): ManifestRoute[] {
  const dir = join(process.cwd(), "build/client/assets");
  const file = readdirSync(dir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${dir}: the journeys run on a build`);
  const text = readFileSync(join(dir, file), "utf8");
  const manifest = JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as {
    routes: Record<string, ManifestRoute>;
  };
  return Object.values(manifest.routes);
}

/** The URL pattern of a route: its path joined to its parents' ("/bookings/:bookingId/claim"). */
function pattern(route: ManifestRoute, routes: Map<string, ManifestRoute>): string {
  const parts: string[] = [];
  for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? routes.get(at.parentId) : undefined) {
    if (at.path) parts.unshift(at.path);
  }
  return `/${parts.join("/")}`;
}

/**
 * Routes whose answer never reads the session, so it is nobody's own and keeps the caching the route chose. Each
 * with its reason; any other route, a new one included, must answer a signed-in person `private, no-store`.
 */
const SESSION_FREE: Record<string, string> = {
  "routes/_resources+/images.$": "public photos and avatars under keys never reused: cached for a year",
  "routes/_resources+/resources.search": "public cars for a search term, kept by the browser for half a minute",
  "routes/_resources+/resources.theme": "GET only sends the visitor home",
  "routes/_resources+/resources.saved-searches": "GET only sends the visitor to /favorites",
  "routes/_resources+/webhooks.stripe": "Stripe's endpoint: no-store, and no session",
  "routes/_auth+/auth.signout": "GET only sends the visitor home; signing out is a POST",
};

const ZERO_ID = "00000000-0000-0000-0000-000000000000";

/** A value for each route parameter: a real row where the seed has one (the pages render), a made-up id otherwise. */
async function parameterValues(database: Client): Promise<Record<string, string>> {
  const first = async (sql: string) => {
    const { rows } = await database.execute(sql);
    const row = rows[0];
    return row ? String(Object.values(row)[0]) : ZERO_ID;
  };
  const bookingId = await first("select booking_id from trip_photos order by booking_id limit 1");
  return {
    bookingId,
    photoId: await first(`select id from trip_photos where booking_id = '${bookingId}' order by id limit 1`),
    claimId: await first("select id from damage_claims order by created_at limit 1"),
    carId: await first("select id from cars where deleted_at is null order by created_at limit 1"),
    id: await first("select id from cars where status = 'approved' and deleted_at is null order by created_at limit 1"),
    packageId: await first("select id from insurance_packages order by created_at limit 1"),
    userId: await first("select user_id from verification_documents order by created_at limit 1"),
    documentId: await first("select id from verification_documents order by created_at limit 1"),
    conversationId: await first("select id from conversations order by created_at limit 1"),
    "*": "no-such-page",
  };
}

function urlOf(path: string, values: Record<string, string>) {
  return path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => values[name ?? whole] ?? ZERO_ID);
}

test("every route answers a signed-in person private, no-store: documents, their data and files @http", async ({
  page,
  database,
}) => {
  // An administrator of the test's own (admins may read every page: trips, claims, payouts, the queues), so nothing
  // a GET might touch is a demo account's that other journeys read.
  const { email } = await registerAndSignIn(page, uniqueEmail("cache-control"));
  await database.execute({ sql: "update users set is_admin = 1 where email = ?", args: [email] });
  const values = await parameterValues(database);
  const routes = manifestRoutes();
  const byId = new Map(routes.map((route) => [route.id, route]));
  const checked: string[] = [];
  for (const route of routes) {
    if (!route.hasLoader || route.id in SESSION_FREE) continue;
    const url = urlOf(pattern(route, byId), values);
    const document = await page.request.get(url, { maxRedirects: 0 });
    expect(document.status(), url).toBeLessThan(500);
    expect(document.headers()["cache-control"], `${route.id}: ${url}`).toBe("private, no-store");
    // A page's data for client navigation (single fetch) is the same person's.
    if (document.headers()["content-type"]?.startsWith("text/html")) {
      const dataUrl = url === "/" ? "/_root.data" : `${url.replace(/\/$/, "")}.data`;
      const data = await page.request.get(dataUrl, { maxRedirects: 0 });
      expect(data.status(), dataUrl).toBeLessThan(500);
      expect(data.headers()["cache-control"], `${route.id}: ${dataUrl}`).toBe("private, no-store");
    }
    checked.push(route.id);
  }
  // The pages are among them, with real rows: a trip, its claim and cancel pages, payouts, admin, profile.
  expect(checked).toEqual(
    expect.arrayContaining([
      "routes/_bookings+/bookings_.$bookingId",
      "routes/_bookings+/bookings_.$bookingId_.claim",
      "routes/_bookings+/bookings_.$bookingId_.cancel",
      "routes/_bookings+/bookings_.$bookingId_.photos.$photoId",
      "routes/_dashboard+/host-dashboard_.payouts",
      "routes/_admin+/admin.payouts",
      "routes/_profiles+/profile._index",
    ]),
  );
  // A form's answer is the person's too (a refused profile update, rendered with their values).
  const refused = await page.request.post("/profile", { form: { intent: "update", fullName: "" } });
  expect(refused.status()).toBe(400);
  expect(refused.headers()["cache-control"]).toBe("private, no-store");

  // The routes that read no session keep what they chose, signed in or not.
  const search = await page.request.get("/resources/search?q=toyota");
  expect(search.headers()["cache-control"]).toBe("private, max-age=30");
});

test("anonymous visitors still get the edge cache's pages, and a stale session cookie changes nothing @http", async ({
  playwright,
  baseURL,
}) => {
  for (const cookie of [undefined, "session=stale"]) {
    const visitor = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: cookie ? { Cookie: cookie } : {},
    });
    try {
      const response = await visitor.get("/rentals");
      expect(response.status()).toBe(200);
      // No session was found: nothing here is anybody's own (the edge cache leaves a request with a cookie alone).
      expect(response.headers()["cache-control"] ?? "", String(cookie)).not.toContain("no-store");
      if (!cookie) expect(response.headers()["cache-control"]).toBe("private, no-cache");
    } finally {
      await visitor.dispose();
    }
  }
});
