import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { cacheRouteMatching, routeMatchingCache } from "./route-matching-cache";

type RouteObject = { id: string; path?: string; index?: boolean; children?: RouteObject[] };
type Router = {
  matchRoutes: (routes: RouteObject[], path: string) => { route: { id: string } }[] | null;
  matchPath: (pattern: { path: string; caseSensitive?: boolean; end?: boolean }, path: string) => unknown;
};

// The installed router's ES module, as the Worker's build reads it.
const require = createRequire(import.meta.url);
const routerFile = join(dirname(require.resolve("@remix-run/router/package.json")), "dist", "router.js");
const installed = readFileSync(routerFile, "utf8");
/** The module's matchRoutes, evaluated from its source (it imports nothing; its one export list ends it). */
function load(source: string): Router {
  const body = source.replace(/^export \{[^}]*\};/m, "return { matchRoutes, matchPath };");
  if (body === source) throw new Error("the router module's export list was not found");
  return new Function(body)() as Router;
}

const ids = (matches: { route: { id: string } }[] | null) => matches?.map((match) => match.route.id) ?? null;

/** A tree with the shapes the app's has: a layout, an index, static and dynamic segments, a splat. */
const tree = (): RouteObject[] => [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "rentals", path: "rentals" },
      { id: "car", path: "car/:carId" },
      { id: "book", path: "car/:carId/book" },
      { id: "admin", path: "admin", children: [{ id: "admin-cars", path: "cars/:status?" }] },
      { id: "splat", path: "*" },
    ],
  },
];

describe("cacheRouteMatching", () => {
  const original = load(installed);

  it("matches every path exactly as the installed router does", () => {
    const patched = load(cacheRouteMatching(installed));
    const routes = tree();
    for (const path of ["/", "/rentals", "/car/abc", "/car/abc/book", "/admin/cars", "/admin/cars/pending", "/x/y"]) {
      // Twice on the same array: the second match reads the kept ranking.
      expect(ids(patched.matchRoutes(routes, path))).toEqual(ids(original.matchRoutes(tree(), path)));
      expect(ids(patched.matchRoutes(routes, path))).toEqual(ids(original.matchRoutes(tree(), path)));
    }
  });

  it("ranks a routes array once: a route added to it later is not seen, while a new array is ranked afresh", () => {
    const patched = load(cacheRouteMatching(installed));
    const routes = tree();
    expect(ids(patched.matchRoutes(routes, "/faq"))).toEqual(["root", "splat"]);
    routes[0]!.children!.push({ id: "faq", path: "faq" });
    expect(ids(patched.matchRoutes(routes, "/faq"))).toEqual(["root", "splat"]);
    expect(ids(patched.matchRoutes([...routes], "/faq"))).toEqual(["root", "faq"]);
  });

  it("keeps a path's expression apart for each case-sensitivity and end, as the installed router matches them", () => {
    const patched = load(cacheRouteMatching(installed));
    const patterns = [
      { path: "/Car/:id" },
      { path: "/Car/:id", caseSensitive: true },
      { path: "/Car/:id", end: false },
      { path: "/Car/:id", caseSensitive: true, end: false },
      { path: "/admin/*" },
      { path: "/admin/cars/:status?" },
    ];
    for (const path of ["/car/1", "/Car/1", "/car/1/book", "/Car/1/book", "/admin/cars", "/admin/cars/pending"]) {
      for (const pattern of patterns) {
        // Twice: the second reads the kept expression.
        expect(patched.matchPath(pattern, path)).toEqual(original.matchPath(pattern, path));
        expect(patched.matchPath(pattern, path)).toEqual(original.matchPath(pattern, path));
      }
    }
  });

  it("fails the build when the router's source no longer has the text it replaces", () => {
    for (const [text, replacement] of [
      ["rankRouteBranches(branches);", "sortBranches(branches);"],
      ["function compilePath(path, caseSensitive, end) {", "function compilePath(path, options) {"],
    ]) {
      expect(() => cacheRouteMatching(installed.replace(text!, replacement!))).toThrow(/no longer ranks and compiles/);
    }
  });

  it("changes only the server build of the router module", () => {
    const plugin = routeMatchingCache();
    const transform = plugin.transform as (code: string, id: string, options?: { ssr?: boolean }) => unknown;
    expect(transform.call({}, installed, routerFile, { ssr: true })).toMatchObject({
      code: expect.stringContaining("rankedBranchesOnce(routes)"),
    });
    expect(transform.call({}, installed, routerFile, { ssr: false })).toBeNull();
    expect(transform.call({}, installed, "/work/app/root.tsx", { ssr: true })).toBeNull();
  });
});
