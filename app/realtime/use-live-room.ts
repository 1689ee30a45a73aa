// Listening to a live room from the browser (party/conversation.ts). partysocket loads on first use, so pages that
// never open a room do not carry it. Whenever the socket is not open (it could not connect, the ticket was refused,
// the network dropped) the page polls every 3 s instead (part 1 §7), and stops once the socket is back.
import { useEffect, useRef } from "react";
import type { LiveTicket } from "~/realtime/room-token";

/** Part 1 §7 and §9: the fallback polls every 3 s. */
export const POLL_INTERVAL_MS = 3000;

export type LiveEvent = { type: string; [key: string]: unknown };

/** What watchLiveRoom needs of a socket: partysocket's PartySocket has it. */
export interface RoomSocket {
  addEventListener(type: "open" | "close" | "error" | "message", listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface RoomWatch {
  host: string;
  party: string | undefined;
  room: string;
  token: () => string;
  onEvent: (event: LiveEvent) => void;
  /** null: no polling (news that can wait for the next page). */
  pollMs: number | null;
  isVisible: () => boolean;
  /** Opens the socket (partysocket, loaded on first use); a rejection means polling only. */
  connect: (options: {
    host: string;
    party: string | undefined;
    room: string;
    query: () => { token: string };
  }) => Promise<RoomSocket>;
}

async function connectPartySocket(options: Parameters<RoomWatch["connect"]>[0]): Promise<RoomSocket> {
  const { PartySocket } = await import("partysocket");
  return new PartySocket(options) as unknown as RoomSocket;
}

/**
 * Polls (`{ type: "poll" }` every `pollMs` while the page is visible) until the socket says it is open, and again
 * whenever it closes or fails; passes the room's events on. Returns the function that stops it all.
 */
export function watchLiveRoom(watch: RoomWatch): () => void {
  let stopped = false;
  let poll: ReturnType<typeof setInterval> | null = null;
  let socket: RoomSocket | null = null;
  const startPolling = () => {
    if (watch.pollMs === null || stopped) return;
    poll ??= setInterval(() => {
      if (watch.isVisible()) watch.onEvent({ type: "poll" });
    }, watch.pollMs);
  };
  const stopPolling = () => {
    if (poll) clearInterval(poll);
    poll = null;
  };
  // Until the socket says it is open, the page polls.
  startPolling();
  watch
    .connect({ host: watch.host, party: watch.party, room: watch.room, query: () => ({ token: watch.token() }) })
    .then((live) => {
      if (stopped) return live.close();
      live.addEventListener("open", stopPolling);
      live.addEventListener("close", startPolling);
      live.addEventListener("error", startPolling);
      live.addEventListener("message", (message) => {
        try {
          const event = JSON.parse(String(message.data)) as LiveEvent;
          if (event && typeof event.type === "string") watch.onEvent(event);
        } catch {
          // Not ours: ignored.
        }
      });
      socket = live;
    })
    .catch(startPolling);
  return () => {
    stopped = true;
    stopPolling();
    socket?.close();
  };
}

/**
 * Calls `onChange` for each event of the room, and every `pollMs` (3 s) while the socket is down; `pollMs: null`
 * for rooms whose news can wait for the next page (the header's counts). The ticket may change (each reload of the
 * page's data brings a fresh one); a reconnect uses the newest.
 */
export function useLiveRoom(
  ticket: LiveTicket | null,
  onChange: (event: LiveEvent) => void,
  { pollMs = POLL_INTERVAL_MS }: { pollMs?: number | null } = {},
) {
  const latest = useRef(ticket);
  latest.current = ticket;
  const handler = useRef(onChange);
  handler.current = onChange;
  const host = ticket?.host;
  const party = ticket?.party;
  const room = ticket?.room;

  useEffect(() => {
    if (!host || !room) return;
    return watchLiveRoom({
      host,
      party,
      room,
      token: () => latest.current?.token ?? "",
      onEvent: (event) => handler.current(event),
      pollMs,
      isVisible: () => document.visibilityState === "visible",
      connect: connectPartySocket,
    });
  }, [host, party, room, pollMs]);
}
