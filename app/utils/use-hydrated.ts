import i18next from "i18next";
import { startTransition, useEffect, useState } from "react";

// In the browser build `i18next` is the lite one (app/i18n/lite), whose page texts may still be partial; the real
// one (server, dev, tests) has every text from the start.
const texts = i18next as unknown as Partial<{ isComplete(): boolean; whenComplete(): Promise<void> }>;

/**
 * True once React has hydrated and the page's namespaces are complete: controls that only work with JavaScript
 * render from then on, with every text they may show (the page inlined only the texts its server render used).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (!texts.whenComplete || texts.isComplete?.()) return setHydrated(true);
    let live = true;
    // A transition: the update may reach a Suspense boundary that is still hydrating (a plain one is React's #421).
    void texts.whenComplete().then(() => live && startTransition(() => setHydrated(true)));
    return () => void (live = false);
  }, []);
  return hydrated;
}
