// A listing card's data (the cards of the listing pages, the home page, favourites, profiles and the dashboard): the
// columns a card needs, and its photos and the viewer's favourite marks for a set of rows.
import { and, asc, eq, inArray } from "drizzle-orm";
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

/** Cars with their owner's verification, in the shape a card needs. */
export function selectCards(db: Db) {
  return db.select(cardSelection).from(cars).innerJoin(profiles, eq(profiles.id, cars.ownerId));
}

export type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

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

const CARD_FEATURES = 3;
const CARD_IMAGES = 5;

/** Photos, favourite marks and the card's shape for a set of car rows (two queries in one round trip). */
export async function toCards(db: Db, rows: CardRow[], viewerId: string | null): Promise<ListingCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const imagesQuery = db
    .select({
      carId: carImages.carId,
      storageKey: carImages.storageKey,
      width: carImages.width,
      height: carImages.height,
    })
    .from(carImages)
    .where(inArray(carImages.carId, ids))
    .orderBy(asc(carImages.carId), asc(carImages.sortOrder));
  const favoritesQuery = db
    .select({ carId: favorites.carId })
    .from(favorites)
    .where(and(eq(favorites.userId, viewerId ?? ""), inArray(favorites.carId, ids)));
  const [images, favoriteRows] = viewerId
    ? await db.batch([imagesQuery, favoritesQuery])
    : [await imagesQuery, [] as { carId: string }[]];
  const imagesByCar = new Map<string, CardImage[]>();
  for (const { carId, ...image } of images) {
    const list = imagesByCar.get(carId) ?? [];
    if (list.length < CARD_IMAGES) list.push(image);
    imagesByCar.set(carId, list);
  }
  const favoriteIds = new Set(favoriteRows.map((row) => row.carId));
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
