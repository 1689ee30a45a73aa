// Short-lived signed tickets for the live rooms (party/rooms.ts). The Worker gives one to a signed-in person for a
// room they may listen to (a conversation they are in, or their own user room); the room checks it on connect.
// HMAC-SHA256 over "room.user.expiry" with the secret the Worker and the party share; WebCrypto only, so the same
// code runs in the Worker, in PartyKit and in tests.
// Relative, not "~/": PartyKit bundles this file without the app's path aliases.
import { hmacSha256, safeEqual } from "../utils/crypto.server";

/** Part of ARCHITECTURE.md's "short-lived": a ticket is good for two minutes (the socket reconnects with a new one). */
export const ROOM_TOKEN_TTL_MS = 2 * 60_000;

/** What a page needs to join a room: where it is, which one, and the ticket. */
export interface LiveTicket {
  host: string;
  party: string;
  room: string;
  token: string;
}

export const conversationRoom = (conversationId: string) => `conversation-${conversationId}`;
export const userRoom = (userId: string) => `user-${userId}`;

export async function signRoomToken(
  secret: string,
  claim: { room: string; userId: string },
  now = Date.now(),
): Promise<string> {
  const payload = `${claim.room}.${claim.userId}.${now + ROOM_TOKEN_TTL_MS}`;
  return `${payload}.${await hmacSha256(secret, payload)}`;
}

/** The user a ticket was given to, when it is genuine, for this room and not expired; otherwise null. */
export async function verifyRoomToken(
  secret: string,
  token: string | null | undefined,
  room: string,
  now = Date.now(),
): Promise<string | null> {
  if (!token || token.length > 512) return null;
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [tokenRoom, userId, expiry, signature] = parts as [string, string, string, string];
  if (!safeEqual(signature, await hmacSha256(secret, `${tokenRoom}.${userId}.${expiry}`))) return null;
  if (tokenRoom !== room || !userId) return null;
  const expiresAt = Number(expiry);
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return userId;
}
