import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import i18nConfig, { defaultLanguage } from "~/i18n";
import { lazyLocaleBackend } from "~/i18n.client";
import { holdEventsUntilHydrated, sendFormsWithoutScriptsUntilComplete } from "~/utils/use-hydrated";

/** The texts the server rendered with, inlined by root's <InlineTranslations> (`partial`: only the keys it used). */
function inlineResources(): {
  language: string;
  bundle: Record<string, Record<string, unknown>>;
  partial?: boolean;
} | null {
  const element = document.getElementById("i18n-resources");
  try {
    return element?.textContent ? JSON.parse(element.textContent) : null;
  } catch {
    return null;
  }
}

async function hydrate() {
  const inline = inlineResources();
  await i18next
    .use(initReactI18next)
    .use(lazyLocaleBackend)
    .init({
      ...i18nConfig,
      lng: document.documentElement.lang || defaultLanguage,
      ns: getInitialNamespaces(),
      resources: inline ? { [inline.language]: inline.bundle } : undefined,
      // The lite i18next (app/i18n/lite) completes these after hydration; the real one (dev) is given whole ones.
      ...({ partialResources: inline?.partial } as object),
      // With inline resources, the backend still loads whatever else is asked for later.
      partialBundledLanguages: true,
      // A navigation to a route whose namespace is not loaded yet waits (in a transition) instead of showing keys.
      react: { useSuspense: true },
    });
  // First: a form stopped here is sent by the browser; the texts' listener after it never sees it (decision 033).
  holdEventsUntilHydrated(window);
  sendFormsWithoutScriptsUntilComplete(window);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
