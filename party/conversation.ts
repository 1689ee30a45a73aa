// One PartyKit room per conversation. The Worker saves a message, then tells the room; the room tells the
// browsers that joined it. The token checks and the broadcast come with the messaging issue; until then the
// room answers a health check and refuses every socket, so nothing can listen in.
import type * as Party from "partykit/server";

export default class ConversationRoom implements Party.Server {
  constructor(readonly room: Party.Room) {}

  onConnect(connection: Party.Connection) {
    connection.close(4401, "Not accepting connections yet");
  }

  onRequest(request: Party.Request) {
    if (request.method === "GET") return Response.json({ room: this.room.id, ok: true });
    return new Response("Not found", { status: 404 });
  }
}
