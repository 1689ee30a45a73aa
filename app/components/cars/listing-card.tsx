// A car as a card. The spec shows slightly different cards on the listing pages, the home page (featured rentals and
// sales), favourites and the public profile; one component shows each variant's elements (part 1 §2).
//
// What every visitor sees alike (the photo strip and badges, the text from title to views) the server renders once
// per car version, language and variant and keeps as HTML (card-html.ts); a card present when the page hydrates
// keeps that HTML and React never hydrates inside it (frozen-card.ts gives it its behaviour). The parts that depend
// on who is asking (the heart, "Message" or "Register to message") and the actions row are React around it.
// Cards that arrive later (a filter, a client-side navigation) are plain React. docs/decisions/037.
import { Link, useRouteLoaderData } from "@remix-run/react";
import { lazy, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { AuthLink } from "~/components/auth/auth-link";
import { CardHtmlContext, cardKey, displayedCar, type DisplayedCar } from "~/components/cars/card-html";
import * as serverParts from "~/components/cars/card-parts";
import type { CardVariant } from "~/components/cars/card-parts";
import { FavoriteButton } from "~/components/cars/favorite-button";
import { FROZEN_PART, useFrozenCard } from "~/components/cars/frozen-card";
import { buttonClass } from "~/components/ui/button";
import { whenIdle } from "~/utils/preload";

// The card's parts as React: the server renders them into the kept HTML; the browser needs them only for a card that
// arrives after the page hydrated (a filter, a navigation), so their code is not on the first load but fetched when
// the page is idle, before such a card can come (decision 025).
const loadParts = () => import("~/components/cars/card-parts");
const { CardPhoto, CardDetails } = import.meta.env.SSR
  ? serverParts
  : {
      CardPhoto: lazy(() => loadParts().then((parts) => ({ default: parts.CardPhoto }))),
      CardDetails: lazy(() => loadParts().then((parts) => ({ default: parts.CardDetails }))),
    };

export type { CardVariant } from "~/components/cars/card-parts";

export interface CardCar extends DisplayedCar {
  isFavorite: boolean;
}

const subscribeToNothing = () => () => {};

/**
 * True for a card rendered by the page's hydration (React asks the server's snapshot then), false for one rendered
 * in the browser. A card that hydrates inside a boundary React client-renders instead renders as React: never empty.
 */
function useHydrating() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/**
 * One of the card's HTML parts: on the server the kept HTML; in the browser, while the card is frozen, an empty
 * string that React leaves alone (it does not hydrate inside an element with dangerouslySetInnerHTML, and updates
 * it only when the string changes); otherwise its React children. The key makes the change a new element.
 */
function Part({
  html,
  className,
  children,
}: {
  html: string | undefined;
  className: string;
  children: React.ReactNode;
}) {
  return html === undefined ? (
    <div key="react" className={className}>
      {children}
    </div>
  ) : (
    <div
      key="html"
      className={className}
      {...{ [FROZEN_PART]: "" }}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}

export function ListingCard({
  car,
  variant = "listing",
  eager = false,
  onRemove,
}: {
  car: CardCar;
  variant?: CardVariant;
  eager?: boolean;
  /** Favourites: the remove control, a form of the page. */
  onRemove?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation(["cars", "features"]);
  // All a card reads of root.tsx's data (components do not import the root): whether someone is signed in.
  const root = useRouteLoaderData<{ user: object | null }>("root");
  const signedIn = Boolean(root?.user);
  const keepHtml = useContext(CardHtmlContext);
  const shown = displayedCar(car);
  const key = cardKey(shown, variant, eager, i18n.language);
  // Decided once, when the card mounts: frozen if it was hydrated, until what it shows changes.
  const hydrating = useHydrating();
  const [frozenKey] = useState(() => (hydrating && !keepHtml ? key : null));
  const frozen = frozenKey === key;
  const ref = useRef<HTMLElement>(null);
  useFrozenCard(ref, frozen);
  useEffect(() => (frozen ? whenIdle(() => void loadParts()) : undefined), [frozen]);

  const html = keepHtml
    ? keepHtml(key, () => ({
        photo: <CardPhoto car={shown} variant={variant} eager={eager} html />,
        details: <CardDetails car={shown} variant={variant} html />,
      }))
    : frozen
      ? { photo: "", details: "" }
      : undefined;

  return (
    <article
      ref={ref}
      className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-xs"
      aria-labelledby={`car-${car.id}`}
    >
      <Part html={html?.photo} className="relative">
        <CardPhoto car={shown} variant={variant} eager={eager} html={false} />
      </Part>
      {signedIn && variant !== "favorite" ? (
        // Over the photo's top right corner: the article is the photo box's width and starts at its top.
        <FavoriteButton
          carId={car.id}
          isFavorite={car.isFavorite}
          title={`${car.make} ${car.model} ${car.year}`}
          className="absolute top-2 right-2"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-4">
        {/* `contents`: its children are the column's items, as they were before they had a part of their own. */}
        <Part html={html?.details} className="contents">
          <CardDetails car={shown} variant={variant} html={false} />
        </Part>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Link
            to={`/car/${car.id}`}
            className={buttonClass("primary", "sm", "flex-1")}
            aria-describedby={`car-${car.id}`}
          >
            {variant === "featured" ? t("card.rent") : t("card.viewDetails")}
          </Link>
          {variant === "listing" || variant === "profile" ? (
            signedIn ? (
              <Link
                to={`/car/${car.id}/contact`}
                className={buttonClass("secondary", "sm")}
                aria-describedby={`car-${car.id}`}
              >
                {t("card.message")}
              </Link>
            ) : (
              <AuthLink mode="signup" className={buttonClass("secondary", "sm")}>
                {t("card.registerToMessage")}
              </AuthLink>
            )
          ) : null}
          {onRemove}
        </div>
      </div>
    </article>
  );
}
