// When the database cannot be reached, every page and every form post answers 503 with the spec's "Database
// connection not available" and a "Try again" (the root's error boundary, in the visitor's language), never a 500
// or a stack trace. The error is recognised in one place (DatabaseUnavailableError, thrown by the web client) and
// turned into that answer here, around every route's loader and action, so no route has to remember it.
import { data, type ServerBuild } from "@remix-run/cloudflare";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";
import { mapRouteFunctions, type RouteFunction } from "~/utils/server-build.server";

/** Seconds a client or crawler is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

export const DATABASE_UNAVAILABLE = {
  title: "errors.databaseUnavailable",
  message: "errors.databaseUnavailableHint",
} as const;

/** The answer a route throws when the database is out of reach (rendered by app/components/shell/error-page.tsx). */
export function databaseUnavailable() {
  return data(DATABASE_UNAVAILABLE, {
    status: 503,
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

/**
 * The same answer as a real Response, for routes without a component (webhooks, JSON, files): Remix sends their
 * thrown `data()` as JSON with the status but without its headers, so Retry-After would be lost on the wire.
 */
export function databaseUnavailableResponse() {
  return Response.json(DATABASE_UNAVAILABLE, {
    status: 503,
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

/** A loader or action that throws the 503 answer in place of a DatabaseUnavailableError. */
export function guardDatabase<F extends RouteFunction>(fn: F, { resource = false } = {}): F {
  const guarded = async (args: never) => {
    try {
      return await fn(args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw resource ? databaseUnavailableResponse() : databaseUnavailable();
      throw error;
    }
  };
  return guarded as unknown as F;
}

/** The server build with every route's loader and action guarded (the Worker serves this one). */
export function withDatabaseFaults(build: ServerBuild): ServerBuild {
  return mapRouteFunctions(build, (fn, { resource }) => guardDatabase(fn, { resource }));
}

/**
 * Headers of any 503 answer (the database one above, and the pages that say a service is down): Remix keeps only a
 * thrown answer's cookies for the document, so they are set here, from entry.server.
 */
export function markServiceUnavailable(status: number, headers: Headers) {
  if (status !== 503) return;
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}
