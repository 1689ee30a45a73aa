// The small i18next / react-i18next (./i18next.ts, ./react-i18next.tsx), which the production build renders and
// hydrates with, must give byte for byte what the real libraries give (dev renders with those, and no text may
// depend on the build): every key of every namespace in both languages, with the options the app passes, straight,
// fixed to the namespaces the server's loaders use, and through the hooks; Trans for the sign-up consent texts;
// language changes and namespaces that load on demand.
import { PassThrough } from "node:stream";
import { createInstance as createRealInstance, type i18n as RealI18n } from "i18next";
import { createElement as h, Suspense, type ReactElement, type ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import * as real from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import i18nConfig from "~/i18n";
import { resources } from "~/locales/resources.server";
import { createInstance, interpolate, type Backend, type I18n, type TOptions } from "./i18next";
import * as lite from "./react-i18next";

type Tree = { [key: string]: string | Tree };
type T = (key: string, options?: TOptions) => string;
type Case = [key: string, options?: TOptions];

const all = resources as unknown as Record<string, Record<string, Tree>>;
const languages = ["lt", "en"] as const;
const namespaces = Object.keys(all.en!);
const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 1.5];

// Values chosen to hit i18next's edge cases: HTML and quotes (no escaping), `$` patterns (String.replace), text that
// looks like a placeholder (i18next replaces the first occurrence of a placeholder's text), empty and missing values.
const STRINGS = ['Ąžuolas & <b>"Sūnūs"</b>', "$& $1 $$ $` $'", "", "  spaced  ", "Ežerų g. 5–7"];
const TRICKY = ["{{count}}", "{{title}} {{name}}", "{{-price}}", "{{ current }}}", "$t(common:site.name)"];
const OTHERS: unknown[] = [0, 12.5, null, undefined, -3];

/** The key paths of a namespace's texts, plural forms included (in both languages, or in one). */
function leavesOf(ns: string, only: readonly string[] = languages): Set<string> {
  const leaves = new Set<string>();
  const walk = (tree: Tree, prefix: string) =>
    Object.entries(tree).forEach(([k, v]) =>
      typeof v === "string" ? leaves.add(prefix + k) : walk(v, `${prefix}${k}.`),
    );
  for (const language of only) walk(all[language]![ns]!, "");
  return leaves;
}

/** key path → the placeholders of its texts (both languages, all plural forms). */
function keysOf(ns: string): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  const add = (key: string, text?: string) => {
    const set = keys.get(key) ?? new Set<string>();
    for (const [, name] of text?.matchAll(/{{-?\s*([^}]+?)\s*}}/g) ?? []) set.add(name!);
    keys.set(key, set);
  };
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix + key;
      if (typeof value === "string") {
        add(path, value);
        if (PLURAL.test(path)) add(path.replace(PLURAL, ""), value);
      } else {
        add(path);
        walk(value, `${path}.`);
      }
    }
  };
  for (const language of languages) walk(all[language]![ns]!, "");
  const first = [...keys.keys()][0]!;
  add("zzMissing");
  add(`${first.split(".")[0]}.zzMissing`);
  add(`${first}.deeper`);
  return keys;
}

function values(placeholders: Set<string>, pool: readonly unknown[], shift: number): TOptions {
  return Object.fromEntries([...placeholders].map((name, i) => [name, pool[(i + shift) % pool.length]]));
}

/** Calls of `t` for one namespace's keys: bare and with the `ns:` prefix, with the option sets the app uses. */
function casesFor(ns: string): Case[] {
  const cases: Case[] = [];
  const leaves = [...leavesOf(ns)];
  for (const [key, placeholders] of keysOf(ns)) {
    const plural = placeholders.has("count") || leaves.some((k) => PLURAL.test(k) && k.replace(PLURAL, "") === key);
    const sets: (TOptions | undefined)[] = [
      undefined,
      values(placeholders, STRINGS, 0),
      values(placeholders, STRINGS, 1),
      values(placeholders, TRICKY, 0),
      values(placeholders, TRICKY, 2),
      values(placeholders, OTHERS, 0),
      values(placeholders, OTHERS, 3),
      { ...values(placeholders, STRINGS, 0), defaultValue: "Numatyta {{name}} $&", name: "N" },
      { defaultValue: "" },
    ];
    if (plural) {
      for (const count of COUNTS) sets.push({ ...values(placeholders, STRINGS, 0), count });
      sets.push({ count: "3" }, { count: 1, defaultValue: "vienas" }, { count: 0, defaultValue: "nulis {{count}}" });
    }
    for (const options of sets) cases.push([key, options], [`${ns}:${key}`, options]);
  }
  return cases;
}

