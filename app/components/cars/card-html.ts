// A listing card's HTML, rendered once per car version, language and variant and reused (docs/decisions/037): the
// cards are most of what React renders for the listing pages and the home page. Only what the card shows goes into
// the key and into the render, picked field by field, so nothing of the person asking (their favourites, whether
// they are signed in) can reach a cache every visitor of the isolate shares; those parts stay React (listing-card.tsx).
import { createContext, type ReactElement } from "react";
import type { CarouselImage } from "~/components/cars/photo-carousel";

/** A card's car as it is shown: the same for every visitor. */
export interface DisplayedCar {
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
}

/** The fields of `car` a card shows, and nothing else a loader may have put beside them. */
export function displayedCar(car: DisplayedCar): DisplayedCar {
  return {
    id: car.id,
    make: car.make,
    model: car.model,
    year: car.year,
    mileage: car.mileage,
    location: car.location,
    category: car.category,
    fuelType: car.fuelType,
    transmission: car.transmission,
    horsepower: car.horsepower,
    listingType: car.listingType,
    dailyPrice: car.dailyPrice,
    salePrice: car.salePrice,
    driverAvailable: car.driverAvailable,
    driverOnly: car.driverOnly,
    instantBook: car.instantBook,
    features: [...car.features],
    featureCount: car.featureCount,
    viewCount: car.viewCount,
    rating: car.rating,
    reviewCount: car.reviewCount,
    verified: car.verified,
    createdAt: car.createdAt,
    images: car.images.map(({ storageKey, width, height }) => ({ storageKey, width, height })),
  };
}

/** Everything the card's HTML depends on: a changed price, rating, photo or view count is another key. */
export function cardKey(car: DisplayedCar, variant: string, eager: boolean, language: string): string {
  return JSON.stringify([language, variant, eager, displayedCar(car)]);
}

/** The card's two frozen parts: its photo (strip and badges) and its text (title to views). */
export interface CardHtml {
  photo: string;
  details: string;
}

/**
 * The server's keeper of cards' HTML (card-html.server.ts, given by entry.server): the HTML kept for `key`, or the
 * parts `render` gives rendered and kept. The browser has none, so its bundle carries neither the cache nor the
 * server renderer, and a card rendered without it (the browser, tests of a component) is plain React.
 */
export type KeepCardHtml = (key: string, render: () => { photo: ReactElement; details: ReactElement }) => CardHtml;

export const CardHtmlContext = createContext<KeepCardHtml | null>(null);
