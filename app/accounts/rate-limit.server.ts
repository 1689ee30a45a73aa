// Server-side rate limits: one counter row per key in a fixed window that starts at its first hit.
// The read and the increment are one statement, so parallel requests cannot both slip under the limit.
import { sql } from "drizzle-orm";
import type { Db } from "~/db.server";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  /**
   * Part 1 §9: sign-in and sign-up, 5 attempts per 5 minutes, for one person: sign-in per account and network,
   * sign-up per e-mail address. The throttle around them is app/accounts/auth-throttle.server.ts.
   */
  signIn: { limit: 5, windowMs: 5 * 60_000 },
  signUp: { limit: 5, windowMs: 5 * 60_000 },
  /**
   * Beyond the spec, per network (many accounts tried from one place): roomy, because a phone carrier's NAT puts
   * hundreds of people behind one address, and one stranger's typos must not keep them all out.
   */
  signInPerNetwork: { limit: 300, windowMs: 60 * 60_000 },
  signUpPerNetwork: { limit: 100, windowMs: 60 * 60_000 },
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
  const hit = countRateLimit(db, key, rule, now);
  return hit.result(await hit.statement);
}

/**
 * consumeRateLimit's counting statement, for a write batch that runs the reads it guards after it in the same round
 * trip: `allowed` is SQL that holds while the count just made is within the limit, so a guarded read finds nothing
 * (and costs nothing) once it is over; `result` reads the statement's answer as consumeRateLimit does.
 */
export function countRateLimit(db: Db, key: string, rule: RateLimitRule, now: number = Date.now()) {
  const expiredBefore = now - rule.windowMs;
  return {
    statement: db.all<{ count: number; window_start: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${expiredBefore} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${expiredBefore} then ${now} else rate_limits.window_start end
    returning count, window_start`),
    allowed: sql`(select count from rate_limits where key = ${key}) <= ${rule.limit}`,
    result(rows: { count: number; window_start: number }[]): RateLimitResult {
      const [row] = rows;
      const count = Number(row?.count ?? Number.POSITIVE_INFINITY);
      const windowStart = Number(row?.window_start ?? now);
      return {
        allowed: count <= rule.limit,
        remaining: Math.max(0, rule.limit - count),
        retryAfterMs: Math.max(0, windowStart + rule.windowMs - now),
      };
    },
  };
}

export type RateLimitCount = ReturnType<typeof countRateLimit>;

export interface RateLimitReservation {
  allowed: boolean;
  /** The window the attempt was counted in, to give it back with releaseRateLimit; null when refused. */
  windowStart: number | null;
  retryAfterMs: number;
}

/**
 * Like consumeRateLimit, but a refused attempt is not counted (the conditional upsert leaves the row alone and
 * returns nothing), and a counted one can be given back (releaseRateLimit) once it proves harmless, e.g. a
 * sign-in with the right password. Still one statement, so parallel requests cannot both take the last place.
 */
export async function reserveRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: number = Date.now(),
): Promise<RateLimitReservation> {
  const expiredBefore = now - rule.windowMs;
  const [row] = await db.all<{ window_start: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${expiredBefore} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${expiredBefore} then ${now} else rate_limits.window_start end
    where rate_limits.window_start <= ${expiredBefore} or rate_limits.count < ${rule.limit}
    returning window_start`);
  if (row) return { allowed: true, windowStart: Number(row.window_start), retryAfterMs: 0 };
  const [held] = await db.all<{ window_start: number }>(sql`select window_start from rate_limits where key = ${key}`);
  const windowStart = Number(held?.window_start ?? now);
  return { allowed: false, windowStart: null, retryAfterMs: Math.max(0, windowStart + rule.windowMs - now) };
}

/** Gives back one attempt counted by reserveRateLimit, if its window is still the current one. */
export async function releaseRateLimit(db: Db, key: string, windowStart: number | null) {
  if (windowStart === null) return;
  await db.run(sql`
    update rate_limits set count = count - 1
    where key = ${key} and window_start = ${windowStart} and count > 0`);
}

export async function resetRateLimit(db: Db, key: string) {
  await db.run(sql`delete from rate_limits where key = ${key}`);
}

/**
 * The client's address as Cloudflare reports it; tests and local runs without the header share one constant.
 * Only CF-Connecting-IP: in production Cloudflare sets it on every request that reaches the Worker, replacing
 * whatever the client sent, so it cannot be forged there. X-Forwarded-For and X-Real-IP are never read: a client
 * writes them as it likes, and trusting them would let anyone pick a fresh address per request and walk around
 * every per-address limit. (Under wrangler dev a client can send CF-Connecting-IP itself; that is how the tests
 * give requests their addresses.)
 */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "local";
}

/** The network a per-address limit counts: the address itself for IPv4, its /64 for IPv6. */
export function clientNetwork(request: Request): string {
  return addressNetwork(clientAddress(request));
}

/**
 * One IPv6 subscriber (a home line, a phone) is handed a whole /64 and can use a new address in it per request,
 * so an IPv6 address counts by its first four groups. IPv4 (IPv4-mapped IPv6 included) counts as it is; anything
 * that does not parse is kept verbatim.
 */
export function addressNetwork(address: string): string {
  const value = address.trim().toLowerCase().split("%")[0]!;
  const mapped = /^(?:0{0,4}:){2,5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1]!;
  if (!value.includes(":")) return value;
  const halves = value.split("::");
  if (halves.length > 2) return value;
  const groupsOf = (part: string | undefined) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const groups =
    halves.length === 2
      ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill("0"), ...tail]
      : head;
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return value;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
