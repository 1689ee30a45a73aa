// Listening to a live room from the browser (party/conversation.ts). partysocket loads on first use, so pages that
// never open a room do not carry it. Whenever the socket is not open (it could not connect, the ticket was refused,
// the network dropped) the page polls every 3 s instead (part 1 §7), and stops once the socket is back.
import { useEffect, useRef } from "react";
import type { LiveTicket } from "~/realtime/room-token";

/** Part 1 §7 and §9: the fallback polls every 3 s. */
export const POLL_INTERVAL_MS = 3000;

export type LiveEvent = { type: string; [key: string]: unknown };

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
    let stopped = false;
    let poll: ReturnType<typeof setInterval> | null = null;
    let socket: { close(): void } | null = null;
    const startPolling = () => {
      if (pollMs === null) return;
      poll ??= setInterval(() => {
        if (document.visibilityState === "visible") handler.current({ type: "poll" });
      }, pollMs);
    };
    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = null;
    };
    // Until the socket says it is open, the page polls.
    startPolling();
    import("partysocket")
      .then(({ PartySocket }) => {
        if (stopped) return;
        const live = new PartySocket({
          host,
          party,
          room,
          query: () => ({ token: latest.current?.token ?? "" }),
        });
        live.addEventListener("open", stopPolling);
        live.addEventListener("close", startPolling);
        live.addEventListener("error", startPolling);
        live.addEventListener("message", (message: MessageEvent) => {
          try {
            const event = JSON.parse(String(message.data)) as LiveEvent;
            if (event && typeof event.type === "string") handler.current(event);
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
  }, [host, party, room, pollMs]);
}
