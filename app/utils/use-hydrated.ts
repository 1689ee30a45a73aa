import i18next from "i18next";
import { useEffect, useState, useSyncExternalStore } from "react";

// In the browser build `i18next` is the lite one (app/i18n/lite), whose page texts may still be partial; the real
// one (server, dev, tests) has every text from the start.
const texts = i18next as unknown as Partial<{ subscribe(listener: () => void): () => void; isComplete(): boolean }>;
const never = () => () => {};

/**
 * True once React has hydrated and the page's namespaces are complete: controls that only work with JavaScript
 * render from then on, with every text they may show (the page inlined only the texts its server render used).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const complete = useSyncExternalStore(
    texts.subscribe ?? never,
    () => texts.isComplete?.() ?? true,
    () => false,
  );
  return hydrated && complete;
}
