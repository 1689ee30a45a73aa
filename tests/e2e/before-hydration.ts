// A person on a slow phone acts as soon as the page shows: seconds before its scripts have hydrated it (they start
// after the first paint, decision 028), and again while its enhanced controls wait for the rest of the page's texts
// (decision 007). These journeys make both moments deterministic: the page's modules, and then the texts it completes
// after hydration, are held at the network until the journey lets them through.
import type { Page, Request, Route } from "@playwright/test";
import { expect, expectAccessible, waitForHydration } from "./support";

/** The page's scripts: its modules and the chunks they import (hashed files of the client build). */
const SCRIPT = /\/assets\/[^/?]+\.js(?:\?|$)/;
/** A namespace's texts as a hashed JSON file of the client build (app/i18n.client.ts): `claims-C3nECaIh.json`. */
const TEXTS = /\/assets\/([a-z]+)-[\w-]+\.json(?:\?|$)/;

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const state = { isOpen: false, opened, open: () => ((state.isOpen = true), open()) };
  return state;
}

/** Lets a held request go on; a page closed or navigated away meanwhile no longer wants it. */
const pass = (route: Route) => route.continue().catch(() => {});

export interface HeldHydration {
  /**
   * Lets the page's scripts run. Resolves once React has hydrated the page (its root asked for the texts it completes
   * right after hydration), while the enhanced controls (useHydrated) still wait for those texts.
   */
  hydrate(): Promise<void>;
  /** Lets the texts in. Resolves at the page's hydration marker, and checks the page with axe. */
  complete(): Promise<void>;
}

/**
 * Opens `url` with its scripts held: resolves once the page is painted (its inline script asks for the first module
 * after the first contentful paint) and nothing on it has hydrated, so whatever the journey does next is done to the
 * server's HTML. The hold stays for every document of the page (a form posted before hydration answers with a new
 * one) until `hydrate()`; the texts stay held until `complete()`. Texts of a namespace the document did not inline
 * are not held: the page needs them to hydrate at all.
 */
export async function openBeforeHydration(page: Page, url: string): Promise<HeldHydration> {
  const scripts = gate();
  const texts = gate();
  let textsAsked = gate();
  await page.route(SCRIPT, async (route) => {
    await scripts.opened;
    await pass(route);
  });
  await page.route(TEXTS, async (route, request: Request) => {
    if (texts.isOpen) return pass(route);
    const namespace = TEXTS.exec(new URL(request.url()).pathname)?.[1] ?? "";
    const inlined = await page
      .evaluate(() => {
        const element = document.getElementById("i18n-resources");
        return Object.keys((JSON.parse(element?.textContent || "{}") as { bundle?: object }).bundle ?? {});
      })
      .catch(() => [] as string[]);
    if (!inlined.includes(namespace)) return pass(route);
    textsAsked.open();
    await texts.opened;
    await pass(route);
  });
  const painted = page.waitForRequest((request) => SCRIPT.test(request.url()));
  const response = await page.goto(url, { waitUntil: "commit" });
  expect(response?.status(), url).toBeLessThan(500);
  await painted;
  return {
    async hydrate() {
      textsAsked = gate();
      scripts.open();
      await textsAsked.opened;
    },
    async complete() {
      scripts.open();
      texts.open();
      await waitForHydration(page);
      await expectAccessible(page);
    },
  };
}
