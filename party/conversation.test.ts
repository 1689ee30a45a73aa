// The room's door and its loudspeaker: tickets checked on connect, the Worker's events passed on only with the
// shared secret.
import type * as Party from "partykit/server";
import { describe, expect, it, vi } from "vitest";
import { conversationRoom, signRoomToken, userRoom } from "../app/realtime/room-token";
import LiveRoom, { CLOSE_UNAUTHORISED } from "./conversation";

const SECRET = "party-test-secret";
const CONVERSATION = "0b7f1c2e-3a4d-4e5f-8a9b-0c1d2e3f4a5b";
const USER = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

function fakeRoom(id: string, connections: { send: (m: string) => void }[] = []) {
  const broadcast = vi.fn((message: string) => connections.forEach((c) => c.send(message)));
  const room = {
    id,
    env: { PARTYKIT_SECRET: SECRET },
    broadcast,
    getConnections: () => connections[Symbol.iterator](),
  } as unknown as Party.Room;
  return { room, broadcast };
}

function fakeConnection() {
  return { close: vi.fn(), setState: vi.fn() } as unknown as Party.Connection & {
    close: ReturnType<typeof vi.fn>;
    setState: ReturnType<typeof vi.fn>;
  };
}

const connectWith = (roomId: string, token: string | null) => {
  const url = `http://127.0.0.1/parties/main/${roomId}${token === null ? "" : `?token=${encodeURIComponent(token)}`}`;
  return { request: new Request(url) } as unknown as Party.ConnectionContext;
};

describe("joining a room", () => {
  const roomId = conversationRoom(CONVERSATION);

  it("lets in the person the Worker gave a ticket for this room", async () => {
    const { room } = fakeRoom(roomId);
    const connection = fakeConnection();
    await new LiveRoom(room).onConnect(
      connection,
      connectWith(roomId, await signRoomToken(SECRET, { room: roomId, userId: USER })),
    );
    expect(connection.close).not.toHaveBeenCalled();
    expect(connection.setState).toHaveBeenCalledWith({ userId: USER });
  });

  it.each([
    ["no ticket", async () => null],
    ["a forged ticket", async () => signRoomToken("not-the-secret", { room: roomId, userId: USER })],
    ["an expired ticket", async () => signRoomToken(SECRET, { room: roomId, userId: USER }, Date.now() - 10 * 60_000)],
    ["another room's ticket", async () => signRoomToken(SECRET, { room: userRoom(USER), userId: USER })],
    ["rubbish", async () => "a.b.c.d"],
  ])("closes the socket on %s", async (_name, token) => {
    const { room } = fakeRoom(roomId);
    const connection = fakeConnection();
    await new LiveRoom(room).onConnect(connection, connectWith(roomId, await token()));
    expect(connection.close).toHaveBeenCalledWith(CLOSE_UNAUTHORISED, expect.any(String));
    expect(connection.setState).not.toHaveBeenCalled();
  });

  it("refuses rooms that are neither a conversation nor a person, even with a matching ticket", async () => {
    const { room } = fakeRoom("lobby");
    const connection = fakeConnection();
    await new LiveRoom(room).onConnect(
      connection,
      connectWith("lobby", await signRoomToken(SECRET, { room: "lobby", userId: USER })),
    );
    expect(connection.close).toHaveBeenCalledWith(CLOSE_UNAUTHORISED, expect.any(String));
  });
});

describe("the Worker's events", () => {
  const roomId = conversationRoom(CONVERSATION);
  const post = (body: string, authorization?: string) =>
    new Request(`http://127.0.0.1/parties/main/${roomId}`, {
      method: "POST",
      headers: authorization ? { Authorization: authorization } : {},
      body,
    }) as unknown as Party.Request;
  const event = JSON.stringify({ type: "message", conversationId: CONVERSATION, messageId: "m1" });

  it("are passed to everyone connected when they carry the secret", async () => {
    const received: string[][] = [[], []];
    const { room, broadcast } = fakeRoom(
      roomId,
      received.map((inbox) => ({ send: (m: string) => inbox.push(m) })),
    );
    const response = await new LiveRoom(room).onRequest(post(event, `Bearer ${SECRET}`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ delivered: 2 });
    expect(broadcast).toHaveBeenCalledTimes(1);
    expect(received).toEqual([[event], [event]]);
  });

  it("are refused without the secret, with the wrong one, or malformed", async () => {
    const { room, broadcast } = fakeRoom(roomId);
    const server = new LiveRoom(room);
    expect((await server.onRequest(post(event))).status).toBe(401);
    expect((await server.onRequest(post(event, "Bearer guess"))).status).toBe(401);
    expect((await server.onRequest(post("not json", `Bearer ${SECRET}`))).status).toBe(400);
    expect((await server.onRequest(post(JSON.stringify({ no: "type" }), `Bearer ${SECRET}`))).status).toBe(400);
    expect(broadcast).not.toHaveBeenCalled();
  });

  it("answers a health check", async () => {
    const { room } = fakeRoom(roomId);
    const response = await new LiveRoom(room).onRequest(
      new Request(`http://127.0.0.1/parties/main/${roomId}`) as unknown as Party.Request,
    );
    expect(await response.json()).toEqual({ room: roomId, ok: true });
  });
});
