// CSRF defence in depth beside SameSite=Lax cookies: a state-changing request must come from our own pages.
import { data, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import { mapRouteFunctions } from "~/utils/server-build.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Server-to-server endpoints authenticate by signature, not by cookie; browsers never post to them. */
const SIGNED_ENDPOINTS = ["/webhooks/stripe"];

export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (SIGNED_ENDPOINTS.includes(url.pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin !== url.origin;
  if (origin === "null") return true;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  // Neither header: not a modern browser's request, so it carries no ambient cookie risk worth refusing.
  return false;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A write whose X-Forwarded-Host names another host than its Origin. Remix refuses it by throwing before any route
 * runs, which the visitor sees as a bare 500; the Worker answers it with a 400 and the normal error page instead
 * (it hands Remix the request without the header and marks the context, and every action then throws the 400).
 * Nothing in front of the Worker sets this header, so only a client that made it up sends one that differs.
 */
export function hasForeignForwardedHost(request: Request): boolean {
  if (!WRITE_METHODS.has(request.method)) return false;
  const forwarded = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  const origin = request.headers.get("Origin");
  if (!forwarded || !origin || origin === "null") return false;
  try {
    return new URL(origin).host !== forwarded;
  } catch {
    return true;
  }
}

/**
 * The request handed to Remix for such a write: without the header, and without its body, which every action
 * refuses unread. The body is read to its end here and dropped: a body left unread leaves its connection half-used,
 * and wrangler dev's proxy then fails the next write on it ("Your worker restarted mid-request", a 503).
 */
export async function withoutForwardedHost(request: Request): Promise<Request> {
  const headers = new Headers(request.headers);
  headers.delete("X-Forwarded-Host");
  headers.delete("Content-Length");
  await discardBody(request);
  return new Request(request.url, { method: request.method, headers });
}

/** Reads a request's body to its end without keeping it: for a write refused before anything reads it. */
export async function discardBody(request: Request): Promise<void> {
  await request.body?.pipeTo(new WritableStream()).catch(() => {});
}

/** The 400 a refused request gets, rendered by the root's error boundary (or plain, from a route without one). */
export function withRequestRefusals(build: ServerBuild): ServerBuild {
  return mapRouteFunctions(build, (fn, { kind, resource }) => {
    if (kind !== "action") return fn;
    const refusing = async (args: never) => {
      if ((args as { context: AppLoadContext }).context.badRequest) {
        throw resource
          ? new Response("Bad request", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } })
          : data(BAD_REQUEST, { status: 400 });
      }
      return fn(args);
    };
    return refusing as unknown as typeof fn;
  });
}

const BAD_REQUEST = { title: "errors.badRequestTitle", message: "errors.badRequest" } as const;
