// A car as a card. The spec shows slightly different cards on the listing pages, the home page (featured rentals and
// sales), favourites and the public profile; one component shows each variant's elements (part 1 §2).
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLink } from "~/components/auth/auth-link";
import { CarBadges } from "~/components/cars/car-badges";
import { FavoriteButton } from "~/components/cars/favorite-button";
import { PhotoCarousel, type CarouselImage } from "~/components/cars/photo-carousel";
import { PriceText } from "~/components/cars/price-text";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { formatDate, formatNumber, formatRating } from "~/utils/format";

export interface CardCar {
  id: string;
  make: string;
  model: string;
  year: number;
  mileage: number;
  location: string;
  category: string;
  fuelType: string;
  transmission: string;
  horsepower: number | null;
  listingType: "rental" | "sale" | "both";
  dailyPrice: number | null;
  salePrice: number | null;
  driverAvailable: boolean;
  driverOnly: boolean;
  instantBook: boolean;
  features: string[];
  featureCount: number;
  viewCount: number;
  rating: number;
  reviewCount: number;
  verified: boolean;
  createdAt: number;
  images: CarouselImage[];
  isFavorite: boolean;
}

export type CardVariant = "listing" | "featured" | "sale" | "favorite" | "profile";

/** How many features a variant lists before "+N more" (part 1 §9: 2 on listing pages, 3 elsewhere). */
const FEATURES_SHOWN: Record<CardVariant, number> = { listing: 2, featured: 0, sale: 3, favorite: 3, profile: 3 };

function Chip({ children }: { children: React.ReactNode }) {
  return <li className="rounded-md bg-subtle px-2 py-0.5 text-xs font-medium text-fg">{children}</li>;
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
  const title = `${car.make} ${car.model}`;
  const fullTitle = `${title} ${car.year}`;
  const shown = FEATURES_SHOWN[variant];
  const features = car.features.slice(0, shown);
  const more = car.featureCount - features.length;
  const badges =
    variant === "featured"
      ? ["instant", "driver", "verified", "electric"]
      : variant === "favorite" || variant === "sale"
        ? ["type", "instant", "verified"]
        : undefined;
  // The home page's featured rentals show the price per day, its sales section the sale price (part 1 §2).
  const priced =
    variant === "featured"
      ? { ...car, listingType: "rental" as const }
      : variant === "sale"
        ? { ...car, listingType: "sale" as const }
        : car;

  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-xs"
      aria-labelledby={`car-${car.id}`}
    >
      <div className="relative">
        <PhotoCarousel images={car.images} alt={fullTitle} eager={eager} />
        <div className="absolute top-2 left-2 max-w-[75%]">
          <CarBadges car={car} show={badges} />
        </div>
        {signedIn && variant !== "favorite" ? (
          <FavoriteButton
            carId={car.id}
            isFavorite={car.isFavorite}
            title={fullTitle}
            className="absolute top-2 right-2"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 id={`car-${car.id}`} className="text-lg leading-tight font-bold">
            <Link to={`/car/${car.id}`} className="hover:underline">
              {title}
            </Link>{" "}
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
