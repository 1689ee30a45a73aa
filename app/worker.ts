// The Cloudflare Worker: static files are served by Workers Static Assets before this runs;
// everything else is rendered by Remix here. `scheduled` runs the periodic jobs of wrangler.toml's cron.
import type { ServerBuild } from "@remix-run/cloudflare";
// Aliased in wrangler.toml to the Vite server build (build/server/index.js).
import * as build from "virtual:remix/server-build";
import type * as EntryServer from "~/entry.server";
import type { WorkerEnv } from "~/env.server";

const serverBuild = build as unknown as ServerBuild;
// Everything else comes from the build's entry module, so nothing is bundled twice (see entry.server.tsx).
const {
  createRequestHandler,
  getLoadContext,
  runScheduledJobs,
  isCrossSiteWrite,
  discardBody,
  hasForeignForwardedHost,
  withoutForwardedHost,
  withRequestRefusals,
  withEdgeCache,
  honourCookiePreferences,
  withDatabaseFaults,
  withLanguageThroughRedirects,
  withSessionCacheControl,
} = serverBuild.entry.module as unknown as typeof EntryServer;
// Every loader and action answers 503 "Database connection not available" when libSQL is out of reach, and every
// action 400 for a request refused before it (a made-up X-Forwarded-Host); a redirect keeps the ?lng= it answers.
const handleRemixRequest = createRequestHandler(
  withLanguageThroughRedirects(withRequestRefusals(withDatabaseFaults(serverBuild))),
);

export default {
  async fetch(incoming, env, ctx) {
    if (isCrossSiteWrite(incoming)) {
      await discardBody(incoming);
      return new Response("Cross-site request refused", { status: 403 });
    }
    const badRequest = hasForeignForwardedHost(incoming);
    const request = badRequest ? await withoutForwardedHost(incoming) : incoming;
    const loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx, cf: incoming.cf } } });
    if (badRequest) loadContext.badRequest = true;
    const cache = typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
    const cacheContext = {
      // Read only when the cache must render, or write (its client is made then: see load-context.ts).
      get db() {
        return loadContext.db;
      },
      env: loadContext.env,
      databaseKey: loadContext.env.database.url,
      build: serverBuild.assets.version,
      waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p),
      cache,
    };
    const response = await withEdgeCache(request, cacheContext, () => handleRemixRequest(request, loadContext));
    // The visitor's cookie choice holds for every route that sets a preference cookie (see the module). What was
    // made for a signed-in person is kept by no cache, so Back after signing out shows none of it (decision 030).
    return withSessionCacheControl(loadContext, honourCookiePreferences(request, response));
  },
  async scheduled(controller, env, ctx) {
    const context = getLoadContext({
      request: new Request("http://scheduled.local/"),
      context: { cloudflare: { env, ctx } },
    });
    ctx.waitUntil(runScheduledJobs(context, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<WorkerEnv>;
