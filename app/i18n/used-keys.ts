// The server's record of the texts a render looked up, so the page inlines only those (root's InlineTranslations)
// and the browser fetches the rest of each namespace after hydration (docs/decisions/007).
export type Tree = { [key: string]: unknown };

const PLURAL = /_(zero|one|two|few|many|other)$/;
const FORMS = ["zero", "one", "two", "few", "many", "other"];

type Lookup = (language: string, ns: string, key?: string, options?: unknown) => unknown;
type Resources = { getResource: Lookup };
/** The lite i18next (app/i18n/lite), which the production build renders with, or the real one (dev, tests). */
type Recordable = { store: object };

const records = new WeakMap<object, Map<string, Set<string>>>();

/**
 * Records every (namespace, key) whose text the instance found from now on. The translator asks for each candidate
 * key (the plural form it chose, then the bare key) until one is there, so the lookup sees exactly what `t` used,
 * whatever the `ns:` prefixes and options: the lite's own getResource, or the real i18next's resource store's (its
 * translator goes to the store directly, past the instance's getResource).
 */
export function recordUsedKeys(i18n: Recordable) {
  const used = new Map<string, Set<string>>();
  records.set(i18n, used);
  const resources = ("getResource" in i18n.store ? i18n.store : i18n) as unknown as Resources;
  const getResource = resources.getResource.bind(resources);
  resources.getResource = (language, ns, key, options) => {
    const found = getResource(language, ns, key, options);
    if (key !== undefined && found !== undefined) {
      const keys = used.get(ns) ?? new Set<string>();
      keys.add(key);
      used.set(ns, keys);
    }
    return found;
  };
}

/** namespace → the keys the instance found since recordUsedKeys; undefined when it is not recording. */
export function usedKeysOf(i18n: object): ReadonlyMap<string, ReadonlySet<string>> | undefined {
  return records.get(i18n);
}

function get(tree: unknown, path: readonly string[]): unknown {
  for (const part of path) {
    if (!tree || typeof tree !== "object" || !Object.prototype.hasOwnProperty.call(tree, part)) return undefined;
    tree = (tree as Tree)[part];
  }
  return tree;
}

/**
 * The part of a namespace's tree that holds `keys`, same shape. A plural key comes with all its forms and the bare
 * key, so a count that changes in the browser still finds its form. Each key's parent is found once and its forms
 * looked up there: this runs on every page, for every text the render used (docs/decisions/037).
 */
export function pruneBundle(bundle: Tree, keys: Iterable<string>): Tree {
  const pruned: Tree = {};
  for (const key of keys) {
    const dot = key.lastIndexOf(".");
    const path = dot < 0 ? [] : key.slice(0, dot).split(".");
    const parent = get(bundle, path);
    if (!parent || typeof parent !== "object") continue;
    const base = key.slice(dot + 1).replace(PLURAL, "");
    let target: Tree | undefined;
    for (const name of [base, ...FORMS.map((form) => `${base}_${form}`)]) {
      if (!Object.prototype.hasOwnProperty.call(parent, name)) continue;
      const value = (parent as Tree)[name];
      if (value === undefined) continue;
      target ??= path.reduce<Tree>((node, part) => (node[part] ??= {}) as Tree, pruned);
      target[name] = value;
    }
  }
  return pruned;
}

type Rendering = {
  language: string;
  reportNamespaces?: { getUsedNamespaces(): string[] };
  getResourceBundle(language: string, ns: string): unknown;
};

/**
 * root's inline `<script id="i18n-resources">`: common and every namespace the render used, pruned to the keys it
 * looked up when recording. `partial` tells the browser to fetch the rest after hydration.
 */
export function inlineBundleJson(i18n: Rendering): string {
  const language = i18n.language;
  const namespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? [];
  const used = usedKeysOf(i18n);
  const bundle = Object.fromEntries(
    [...new Set(["common", ...namespaces])].map((ns) => {
      const whole = (i18n.getResourceBundle(language, ns) ?? {}) as Tree;
      return [ns, used ? pruneBundle(whole, used.get(ns) ?? []) : whole];
    }),
  );
  return JSON.stringify({ language, bundle, partial: !!used }).replace(/</g, "\\u003c");
}
