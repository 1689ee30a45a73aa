// A listing card's parts that are the same for every visitor: its photo (strip and badges) and its text (title to
// views). The server renders them once per car version, language and variant as HTML (card-html.ts); the browser
// renders them as React only for cards that arrive after the page has hydrated (listing-card.tsx).
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CarBadges } from "~/components/cars/car-badges";
import type { DisplayedCar } from "~/components/cars/card-html";
import { PhotoCarousel } from "~/components/cars/photo-carousel";
import { PriceText } from "~/components/cars/price-text";
import { Icon } from "~/components/ui/icons";
import { formatDate, formatNumber, formatRating } from "~/utils/format";

export type CardVariant = "listing" | "featured" | "sale" | "favorite" | "profile";

/** How many features a variant lists before "+N more" (part 1 §9: 2 on listing pages, 3 elsewhere). */
const FEATURES_SHOWN: Record<CardVariant, number> = { listing: 2, featured: 0, sale: 3, favorite: 3, profile: 3 };

export function cardTitle(car: Pick<DisplayedCar, "make" | "model">) {
  return `${car.make} ${car.model}`;
}

function Chip({ children }: { children: React.ReactNode }) {
  return <li className="rounded-md bg-subtle px-2 py-0.5 text-xs font-medium text-fg">{children}</li>;
}

/**
 * A link to the car. As HTML it is the anchor Remix's Link renders (with `data-discover`, so the route is found as
 * for any link), and frozen-card.ts navigates in the page on its click.
 */
function CarLink({ to, html, children }: { to: string; html: boolean; children: React.ReactNode }) {
  return html ? (
    <a className="hover:underline" data-discover="true" href={to}>
      {children}
    </a>
  ) : (
    <Link to={to} className="hover:underline">
      {children}
    </Link>
  );
}

/** Children of the card's `relative` photo box. */
export function CardPhoto({
  car,
  variant,
  eager,
  html,
}: {
  car: DisplayedCar;
  variant: CardVariant;
  eager: boolean;
  html: boolean;
}) {
  const badges =
    variant === "featured"
      ? ["instant", "driver", "verified", "electric"]
      : variant === "favorite" || variant === "sale"
        ? ["type", "instant", "verified"]
        : undefined;
  return (
    <>
      <PhotoCarousel images={car.images} alt={`${cardTitle(car)} ${car.year}`} eager={eager} frozen={html} />
      <div className="absolute top-2 left-2 max-w-[75%]">
        <CarBadges car={car} show={badges} />
      </div>
    </>
  );
}

/** The card's text, title to views: children of its flex column, before the actions. */
export function CardDetails({ car, variant, html }: { car: DisplayedCar; variant: CardVariant; html: boolean }) {
  const { t, i18n } = useTranslation(["cars", "features"]);
  const shown = FEATURES_SHOWN[variant];
  const features = car.features.slice(0, shown);
  const more = car.featureCount - features.length;
  // The home page's featured rentals show the price per day, its sales section the sale price (part 1 §2).
  const priced =
    variant === "featured"
      ? { ...car, listingType: "rental" as const }
      : variant === "sale"
        ? { ...car, listingType: "sale" as const }
        : car;

  return (
    <>
      <div>
        <h3 id={`car-${car.id}`} className="text-lg leading-tight font-bold">
          <CarLink to={`/car/${car.id}`} html={html}>
            {cardTitle(car)}
          </CarLink>{" "}
          <span className="font-medium text-muted">{car.year}</span>
        </h3>
        <PriceText car={priced} className="mt-1 text-lg font-bold text-primary" />
      </div>

      {variant === "featured" ? (
        <p className="text-sm text-muted">
          {car.rating > 0 ? (
            <span className="font-semibold text-fg">
              ★ {formatRating(car.rating, i18n.language)}{" "}
              <span className="font-normal text-muted">({car.reviewCount})</span>
            </span>
          ) : (
            t("card.newListing")
          )}
        </p>
      ) : null}

      <ul className="flex flex-wrap gap-1.5" aria-label={t("card.specs")}>
        {variant === "sale" || variant === "profile" ? (
          <Chip>{formatNumber(car.mileage, i18n.language)} km</Chip>
        ) : null}
        {variant !== "sale" && variant !== "profile" ? <Chip>{t(`fuel.${car.fuelType}`)}</Chip> : null}
        {variant !== "sale" && variant !== "profile" ? <Chip>{t(`transmission.${car.transmission}`)}</Chip> : null}
        {car.horsepower && variant !== "sale" && variant !== "profile" ? (
          <Chip>
            {car.horsepower} {t("filters.unit.hp")}
          </Chip>
        ) : null}
        {variant === "listing" ? <Chip>{t(`category.${car.category}`)}</Chip> : null}
        <Chip>
          <Icon name="home" className="mr-1 inline size-3 align-[-1px]" />
          {car.location}
        </Chip>
      </ul>

      {shown > 0 && car.featureCount > 0 ? (
        <p className="text-sm text-muted">
          {features.map((code) => t(`features:features.${code}`, { defaultValue: code })).join(" · ")}
          {more > 0 ? <span className="font-medium text-fg"> {t("card.moreFeatures", { count: more })}</span> : null}
        </p>
      ) : null}

      {variant === "profile" ? (
        <p className="text-xs text-muted">{t("card.listedOn", { date: formatDate(car.createdAt, i18n.language) })}</p>
      ) : null}

      {variant === "listing" || variant === "favorite" ? (
        <p className="flex items-center gap-3 text-xs text-muted">
          <span>{t("card.views", { count: car.viewCount })}</span>
          {car.rating > 0 ? (
            <span>
              ★ {formatRating(car.rating, i18n.language)} ({car.reviewCount})
            </span>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
