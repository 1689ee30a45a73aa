// A listing card's data (the cards of the listing pages, the home page, favourites, profiles and the dashboard): the
// columns a card needs, and its photos and the viewer's favourite marks for a set of rows.
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { carImages, cars, favorites, profiles } from "#db/schema";
import type { Db } from "~/db.server";

/** The columns a card needs (cars joined with the owner's profile). */
export const cardSelection = {
  id: cars.id,
  make: cars.make,
  model: cars.model,
  year: cars.year,
  mileage: cars.mileage,
  location: cars.location,
  category: cars.category,
  fuelType: cars.fuelType,
  transmission: cars.transmission,
  horsepower: cars.horsepower,
  listingType: cars.listingType,
  dailyPrice: cars.dailyPrice,
  salePrice: cars.salePrice,
  driverAvailable: cars.driverAvailable,
  driverOnly: cars.driverOnly,
  instantBook: cars.instantBook,
  features: cars.features,
  viewCount: cars.viewCount,
  rating: cars.rating,
  reviewCount: cars.reviewCount,
  createdAt: cars.createdAt,
  ownerId: cars.ownerId,
  ownerVerification: profiles.verificationStatus,
};

const CARD_FEATURES = 3;
const CARD_IMAGES = 5;

/** Cars with their owner's verification, in the shape a card needs. */
export function selectCards(db: Db) {
  return db.select(cardSelection).from(cars).innerJoin(profiles, eq(profiles.id, cars.ownerId));
}

export type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

/**
 * Cards whose photos (the first five, as JSON) and the viewer's favourite mark are read with the card's own row: a page
 * of cards is one statement. Photos and marks asked for by the page's ids as a subquery ran the page's query again
 * for each, which at 100,000 cars tripled its cost (decision 027). The viewer is their id or SQL that yields it.
 */
export function selectCardsWithExtras(db: Db, viewerId: string | SQL | null) {
  return db
    .select({
      ...cardSelection,
      // Spelled out: inside a select list Drizzle leaves column names unqualified, and "id" would be the photo's.
      photos: sql<string>`(select json_group_array(json_array(p.storage_key, p.width, p.height)) from
        (select ci.storage_key, ci.width, ci.height from car_images ci where ci.car_id = "cars"."id"
         order by ci.sort_order limit ${sql.raw(String(CARD_IMAGES))}) p)`,
      favorite: viewerId
        ? sql<number>`exists (select 1 from favorites f where f.user_id = ${viewerId} and f.car_id = "cars"."id")`
        : sql<number>`0`,
    })
    .from(cars)
    .innerJoin(profiles, eq(profiles.id, cars.ownerId));
}

type CardRowWithExtras = Awaited<ReturnType<typeof selectCardsWithExtras>>[number];

/** The cards of rows read by selectCardsWithExtras. */
export function shapeCardsWithExtras(rows: CardRowWithExtras[]): ListingCard[] {
  const images: ({ carId: string } & CardImage)[] = [];
  const favoriteIds: { carId: string }[] = [];
  for (const row of rows) {
    for (const [storageKey, width, height] of JSON.parse(row.photos) as [string, number, number][]) {
      images.push({ carId: row.id, storageKey, width, height });
    }
    if (Number(row.favorite)) favoriteIds.push({ carId: row.id });
  }
  return shapeCards(
    rows.map(({ photos: _photos, favorite: _favorite, ...row }) => row),
    { images, favorites: favoriteIds },
  );
}

export interface CardImage {
  storageKey: string;
  width: number;
  height: number;
}

/** What a listing card shows; features are cut to what a card can show, with the count of the rest. */
export interface ListingCard extends Omit<CardRow, "features" | "ownerVerification" | "createdAt"> {
  features: string[];
  featureCount: number;
  verified: boolean;
  createdAt: number;
  images: CardImage[];
  isFavorite: boolean;
}

/**
 * The photos and the viewer's favourite marks of a set of cars: the ids, or a subquery that selects them (so the page
 * of cars and its photos can be asked for together, without waiting for the page's ids).
 */
export function cardExtras(db: Db, ids: readonly string[] | SQLWrapper, viewerId: string | SQL | null) {
  const images = db
    .select({
      carId: carImages.carId,
      storageKey: carImages.storageKey,
      width: carImages.width,
      height: carImages.height,
    })
    .from(carImages)
    .where(inArray(carImages.carId, ids))
    .orderBy(asc(carImages.carId), asc(carImages.sortOrder));
  const favoriteMarks = db
    .select({ carId: favorites.carId })
    .from(favorites)
    .where(and(eq(favorites.userId, viewerId ?? ""), inArray(favorites.carId, ids)));
  return { images, favorites: viewerId ? favoriteMarks : null };
}

type CardExtras = { images: ({ carId: string } & CardImage)[]; favorites: { carId: string }[] };

/** The cards of the rows, with their photos (at most five each) and favourite marks. */
export function shapeCards(rows: CardRow[], extras: CardExtras): ListingCard[] {
  const imagesByCar = new Map<string, CardImage[]>();
  for (const { carId, ...image } of extras.images) {
    const list = imagesByCar.get(carId) ?? [];
    if (list.length < CARD_IMAGES) list.push(image);
    imagesByCar.set(carId, list);
  }
  const favoriteIds = new Set(extras.favorites.map((row) => row.carId));
  return rows.map(({ features, ownerVerification, createdAt, ...row }) => ({
    ...row,
    features: features.slice(0, CARD_FEATURES),
    featureCount: features.length,
    verified: ownerVerification === "verified",
    createdAt: createdAt.getTime(),
    images: imagesByCar.get(row.id) ?? [],
    isFavorite: favoriteIds.has(row.id),
  }));
}
