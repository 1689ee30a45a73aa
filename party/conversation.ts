// The live rooms (ARCHITECTURE.md, Messages). A room per conversation ("conversation-{id}") and one per person
// ("user-{id}", for their unread counts and new-message toasts). The database stays the truth: a room carries no
// messages of its own, it only tells the browsers in it that something changed, and they load it from the Worker.
//   - A browser joins with ?token=..., a two-minute ticket the Worker signed for this room and this person
//     (app/realtime/room-token.ts); no ticket, a forged or expired one, or one for another room: closed at once.
//   - The Worker, after saving a message, POSTs the event here with the shared secret (Bearer); the room passes it
//     to everyone connected. Anything else is refused.
import type * as Party from "partykit/server";
import { verifyRoomToken } from "../app/realtime/room-token";
import { safeEqual } from "../app/utils/crypto.server";

/** WebSocket close codes in the application range: 4401 not allowed in, 4400 malformed. */
export const CLOSE_UNAUTHORISED = 4401;

const ROOM_PATTERN = /^(conversation|user)-[0-9a-f-]{36}$/;

/** The secret the Worker shares with the rooms; locally both fall back to the same development value. */
function secretOf(room: Party.Room): string {
  const value = room.env.PARTYKIT_SECRET;
  return typeof value === "string" && value ? value : "dev-session-secret-not-for-production";
}

export default class LiveRoom implements Party.Server {
  constructor(readonly room: Party.Room) {}

  async onConnect(connection: Party.Connection, context: Party.ConnectionContext) {
    const token = new URL(context.request.url).searchParams.get("token");
    const userId = ROOM_PATTERN.test(this.room.id)
      ? await verifyRoomToken(secretOf(this.room), token, this.room.id)
      : null;
    if (!userId) {
      connection.close(CLOSE_UNAUTHORISED, "Not allowed in this room");
      return;
    }
    connection.setState({ userId });
  }

  onMessage() {
    // Browsers only listen; what they have to say goes through the Worker's forms.
  }

  async onRequest(request: Party.Request) {
    if (request.method === "GET") return Response.json({ room: this.room.id, ok: true });
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    const authorization = request.headers.get("Authorization") ?? "";
    if (!safeEqual(authorization, `Bearer ${secretOf(this.room)}`)) {
      return new Response("Unauthorised", { status: 401 });
    }
    let event: unknown;
    try {
      event = await request.json();
    } catch {
      return new Response("Bad request", { status: 400 });
    }
    if (!event || typeof event !== "object" || typeof (event as { type?: unknown }).type !== "string") {
      return new Response("Bad request", { status: 400 });
    }
    this.room.broadcast(JSON.stringify(event));
    return Response.json({ delivered: [...this.room.getConnections()].length });
  }
}

LiveRoom satisfies Party.Worker;
