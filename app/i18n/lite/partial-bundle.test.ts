// The page inlines only the texts its server render used (app/i18n/used-keys.ts); the browser's lite i18next starts
// from that partial bundle and completes it after hydration. These check the recorder (on the lite i18next the
// production build renders with, and on the real one) and the pruning, and the lite side's completion.
import { createInstance as createRealInstance } from "i18next";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import i18nConfig from "~/i18n";
import { inlineBundleJson, pruneBundle, recordUsedKeys, usedKeysOf } from "~/i18n/used-keys";
import { createInstance, type Backend, type Bundle } from "./i18next";
import { I18nextProvider, useTranslation } from "./react-i18next";

const resources = {
  en: {
    common: {
      title: "Cars",
      nested: { deep: { key: "Deep {{name}}" }, other: "Other" },
      trips_one: "{{count}} trip",
      trips_other: "{{count}} trips",
      unused: "Never shown",
    },
    cars: { title: "Car list", seats_one: "{{count}} seat", seats_other: "{{count}} seats", spare: "Spare" },
  },
  lt: {
    common: { trips_one: "{{count}} kelionė", trips_few: "{{count}} kelionės", trips_other: "{{count}} kelionių" },
  },
};

type Recording = Parameters<typeof recordUsedKeys>[0] &
  Parameters<typeof inlineBundleJson>[0] & { t(key: string, options?: object): unknown };

/** The server's i18next, recording: the lite one the production build renders with, or the real one. */
const recordingInstances = {
  async lite(language = "en"): Promise<Recording> {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: language, ns: ["common", "cars"], resources });
    recordUsedKeys(i18n);
    return i18n;
  },
  async real(language = "en"): Promise<Recording> {
    const i18n = createRealInstance();
    await i18n.init({ ...i18nConfig, lng: language, ns: ["common", "cars"], resources });
    recordUsedKeys(i18n);
    return i18n as unknown as Recording;
  },
};

describe.each(["lite", "real"] as const)("recording the keys a render used (%s i18next)", (kind) => {
  const recordingInstance = recordingInstances[kind];

  it("records the found keys by namespace: nested keys, the plural form chosen, ns prefixes, not the missing", async () => {
    const i18n = await recordingInstance();
    i18n.t("nested.deep.key", { name: "x" });
    i18n.t("trips", { count: 2 });
    i18n.t("cars:title");
    i18n.t("title", { ns: "cars" });
    i18n.t("title");
    i18n.t("missing.key");
    const used = usedKeysOf(i18n)!;
    expect([...used.get("common")!].sort()).toEqual(["nested.deep.key", "title", "trips_other"]);
    expect([...used.get("cars")!]).toEqual(["title"]);
  });

  it("inlines common and the namespaces used, pruned, marked partial; the same key in two namespaces stays in each", async () => {
    const i18n = await recordingInstance();
    Object.assign(i18n, { reportNamespaces: { addUsedNamespaces() {}, getUsedNamespaces: () => ["cars"] } });
    i18n.t("title");
    i18n.t("cars:title");
    i18n.t("cars:seats", { count: 1 });
    const inline = JSON.parse(inlineBundleJson(i18n));
    expect(inline).toEqual({
      language: "en",
      partial: true,
      bundle: {
        common: { title: "Cars" },
        cars: { title: "Car list", seats_one: "{{count}} seat", seats_other: "{{count}} seats" },
      },
    });
  });
});

describe("the inline bundle", () => {
  it("keeps a plural key's every form and the nesting, and nothing unused", () => {
    const pruned = pruneBundle(resources.en.common, ["trips_other", "nested.deep.key"]);
    expect(pruned).toEqual({
      trips_one: "{{count}} trip",
      trips_other: "{{count}} trips",
      nested: { deep: { key: "Deep {{name}}" } },
    });
    expect(pruneBundle(resources.lt.common, ["trips_one"])).toEqual(resources.lt.common);
  });

  it("inlines whole namespaces when not recording (dev)", async () => {
    const i18n = createRealInstance();
    await i18n.init({ ...i18nConfig, lng: "en", ns: ["common"], resources });
    expect(JSON.parse(inlineBundleJson(i18n))).toEqual({
      language: "en",
      partial: false,
      bundle: { common: resources.en.common },
    });
  });
});

