import { describe, expect, it } from "vitest";
import { cardKey, displayedCar, type DisplayedCar } from "./card-html";
import { CardHtmlCache } from "./card-html.server";

const car: DisplayedCar = {
  id: "car-1",
  make: "Škoda",
  model: "Octavia",
  year: 2019,
  mileage: 120000,
  location: "Kaunas",
  category: "sedan",
  fuelType: "diesel",
  transmission: "automatic",
  horsepower: 120,
  listingType: "rental",
  dailyPrice: 4500,
  salePrice: null,
  driverAvailable: false,
  driverOnly: false,
  instantBook: true,
  features: ["gps", "bluetooth"],
  featureCount: 5,
  viewCount: 12,
  rating: 4.5,
  reviewCount: 3,
  verified: true,
  createdAt: 1_700_000_000_000,
  images: [{ storageKey: "cars/1/a.jpg", width: 640, height: 480 }],
};

const html = (text: string) => ({ photo: text, details: text });

describe("cardKey", () => {
  const key = cardKey(car, "listing", false, "lt");

  it("changes with what the card shows: language, variant, eagerness, price, rating, photos, views", () => {
    const others = [
      cardKey(car, "listing", false, "en"),
      cardKey(car, "featured", false, "lt"),
      cardKey(car, "listing", true, "lt"),
      cardKey({ ...car, dailyPrice: 4600 }, "listing", false, "lt"),
      cardKey({ ...car, rating: 4.6 }, "listing", false, "lt"),
      cardKey({ ...car, reviewCount: 4 }, "listing", false, "lt"),
      cardKey({ ...car, viewCount: 13 }, "listing", false, "lt"),
      cardKey({ ...car, images: [{ storageKey: "cars/1/b.jpg", width: 640, height: 480 }] }, "listing", false, "lt"),
      cardKey({ ...car, images: [] }, "listing", false, "lt"),
      cardKey({ ...car, features: ["gps"] }, "listing", false, "lt"),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });

  it("leaves out the person's favourite and whatever else a loader put beside the card's fields", () => {
    const withExtras = { ...car, isFavorite: true, ownerEmail: "owner@example.com", viewerId: "user-9" };
    expect(cardKey(withExtras, "listing", false, "lt")).toBe(key);
    expect(displayedCar(withExtras)).toEqual(car);
    expect(Object.keys(displayedCar(withExtras))).not.toContain("isFavorite");
    const photo = { ...car, images: [{ storageKey: "k", width: 1, height: 2, ownerId: "u" }] };
    expect(displayedCar(photo).images).toEqual([{ storageKey: "k", width: 1, height: 2 }]);
  });
});

describe("CardHtmlCache", () => {
  it("renders a key once and gives the kept HTML after", () => {
    const cache = new CardHtmlCache(10);
    let renders = 0;
    const render = () => html(`render ${++renders}`);
    expect(cache.get("a", render)).toEqual(html("render 1"));
    expect(cache.get("a", render)).toEqual(html("render 1"));
    expect(cache.get("b", render)).toEqual(html("render 2"));
    expect(renders).toBe(2);
  });

  it("keeps at most its limit, forgetting the least recently used first", () => {
    const cache = new CardHtmlCache(3);
    for (const key of ["a", "b", "c"]) cache.get(key, () => html(key));
    // "a" is used again, so "b" is now the oldest.
    cache.get("a", () => html("again"));
    cache.get("d", () => html("d"));
    expect(cache.size).toBe(3);
    expect(cache.has("b")).toBe(false);
    expect(["a", "c", "d"].every((key) => cache.has(key))).toBe(true);
    for (let i = 0; i < 100; i++) cache.get(`x${i}`, () => html("x"));
    expect(cache.size).toBe(3);
  });
});
