// Server-side rate limits: one counter row per key in a fixed window that starts at its first hit.
// The read and the increment are one statement, so parallel requests cannot both slip under the limit.
import { sql } from "drizzle-orm";
import type { Db } from "~/db.server";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  /** Part 1 §9: sign-in and sign-up, 5 attempts per 5 minutes. */
  signIn: { limit: 5, windowMs: 5 * 60_000 },
  signUp: { limit: 5, windowMs: 5 * 60_000 },
  /** Beyond the spec: many addresses tried from one client (credential stuffing); roomy for shared networks. */
  signInPerClient: { limit: 30, windowMs: 5 * 60_000 },
  /** Beyond the spec: e-mailed links (confirmation again, password reset) per address and per client. */
  emailLink: { limit: 3, windowMs: 15 * 60_000 },
  emailLinkPerClient: { limit: 10, windowMs: 15 * 60_000 },
  /** Part 1 §9: search, 100 per minute per client (the listing pages with a search term and the live search). */
  search: { limit: 100, windowMs: 60_000 },
  /** Part 1 §5: sending messages is limited per user (the spec's client had a 20 per minute limiter). */
  messageSend: { limit: 20, windowMs: 60_000 },
  /** Changing the password while signed in: guesses of the current password. */
  passwordChange: { limit: 5, windowMs: 5 * 60_000 },
  /** The contact form, per signed-in user or else per client: 5 per 10 minutes. */
  contact: { limit: 5, windowMs: 10 * 60_000 },
  /** Newsletter confirmation e-mails, per address (nobody's inbox gets flooded) and per client. */
  newsletter: { limit: 3, windowMs: 15 * 60_000 },
  newsletterPerClient: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: number = Date.now(),
): Promise<RateLimitResult> {
  const expiredBefore = now - rule.windowMs;
  const [row] = await db.all<{ count: number; window_start: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${expiredBefore} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${expiredBefore} then ${now} else rate_limits.window_start end
    returning count, window_start`);
  const count = Number(row?.count ?? Number.POSITIVE_INFINITY);
  const windowStart = Number(row?.window_start ?? now);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterMs: Math.max(0, windowStart + rule.windowMs - now),
  };
}

export async function resetRateLimit(db: Db, key: string) {
  await db.run(sql`delete from rate_limits where key = ${key}`);
}

/** The client's address as Cloudflare reports it; tests and local runs fall back to a constant. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
