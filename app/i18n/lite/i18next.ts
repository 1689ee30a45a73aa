// The part of i18next (v23) this app uses: vite.config.ts aliases `i18next` here in the production build, browser and
// server alike (the server's `t` was a fifth of a render's CPU with the real one), and app/i18n.server.ts translates
// loaders' texts with it everywhere. `npm run dev` renders with the real library, and the texts must not depend on
// which one runs: lite.test.ts compares the two for every key of every namespace. Assumes app/i18n.ts's options (no
// fallback language, `escapeValue: false`, the `.` and `:` separators).
import type { BackendModule } from "i18next";

export type Bundle = { [key: string]: unknown };
export type TOptions = { [option: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;
export type Backend = Pick<BackendModule, "type" | "read">;
type ThirdParty = { type: "3rdParty"; init(instance: I18n): void };
export type InitOptions = {
  lng: string;
  ns?: string | string[];
  defaultNS?: string;
  resources?: { [language: string]: { [namespace: string]: Bundle } };
  /** The resources hold only the keys the server rendered with; completeNamespaces adds the rest. */
  partialResources?: boolean;
  // The rest of app/i18n.ts's options are what this implementation assumes.
  [option: string]: unknown;
};

const pluralRules: { [language: string]: Intl.PluralRules } = {};

/**
 * i18next's Interpolator.interpolate as configured here (`escapeValue: false`, `skipOnVariables: true`): quirks
 * included, such as replacing the first occurrence of the placeholder's text, so values that contain `{{` come out
 * the same as on the server.
 */
export function interpolate(text: string, data: TOptions): string {
  // Most texts have no placeholder: hydrating a page of cards calls this thousands of times at a slow phone's speed.
  if (!text.includes("{{")) return text;
  for (const regex of [/{{-(.+?)}}/g, /{{(.+?)}}/g]) {
    let replaces = 0;
    let match: RegExpExecArray | null;
    while ((match = regex.exec(text))) {
      const name = match[1]!.trim();
      const value = data[name];
      // A placeholder without a value stays as it is, unless the options name it (then it is empty).
      if (value === undefined && !Object.prototype.hasOwnProperty.call(data, name)) continue;
      const string = value == null ? "" : String(value);
      text = text.replace(match[0], () => string);
      regex.lastIndex += string.length - match[0].length;
      if (++replaces >= 1000) break;
    }
  }
  return text;
}

function lookup(tree: unknown, key: string): unknown {
  for (const part of key.split(".")) {
    tree =
      tree && typeof tree == "object" && Object.prototype.hasOwnProperty.call(tree, part)
        ? (tree as Bundle)[part]
        : undefined;
  }
  return tree;
}

// i18next's test for a key that is a sentence (then a `:` in it does not name a namespace).
const SENTENCE = /( |,|\?|!|;)/;

export class I18n {
  options: InitOptions = { lng: "" };
  language = "";
  store: NonNullable<InitOptions["resources"]> = {};
  backend?: Backend;
  private modules: ThirdParty[] = [];
  private loads: { [languageAndNamespace: string]: Promise<void> } = {};
  private loaded: { [languageAndNamespace: string]: true } = {};
  private listeners = new Set<() => void>();
  private changingTo?: string;
  private used: { [namespace: string]: true } = {};
  private partial: { [languageAndNamespace: string]: true } = {};
  private completion?: Promise<void>;
  private completed?: Promise<void>;
  private markCompleted = () => {};
  /** The last `t` did not find its key in a namespace that is still partial (useTranslation renders again later). */
  missedPartial = false;
  /** What react-i18next keeps: the namespaces components asked for (root.tsx inlines them in the page). */
  reportNamespaces = {
    addUsedNamespaces: (namespaces: readonly string[]) => namespaces.forEach((ns) => (this.used[ns] = true)),
    getUsedNamespaces: () => Object.keys(this.used),
  };

  use(module: Backend | ThirdParty): this {
    if (module.type == "backend") this.backend = module as Backend;
    else this.modules.push(module as ThirdParty);
    return this;
  }

  /** Resolves once the language's namespaces (`ns`) are there: given in `resources` or loaded by the backend. */
  async init(options: InitOptions): Promise<void> {
    this.options = { ...options, ns: [options.ns ?? []].flat() };
    this.store = options.resources ?? {};
    this.language = options.lng;
    if (options.partialResources) {
      for (const [language, namespaces] of Object.entries(this.store))
        for (const ns of Object.keys(namespaces)) this.partial[`${language}|${ns}`] = true;
      this.completed = new Promise((resolve) => (this.markCompleted = resolve));
    }
    this.modules.forEach((module) => module.init(this));
    await this.load(this.language, this.options.ns as string[]);
  }

  /**
   * Loads the new language's namespaces (every one this page has used or loaded) first, then switches, so nothing
   * renders a key or half one language meanwhile. Of several calls in a row, the last one wins.
   */
  async changeLanguage(language: string): Promise<void> {
    this.changingTo = language;
    await this.load(language, [
      ...(this.options.ns as string[]),
      ...this.reportNamespaces.getUsedNamespaces(),
      ...Object.keys(this.store[this.language] ?? {}),
    ]);
    if (this.changingTo != language) return;
    this.language = language;
    this.listeners.forEach((listener) => listener());
  }

  /** Called when the language changed (after its namespaces loaded); returns the unsubscribe function. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** No namespace is still partial: every text of the page's namespaces is there. */
  isComplete = () => !Object.keys(this.partial).length;

  /** Resolves once no namespace is partial (after completeNamespaces). */
  whenComplete = (): Promise<void> => this.completed ?? Promise.resolve();

  /**
   * Fetches the partial namespaces whole and merges them in (once; root calls it right after hydration, when the
   * texts the server used have done their part). Then whatever asked for a missing key renders again, and so do the
   * controls that wait for complete texts (useHydrated), both through whenComplete. A namespace that fails to load
   * counts as complete, as a failed load does in i18next: its missing keys show.
   */
  completeNamespaces(): Promise<void> {
    const { backend } = this;
    return (this.completion ??= Promise.all(
      Object.keys(this.partial).map(
        (name) =>
          new Promise<void>((resolve) => {
            const [language, ns] = name.split("|") as [string, string];
            const done = () => {
              delete this.partial[name];
              resolve();
            };
            if (!backend) return done();
            backend.read(language, ns, (error, data) => {
              if (!error && data) (this.store[language] ??= {})[ns] = { ...(data as Bundle) };
              done();
            });
          }),
      ),
    ).then(() => this.markCompleted()));
  }

  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = [namespaces].flat();
    (this.options.ns as string[]).push(...list);
    return this.load(this.language, list);
  }

  hasLoadedNamespace(ns: string): boolean {
    return !this.backend || !!this.store[this.language]?.[ns] || !!this.loaded[`${this.language}|${ns}`];
  }

  getResourceBundle(language: string, ns?: string): Bundle | undefined {
    return this.store[language]?.[ns || this.options.defaultNS!];
  }

  private load(language: string, namespaces: readonly string[]): Promise<void> {
    const { backend } = this;
    return Promise.all(
      namespaces.map((ns) => {
        const name = `${language}|${ns}`;
        if (!backend || this.store[language]?.[ns]) return;
        return (this.loads[name] ??= new Promise<void>((resolve) =>
          backend.read(language, ns, (error, data) => {
            // A failed namespace counts as loaded, as in i18next: its keys show.
            if (!error && data)
              (this.store[language] ??= {})[ns] = { ...this.store[language]?.[ns], ...(data as Bundle) };
            this.loaded[name] = true;
            resolve();
          }),
        ));
      }),
    ).then(() => {});
  }

  /**
   * The one lookup `t` makes per candidate key, as i18next's resource store's getResource is: what
   * app/i18n/used-keys.ts wraps to record the texts a render used.
   */
  getResource(language: string, ns: string, key: string): unknown {
    return lookup(this.store[language]?.[ns], key);
  }

  /**
   * i18next's getFixedT(language, ns): `t` in that language whatever the instance's, looking keys up in `ns` (in
   * order, when a list) unless a call names its own. Shares the instance, so one serves every request.
   */
  getFixedT(language: string, ns?: string | readonly string[]): TFunction {
    return (key, options) => this.translate(language, key, { ...options, ns: options?.ns || ns });
  }

  /**
   * i18next's `t` with the options this app passes: interpolation values, `count` (plural suffix by
   * Intl.PluralRules, `_zero` first for 0, then the bare key), `defaultValue` and `ns`.
   */
  t(key: unknown, options: TOptions = {}): string {
    return this.translate(this.language, key, options);
  }

  private translate(language: string, key: unknown, options: TOptions = {}): string {
    if (key == null) return "";
    let name = String(key);
    let namespaces = (options.ns || this.options.defaultNS) as string | string[];
    const dot = name.indexOf(".");
    if (
      name.includes(":") &&
      (!SENTENCE.test(name) || (dot > 0 && !SENTENCE.test(name.slice(0, dot)))) &&
      !/\$t\((.+?)\)/.test(name)
    ) {
      const parts = name.split(":");
      namespaces = parts.shift()!;
      name = parts.join(".");
    }
    const { count } = options;
    let result: unknown;
    for (const ns of [namespaces].flat()) {
      const keys = [name];
      if (count !== undefined && typeof count != "string") {
        keys.push(`${name}_${(pluralRules[language] ??= new Intl.PluralRules(language)).select(count as number)}`);
        if (count === 0) keys.push(`${name}_zero`);
      }
      while (result == null && keys.length) result = this.getResource(language, ns, keys.pop()!);
      if (result != null) break;
    }
    this.missedPartial = result == null && [namespaces].flat().some((ns) => this.partial[`${language}|${ns}`]);
    if (result && typeof result == "object") return `key '${name} (${language})' returned an object instead of string.`;
    return interpolate(String(result ?? options.defaultValue ?? name), options);
  }
}

export const createInstance = () => new I18n();

export default createInstance();
