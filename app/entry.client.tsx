import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import i18nConfig, { defaultLanguage } from "~/i18n";
import { lazyLocaleBackend } from "~/i18n.client";

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(lazyLocaleBackend)
    .init({
      ...i18nConfig,
      lng: document.documentElement.lang || defaultLanguage,
      ns: getInitialNamespaces(),
      // A navigation to a route whose namespace is not loaded yet waits (in a transition) instead of showing keys.
      react: { useSuspense: true },
    });
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
