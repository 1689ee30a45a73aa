// The small react-i18next (./react-i18next.tsx) against the real one, through the hooks and Trans, byte for byte in
// server renders; and loading: language changes and namespaces that load on demand. The cases are those of
// lite.test-support.ts; lite.test.ts compares the i18next instances themselves.
import { PassThrough } from "node:stream";
import { type i18n as RealI18n } from "i18next";
import { createElement as h, Suspense, type ReactElement, type ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import * as real from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import i18nConfig from "~/i18n";
import { createInstance, type Backend, type I18n } from "./i18next";
import * as lite from "./react-i18next";
import {
  type T,
  type Case,
  all,
  languages,
  casesFixedTo,
  realInstance,
  liteInstance,
  yieldToRunner,
  lookupText,
} from "./lite.test-support";

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
