// Single-use e-mailed links. The link carries a random token; the row keeps its SHA-256, an expiry and used_at.
// Using a token is one conditional UPDATE, so a link clicked twice at once still works only once.
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
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

/** The shape of a token we issue: anything else is refused without asking the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** The user id when the token is valid, unused and unexpired; it is then spent. Otherwise null. */
export async function spendEmailToken(db: Db, token: string, purpose: TokenPurpose, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) return null;
  // db.all, not db.get: Drizzle's get throws when no row matches.
  const [row] = await db.all<{ user_id: string }>(sql`
    update email_tokens set used_at = ${now.getTime()}
    where token_hash = ${await sha256Hex(token)} and purpose = ${purpose}
      and used_at is null and expires_at > ${now.getTime()}
    returning user_id`);
  return row?.user_id ?? null;
}

/**
 * spendEmailToken with what using the token does, in one write batch (one round trip): `effect` gets the token's user
 * as SQL (a subquery on the token while it is still usable, so the effect changes nothing when it is not) and runs
 * just before the token is spent. The batch is one transaction, so both see the same token. True when it was usable.
 */
export async function spendEmailTokenWith(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  effect: (userId: SQL) => BatchItem<"sqlite">,
  now = new Date(),
): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const usable = and(
    eq(emailTokens.tokenHash, await sha256Hex(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
  const [, spent] = await db.batch([
    effect(sql`(${db.select({ userId: emailTokens.userId }).from(emailTokens).where(usable)})`),
    db.update(emailTokens).set({ usedAt: now }).where(usable).returning({ userId: emailTokens.userId }),
  ]);
  return spent.length > 0;
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
  if (!TOKEN_SHAPE.test(token)) return false;
  const [row] = await db.all<{ one: number }>(sql`
    select 1 as one from email_tokens
    where token_hash = ${await sha256Hex(token)} and purpose = ${purpose}
      and used_at is null and expires_at > ${now.getTime()}`);
  return Boolean(row);
}
