// The machinery of the authorisation matrix (tests/integration/authorization-matrix.test.ts): finding every route
// module's loader and action, and telling what a call's answer amounts to (sign in, 403, 404, served). The database
// fingerprint that proves a refused request changed nothing is in db-fingerprint.ts (the bad-input fuzz uses it too).
import type { RouteResult } from "./routes";

/** Who calls: nobody signed in, a signed-in stranger to the resource, the user it belongs to, an administrator. */
export const ROLES = ["guest", "other", "party", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a role must get:
 * - signin: 401 (the "Sign in required" page) or a redirect to /auth/signin?redirectTo=…
 * - forbidden: 403; notFound: 404 (hiding that the resource exists is a refusal too)
 * - refused: any other 4xx, for endpoints that authenticate by something other than the session (a signature, a
 *   token in a link): whoever's cookie comes along, an unsigned or forged request is turned away
 * - empty: served (2xx/3xx), but it is the caller's own page: nothing of the resource shows and nothing changes
 * - allowed: served (below 400) past every guard; an action's submission really does its work (the database changes)
 * signin, forbidden, notFound, refused and empty must leave the database as it was and must not show the resource.
 */
export type Outcome = "signin" | "forbidden" | "notFound" | "refused" | "empty" | "allowed";

export type Kind = "loader" | "action";
export type RouteFunction = (args: never) => unknown;
export interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}

/**
 * Route modules by id: their path under app/routes without the extension ("_cars+/car.$id.book"), and "root".
 * Files whose name starts with "__" are helpers shared inside a folder, not routes.
 */
export function routeModules(globbed: Record<string, unknown>): Map<string, RouteModule> {
  const modules = new Map<string, RouteModule>();
  for (const [file, module] of Object.entries(globbed)) {
    const match = file.match(/app\/(?:routes\/(.+)|(root))\.tsx?$/);
    if (!match) throw new Error(`Not a route module path: ${file}`);
    const id = match[1] ?? match[2]!;
    if (id.split("/").at(-1)!.startsWith("__")) continue;
    modules.set(id, module as RouteModule);
  }
  return modules;
}

/** "<route id> loader" and "<route id> action" for every function a route module exports. */
export function routeExports(modules: Map<string, RouteModule>): string[] {
  const names: string[] = [];
  for (const [id, module] of modules) {
    for (const kind of ["loader", "action"] as const) {
      if (typeof module[kind] === "function") names.push(`${id} ${kind}`);
    }
  }
  return names.sort();
}

export type Answer = "signin" | "forbidden" | "notFound" | "refused" | "served" | "error";

/** What an answer amounts to, whatever shape it came in (a thrown guard, data() with a status, a Response). */
export function answerOf(result: RouteResult): Answer {
  if (result.status === 401) return "signin";
  if (result.location?.startsWith("/auth/signin?redirectTo=")) return "signin";
  if (result.status === 403) return "forbidden";
  if (result.status === 404) return "notFound";
  if (result.status >= 500) return "error";
  if (result.status >= 400) return "refused";
  return "served";
}

/** What the answer shows, as text, to look for what it must not show. */
export function shownText(result: RouteResult): string {
  const body = typeof result.data === "string" ? result.data : JSON.stringify(result.data ?? null);
  return `${body}\n${result.location ?? ""}`;
}
