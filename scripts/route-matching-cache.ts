// A Vite plugin for the Worker's build: React Router ranks the route tree once per routes array, compiles each route
// path to its regular expression once, and matches each path against the ranked routes once, instead of on every
// match.
//
// @remix-run/router's matchRoutes flattens the whole route tree and sorts every branch by its score each time it is
// called, then tries the branches in order, building each one's regular expressions afresh. Remix's server calls it
// twice for each document request (its own match, then the static handler's query), more for a data request or the
// route manifest. With the app's routes that was about a sixth of a signed-in /rentals render's CPU in workerd (issue
// 19). On the server the routes arrays are made once, when the request handler first runs, and never change after,
// so the ranked branches are kept per array (a WeakMap: an array made for one render, as <RemixServer> makes, is
// forgotten with it); a path's expression depends only on the path and its two flags, so it is kept by those (at most
// a thousand: the route tree has a few hundred; a caller matching made-up patterns cannot grow it without bound).
// Trying a hundred-odd ranked branches against a path was then still the largest part of a request's CPU outside
// React's render (docs/decisions/037-worker-cpu-per-render.md), and its result depends only on the branches and the
// path, so it is kept too, per ranked branches (at most a thousand paths each: a crawler's made-up paths empty it
// rather than grow it); every caller gets its own copy, as a fresh match would be, so no caller's change to one
// reaches another request. The browser build is left alone: there, lazy route discovery adds children to the routes
// in place, and a kept ranking would miss them.
//
// The source text this replaces is checked: when an upgrade changes it, the build fails here instead of quietly
// going back to the slow path.
import type { Plugin } from "vite";
import { patchChecked } from "./checked-patch";

const MODULE = /[\\/]node_modules[\\/]@remix-run[\\/]router[\\/]dist[\\/]router\.(?:c?js)$/;
const RANKING = /let branches = flattenRoutes\(routes\);\s*rankRouteBranches\(branches\);/;
const BRANCH_LOOP =
  /let matches = null;\s*let decoded = decodePath\(pathname\);\s*for \(let i = 0; matches == null && i < branches\.length; \+\+i\) \{[^}]*?matches = matchRouteBranch\(branches\[i\], decoded, allowPartial\);\s*\}\s*return matches;/;
const MATCH_ROUTES = "function matchRoutesImpl(";
const COMPILE_PATH = "function compilePath(path, caseSensitive, end) {";

/** Put in the module before matchRoutes and compilePath, so they see the module's own functions. */
const RANKED_ONCE = `
const rankedBranchesByRoutes = new WeakMap();
function rankedBranchesOnce(routes) {
  let branches = rankedBranchesByRoutes.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesByRoutes.set(routes, branches);
  }
  return branches;
}
const matchesByBranches = new WeakMap();
function matchBranchesOnce(branches, decoded, allowPartial) {
  let kept = matchesByBranches.get(branches);
  if (!kept) {
    kept = new Map();
    matchesByBranches.set(branches, kept);
  }
  const key = (allowPartial ? "1" : "0") + decoded;
  let matches = kept.get(key);
  if (matches === undefined) {
    matches = null;
    for (let i = 0; matches == null && i < branches.length; ++i) {
      matches = matchRouteBranch(branches[i], decoded, allowPartial);
    }
    if (kept.size >= 1000) kept.clear();
    kept.set(key, matches);
  }
  if (!matches) return null;
  // A fresh copy for each caller, as a match made afresh would be: its own array, its own match objects, and the one
  // params object that a branch's matches share.
  const params = { ...matches[0].params };
  return matches.map((match) => ({ ...match, params }));
}
`;
const COMPILED_ONCE = `
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathEachTime(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
`;

/** The router module's source with route matching's work kept; throws when the text to replace is gone. */
export function cacheRouteMatching(source: string): string {
  return patchChecked(
    source,
    [
      { from: RANKING, to: "let branches = rankedBranchesOnce(routes);" },
      {
        from: BRANCH_LOOP,
        to: "let decoded = decodePath(pathname);\n  return matchBranchesOnce(branches, decoded, allowPartial);",
      },
      { from: MATCH_ROUTES, to: `${RANKED_ONCE}${MATCH_ROUTES}` },
      { from: COMPILE_PATH, to: `${COMPILED_ONCE}${COMPILE_PATH.replace("compilePath", "compilePathEachTime")}` },
    ],
    "@remix-run/router's matchRoutes no longer ranks and compiles the routes as scripts/route-matching-cache.ts " +
      "expects: check the new version's matchRoutesImpl and compilePath and update the plugin (or drop it).",
  );
}

export function routeMatchingCache(): Plugin {
  return {
    name: "route-matching-cache",
    transform(code, id, options) {
      if (!options?.ssr || !MODULE.test(id.split("?")[0]!)) return null;
      return { code: cacheRouteMatching(code), map: null };
    },
  };
}
