// The cases lite.test.ts and lite-react.test.ts run through the real i18next and the small one: every key of every
// namespace in both languages with the options the app passes, the odd keys, the lists the loaders fix `t` to, and the
// two instances. Only those tests import it (`.test-support`: locales.test.ts leaves its deliberately odd keys alone).
import { createInstance as createRealInstance } from "i18next";
import i18nConfig from "~/i18n";
import { resources } from "~/locales/resources.server";
import { createInstance, type TOptions } from "./i18next";

export type Tree = { [key: string]: string | Tree };
export type T = (key: string, options?: TOptions) => string;
export type Case = [key: string, options?: TOptions];

export const all = resources as unknown as Record<string, Record<string, Tree>>;
export const languages = ["lt", "en"] as const;
export const namespaces = Object.keys(all.en!);
export const PLURAL = /_(zero|one|two|few|many|other)$/;
export const COUNTS = [0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 1.5];

// Values chosen to hit i18next's edge cases: HTML and quotes (no escaping), `$` patterns (String.replace), text that
// looks like a placeholder (i18next replaces the first occurrence of a placeholder's text), empty and missing values.
export const STRINGS = ['Ąžuolas & <b>"Sūnūs"</b>', "$& $1 $$ $` $'", "", "  spaced  ", "Ežerų g. 5–7"];
export const TRICKY = ["{{count}}", "{{title}} {{name}}", "{{-price}}", "{{ current }}}", "$t(common:site.name)"];
export const OTHERS: unknown[] = [0, 12.5, null, undefined, -3];

/** The key paths of a namespace's texts, plural forms included (in both languages, or in one). */
export function leavesOf(ns: string, only: readonly string[] = languages): Set<string> {
  const leaves = new Set<string>();
  const walk = (tree: Tree, prefix: string) =>
    Object.entries(tree).forEach(([k, v]) =>
      typeof v === "string" ? leaves.add(prefix + k) : walk(v, `${prefix}${k}.`),
    );
  for (const language of only) walk(all[language]![ns]!, "");
  return leaves;
}

/** key path → the placeholders of its texts (both languages, all plural forms). */
export function keysOf(ns: string): Map<string, Set<string>> {
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

export function values(placeholders: Set<string>, pool: readonly unknown[], shift: number): TOptions {
  return Object.fromEntries([...placeholders].map((name, i) => [name, pool[(i + shift) % pool.length]]));
}

/** Calls of `t` for one namespace's keys: bare and with the `ns:` prefix, with the option sets the app uses. */
export function casesFor(ns: string): Case[] {
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
export const ODD_KEYS: Case[] = [
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

export const ALL_CASES = [...namespaces.flatMap(casesFor), ...ODD_KEYS];

/** The lists of namespaces the server's loaders fix `t` to (getT): keys are looked up in each, in order. */
export const FIXED_LISTS = [
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
export function casesFixedTo(fixed: readonly string[]): Case[] {
  const others = namespaces.filter((ns) => !fixed.includes(ns));
  return [
    ...fixed.flatMap(casesFor),
    ...others.flatMap((ns) => [...keysOf(ns).keys()].map((key): Case => [key])),
    ...casesFor(others[0]!).filter(([key]) => key.includes(":")),
    ...ODD_KEYS,
  ];
}

export async function realInstance(language: string) {
  const i18n = createRealInstance();
  await i18n.init({ ...i18nConfig, lng: language, ns: namespaces, resources });
  return i18n;
}

export async function liteInstance(language: string) {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng: language, ns: namespaces, resources: all });
  return i18n;
}

export function mismatches(cases: Case[], realT: T, liteT: T) {
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
export const yieldToRunner = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A text of a namespace's tree by its dotted key. */
export function lookupText(tree: Tree, key: string): string {
  return key.split(".").reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree) as string;
}
