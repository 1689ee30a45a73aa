// The Worker's side of the live rooms (party/conversation.ts): tickets for the browser, and the "something changed"
// events it posts after a write. An event that cannot be delivered is logged and forgotten: the message is saved,
// and the browsers that missed the event find it by polling.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { signRoomToken, type LiveTicket } from "~/realtime/room-token";

/** PartyKit's default party, as partykit.json names the server. */
const PARTY = "main";

/** Local rooms speak plain HTTP and WebSocket; deployed ones only the secure kinds. */
function isLocal(host: string) {
  return /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);
}

/** `PARTYKIT_HOST=off`: no rooms (the pages poll instead); the integration tests run so unless they test the rooms. */
const isOff = (host: string) => host === "off";

export async function liveTicket(
  context: Pick<AppLoadContext, "env">,
  room: string,
  userId: string,
): Promise<LiveTicket | null> {
  const { host, secret } = context.env.partykit;
  if (isOff(host)) return null;
  return { host, party: PARTY, room, token: await signRoomToken(secret, { room, userId }) };
}

export async function announce(context: Pick<AppLoadContext, "env">, room: string, event: Record<string, unknown>) {
  const { host, secret } = context.env.partykit;
  if (isOff(host)) return;
  const url = `${isLocal(host) ? "http" : "https"}://${host}/parties/${PARTY}/${room}`;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) console.warn(`Live room ${room} refused the event: ${response.status}`);
  } catch (error) {
    console.warn(`Live room ${room} unreachable`, error instanceof Error ? error.message : error);
  }
}
