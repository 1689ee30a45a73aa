// The part of react-i18next (v15) this app uses, in the production build (see ./i18next.ts and vite.config.ts):
// useTranslation with suspense (rendering again when a partial namespace completes), Trans with named components,
// I18nextProvider and initReactI18next.
import {
  cloneElement,
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import type { I18n, TFunction } from "./i18next";

export type { TFunction };

let instance: I18n | undefined;

/** `i18next.use(initReactI18next)` makes the instance the one hooks use outside an I18nextProvider. */
export const initReactI18next = {
  type: "3rdParty" as const,
  init(i18n: I18n) {
    instance = i18n;
  },
};

const I18nContext = createContext<I18n | undefined>(undefined);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * `t` looks keys up in the first namespace (react-i18next's default `nsMode`), or the one a `ns:` prefix names; the
 * others only have to be loaded. Suspends until they are (the app sets `useSuspense: true`); re-renders with a new
 * `t` when the language changes.
 */
export function useTranslation(ns?: string | readonly string[]) {
  const i18n = useContext(I18nContext) ?? instance!;
  const namespaces = ns ? [ns].flat() : [i18n.options.defaultNS!];
  i18n.reportNamespaces.addUsedNamespaces(namespaces);
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  // A text asked for in this render that its namespace does not have yet (the page inlined only the texts the server
  // used): render again once the namespaces are complete. In a transition, so that an update reaching a Suspense
  // boundary still hydrating does not make React give up hydrating it (error #421).
  const missed = useRef(false);
  missed.current = false;
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    if (!missed.current) return;
    let live = true;
    void i18n.whenComplete().then(() => live && startTransition(() => setArrived((n) => n + 1)));
    return () => void (live = false);
  });
  const first = namespaces[0];
  const t = useMemo<TFunction>(
    () => (key, options) => {
      const text = i18n.t(key, { ...options, ns: options?.ns || first });
      if (i18n.missedPartial) missed.current = true;
      return text;
    },
    // A new function per language, as react-i18next gives (and when missing texts arrived), so effects and memos that
    // depend on `t` run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n, first, language, arrived],
  );
  if (!namespaces.every((n) => i18n.hasLoadedNamespace(n))) throw i18n.loadNamespaces(namespaces);
  return { t, i18n, ready: true };
}

/**
 * `<Trans t={t} i18nKey="ns:key" components={{ name: <a /> }} />` for texts like `"I accept the <name>terms</name>"`:
 * each `<name>…</name>` becomes the component with that text inside (no nesting, no numbered tags, no children).
 */
export function Trans({
  t,
  i18nKey,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  components: { [name: string]: ReactElement };
}) {
  const parts = t(i18nKey, { defaultValue: i18nKey }).split(/<(\w+)>(.*?)<\/\1>/);
  const content: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) content.push(parts[i]);
    const name = parts[i + 1];
    if (name === undefined) break;
    const component = components[name];
    content.push(component ? cloneElement(component, { key: i }, parts[i + 2]) : `<${name}>${parts[i + 2]}</${name}>`);
  }
  return content;
}