/** Keys that are sentences, odd separators and unknown namespaces: i18next's rules for a `:` in a key. */
const ODD_KEYS: Case[] = [
  ["Hello, world: yes"],
  ["a:b:c"],
  ["cars:price:perDay"],
  ["Sentence: with.dot"],
  ["no space:title"],
  ["zz:site.name"],
  [":site.name"],
  ["site.name:"],
  ["with {{name}} inside", { name: "Jonas" }],
  ["common:"],
  [""],
];

const ALL_CASES = [...namespaces.flatMap(casesFor), ...ODD_KEYS];

/** The lists of namespaces the server's loaders fix `t` to (getT): keys are looked up in each, in order. */
const FIXED_LISTS = [
  ["cars", "bookings"],
  ["admin", "bookings"],
  ["agreement", "bookings"],
  ["email", "common"],
  ["information", "pages"],
];

/**
 * The cases whose answer depends on the namespaces `t` is fixed to: their keys in every form, bare and prefixed;
 * every other namespace's keys bare (a miss, or a text at the same path); one other namespace's keys prefixed; and
 * the odd keys. The rest of ALL_CASES (other namespaces' keys with their prefix) answers the same whatever `t` is
 * fixed to: the instance's own `t` runs all of them, once a language.
 */
function casesFixedTo(fixed: readonly string[]): Case[] {
  const others = namespaces.filter((ns) => !fixed.includes(ns));
  return [
    ...fixed.flatMap(casesFor),
    ...others.flatMap((ns) => [...keysOf(ns).keys()].map((key): Case => [key])),
    ...casesFor(others[0]!).filter(([key]) => key.includes(":")),
    ...ODD_KEYS,
  ];
}

async function realInstance(language: string) {
  const i18n = createRealInstance();
  await i18n.init({ ...i18nConfig, lng: language, ns: namespaces, resources });
  return i18n;
}

async function liteInstance(language: string) {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng: language, ns: namespaces, resources: all });
  return i18n;
}

function mismatches(cases: Case[], realT: T, liteT: T) {
  return cases.flatMap(([key, options]) => {
    const expected = realT(key, options);
    const actual = liteT(key, options);
    return actual === expected ? [] : [{ key, options, expected, actual }];
  });
}

/**
 * Lets the test worker answer its runner between namespaces: a whole language in one synchronous stretch held the
 * worker past vitest's 60-second RPC limit on a busy 2-core CI machine ("Timeout calling onTaskUpdate", exit 1).
 */
