// What every loader and action receives as `context`: the raw Cloudflare env plus the validated config and a db.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionLookup } from "./accounts/session.server";
import { createWebDb, type Db } from "./db.server";
import { parseEnv, type AppEnv, type WorkerEnv } from "./env.server";

interface CloudflareContext {
  env: WorkerEnv;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
  caches?: unknown;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    env: AppEnv;
    db: Db;
    /** Set by the Worker for a request refused before any route runs: every action answers 400. */
    badRequest?: boolean;
    /**
     * The clock of rules that count time in their answers (the sign-in throttle's Retry-After), in milliseconds. The
     * Worker leaves it out (Date.now); a test hands in its own, so a duration it asserts does not depend on how
     * fast the machine ran the test (requestTime).
     */
    clock?: () => number;
    /**
     * The session lookups of this request's GET loaders, by Cookie header, so the root's and the page's share one
     * (app/accounts/session.server.ts). Made by the Worker with the context, which it makes per request; a test's
     * context kept across requests leaves it out.
     */
    sessionLookups?: Map<string, SessionLookup>;
  }
}

/** The time of this request, by the context's clock (see `clock` above). */
export function requestTime(context: Pick<AppLoadContext, "clock">): number {
  return context.clock?.() ?? Date.now();
}

export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: CloudflareContext };
}): AppLoadContext {
  const env = appEnv(context.cloudflare.env);
  // Made on first use: a page from the edge cache needs none, and making one (Drizzle reading the whole schema, the
  // libSQL client) was about 40% of the CPU of such an answer.
  let db: Db | undefined;
  return {
    cloudflare: context.cloudflare,
    env,
    sessionLookups: new Map(),
    get db() {
      return (db ??= createWebDb(env.database));
    },
  };
}

/**
 * The configuration checked once per env object: the runtime hands every request of an isolate the same one, and the
 * check (zod) was 3–10% of the CPU of an answer from the edge cache. Keyed by the object, so a test's own env (or a
 * new deployment, which is a new isolate) is checked afresh; the view batches are grouped by it (car-views.server.ts).
 */
const checkedEnvs = new WeakMap<WorkerEnv, AppEnv>();

function appEnv(raw: WorkerEnv): AppEnv {
  let env = checkedEnvs.get(raw);
  if (!env) {
    env = parseEnv(raw);
    checkedEnvs.set(raw, env);
  }
  return env;
}
