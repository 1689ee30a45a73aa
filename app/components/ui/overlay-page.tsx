// A child page shown over its parent (the listing wizard and edit page over /my-listings): a modal panel that is
// a real page with its own URL, so it works without JavaScript and survives a reload. With JavaScript, focus moves
// to its heading when it opens (not from a field a person is typing in as it hydrates) and Escape closes it. The
// parent marks itself `inert` meanwhile.
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { focusUnlessEditing } from "~/components/ui/page-values";

export function OverlayPage({
  title,
  closeTo,
  children,
  width = "max-w-3xl",
  headerExtra,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  width?: string;
  headerExtra?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    focusUnlessEditing(heading.current);
    const close = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", close);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", close);
      document.body.style.overflow = overflow;
    };
  }, [closeTo, navigate]);

  return (
    <div className="fixed inset-0 z-40 overflow-y-auto bg-fg/40 sm:px-4 sm:py-8">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="overlay-title"
        className={`relative mx-auto min-h-full w-full bg-canvas shadow-xl sm:min-h-0 sm:rounded-2xl ${width}`}
      >
        <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:rounded-t-2xl sm:px-6">
          <div className="min-w-0 flex-1">
            <h1 id="overlay-title" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
              {title}
            </h1>
            {headerExtra}
          </div>
          <Link
            to={closeTo}
            preventScrollReset
            aria-label={t("dialog.close")}
            className="-mr-2 rounded-lg p-2 text-muted hover:bg-subtle hover:text-fg"
          >
            <Icon name="close" className="size-5" />
          </Link>
        </div>
        <div className="px-4 py-5 sm:px-6">{children}</div>
      </div>
    </div>
  );
}