const yieldToRunner = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the browser's i18next", () => {
  it("assumes app/i18n.ts's options", () => {
    expect(i18nConfig).toMatchObject({
      fallbackLng: false,
      defaultNS: "common",
      interpolation: { escapeValue: false },
    });
    for (const option of ["keySeparator", "nsSeparator", "fallbackNS", "compatibilityJSON", "returnObjects"])
      expect(i18nConfig).not.toHaveProperty(option);
  });

  it("the texts use nothing it leaves out: nesting, formats, unescaped placeholders, markup other than <name>…</name>", () => {
    for (const language of languages) {
      for (const ns of namespaces) {
        for (const text of [...leavesOf(ns, [language])].map((key) => lookupText(all[language]![ns]!, key))) {
          expect(text).not.toMatch(/\$t\(|{{-|{{[^}]*,[^}]*}}/);
          expect(text.replace(/<(\w+)>[^<]*<\/\1>/g, "")).not.toMatch(/<[a-zA-Z/]/);
        }
      }
    }
  });

  // Every key of every namespace, in many forms: seconds alone, far more on a loaded machine.
  it.each(languages)(
    "t gives what i18next gives, for every key in every namespace (%s)",
    async (language) => {
      // The server's one translator (app/i18n.server.ts's fixedT) serves both languages from an instance in the other.
      const [realI18n, liteI18n, shared] = await Promise.all([
        realInstance(language),
        liteInstance(language),
        liteInstance(language === "lt" ? "en" : "lt"),
      ]);
      for (const ns of [...namespaces, ...FIXED_LISTS]) {
        const realT = realI18n.getFixedT(language, ns) as unknown as T;
        const liteT: T = shared.getFixedT(language, ns);
        expect(mismatches(casesFixedTo([ns].flat()), realT, liteT), `t of ${ns}`).toEqual([]);
        await yieldToRunner();
      }
      // The instance's own t (the default namespace).
      expect(mismatches(ALL_CASES, realI18n.t.bind(realI18n) as unknown as T, liteI18n.t.bind(liteI18n))).toEqual([]);
    },
    60_000,
  );

  it("falls back as i18next does when a plural form is missing", async () => {
    // The app's texts have every form; these do not: `_zero` first for 0, then the language's form, then the bare
    // key, never another form.
    const forms = {
      a_one: "{{count}} one",
      a_other: "{{count}} other",
      b_zero: "none",
      b_one: "one b",
      b_few: "few b",
      b_many: "many b",
      b_other: "other b",
      c: "bare {{count}}",
      c_one: "one c",
      d_few: "only few",
      e: { nested_one: "nested" },
    };
    const synthetic = { lt: { common: forms }, en: { common: forms } };
    const counts = [...COUNTS, -1, -2, 3, 1e6, Number.NaN, null, true];
    for (const language of languages) {
      const realI18n = createRealInstance();
      await realI18n.init({ ...i18nConfig, lng: language, resources: synthetic });
      const liteI18n = createInstance();
      await liteI18n.init({ ...i18nConfig, lng: language, resources: synthetic });
      const cases: Case[] = ["a", "b", "c", "d", "e", "e.nested"].flatMap((key) => [
        [key] as Case,
        ...counts.map((count): Case => [key, { count }]),
      ]);
      const realT = realI18n.t.bind(realI18n) as unknown as T;
      expect(mismatches(cases, realT, liteI18n.t.bind(liteI18n)), language).toEqual([]);
    }
  });

  it("interpolates like i18next for values that contain placeholders", async () => {
    const realI18n = await realInstance("en");
    const template = "{{a}} and {{b}}, {{a}} — {{c}} {{missing}} {{ b }}";
    const cases: TOptions[] = [
      { a: "{{b}}", b: "{{a}}", c: "$&" },
      { a: "{{a}}{{a}}", b: "x", c: undefined },
      { a: "{{c}}", b: null, c: "{{missing}}" },
      { a: 1, b: "{{b}} {{b}}", c: "{{a}}" },
    ];
    for (const data of cases) {
      const expected = realI18n.services.interpolator.interpolate(template, data, "en", data);
      expect(interpolate(template, data)).toBe(expected);
    }
  });
});

function lookupText(tree: Tree, key: string): string {
  return key.split(".").reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree) as string;
}

// ---------------------------------------------------------------------------------------------------------------
// Through the hooks, rendered to HTML as React renders it on the server and while hydrating.

const NAMESPACE_ARGUMENTS: (string | string[] | undefined)[] = [
  undefined,
  "cars",
  "lightbox",
  ["common"],
  ["auth", "common"],
  ["cars", "features"],
  ["pages", "cars"],
  ["email", "common"],
];

function List({
  use,
  ns,
  cases,
}: {
  use: (ns?: string | string[]) => { t: T };
  ns?: string | string[];
  cases: Case[];
}) {
  const { t } = use(ns);
  return h(
    "ul",
    null,
    cases.map(([key, options], i) => h("li", { key: i }, t(key, options))),
  );
}

const realUse = (ns?: string | string[]) => real.useTranslation(ns) as unknown as { t: T };
const liteUse = (ns?: string | string[]) => lite.useTranslation(ns);

/** Where two long HTML strings part, with some context; null when they are equal. */
function firstDifference(actual: string, expected: string) {
  if (actual === expected) return null;
  let i = 0;
  while (actual[i] === expected[i]) i += 1;
  return { actual: actual.slice(Math.max(0, i - 80), i + 80), expected: expected.slice(Math.max(0, i - 80), i + 80) };
}

