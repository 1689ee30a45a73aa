// Toasts: from the flash cookie (server) or from the page (`showToast`). Success and info leave after 5 s;
// errors and warnings stay until dismissed (part 1 §2). Without JavaScript the toast shows on the page it
// was sent to and its close link reloads that page without it. On a phone they sit at the top, under the sticky
// header (which stays usable): at the bottom they covered the page's own buttons ("Book now" on a car page right
// after signing in), and the top of a page is where its title is, not its actions.
import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import type { Toast } from "~/utils/toast.server";

export const TOAST_DURATION_MS = 5000;
const TOAST_EVENT = "app:toast";

export function showToast(toast: Omit<Toast, "id"> & { id?: string; href?: string }) {
  window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: { ...toast, id: toast.id ?? crypto.randomUUID() } }));
}

type ShownToast = Toast & { href?: string };

const tones = {
  success: { icon: "check", className: "border-success/40 bg-success-soft text-success" },
  error: { icon: "alert", className: "border-danger/40 bg-danger-soft text-danger" },
  warning: { icon: "alert", className: "border-warning/40 bg-warning-soft text-warning" },
  info: { icon: "info", className: "border-line bg-info-soft text-fg" },
} as const;

function ToastCard({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const tone = tones[toast.type];
  useEffect(() => {
    if (toast.type === "error" || toast.type === "warning") return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  const title = t(toast.title, toast.values);
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-surface p-4 shadow-lg ${tone.className}`}
    >
      <Icon name={tone.icon} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-fg">
        {toast.href ? (
          <Link to={toast.href} className="font-semibold underline-offset-2 hover:underline">
            {title}
          </Link>
        ) : (
          <p className="font-semibold">{title}</p>
        )}
        {toast.description ? <p className="mt-0.5 text-sm text-muted">{t(toast.description, toast.values)}</p> : null}
      </div>
      <Link
        to={`${location.pathname}${location.search}`}
        replace
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          onDismiss(toast.id);
        }}
        className="-m-1 rounded p-1 text-muted hover:text-fg"
        aria-label={t("toast.dismiss")}
      >
        <Icon name="close" className="size-4" />
      </Link>
    </div>
  );
}

export function Toaster({ toast }: { toast: Toast | null }) {
  const [toasts, setToasts] = useState<ShownToast[]>(toast ? [toast] : []);
  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  useEffect(() => {
    if (toast) setToasts((list) => (list.some((t) => t.id === toast.id) ? list : [...list, toast]));
  }, [toast]);

  useEffect(() => {
    function onToast(event: Event) {
      const detail = (event as CustomEvent<ShownToast>).detail;
      setToasts((list) => [...list.slice(-3), detail]);
    }
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 p-4 sm:top-20 sm:right-4 sm:left-auto sm:w-96"
    >
      {toasts.map((t) => (
        <ToastCard key={t.id} toast={t} onDismiss={dismiss} />
      ))}
    </div>
  );
}
