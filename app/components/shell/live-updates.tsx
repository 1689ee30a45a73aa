// A signed-in person's own live room (party/conversation.ts, "user-{id}"): when a message arrives, `onMessage`
// (the shell: reload the header's counts, a toast for 5 s linking to the conversation) and, when the page is in
// the background and the person allowed it, a desktop notification. Without a socket the counts wait for the next
// page. Loaded lazily by the shell for signed-in people, and kept free of the router and i18n imports so that it
// stays a small chunk of its own.
import type { LiveTicket } from "~/realtime/room-token";
import { useLiveRoom } from "~/realtime/use-live-room";

export default function LiveUpdates({
  ticket,
  onMessage,
  notificationTitle,
}: {
  ticket: LiveTicket;
  onMessage: (conversationId: string) => void;
  notificationTitle: string;
}) {
  useLiveRoom(
    ticket,
    (event) => {
      if (event.type !== "message" || typeof event.conversationId !== "string") return;
      onMessage(event.conversationId);
      if (document.visibilityState === "hidden" && "Notification" in window && Notification.permission === "granted") {
        new Notification(notificationTitle, { tag: event.conversationId, icon: "/favicon.svg" });
      }
    },
    { pollMs: null },
  );
  return null;
}