function renderReal(i18n: RealI18n, children: ReactNode) {
  return renderToString(h(real.I18nextProvider, { i18n }, children));
}
function renderLite(i18n: I18n, children: ReactNode) {
  return renderToString(h(lite.I18nextProvider, { i18n }, children));
}

describe("the browser's react-i18next", () => {
  it.each(languages)(
    "useTranslation renders what react-i18next renders, for several namespace lists (%s)",
    async (language) => {
      const [realI18n, liteI18n] = await Promise.all([realInstance(language), liteInstance(language)]);
      for (const ns of NAMESPACE_ARGUMENTS) {
        const cases = casesFixedTo(ns === undefined ? ["common"] : [ns].flat());
        const expected = renderReal(realI18n, h(List, { use: realUse, ns, cases }));
        const actual = renderLite(liteI18n, h(List, { use: liteUse, ns, cases }));
        expect(firstDifference(actual, expected), `useTranslation(${JSON.stringify(ns)})`).toBeNull();
        await yieldToRunner();
      }
      expect(liteI18n.reportNamespaces.getUsedNamespaces().sort()).toEqual(
        (realI18n as unknown as I18n).reportNamespaces.getUsedNamespaces().sort(),
      );
    },
    60_000,
  );

  function Link({ to, children, ...props }: { to: string; children?: ReactNode; [prop: string]: unknown }) {
    return h("a", { href: to, ...props }, children);
  }

  type TransComponent = (props: { t: T; i18nKey: string; components: { [name: string]: ReactElement } }) => ReactNode;

  function SignUpConsent({ use, Trans }: { use: typeof realUse; Trans: TransComponent }) {
    // As app/components/auth/sign-up-form.tsx writes it.
    const { t } = use(["auth", "common"]);
    const link = (to: string) => h(Link, { to, target: "_blank", className: "font-semibold text-primary underline" });
    return h(
      "div",
      null,
      h("label", null, h(Trans, { t, i18nKey: "auth:signUp.acceptTerms", components: { doc: link("/terms") } })),
      h("label", null, h(Trans, { t, i18nKey: "auth:signUp.acceptPrivacy", components: { doc: link("/privacy") } })),
      h("label", null, h(Trans, { t, i18nKey: "auth:signUp.zzMissing", components: { doc: link("/x") } })),
      h("label", null, h(Trans, { t, i18nKey: "auth:signIn.title", components: { doc: link("/x") } })),
    );
  }

  it.each(languages)("Trans renders the sign-up consent texts as react-i18next does (%s)", async (language) => {
    const [realI18n, liteI18n] = await Promise.all([realInstance(language), liteInstance(language)]);
    const expected = renderReal(
      realI18n,
      h(SignUpConsent, { use: realUse, Trans: real.Trans as unknown as TransComponent }),
    );
    const actual = renderLite(liteI18n, h(SignUpConsent, { use: liteUse, Trans: lite.Trans }));
    expect(actual).toBe(expected);
    const terms = lookupText(all[language]!.auth!, "signUp.acceptTerms").match(/<doc>(.*)<\/doc>/)![1]!;
    expect(actual).toContain(
      `<a href="/terms" target="_blank" class="font-semibold text-primary underline">${terms}</a>`,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Loading: namespaces on demand (suspense) and language changes.

/** A backend like app/i18n.client.ts's, answering when told to. */
function deferredBackend() {
  const reads: string[] = [];
  const waiting: (() => void)[] = [];
  const backend: Backend = {
    type: "backend",
    read(language, namespace, callback) {
      reads.push(`${language}|${namespace}`);
      waiting.push(() => callback(null, all[language]?.[namespace] ?? {}));
    },
  };
  const deliver = async () => {
    while (waiting.length) waiting.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { backend, reads, deliver };
}

function renderAll(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => (html += chunk.toString()));
        sink.on("end", () => resolve(html));
        stream.pipe(sink);
      },
      onError: reject,
    });
  });
}

