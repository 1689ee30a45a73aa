// The Worker serves the server build with every route's loader and action wrapped by the answers no route should
// have to remember (the database out of reach, a request refused before any route runs). One walk over the routes.
import type { ServerBuild } from "@remix-run/cloudflare";

export type RouteFunction = (args: never) => unknown;

/** How a wrapper should answer: a route without a component needs a real Response (see database-faults). */
export interface RouteKind {
  kind: "loader" | "action";
  resource: boolean;
}

export function mapRouteFunctions(
  build: ServerBuild,
  wrap: <F extends RouteFunction>(fn: F, kind: RouteKind) => F,
): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const { loader, action } = route.module;
      const resource = !route.module.default;
      const module = {
        ...route.module,
        ...(loader ? { loader: wrap(loader, { kind: "loader", resource }) } : {}),
        ...(action ? { action: wrap(action, { kind: "action", resource }) } : {}),
      };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
