// PartyKit down: the thread must keep polling every 3 s until the socket opens, and again when it drops.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POLL_INTERVAL_MS, watchLiveRoom, type LiveEvent, type RoomSocket } from "./use-live-room";

type Listener = (event: MessageEvent) => void;

/** A socket that does nothing until the test makes it open, close or speak. */
function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const socket: RoomSocket & { emit(type: string, data?: unknown): void; closed: boolean } = {
    closed: false,
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    close() {
      this.closed = true;
    },
    emit(type, data) {
      for (const listener of listeners.get(type) ?? []) listener({ data } as MessageEvent);
    },
  };
  return socket;
}

function watch(connect: () => Promise<RoomSocket>, pollMs: number | null = POLL_INTERVAL_MS) {
  const events: LiveEvent[] = [];
  const stop = watchLiveRoom({
    host: "127.0.0.1:1999",
    party: "main",
    room: "conversation-1",
    token: () => "t",
    onEvent: (event) => events.push(event),
    pollMs,
    isVisible: () => true,
    connect,
  });
  return { events, stop, polls: () => events.filter((e) => e.type === "poll").length };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a live room whose server is down", () => {
  it("polls every 3 s while the socket never opens", async () => {
    const { polls, stop } = watch(async () => fakeSocket());
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(3);
    stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(3);
  });

  it("polls when partysocket cannot even be loaded", async () => {
    const { polls, stop } = watch(() => Promise.reject(new Error("chunk failed")));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(polls()).toBe(2);
    stop();
  });

  it("stops polling once the socket opens, passes its events on, and polls again when it drops", async () => {
    const socket = fakeSocket();
    const { events, polls, stop } = watch(async () => socket);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls()).toBe(1);
    socket.emit("open");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(1);
    socket.emit("message", JSON.stringify({ type: "message", conversationId: "1" }));
    socket.emit("message", "not json");
    expect(events.at(-1)).toEqual({ type: "message", conversationId: "1" });
    socket.emit("error");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(polls()).toBe(3);
    stop();
    expect(socket.closed).toBe(true);
  });

  it("does not poll for rooms whose news can wait (pollMs null)", async () => {
    const { polls, stop } = watch(async () => fakeSocket(), null);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(0);
    stop();
  });
});
