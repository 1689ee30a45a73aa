// What a public page loads before it runs (docs/decisions/025): the client entry, root.tsx and the page's route
// modules, with everything they import statically. Not conform and not zod: the browser checks of the public forms
// load on first focus (components/ui/lazy-check.ts), the rules the catalogue and the car page run live in zod-free
// `*-rules.ts` modules, and a plain form reads its fields through components/ui/page-values.ts, not conform's useForm.
// One static import of either from a module root.tsx reaches (the header, say) puts about 10 KB (conform) or 26 KB
// (zod) gzip on every page's first load; `npm run bench` shows the figure, this names the import. Imports are read
// from the source (app/utils/browser-graph.test-support.ts), a route's loader and action imports included, which the
// client build drops: the sign-in page, whose action parses its schema, is therefore not held to the zod rule here.
// Each page's bytes as served are held to a budget from the build itself in tests/e2e/first-load.spec.ts (the car
// route imports its kept parts statically for the server's render only, which a source graph cannot tell apart).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP, browserGraph, relative, routeChains, type RouteEntry } from "~/utils/browser-graph.test-support";

/** Packages no public page's first load may hold. */
const NOT_ON_FIRST_LOAD = ["@conform-to/react", "@conform-to/dom", "@conform-to/zod", "zod"];

/** The visitor's pages whose first load the bench measures; the sign-in page has its form's conform on purpose. */
const PUBLIC_PAGES = ["routes/_index", "routes/_cars+/rentals", "routes/_cars+/sales", "routes/_cars+/car.$id"];

const ENTRY = path.join(APP, "entry.client.tsx");

function offending(entries: string[]): string[] {
  const { packages } = browserGraph([ENTRY, ...entries], { lazy: false });
  return NOT_ON_FIRST_LOAD.filter((name) => packages.has(name)).map(
    (name) => `${name} (imported by ${relative(packages.get(name)!)})`,
  );
}

describe("the first load of a public page", () => {
  it("holds no conform or zod in what every page loads: the entry, root.tsx and the shell", () => {
    expect(offending([path.join(APP, "root.tsx")])).toEqual([]);
  });

  it("holds no conform or zod on the home page, the catalogues or a car page", async () => {
    const { default: config } = (await import("~/routes")) as unknown as { default: Promise<RouteEntry[]> };
    const chains = routeChains(await config);
    for (const id of PUBLIC_PAGES) {
      const chain = chains.find((c) => c.id === id);
      expect(chain, `route ${id}`).toBeDefined();
      expect(offending(chain!.files), id).toEqual([]);
    }
  });

  it("sees a package imported through a module of the app, so the rule is not blind", () => {
    // The sign-in page does load conform's useForm (its form is checked in the browser once focused).
    const signIn = path.join(APP, "routes/_auth+/auth.signin.tsx");
    const found = offending([path.join(APP, "root.tsx"), signIn]);
    expect(found.some((line) => line.startsWith("@conform-to/react ("))).toBe(true);
  });
});
