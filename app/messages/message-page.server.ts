// What the two "write to someone" pages do on the server (contact owner, the profile's Send Message): send from
// the form, answer a refusal with the messages and what was typed, and after sending come back to the page in its
// "Message Sent" state (a GET, so a reload does not send twice).
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, or, type SQL } from "drizzle-orm";
import { conversations } from "#db/schema";
import type { Db } from "~/db.server";
import { sendFromForm } from "~/messages/send-message.server";
import { announce } from "~/realtime/live.server";
import { conversationRoom, userRoom } from "~/realtime/room-token";

/**
 * After a message is saved: the conversation's room (an open thread reloads) and the recipient's own room (their
 * unread count and a toast) hear of it, after the response has gone.
 */
export function announceMessage(
  context: AppLoadContext,
  sent: { conversationId: string; messageId: string; senderId: string; recipientId: string },
) {
  const event = { type: "message", conversationId: sent.conversationId, messageId: sent.messageId };
  context.cloudflare.ctx.waitUntil(
    Promise.all([
      announce(context, conversationRoom(sent.conversationId), { ...event, senderId: sent.senderId }),
      announce(context, userRoom(sent.recipientId), event),
    ]),
  );
}

export async function sendFromPage(
  context: AppLoadContext,
  request: Request,
  input: { senderId: string; recipientId: string; carId: string | null; allowBooking: boolean },
) {
  const sent = await sendFromForm(context.db, { ...input, form: await request.formData() });
  if (!sent.ok) {
    return data({ issues: sent.issues, formIssue: sent.formIssue, values: sent.values }, { status: sent.status });
  }
  announceMessage(context, { ...sent, senderId: input.senderId, recipientId: input.recipientId });
  const url = new URL(request.url);
  return redirect(`${url.pathname}?sent=${sent.conversationId}`, 303);
}

/**
 * The conversation a "Message Sent" page links to: only one of the reader's own. The reader may be the session's
 * subquery, so the page asks for it beside the session's lookup (one round trip, docs/decisions/002).
 */
export async function sentConversationId(db: Db, userId: string | SQL, request: Request): Promise<string | null> {
  const id = new URL(request.url).searchParams.get("sent");
  if (!id) return null;
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, id), or(eq(conversations.userAId, userId), eq(conversations.userBId, userId))))
    .limit(1);
  return row?.id ?? null;
}
