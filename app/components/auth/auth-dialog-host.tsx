// Listens for the `openAuthModal` window event and opens the sign-in/sign-up dialog. The dialog's code is fetched
// when the page is idle after hydrating (load-auth-dialog.ts), so a tap shows it at once. It closes on navigation,
// and it disappears once a user is signed in (root renders it for guests).
import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ComponentType } from "react";
import { OPEN_AUTH_MODAL_EVENT, type AuthMode } from "~/components/auth/auth-link";
import { loadAuthDialog, loadedAuthDialog } from "~/components/auth/load-auth-dialog";
import { whenIdle } from "~/utils/preload";
import { useHydrated } from "~/utils/use-hydrated";

const LazyAuthDialog = lazy(loadAuthDialog);

function modeFrom(detail: unknown): AuthMode {
  const mode = typeof detail === "string" ? detail : (detail as { mode?: unknown } | null)?.mode;
  return mode === "signup" ? "signup" : "signin";
}

export function AuthDialogHost() {
  // The dialog belongs to the address it was opened at; it closes when the page changes. The address is read
  // from the window, not from the rendered location: a client navigation (a transition) may still be
  // rendering the previous page when the user opens the dialog on the new one.
  // Each opening is its own dialog (`id` keys it): the native `close` event of one just dismissed arrives a task
  // later, and must not close the one opened meanwhile.
  const [opened, setOpened] = useState<{ id: number; mode: AuthMode; path: string } | null>(null);
  const location = useLocation();

  useEffect(() => {
    let openings = 0;
    const open = (event: Event) =>
      setOpened({ id: ++openings, mode: modeFrom((event as CustomEvent).detail), path: window.location.pathname });
    window.addEventListener(OPEN_AUTH_MODAL_EVENT, open);
    return () => window.removeEventListener(OPEN_AUTH_MODAL_EVENT, open);
  }, []);

  // Once the page is whole (hydrated, texts complete: nothing of its first load is still coming), at the next idle
  // moment.
  const hydrated = useHydrated();
  useEffect(() => (hydrated ? whenIdle(() => void loadAuthDialog().catch(() => {})) : undefined), [hydrated]);

  useEffect(() => {
    // Forget a dialog whose page is gone, so going back to that page does not reopen it.
    if (opened && opened.path !== location.pathname && opened.path !== window.location.pathname) setOpened(null);
  }, [opened, location.pathname]);

  // Chosen once: a dialog that switched from the lazy component to the loaded one would be a new dialog.
  const dialog = useRef<ComponentType<ComponentProps<typeof LazyAuthDialog>>>();
  if (!opened || opened.path !== location.pathname) return null;
  dialog.current ??= loadedAuthDialog() ?? LazyAuthDialog;
  const AuthDialog = dialog.current;
  return (
    <Suspense fallback={null}>
      <AuthDialog
        key={opened.id}
        mode={opened.mode}
        onModeChange={(mode) => setOpened((current) => (current?.id === opened.id ? { ...current, mode } : current))}
        onClose={() => setOpened((current) => (current?.id === opened.id ? null : current))}
      />
    </Suspense>
  );
}
