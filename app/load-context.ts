// What every loader and action receives as `context`: the raw Cloudflare env plus the validated config and a db.
import type { AppLoadContext } from "@remix-run/cloudflare";
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
  }
}

export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: CloudflareContext };
}): AppLoadContext {
  const env = parseEnv(context.cloudflare.env);
  return { cloudflare: context.cloudflare, env, db: createWebDb(env.database) };
}
