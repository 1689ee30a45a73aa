// Saving a contact-form message (spec part 2 §3 "Contact form") for the admins to answer: one row in
// contact_messages, after the per-sender rate limit. The form's schema is checked before (contact-form.ts).
import { contactMessages } from "#db/schema";
import { RATE_LIMITS, consumeRateLimit } from "~/accounts/rate-limit.server";
import type { Db } from "~/db.server";
import type { Language } from "~/i18n";
import type { ContactInput } from "~/information/contact-form";

export type SaveContactResult = { ok: true; id: string } | { ok: false; reason: "rate-limited" };

export async function saveContactMessage(
  db: Db,
  input: ContactInput & {
    /** The signed-in sender, or null for a visitor. */
    userId: string | null;
    language: Language;
    /** Who the rate limit counts: the user when signed in, else the client's address. */
    client: string;
  },
  now = new Date(),
): Promise<SaveContactResult> {
  const key = input.userId ? `contact:user:${input.userId}` : `contact:client:${input.client}`;
  const limit = await consumeRateLimit(db, key, RATE_LIMITS.contact, now.getTime());
  if (!limit.allowed) return { ok: false, reason: "rate-limited" };
  const [row] = await db
    .insert(contactMessages)
    .values({
      userId: input.userId,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      type: input.type,
      language: input.language,
      createdAt: now,
    })
    .returning({ id: contactMessages.id });
  return { ok: true, id: row!.id };
}
