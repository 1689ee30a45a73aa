// public.css is built from the files its `@source` lines name, not from all of app/ (docs/decisions/026). A page
// whose route does not link app.css gets only that sheet, so every module such a page can run — the route, its
// parents, root.tsx, and everything they import, lazily too — must be among those sources; otherwise a class only that
// module uses has no rule on the page, and nothing else would notice. This test follows the imports the browser
// follows (type-only imports and *.server modules never reach it) from each such route and names any module left out.
// The journeys check the other side: tests/e2e/support.ts fails a page showing a class app.css has a rule for and its
// own sheets do not.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP, browserGraph, relative, routeChains, type RouteEntry } from "~/utils/browser-graph.test-support";

const STYLES = path.join(APP, "styles");

/** A resource route answers with data, never a page: what it imports styles nothing. */
const rendersPage = (file: string) => /^export default\b/m.test(fs.readFileSync(file, "utf8"));

const linksAppSheet = (file: string) => /\bappStylesheetLinks\b/.test(fs.readFileSync(file, "utf8"));

/** public.css's `@source` paths, absolute. */
function publicSources(): string[] {
  const css = fs.readFileSync(path.join(STYLES, "public.css"), "utf8");
  return [...css.matchAll(/^@source\s+"([^"]+)";/gm)].map(([, source]) => path.resolve(STYLES, source!));
}

const covers = (source: string, file: string) => file === source || file.startsWith(source + path.sep);

describe("the public stylesheet", () => {
  it("is built from every module a page without app.css can load", async () => {
    const { default: config } = (await import("~/routes")) as unknown as { default: Promise<RouteEntry[]> };
    const chains = routeChains(await config);
    const pages = chains.filter((chain) => rendersPage(chain.files.at(-1)!));
    const publicRoutes = pages.filter((chain) => !chain.files.some(linksAppSheet));
    const appRoutes = pages.filter((chain) => chain.files.some(linksAppSheet));
    // The split means something only while both kinds exist; the home page and a dashboard are the obvious ones.
    expect(publicRoutes.map((r) => r.id)).toContain("routes/_index");
    expect(publicRoutes.map((r) => r.id)).toContain("routes/_cars+/car.$id");
    expect(appRoutes.map((r) => r.id)).toContain("routes/_dashboard+/host-dashboard");

    const sources = publicSources();
    const { modules: graph } = browserGraph([...new Set(publicRoutes.flatMap((route) => route.files))], { lazy: true });
    const missing = [...graph]
      // app/styles/sheets.ts names the sheets; it has no classes of its own.
      .filter(([file]) => !file.startsWith(STYLES + path.sep) && !sources.some((source) => covers(source, file)))
      .map(([file, route]) => `${relative(file)} (from ${relative(route)})`);
    expect(
      missing,
      "modules of pages that load only public.css, missing from its @source lines: add them there, or link app.css from the route (app/styles/sheets.ts)",
    ).toEqual([]);
    // It reads the route tree and the browser's module graph through Vite: 20 s on a quiet machine, more on a busy one.
  }, 120_000);

  it("names only files and folders that exist", () => {
    // Tailwind passes over a source that is not there without a word: a renamed file would quietly lose its rules.
    const absent = publicSources().filter((source) => !fs.existsSync(source));
    expect(absent.map(relative)).toEqual([]);
  });
});
