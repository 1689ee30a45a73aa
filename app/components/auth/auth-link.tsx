// A link to the sign-in or sign-up page. With JavaScript it opens the auth dialog instead (the
// `openAuthModal` window event of part 1 §2); without, it is the page.
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { loadAuthDialog } from "~/components/auth/load-auth-dialog";

export type AuthMode = "signin" | "signup";
export const OPEN_AUTH_MODAL_EVENT = "openAuthModal";

export function openAuthModal(mode: AuthMode = "signin") {
  window.dispatchEvent(new CustomEvent(OPEN_AUTH_MODAL_EVENT, { detail: { mode } }));
}

export function useReturnPath() {
  const location = useLocation();
  return location.pathname.startsWith("/auth/") ? "/" : `${location.pathname}${location.search}`;
}

export function AuthLink({ mode, className, children }: { mode: AuthMode; className?: string; children: ReactNode }) {
  const returnPath = useReturnPath();
  return (
    <Link
      to={`/auth/${mode}?redirectTo=${encodeURIComponent(returnPath)}`}
      className={className}
      // The dialog's code, if the idle time after hydration has not fetched it yet.
      onPointerEnter={prefetchAuthDialog}
      onFocus={prefetchAuthDialog}
      onTouchStart={prefetchAuthDialog}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openAuthModal(mode);
      }}
    >
      {children}
    </Link>
  );
}

function prefetchAuthDialog() {
  void loadAuthDialog().catch(() => {});
}
