import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetchers,
  useLocation,
  useRevalidator,
  useRouteLoaderData,
} from "@remix-run/react";
import { Suspense, lazy, useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { getOptionalUser } from "~/accounts/guards.server";
import { sessionUserIdSql } from "~/accounts/session.server";
import { AuthDialogHost } from "~/components/auth/auth-dialog-host";
import { Breadcrumbs } from "~/components/shell/breadcrumbs";
import { ErrorPage } from "~/components/shell/error-page";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { ProgressBar } from "~/components/shell/progress-bar";
import { Toaster, showToast } from "~/components/shell/toaster";
import { isDevMailboxEnabled } from "~/email/sender.server";
import { getLanguage, getT, rememberLanguage } from "~/i18n.server";
import { markHydrationCommitted, useHydrated } from "~/utils/use-hydrated";
import type { I18n as LiteI18n } from "~/i18n/lite/i18next";
import { InlineBundleContext } from "~/i18n/inline-bundle";
import { countUnreadMessages } from "~/messages/messaging.server";
import { countUnreadNotifications } from "~/notifications/unread.server";
import { liveTicket } from "~/realtime/live.server";
import { userRoom } from "~/realtime/room-token";
import publicSheet from "~/styles/public.css?url";
import { useNonce } from "~/utils/nonce";
import { isTheme, type ThemeSetting } from "~/utils/theme";
import { getTheme } from "~/utils/theme.server";
import { takeToast } from "~/utils/toast.server";

// Signed-in people only: guests' pages do not carry the live-room code.
const LiveUpdates = lazy(() => import("~/components/shell/live-updates"));
// Only the public sheet: routes that need more link app.css themselves (app/styles/sheets.ts).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicSheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: ["common"] };

/**
 * The viewer's counts, asked for by the session's id (a subquery on its row) the moment the cookie is read, not after
 * the session's answer: they travel in its round trip, with the page loader's reads (app/db-batching.server.ts). No
 * live session, no one's counts: the subquery matches nobody.
 */
async function viewerCounts(request: Request, context: LoaderFunctionArgs["context"]) {
  const viewer = await sessionUserIdSql(request, context);
  if (!viewer) return [0, 0] as const;
  return Promise.all([countUnreadNotifications(context.db, viewer), countUnreadMessages(context.db, viewer)]);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [language, user, theme, { toast, clear }, t, [unreadNotifications, unreadMessages]] = await Promise.all([
    getLanguage(request),
    getOptionalUser(request, context),
    getTheme(request),
    takeToast(request, context.env),
    getT(request),
    viewerCounts(request, context),
  ]);
  const live = user ? await liveTicket(context, userRoom(user.id), user.id) : null;
  const headers = new Headers();
  const languageCookie = await rememberLanguage(request, language, context.env.isProduction);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  if (clear) headers.append("Set-Cookie", clear);
  return data(
    {
      language,
      theme,
      toast,
      unreadNotifications,
      unreadMessages,
      live,
      devMailbox: isDevMailboxEnabled(context.env),
      site: { name: t("site.name"), description: t("site.description") },
      user: user
        ? {
            id: user.id,
            email: user.email,
            fullName: user.fullName,
            avatarKey: user.avatarKey,
            isAdmin: user.isAdmin,
            isHost: user.isHost,
            verificationStatus: user.verificationStatus,
          }
        : null,
    },
    { headers },
  );
}

export type RootLoaderData = typeof loader;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.site.name} — ${data.site.description}` : "Ratai" },
  { name: "description", content: data?.site.description ?? "" },
];

/** The theme on screen: an in-flight toggle wins over the cookie, so the switch is instant with JavaScript. */
function useThemeSetting(serverTheme: ThemeSetting): ThemeSetting {
  const fetchers = useFetchers();
  const pending = fetchers.find((f) => f.formAction === "/resources/theme")?.formData?.get("theme");
  return isTheme(pending) ? pending : serverTheme;
}

/**
 * The texts this document was rendered with, inline, so the browser hydrates without first fetching them (a round
 * trip on a slow phone): only the keys the server's render looked up (app/i18n/used-keys.ts), since everything before
 * this element in the document has rendered by now. The rest of each namespace loads right after hydration
 * (`completeNamespaces`), as hashed JSON. Same content on both sides of hydration: the browser keeps the server's.
 */
function InlineTranslations() {
  const { i18n } = useTranslation();
  const serverBundle = useContext(InlineBundleContext);
  const [json] = useState(() => serverBundle?.() ?? document.getElementById("i18n-resources")?.textContent ?? "");
  useEffect(() => {
    // The lite i18n (app/i18n/lite/i18next.ts) fetches the rest of the inlined namespaces; the real one has them.
    void (i18n as unknown as Partial<Pick<LiteI18n, "completeNamespaces">>).completeNamespaces?.();
  }, [i18n]);
  return (
    <script
      id="i18n-resources"
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/**
 * Marks the document once the JS-enhanced controls have rendered (useHydrated: React has hydrated and the page's texts
 * are complete). The browser tests wait for it before they click. The same state, so the same commit: a click after
 * the mark always meets the enhanced control.
 */
function useHydrationMarker() {
  useEffect(() => markHydrationCommitted(), []);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
}

/**
 * The page's language: the root loader's, or, when it failed (the database is down for a signed-in visitor), the one
 * the document is being rendered in (entry.server chose it from the request, the browser from the inline bundle).
 */
function usePageLanguage() {
  const data = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  return data?.language ?? (i18n.language === "en" ? "en" : "lt");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const language = usePageLanguage();
  const theme = useThemeSetting(data?.theme ?? "system");
  useChangeLanguage(language);
  useHydrationMarker();
  const nonce = useNonce();
  return (
    <html lang={language} data-theme={theme} className="scroll-pt-20">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <InlineTranslations />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function DevBanner() {
  const { t } = useTranslation();
  return (
    <div className="bg-warning-soft px-4 py-1.5 text-center text-xs text-warning">
      {t("devBanner.text")}{" "}
      <a href="/dev/mailbox" className="font-semibold underline underline-offset-2">
        {t("devBanner.mailbox")}
      </a>
    </div>
  );
}

function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof loader>("root");
  const user = data?.user ?? null;
  const language = usePageLanguage();
  const location = useLocation();
  const revalidator = useRevalidator();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("a11y.skipToContent")}
      </a>
      <ProgressBar />
      {data?.devMailbox ? <DevBanner /> : null}
      <Header
        user={user}
        unreadNotifications={data?.unreadNotifications ?? 0}
        unreadMessages={data?.unreadMessages ?? 0}
        language={language}
        theme={data?.theme ?? "system"}
      />
      <Breadcrumbs />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <Toaster toast={data?.toast ?? null} />
      {user ? null : <AuthDialogHost />}
      {data?.live ? (
        <Suspense fallback={null}>
          <LiveUpdates
            ticket={data.live}
            notificationTitle={t("header.newMessage")}
            onMessage={(conversationId) => {
              const href = `/messages/${conversationId}`;
              // The open thread has its own room and reloads itself.
              if (location.pathname === href) return;
              if (revalidator.state === "idle") revalidator.revalidate();
              showToast({ type: "info", title: "header.newMessage", href });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export default function App() {
  return (
    <AppShell>
      <Suspense>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}

export function ErrorBoundary() {
  return (
    <AppShell>
      <ErrorPage />
    </AppShell>
  );
}
