// Short-lived signed tickets for the live rooms (party/rooms.ts). The Worker gives one to a signed-in person for a
// room they may listen to (a conversation they are in, or their own user room); the room checks it on connect.
// HMAC-SHA256 over "room.user.expiry" with the secret the Worker and the party share; WebCrypto only, so the same
// code runs in the Worker, in PartyKit and in tests.

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

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer | Uint8Array): string {
  let text = "";
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function hmac(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/** Equal strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export async function signRoomToken(
  secret: string,
  claim: { room: string; userId: string },
  now = Date.now(),
): Promise<string> {
  const payload = `${claim.room}.${claim.userId}.${now + ROOM_TOKEN_TTL_MS}`;
  return `${payload}.${await hmac(secret, payload)}`;
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
  if (!safeEqual(signature, await hmac(secret, `${tokenRoom}.${userId}.${expiry}`))) return null;
  if (tokenRoom !== room || !userId) return null;
  const expiresAt = Number(expiry);
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return userId;
}
