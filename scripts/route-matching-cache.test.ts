import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { cacheRouteMatching, routeMatchingCache } from "./route-matching-cache";

type RouteObject = { id: string; path?: string; index?: boolean; children?: RouteObject[] };
type Match = { route: { id: string }; params: Record<string, string | undefined>; pathname: string };
type Router = {
  matchRoutes: (routes: RouteObject[], path: string) => Match[] | null;
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

/** The module with a count of the branches its matchRoutes tried (each a matchRouteBranch call). */
function loadCounting(source: string): Router & { tries: () => number } {
  const head = "function matchRouteBranch(branch, pathname, allowPartial) {";
  if (!source.includes(head)) throw new Error("the router module's matchRouteBranch was not found");
  const counted = source.replace(head, `${head} tried.count++;`);
  const tried = { count: 0 };
  const body = counted.replace(/^export \{[^}]*\};/m, "return { matchRoutes, matchPath };");
  const router = new Function("tried", body)(tried) as Router;
  return { ...router, tries: () => tried.count };
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

  it("keeps a path's match, and gives each caller its own copy: what one caller changes, the next does not see", () => {
    const patched = load(cacheRouteMatching(installed));
    const routes = tree();
    for (const path of ["/car/abc", "/car/x%20y/book", "/admin/cars/pending", "/nowhere/at/all", "/"]) {
      const expected = original.matchRoutes(tree(), path);
      const first = patched.matchRoutes(routes, path);
      expect(first).toEqual(expected);
      // A caller that changes what it got: the array, a match, the params the branch's matches share.
      first!.push(first![0]!);
      first![0]!.pathname = "/changed";
      first![0]!.params.carId = "someone-else";
      const second = patched.matchRoutes(routes, path);
      expect(second).toEqual(expected);
      // One params object for all of a branch's matches, as the router makes them.
      expect(new Set(second!.map((match) => match.params)).size).toBe(1);
    }
    expect(patched.matchRoutes(routes, "/car/abc")![1]!.params).toEqual({ carId: "abc" });
    expect(patched.matchRoutes(routes, "/car/def")![1]!.params).toEqual({ carId: "def" });
  });

  it("tries the branches for a path once per routes array, and again for another path or array", () => {
    const patched = loadCounting(cacheRouteMatching(installed));
    const routes = tree();
    patched.matchRoutes(routes, "/car/abc");
    const once = patched.tries();
    expect(once).toBeGreaterThan(1);
    patched.matchRoutes(routes, "/car/abc");
    expect(patched.tries()).toBe(once);
    patched.matchRoutes(routes, "/car/def");
    expect(patched.tries()).toBe(2 * once);
    patched.matchRoutes(tree(), "/car/abc");
    expect(patched.tries()).toBe(3 * once);
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
      [
        "matches = matchRouteBranch(branches[i], decoded, allowPartial);",
        "matches = matchBranch(branches[i], decoded);",
      ],
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
