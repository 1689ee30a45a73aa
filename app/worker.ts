// The Cloudflare Worker: static files are served by Workers Static Assets before this runs;
// everything else is rendered by Remix here. `scheduled` runs the periodic jobs of wrangler.toml's cron.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// Aliased in wrangler.toml to the Vite server build (build/server/index.js).
import * as build from "virtual:remix/server-build";
import type { WorkerEnv } from "~/env.server";
import { getLoadContext } from "~/load-context";
import { runScheduledJobs } from "~/jobs.server";
import { isCrossSiteWrite } from "~/utils/request-origin.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    if (isCrossSiteWrite(request)) {
      return new Response("Cross-site request refused", { status: 403 });
    }
    const loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf } } });
    return handleRemixRequest(request, loadContext);
  },
  async scheduled(controller, env, ctx) {
    const context = getLoadContext({
      request: new Request("http://scheduled.local/"),
      context: { cloudflare: { env, ctx } },
    });
    ctx.waitUntil(runScheduledJobs(context, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<WorkerEnv>;