/** A backend that answers when told to, counting reads. */
function heldBackend() {
  const pending: (() => void)[] = [];
  const reads: string[] = [];
  const backend: Backend = {
    type: "backend",
    read(language, ns, callback) {
      reads.push(`${language}|${ns}`);
      pending.push(() => callback(null, (resources as Record<string, Record<string, object>>)[language]?.[ns] ?? {}));
    },
  };
  return { backend, reads, release: () => pending.splice(0).forEach((answer) => answer()) };
}

/** An English lite i18next started from a partial bundle, as entry.client starts it from the page's. */
async function partialInstance(backend: Backend, resources: { [language: string]: { [ns: string]: Bundle } }) {
  const i18n = createInstance().use(backend);
  await i18n.init({ ...i18nConfig, lng: "en", ns: ["common"], partialResources: true, resources });
  return i18n;
}

describe("the lite i18next from a partial bundle", () => {
  it("renders what was inlined, fetches each partial namespace once, then has every text and re-renders a miss", async () => {
    const { backend, reads, release } = heldBackend();
    const i18n = await partialInstance(backend, { en: { common: { title: "Cars" }, cars: { title: "Car list" } } });
    // Nothing to fetch to start: the inlined namespaces count as loaded.
    expect(reads).toEqual([]);
    expect(i18n.isComplete()).toBe(false);

    // A key the server never used shows as the key until its namespace completes (useTranslation renders again)…
    expect(i18n.t("title")).toBe("Cars");
    expect(i18n.missedPartial).toBe(false);
    expect(i18n.t("nested.other")).toBe("nested.other");
    expect(i18n.missedPartial).toBe(true);
    let completed = false;
    void i18n.whenComplete().then(() => (completed = true));

    const completing = i18n.completeNamespaces();
    expect(i18n.completeNamespaces()).toBe(completing);
    expect(reads.sort()).toEqual(["en|cars", "en|common"]);
    await Promise.resolve();
    expect(completed).toBe(false);
    release();
    await completing;
    // …and then finds it.
    expect(completed).toBe(true);
    expect(i18n.isComplete()).toBe(true);
    expect(i18n.t("nested.other")).toBe("Other");
    expect(i18n.missedPartial).toBe(false);
    expect(i18n.t("cars:seats", { count: 3 })).toBe("3 seats");
  });

  it("renders the inlined texts through the hooks during hydration, without fetching", async () => {
    const { backend, reads } = heldBackend();
    const i18n = await partialInstance(backend, { en: { common: { title: "Cars" } } });
    function Texts() {
      const { t } = useTranslation();
      return t("title");
    }
    expect(renderToString(h(I18nextProvider, { i18n, children: h(Texts) }))).toBe("Cars");
    expect(reads).toEqual([]);
  });

  it("a namespace that fails to load counts as complete (its missing keys show, as in i18next)", async () => {
    const i18n = await partialInstance(
      { type: "backend", read: (_l, _n, callback) => callback("offline", null) },
      { en: { common: { a: "A" } } },
    );
    await i18n.completeNamespaces();
    expect(i18n.isComplete()).toBe(true);
    expect(i18n.t("a")).toBe("A");
    expect(i18n.t("b")).toBe("b");
  });

  it("whole inlined namespaces (no partialResources) are complete from the start", async () => {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: "en", ns: ["common"], resources: { en: { common: { a: "A" } } } });
    expect(i18n.isComplete()).toBe(true);
    await i18n.whenComplete();
    expect(i18n.t("b")).toBe("b");
    // A key missing from a whole namespace is missing for good: nothing to wait for.
    expect(i18n.missedPartial).toBe(false);
  });
});
