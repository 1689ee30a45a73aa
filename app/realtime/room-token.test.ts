import { describe, expect, it } from "vitest";
import { ROOM_TOKEN_TTL_MS, conversationRoom, signRoomToken, verifyRoomToken } from "~/realtime/room-token";
import { safeEqual } from "~/utils/crypto.server";

const SECRET = "room-secret-for-tests";
const room = conversationRoom("c1");
const NOW = 1_800_000_000_000;

describe("room tokens", () => {
  it("a genuine ticket names its user, for its room, until it expires", async () => {
    const token = await signRoomToken(SECRET, { room, userId: "u1" }, NOW);
    expect(await verifyRoomToken(SECRET, token, room, NOW)).toBe("u1");
    expect(await verifyRoomToken(SECRET, token, room, NOW + ROOM_TOKEN_TTL_MS - 1)).toBe("u1");
    expect(await verifyRoomToken(SECRET, token, room, NOW + ROOM_TOKEN_TTL_MS)).toBeNull();
  });
  it("refuses another room, another secret, a changed user or expiry, and rubbish", async () => {
    const token = await signRoomToken(SECRET, { room, userId: "u1" }, NOW);
    expect(await verifyRoomToken(SECRET, token, conversationRoom("c2"), NOW)).toBeNull();
    expect(await verifyRoomToken("another-secret", token, room, NOW)).toBeNull();
    const [r, , expiry, signature] = token.split(".");
    expect(await verifyRoomToken(SECRET, [r, "u2", expiry, signature].join("."), room, NOW)).toBeNull();
    expect(await verifyRoomToken(SECRET, [r, "u1", String(NOW * 2), signature].join("."), room, NOW)).toBeNull();
    for (const bad of [null, "", "a.b.c", "a.b.c.d.e", "x".repeat(600)]) {
      expect(await verifyRoomToken(SECRET, bad, room, NOW)).toBeNull();
    }
  });
  it("compares in constant shape", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "ab")).toBe(false);
  });
});
