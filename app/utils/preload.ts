// Fetching, before the tap, the code a tap will need: a dialog's route module, its stylesheets and its texts. Not
// part of the first load (decision 025): asked for when the page is idle after hydrating, or on hover, focus or
// touch of the link. A phone at 4× CPU took 0.8–2.7 s to show a dialog whose code it fetched on the tap.
import i18next from "i18next";
import { useEffect } from "react";
import { useHydrated } from "~/utils/use-hydrated";

/** Runs `task` when the browser is idle (or after `timeout` ms at most); returns a cancel. */
export function whenIdle(task: () => void, timeout = 2_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

interface RouteManifest {
  routes: Record<string, { module: string } | undefined>;
}

type LinkDescriptors = () => { rel?: string; href?: string }[];

const preloaded = new Set<string>();

/**
 * Loads a route's module as Remix would on the navigation (the browser keeps it: Remix's own import of it is then
 * immediate) and preloads the stylesheets its `links` name, which a navigation waits for, and the namespaces of its
 * texts, so the navigation waits only for its data. False while the browser does not know the route yet (Remix
 * discovers the routes of the page's links after hydration): ask again later.
 */
export function preloadRoute(routeId: string, namespaces: readonly string[] = []): boolean {
  if (preloaded.has(routeId)) return true;
  const manifest = (window as unknown as { __remixManifest?: RouteManifest }).__remixManifest;
  const route = manifest?.routes[routeId];
  if (!route) return false;
  preloaded.add(routeId);
  import(/* @vite-ignore */ route.module).then(
    (module: { links?: LinkDescriptors }) => {
      for (const link of module.links?.() ?? []) {
        if (link.rel === "stylesheet" && link.href) addStylePreload(link.href);
      }
    },
    () => preloaded.delete(routeId), // offline for a moment: the next ask tries again
  );
  if (namespaces.length > 0) void i18next.loadNamespaces([...namespaces]).catch(() => {});
  return true;
}

function addStylePreload(href: string) {
  const known = [...document.head.querySelectorAll<HTMLLinkElement>("link[href]")].some(
    (link) => link.getAttribute("href") === href,
  );
  if (known) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "style";
  link.href = href;
  document.head.appendChild(link);
}

const RETRY_MS = 500;
const ATTEMPTS = 10;

/**
 * preloadRoute once the page is whole (hydrated, texts complete) and idle; again every half second while Remix has
 * not discovered the route yet, ten times at most. Also returns the handlers for the link (hover, focus, touch).
 */
export function usePreloadRoute(routeId: string | null, namespaces: readonly string[] = []) {
  const hydrated = useHydrated();
  const texts = namespaces.join(" ");
  useEffect(() => {
    if (!hydrated || !routeId) return;
    const names = texts ? texts.split(" ") : [];
    let attempts = 0;
    let cancel = () => {};
    const attempt = () => {
      if (preloadRoute(routeId, names) || ++attempts >= ATTEMPTS) return;
      const timer = window.setTimeout(() => (cancel = whenIdle(attempt)), RETRY_MS);
      cancel = () => window.clearTimeout(timer);
    };
    cancel = whenIdle(attempt);
    return () => cancel();
  }, [hydrated, routeId, texts]);
  if (!routeId) return {};
  const now = () => void preloadRoute(routeId, namespaces);
  return { onPointerEnter: now, onFocus: now, onTouchStart: now };
}
