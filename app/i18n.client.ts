// In the browser, namespaces load as JSON files with hashed, immutable addresses: the rest of the page's namespaces
// right after hydration (the page inlines only the texts it used, docs/decisions/007), and on navigation the ones a
// route names in `handle.i18n`. JSON rather than JS chunks: it is not executed and not in the scripts' budget.
import type { BackendModule } from "i18next";

// `no-inline`: a small file would otherwise become a data: address inside the script (and CSP's connect-src is 'self').
const urls = import.meta.glob<string>("./locales/*/*.json", {
  query: "?url&no-inline",
  import: "default",
  eager: true,
});

export const lazyLocaleBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const url = urls[`./locales/${language}/${namespace}.json`];
    if (!url) return callback(null, {});
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json() as Promise<Record<string, unknown>>;
      })
      .then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error.message : String(error), null),
      );
  },
};
