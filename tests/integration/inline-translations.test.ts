// The page inlines only the texts its server render used (root's InlineTranslations, app/i18n/used-keys.ts), and the
// browser hydrates from that alone, so it must hold every one of them. Pages rendered as the Worker renders them
// (Remix's handler over the real root, routes and entry.server, with the lite i18next the production build renders
// with), in both languages, guest and signed in; the browser's lite i18next, started from only the inline bundle,
// must give the server's text for every key the render used, and every plural form of the plural ones.
import { createRequestHandler } from "@remix-run/cloudflare";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { languageCookie } from "~/i18n.server";
import { createInstance, I18n } from "~/i18n/lite/i18next";
import type * as UsedKeys from "~/i18n/used-keys";
import * as signin from "~/routes/_auth+/auth.signin";
import * as car from "~/routes/_cars+/car.$id";
import * as favorites from "~/routes/_cars+/favorites";
import * as rentals from "~/routes/_cars+/rentals";
import * as index from "~/routes/_index";
import i18nConfig from "~/i18n";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createSignedInUser, createUser } from "./support/factories";
import { ORIGIN } from "./support/routes";
import { testServerBuild } from "./support/server-build";

// workerd's react-dom/server is the web streams build; Node's default has no renderToReadableStream.
vi.mock("react-dom/server", () => import("react-dom/server.browser" as string));
// The production build renders with the lite i18next and react-i18next (vite.config.ts's alias; vitest has none).
vi.mock("i18next", () => import("~/i18n/lite/i18next"));
vi.mock("react-i18next", () => import("~/i18n/lite/react-i18next"));

// The instances entry.server renders with, to ask them afterwards what they looked up; and, apart from the
// recorder's own account, every `t` call the render made, to replay in the browser's instance.
const rendered: I18n[] = [];
const calls = new WeakMap<I18n, Parameters<I18n["t"]>[]>();
vi.mock("~/i18n/used-keys", async (importOriginal) => {
  const actual = await importOriginal<typeof UsedKeys>();
  return {
    ...actual,
    recordUsedKeys: (i18n: I18n) => {
      rendered.push(i18n);
      const made: Parameters<I18n["t"]>[] = [];
      calls.set(i18n, made);
      const t = i18n.t.bind(i18n);
      i18n.t = (...call) => {
        made.push(call);
        return t(...call);
      };
      actual.recordUsedKeys(i18n);
    },
  };
});
const { usedKeysOf } = await import("~/i18n/used-keys");

const ROUTES = {
  "routes/_index": { module: index, index: true },
  "routes/_cars+/rentals": { module: rentals, path: "rentals" },
  "routes/_cars+/car.$id": { module: car, path: "car/:id" },
  "routes/_cars+/favorites": { module: favorites, path: "favorites" },
  "routes/_auth+/auth.signin": { module: signin, path: "auth/signin" },
};

function handler() {
  return createRequestHandler(testServerBuild(ROUTES));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 11, 21, 22, 101, 1.5];

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
  rendered.length = 0;
});
afterEach(() => ctx.close());

describe("the inline translations", () => {
  it("hold every text the server's render used, and the lite i18next gives the same from them alone", async () => {
    const owner = await createUser(ctx);
    const { id: carId } = await createCar(ctx, owner.id);
    const renter = await createSignedInUser(ctx);
    const handle = handler();
    const pages = [
      ["/", ""],
      ["/rentals", ""],
      [`/car/${carId}`, ""],
      ["/auth/signin", ""],
      ["/favorites", renter.cookie],
      [`/car/${carId}`, renter.cookie],
    ] as const;

    for (const language of ["lt", "en"] as const) {
      const chosen = (await languageCookie.serialize(language)).split(";")[0];
      for (const [path, session] of pages) {
        rendered.length = 0;
        const response = await handle(
          new Request(`${ORIGIN}${path}`, { headers: { Cookie: [chosen, session].filter(Boolean).join("; ") } }),
          ctx.context,
        );
        const html = await response.text();
        const where = `${language} ${path}${session ? " signed in" : ""}`;
        expect(response.status, where).toBe(200);
        const json = html.match(/<script id="i18n-resources" type="application\/json">(.*?)<\/script>/)?.[1];
        const inline = JSON.parse(json!);
        expect(inline, where).toMatchObject({ language, partial: true });

        expect(rendered, where).toHaveLength(1);
        const server = rendered[0]!;
        expect(server, where).toBeInstanceOf(I18n);
        const used = usedKeysOf(server)!;
        // The page's own namespaces were used, and only a part of them inlined.
        expect([...used.keys()], where).toEqual(expect.arrayContaining(["common"]));
        const browser = createInstance();
        await browser.init({
          ...i18nConfig,
          lng: language,
          partialResources: true,
          resources: { [language]: inline.bundle },
        });
        let checked = 0;
        for (const [ns, keys] of used) {
          expect(Object.keys(inline.bundle), `${where}: ${ns}`).toContain(ns);
          for (const key of keys) {
            const base = key.replace(PLURAL, "");
            const cases = PLURAL.test(key) ? COUNTS.map((count) => ({ count })) : [{}];
            for (const options of cases) {
              const expected = server.t(base, { ...options, ns, name: "N", title: "T" });
              expect(browser.t(base, { ...options, ns, name: "N", title: "T" }), `${where}: ${ns}:${key}`).toBe(
                expected,
              );
              checked++;
            }
          }
        }
        expect(checked, where).toBeGreaterThan(10);
        // Every call of the render, as it was made, gives the same text from the inline bundle alone (whatever the
        // recorder saw).
        const made = [...calls.get(server)!];
        expect(made.length, where).toBeGreaterThan(10);
        for (const [key, options] of made)
          expect(browser.t(key, options), `${where}: t(${String(key)}, ${JSON.stringify(options)})`).toBe(
            server.t(key, options),
          );
        // Pruned: the inlined bundle is smaller than the namespaces whole.
        const whole = JSON.stringify(
          Object.fromEntries(Object.keys(inline.bundle).map((ns) => [ns, server.getResourceBundle(language, ns)])),
        );
        expect(JSON.stringify(inline.bundle).length, where).toBeLessThan(whole.length);
      }
    }
  });
});
