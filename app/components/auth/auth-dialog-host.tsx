// Listens for the `openAuthModal` window event and opens the sign-in/sign-up dialog. The dialog's code loads
// on first use. It closes on navigation, and it disappears once a user is signed in (root renders it for guests).
import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { OPEN_AUTH_MODAL_EVENT, type AuthMode } from "~/components/auth/auth-link";

const AuthDialog = lazy(() => import("~/components/auth/auth-dialog"));

function modeFrom(detail: unknown): AuthMode {
  const mode = typeof detail === "string" ? detail : (detail as { mode?: unknown } | null)?.mode;
  return mode === "signup" ? "signup" : "signin";
}

export function AuthDialogHost() {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const location = useLocation();

  useEffect(() => {
    const open = (event: Event) => setMode(modeFrom((event as CustomEvent).detail));
    window.addEventListener(OPEN_AUTH_MODAL_EVENT, open);
    return () => window.removeEventListener(OPEN_AUTH_MODAL_EVENT, open);
  }, []);

  useEffect(() => setMode(null), [location.pathname]);

  if (!mode) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog mode={mode} onModeChange={setMode} onClose={() => setMode(null)} />
    </Suspense>
  );
}
