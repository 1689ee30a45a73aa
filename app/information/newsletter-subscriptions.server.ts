// The newsletter's double opt-in. Asking writes (or refreshes) the address's row with the SHA-256 of a new random
// token and e-mails the link; the link confirms once, within 48 hours. Unsubscribe links carry an HMAC of the row's
// id (no expiry, no row to keep), so any later e-mail can carry one too. Whatever the address's state, asking
// answers the same: nobody learns from the form who is subscribed. Only a confirmed, not unsubscribed address
// counts as a subscriber (isActiveSubscriber), and asking again never unconfirms one.
import { and, eq, gt, sql } from "drizzle-orm";
import { newsletterSubscriptions } from "#db/schema";
import type { Db } from "~/db.server";
import type { Language } from "~/i18n";
import { NEWSLETTER_TOKEN_LIFETIME_MS } from "~/information/newsletter-form";
import { hmacSha256, randomToken, safeEqual, sha256Hex } from "~/utils/crypto.server";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** A new confirmation token for the address; the caller e-mails it. Returns the token, never stored as is. */
export async function requestNewsletterSubscription(db: Db, email: string, language: Language, now = new Date()) {
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const tokenExpiresAt = new Date(now.getTime() + NEWSLETTER_TOKEN_LIFETIME_MS);
  const active = sql`${newsletterSubscriptions.confirmedAt} is not null and ${newsletterSubscriptions.unsubscribedAt} is null`;
  await db
    .insert(newsletterSubscriptions)
    .values({ email, language, tokenHash, tokenExpiresAt, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: {
        tokenHash,
        tokenExpiresAt,
        // A stranger typing a subscriber's address must not change what the subscriber receives.
        language: sql`case when ${active} then ${newsletterSubscriptions.language} else ${language} end`,
        updatedAt: now,
      },
    });
  return token;
}

export type ConfirmResult = { ok: true; id: string; email: string } | { ok: false };

/**
 * Spends a confirmation token: the address is subscribed (again, after an unsubscribe), and the token expires at
 * once, so a second click is refused. One conditional UPDATE: two clicks at once confirm once.
 */
export async function confirmNewsletterSubscription(db: Db, token: string, now = new Date()): Promise<ConfirmResult> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false };
  const t = newsletterSubscriptions;
  const [row] = await db
    .update(t)
    .set({
      confirmedAt: sql`case when ${t.confirmedAt} is not null and ${t.unsubscribedAt} is null then ${t.confirmedAt} else ${now.getTime()} end`,
      unsubscribedAt: null,
      tokenExpiresAt: now,
      updatedAt: now,
    })
    .where(and(eq(t.tokenHash, await sha256Hex(token)), gt(t.tokenExpiresAt, now)))
    .returning({ id: t.id, email: t.email });
  return row ? { ok: true, ...row } : { ok: false };
}

const unsubscribeMessage = (id: string) => `newsletter-unsubscribe:${id}`;

export async function unsubscribeToken(secrets: string[], id: string): Promise<string> {
  return hmacSha256(secrets[0]!, unsubscribeMessage(id));
}

/** Whether the link's token was made for this row with one of the secrets (rotation: any may have signed it). */
export async function isUnsubscribeTokenValid(secrets: string[], id: string, token: string): Promise<boolean> {
  if (!id || !token || token.length > 100) return false;
  for (const secret of secrets) {
    if (safeEqual(await hmacSha256(secret, unsubscribeMessage(id)), token)) return true;
  }
  return false;
}

/** Sets unsubscribed_at (kept from the first time) and voids any pending link. False when the row is gone. */
export async function unsubscribeNewsletter(db: Db, id: string, now = new Date()): Promise<boolean> {
  const t = newsletterSubscriptions;
  const [row] = await db
    .update(t)
    .set({ unsubscribedAt: sql`coalesce(${t.unsubscribedAt}, ${now.getTime()})`, tokenExpiresAt: now, updatedAt: now })
    .where(eq(t.id, id))
    .returning({ id: t.id });
  return Boolean(row);
}

export function isActiveSubscriber(row: { confirmedAt: Date | null; unsubscribedAt: Date | null }): boolean {
  return row.confirmedAt !== null && row.unsubscribedAt === null;
}
