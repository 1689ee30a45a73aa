import { describe, expect, it } from "vitest";
import { avatarWidth, carPhotoWidth, rotatedSize } from "./photo-sizes";

describe("stored sizes", () => {
  it("swap width and height for a quarter turn", () => {
    expect(rotatedSize({ width: 4000, height: 3000 }, 90)).toEqual({ width: 3000, height: 4000 });
    expect(rotatedSize({ width: 4000, height: 3000 }, 270)).toEqual({ width: 3000, height: 4000 });
    expect(rotatedSize({ width: 4000, height: 3000 }, 180)).toEqual({ width: 4000, height: 3000 });
  });

  it("make car photos as wide as the card, medium and full sizes, never wider than the source", () => {
    expect(carPhotoWidth({ width: 4000, height: 3000 }, "full")).toBe(1600);
    expect(carPhotoWidth({ width: 4000, height: 3000 }, "medium")).toBe(800);
    expect(carPhotoWidth({ width: 700, height: 500 }, "medium")).toBe(700);
    expect(carPhotoWidth({ width: 4000, height: 3000 }, "card")).toBe(640);
    expect(carPhotoWidth({ width: 800, height: 600 }, "full")).toBe(800);
    expect(carPhotoWidth({ width: 500, height: 900 }, "card")).toBe(500);
  });

  it("make an avatar's shorter side 256 pixels, never enlarged", () => {
    expect(avatarWidth({ width: 1024, height: 768 })).toBe(341);
    expect(avatarWidth({ width: 768, height: 1024 })).toBe(256);
    expect(avatarWidth({ width: 2000, height: 2000 })).toBe(256);
    expect(avatarWidth({ width: 200, height: 100 })).toBe(200);
  });
});