describe("loading", () => {
  it("a namespace not loaded yet suspends, and renders once the backend delivers it", async () => {
    const { backend, reads, deliver } = deferredBackend();
    const i18n = createInstance().use(backend);
    await i18n.init({ ...i18nConfig, lng: "en", ns: ["common"], resources: { en: { common: all.en!.common! } } });
    expect(i18n.hasLoadedNamespace("cars")).toBe(false);

    const thrown: unknown[] = [];
    function Title() {
      try {
        return h("h1", null, lite.useTranslation("cars").t("price.perDay", { price: "€5" }));
      } catch (error) {
        thrown.push(error);
        throw error;
      }
    }
    const html = renderAll(h(lite.I18nextProvider, { i18n }, h(Suspense, { fallback: h("p", null, "…") }, h(Title))));
    // React renders on its own schedule (a later macrotask on a busy machine): wait for the first render, not a tick.
    await vi.waitFor(() => expect(thrown.length).toBeGreaterThan(0), { timeout: 30_000 });
    expect(thrown[0]).toBeInstanceOf(Promise);
    expect(reads).toEqual(["en|cars"]);

    await deliver();
    expect(i18n.hasLoadedNamespace("cars")).toBe(true);
    const real = await realInstance("en");
    expect(await html).toContain(`<h1>${real.t("cars:price.perDay", { price: "€5" })}</h1>`);
    expect(reads).toEqual(["en|cars"]);
  });

  it("changeLanguage loads the new language's namespaces before anything re-renders in it", async () => {
    const { backend, reads, deliver } = deferredBackend();
    const i18n = createInstance().use(backend).use(lite.initReactI18next);
    // As entry.client.tsx: the page's namespaces inline, the routes' ones in `ns`.
    const inline = { common: all.lt!.common!, cars: all.lt!.cars!, auth: all.lt!.auth! };
    await i18n.init({ ...i18nConfig, lng: "lt", ns: ["common", "cars"], resources: { lt: inline } });
    expect(reads).toEqual([]);

    // A component used `auth` (outside the routes' namespaces) and `lightbox` (loaded on demand).
    const Page = () => h("div", null, h(List, { use: liteUse, ns: ["auth", "common"], cases: [["signIn.title"]] }));
    renderToString(h(Page));
    const lightbox = i18n.loadNamespaces("lightbox");
    await deliver();
    await lightbox;
    expect(reads).toEqual(["lt|lightbox"]);

    const seen: string[] = [];
    i18n.subscribe(() => {
      seen.push(i18n.language);
      // By the time components hear of the change, every namespace they use is there in the new language.
      for (const ns of ["common", "cars", "auth", "lightbox"]) expect(i18n.getResourceBundle("en", ns)).toBeDefined();
    });
    const changed = i18n.changeLanguage("en");
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Meanwhile, everything stays Lithuanian.
    expect(i18n.language).toBe("lt");
    expect(seen).toEqual([]);
    expect(renderToString(h(Page))).toContain(lookupText(all.lt!.auth!, "signIn.title"));
    expect(reads.slice(1).sort()).toEqual(["en|auth", "en|cars", "en|common", "en|lightbox"]);

    await deliver();
    await changed;
    expect(seen).toEqual(["en"]);
    const realEn = await realInstance("en");
    const expected = renderReal(realEn, h(List, { use: realUse, ns: ["auth", "common"], cases: [["signIn.title"]] }));
    expect(renderToString(h(Page))).toBe(expected.replace(/^/, "<div>").replace(/$/, "</div>"));
  });

  it("of two quick changes the last one wins", async () => {
    const { backend, deliver } = deferredBackend();
    const i18n = createInstance().use(backend);
    await i18n.init({ ...i18nConfig, lng: "lt", ns: ["common"], resources: { lt: { common: all.lt!.common! } } });
    const seen: string[] = [];
    i18n.subscribe(() => seen.push(i18n.language));
    const toEnglish = i18n.changeLanguage("en");
    const back = i18n.changeLanguage("lt");
    await back;
    await deliver();
    await toEnglish;
    expect(i18n.language).toBe("lt");
    expect(seen).toEqual(["lt"]);
  });

  it("a namespace the backend fails to load counts as loaded (its keys show), as in i18next", async () => {
    const i18n = createInstance().use({
      type: "backend",
      read: (_language, _namespace, callback) => callback("offline", null),
    });
    await i18n.init({ ...i18nConfig, lng: "en", ns: ["common"] });
    expect(i18n.hasLoadedNamespace("common")).toBe(true);
    expect(i18n.t("site.name")).toBe("site.name");
    expect(i18n.getResourceBundle("en", "common")).toBeUndefined();
  });
});
