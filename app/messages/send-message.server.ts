// Sending from a form (the contact-owner page, the profile's message page, the reply box): the rules of part 1 §5
// checked on the server, the per-user rate limit, then one write (messaging.server.ts). Nothing is written when a
// rule fails; the caller shows the messages next to the fields with what was typed.
import type { Db } from "~/db.server";
import { RATE_LIMITS, consumeRateLimit } from "~/accounts/rate-limit.server";
import { contactOwnerSchema } from "~/messages/message-rules";
import { findRecipient, sendMessage } from "~/messages/messaging.server";
import { vilniusDay } from "~/utils/calendar-days";

export type SendResult =
  | { ok: true; messageId: string; conversationId: string }
  | { ok: false; status: 400 | 404 | 429; issues: Record<string, string>; formIssue: string | null };

function fields(form: FormData) {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  return {
    type: value("type"),
    subject: value("subject"),
    content: value("content") ?? "",
    start: value("start"),
    end: value("end"),
    pickupLocation: value("pickupLocation"),
  };
}

export async function sendFromForm(
  db: Db,
  input: { senderId: string; recipientId: string; carId: string | null; allowBooking: boolean; form: FormData },
  now = new Date(),
): Promise<SendResult> {
  const parsed = contactOwnerSchema(vilniusDay(now), input.allowBooking).safeParse(fields(input.form));
  if (!parsed.success) {
    const issues: Record<string, string> = {};
    for (const issue of parsed.error.issues) issues[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false, status: 400, issues, formIssue: null };
  }
  const recipient = await findRecipient(db, input.senderId, input.recipientId);
  if (!recipient) return { ok: false, status: 404, issues: {}, formIssue: "messages:errors.recipientGone" };
  const limit = await consumeRateLimit(db, `message:${input.senderId}`, RATE_LIMITS.messageSend, now.getTime());
  if (!limit.allowed) return { ok: false, status: 429, issues: {}, formIssue: "messages:errors.rateLimited" };
  const form = parsed.data;
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
