// Sending from a form (the contact-owner page, the profile's message page, the reply box): the rules of part 1 §5
// checked on the server, the per-user rate limit, then one write (messaging.server.ts). Nothing is written when a
// rule fails; the caller shows the messages next to the fields with what was typed.
import { parseWithZod } from "@conform-to/zod/v4";
import type { Db } from "~/db.server";
import { RATE_LIMITS, consumeRateLimit } from "~/accounts/rate-limit.server";
import { contactOwnerSchema, MessageReplySchema } from "~/messages/message-form";
import { findRecipient, sendMessage } from "~/messages/messaging.server";
import { vilniusDay } from "~/utils/calendar-days";

/** The fields of the forms that send a message (the reply box has `content` alone). */
const MESSAGE_FIELDS = ["type", "subject", "content", "start", "end", "pickupLocation"] as const;
type MessageField = (typeof MESSAGE_FIELDS)[number];

export type SendResult =
  | { ok: true; messageId: string; conversationId: string }
  | {
      ok: false;
      status: 400 | 404 | 429;
      issues: Record<string, string>;
      formIssue: string | null;
      /** What was typed, to fill the form again. */
      values: Record<MessageField, string>;
    };

export async function sendFromForm(
  db: Db,
  input: {
    senderId: string;
    recipientId: string;
    carId: string | null;
    allowBooking: boolean;
    form: FormData;
    /** A conversation's reply box: the message alone, whatever else the form carries. */
    reply?: boolean;
  },
  now = new Date(),
): Promise<SendResult> {
  const schema = input.reply ? MessageReplySchema : contactOwnerSchema(vilniusDay(now), input.allowBooking);
  const submission = parseWithZod(input.form, { schema });
  const values = Object.fromEntries(
    MESSAGE_FIELDS.map((name) => {
      const value = submission.payload[name];
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as Record<MessageField, string>;
  if (submission.status !== "success") {
    const issues: Record<string, string> = {};
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0]) issues[name || "form"] ??= messages[0];
    }
    return { ok: false, status: 400, issues, formIssue: null, values };
  }
  const recipient = await findRecipient(db, input.senderId, input.recipientId);
  if (!recipient) return { ok: false, status: 404, issues: {}, formIssue: "messages:errors.recipientGone", values };
  const limit = await consumeRateLimit(db, `message:${input.senderId}`, RATE_LIMITS.messageSend, now.getTime());
  if (!limit.allowed) return { ok: false, status: 429, issues: {}, formIssue: "messages:errors.rateLimited", values };
  const form = submission.value;
  const sent = await sendMessage(
    db,
    {
      senderId: input.senderId,
      recipientId: recipient.id,
      carId: input.carId,
      type: form.type,
      subject: form.subject ?? null,
      content: form.content,
      bookingStartDate: form.start ?? null,
      bookingEndDate: form.end ?? null,
      pickupLocation: form.pickupLocation ?? null,
    },
    now,
  );
  return { ok: true, messageId: sent.id, conversationId: sent.conversationId };
}
