import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream, renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { CardHtmlContext } from "~/components/cars/card-html";
import { keepCardHtml } from "~/components/cars/card-html.server";
import i18nConfig from "~/i18n";
import { getLanguage, i18nServer } from "~/i18n.server";
import { InlineBundleContext } from "~/i18n/inline-bundle";
import { inlineBundleJson, recordUsedKeys } from "~/i18n/used-keys";
import { resources } from "~/locales/resources.server";
import { markServiceUnavailable } from "~/utils/database-faults.server";
import { documentDeadline } from "~/utils/document-deadline.server";
import { NonceProvider } from "~/utils/nonce";
import { withScriptsAfterFirstPaint } from "~/utils/scripts-after-paint.server";
import { applySecurityHeaders, createNonce } from "~/utils/security-headers.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nConfig,
    lng: await getLanguage(request),
    ns: i18nServer.getRouteNamespaces(remixContext),
    resources,
  });
  // The page inlines only the texts its render used (root's InlineTranslations). Not in dev: there the browser runs
  // the real i18next, which cannot complete a partial namespace, so dev pages carry whole ones.
  if (import.meta.env.MODE !== "development") recordUsedKeys(i18n);

  let status = responseStatusCode;
  const nonce = createNonce();
  // The stream ends even if a part of the page never resolves, so the page's load event always comes (decision 032).
  const deadline = documentDeadline(request);
  const body = await renderToReadableStream(
    <NonceProvider nonce={nonce}>
      <I18nextProvider i18n={i18n}>
        <InlineBundleContext.Provider value={() => inlineBundleJson(i18n)}>
          {/* Listing cards' HTML, rendered once per car version and language (docs/decisions/037). */}
          <CardHtmlContext.Provider value={keepCardHtml(i18n, renderToStaticMarkup)}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </CardHtmlContext.Provider>
        </InlineBundleContext.Provider>
      </I18nextProvider>
    </NonceProvider>,
    {
      nonce,
      signal: deadline.signal,
      onError(error: unknown) {
        // A part cut by the deadline is left to the browser; the page around it stands (and a crawler, which waits
        // for the whole render, gets it as a person does).
        if (deadline.passed()) return console.warn(`${new URL(request.url).pathname}: ${String(error)}`);
        if (!request.signal.aborted) console.error(error);
        status = 500;
      },
    },
  ).catch((error: unknown) => {
    deadline.end();
    throw error;
  });
  void body.allReady.catch(() => undefined).finally(deadline.end);
  // Crawlers get the whole document at once; people get it streamed.
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  markServiceUnavailable(status, responseHeaders);
  const partykitHost = loadContext.env.partykit.host;
  applySecurityHeaders(responseHeaders, {
    isProduction: loadContext.env.isProduction,
    nonce,
    partykitHost: partykitHost === "off" ? null : partykitHost,
  });
  // The page's scripts start once its first screen is painted (decision 028). Not in dev: Vite's client and hot
  // reload come in through the same module script.
  const html = import.meta.env.MODE === "development" ? body : withScriptsAfterFirstPaint(body);
  return new Response(html, { headers: responseHeaders, status });
}

/** Single fetch's answers (`.data`): a 503 carries Retry-After as the document does. */
export function handleDataRequest(response: Response) {
  markServiceUnavailable(response.status, response.headers);
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}

// The Worker (app/worker.ts) takes these from the server build rather than importing their sources, so the
// libraries they use (Remix's runtime, Drizzle, the libSQL client, zod) are bundled once.
export { createRequestHandler } from "@remix-run/cloudflare";
export { getLoadContext } from "~/load-context";
export { runScheduledJobs } from "~/jobs.server";
export {
  discardBody,
  hasForeignForwardedHost,
  isCrossSiteWrite,
  withoutForwardedHost,
  withRequestRefusals,
} from "~/utils/request-origin.server";
export { withEdgeCache } from "~/edge-cache.server";
export { withSessionCacheControl } from "~/accounts/session.server";
export { withLanguageThroughRedirects } from "~/i18n.server";
export { withDatabaseFaults } from "~/utils/database-faults.server";
export { honourCookiePreferences } from "~/information/cookie-preferences.server";
