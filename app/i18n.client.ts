// In the browser, namespaces load on demand as their own cached chunks; routes name theirs in `handle.i18n`.
import type { BackendModule } from "i18next";

const loaders = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json");

export const lazyLocaleBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), null),
    );
  },
};
