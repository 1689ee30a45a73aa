// The small i18next / react-i18next (./i18next.ts, ./react-i18next.tsx), which the production build renders and
// hydrates with, must give byte for byte what the real libraries give (dev renders with those, and no text may
// depend on the build): every key of every namespace in both languages, with the options the app passes, straight
// and fixed to the namespaces the server's loaders use (here); through the hooks, Trans for the sign-up consent
// texts, language changes and namespaces that load on demand (lite-react.test.ts). The cases are in
// lite.test-support.ts.
import { createInstance as createRealInstance } from "i18next";
import { describe, expect, it } from "vitest";
import i18nConfig from "~/i18n";
import { createInstance, interpolate, type TOptions } from "./i18next";
import {
  type T,
  type Case,
  all,
  languages,
  namespaces,
  COUNTS,
  leavesOf,
  ALL_CASES,
  FIXED_LISTS,
  casesFixedTo,
  realInstance,
  liteInstance,
  mismatches,
  yieldToRunner,
  lookupText,
} from "./lite.test-support";

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
