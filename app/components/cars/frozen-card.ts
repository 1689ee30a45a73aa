// What a frozen card (one whose server HTML React keeps and never hydrates, docs/decisions/037) does with
// JavaScript: its photo strip's arrows and counter, its broken photos, and its links navigating in the page as
// Remix's Link does. Listeners on the card itself, delegated, instead of a React tree per card.
import { useNavigate } from "@remix-run/react";
import { useEffect, type RefObject } from "react";
import { keptLinkClick } from "~/components/ui/server-html";

/** The HTML parts of a card (listing-card.tsx), the only place these listeners act. */
export const FROZEN_PART = "data-card-part";

function stripIndex(strip: HTMLElement) {
  return Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth));
}

export function useFrozenCard(ref: RefObject<HTMLElement>, frozen: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    const card = ref.current;
    if (!frozen || !card) return;
    const strip = card.querySelector<HTMLElement>("[data-photo-strip]");
    const counter = card.querySelector("[data-photo-counter]");
    const count = strip?.children.length ?? 0;
    // From the photo in view: a person may have swiped before the page hydrated.
    const showIndex = () => {
      if (strip && counter) counter.textContent = `${stripIndex(strip) + 1} / ${count}`;
    };
    showIndex();
    for (const arrow of card.querySelectorAll<HTMLElement>("[data-photo-step]")) arrow.hidden = false;
    // A photo that failed before now leaves the placeholder beneath it, as one that fails later does.
    for (const image of card.querySelectorAll("img")) if (image.complete && image.naturalWidth === 0) image.remove();

    const onClick = (event: MouseEvent) => {
      const arrow = (event.target as Element | null)?.closest?.("[data-photo-step]");
      if (arrow && strip && count > 0) {
        const next = (stripIndex(strip) + Number(arrow.getAttribute("data-photo-step")) + count) % count;
        strip.scrollTo({ left: next * strip.clientWidth, behavior: "smooth" });
        return;
      }
      const click = keptLinkClick(event);
      if (!click || !click.anchor.closest(`[${FROZEN_PART}]`)) return;
      event.preventDefault();
      const to = click.to;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(to, { replace: to === here });
    };
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement && strip?.contains(event.target)) event.target.remove();
    };
    strip?.addEventListener("scroll", showIndex, { passive: true });
    card.addEventListener("click", onClick);
    // An image's error does not bubble; the capture phase sees it.
    card.addEventListener("error", onError, true);
    return () => {
      strip?.removeEventListener("scroll", showIndex);
      card.removeEventListener("click", onClick);
      card.removeEventListener("error", onError, true);
    };
  }, [ref, frozen, navigate]);
}
