// Single-use e-mailed links. The link carries a random token; the row keeps its SHA-256, an expiry and used_at.
// Using a token is one conditional UPDATE, so a link clicked twice at once still works only once.
import { and, eq, isNull, sql } from "drizzle-orm";
import { emailTokens } from "#db/schema";
import type { Db } from "~/db.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";

export const TOKEN_LIFETIME_MS = {
  confirm_email: 24 * 60 * 60_000,
  reset_password: 60 * 60_000,
} as const;

export type TokenPurpose = keyof typeof TOKEN_LIFETIME_MS;

export async function issueEmailToken(db: Db, userId: string, purpose: TokenPurpose, now = new Date()) {
  const token = randomToken(32);
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    createdAt: now,
  });
  return token;
}

/** The user id when the token is valid, unused and unexpired; it is then spent. Otherwise null. */
export async function spendEmailToken(db: Db, token: string, purpose: TokenPurpose, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  // db.all, not db.get: Drizzle's get throws when no row matches.
  const [row] = await db.all<{ user_id: string }>(sql`
    update email_tokens set used_at = ${now.getTime()}
    where token_hash = ${await sha256Hex(token)} and purpose = ${purpose}
      and used_at is null and expires_at > ${now.getTime()}
    returning user_id`);
  return row?.user_id ?? null;
}

/**
 * Spends every outstanding link of one purpose for a user, as a statement for the batch that changes what the links
 * were for: once a password has been reset or changed, no older reset link may change it again.
 */
export function spendOutstandingEmailTokens(db: Db, userId: string, purpose: TokenPurpose, now = new Date()) {
  return db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Whether a token would be accepted, without spending it (the reset form checks before it asks). */
export async function isEmailTokenUsable(db: Db, token: string, purpose: TokenPurpose, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const [row] = await db.all<{ one: number }>(sql`
    select 1 as one from email_tokens
    where token_hash = ${await sha256Hex(token)} and purpose = ${purpose}
      and used_at is null and expires_at > ${now.getTime()}`);
  return Boolean(row);
}
