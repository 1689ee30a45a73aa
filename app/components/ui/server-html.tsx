// A part of a page that the browser never changes, kept as the server drew it: React hydrates only this element, and
// the code that draws its content is not on the first load (decision 025). The server renders the children; the
// browser, hydrating, renders the same element with empty inner HTML, which React 18 leaves as it finds it (it
// neither compares nor writes a dangerouslySetInnerHTML while hydrating in production), so the server's markup stays
// and nothing inside it is hydrated. When the part must be drawn in the browser (it mounts after hydration, a client
// navigation, or its `version` moved on: another language, another month), the children render as usual; a lazy
// component among them suspends up to the route's boundary, which in a navigation keeps the previous page on screen
// until its code is here.
//
// Links inside the kept markup are plain anchors, which React does not handle: a click on one is turned into the
// client navigation its <Link> would have made (the page keeps its scroll, as the links in these parts ask; an anchor
// marked `data-replace` replaces the history entry, as its <Link replace> does).
import { useNavigate } from "@remix-run/react";
import { useId, useState, type MouseEvent, type ReactNode } from "react";

export function ServerHtml({
  version,
  className,
  children,
}: {
  /** What the markup depends on besides the page's data, which does not change while the page is shown. */
  version: string;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // Chosen at mount: only a part being hydrated has the server's markup to keep. Its id is the server's (useId
  // gives a hydrating component the id the server gave it, and one mounted in the browser another kind), so the
  // element with that id is in the document exactly then, whenever its Suspense boundary hydrates.
  const id = useId();
  const [kept] = useState(() =>
    typeof document !== "undefined" && document.querySelector(`[data-server-html="${CSS.escape(id)}"]`)
      ? version
      : null,
  );
  if (kept !== version) {
    return (
      <div key="drawn" data-server-html={id} className={className}>
        {children}
      </div>
    );
  }
  return (
    // The click is a link's: the anchor inside is what the keyboard reaches and activates.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      key="kept"
      data-server-html={id}
      className={className}
      onClick={followLink(navigate)}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  );
}

/**
 * The address a click on a link inside kept markup goes to, when it is the click Remix's <Link> would have taken over
 * (the main button without modifier keys, a same-origin anchor without a target or a download), else null. Shared by
 * every part whose markup React keeps (ServerHtml, frozen listing cards).
 */
export function keptLinkClick(
  event: Pick<
    globalThis.MouseEvent,
    "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "target"
  >,
): { anchor: HTMLAnchorElement; to: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return null;
  if (event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  return { anchor, to: `${url.pathname}${url.search}${url.hash}` };
}

function followLink(navigate: ReturnType<typeof useNavigate>) {
  return (event: MouseEvent<HTMLDivElement>) => {
    const click = keptLinkClick(event);
    if (!click) return;
    event.preventDefault();
    navigate(click.to, { preventScrollReset: true, replace: click.anchor.dataset.replace !== undefined });
  };
}
