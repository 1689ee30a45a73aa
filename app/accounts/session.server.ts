// Sessions are rows. The cookie carries a random 256-bit token (signed); the row's id is its SHA-256, so a
// database reader cannot sign in as anyone. Sessions end after 14 idle days or 60 days in all, at sign-out,
// or when the password changes; a new one is made at every sign-in.
import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { profiles, sessions, users } from "#db/schema";
import { getLanguage } from "~/i18n.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60_000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 60_000;

type Context = Pick<AppLoadContext, "db" | "env"> & Partial<Pick<AppLoadContext, "sessionLookups">>;

export function sessionCookie(env: Context["env"]) {
  // `__Host-` binds the cookie to this exact origin over HTTPS; local HTTP cannot use the prefix.
  return createCookie(env.isProduction ? "__Host-session" : "session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    secrets: env.sessionSecrets,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  fullName: string | null;
  avatarKey: string | null;
  isHost: boolean;
  verificationStatus: "pending" | "verified" | "rejected";
  accountType: "person" | "company";
  companyName: string | null;
  sessionId: string;
}

async function readToken(request: Request, env: Context["env"]): Promise<string | null> {
  // A garbled cookie (its signature not even base64) is no session, not a server error.
  const value: unknown = await sessionCookie(env)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return typeof value === "string" && value.length >= 32 ? value : null;
}

/** A request's session: the id its cookie names (no database), and the row's answer. */
export interface SessionLookup {
  sessionId: Promise<string | null>;
  user: Promise<SessionUser | null>;
}

// One lookup per request, however many loaders ask (they share the Request object).
const lookups = new WeakMap<Request, SessionLookup>();
/** The load contexts of requests whose session was found: their answers are the person's own (answeredForSession). */
const sessionContexts = new WeakSet<object>();

function sessionLookup(request: Request, context: Context): SessionLookup {
  // Remix hands each loader of a document request a Request of its own (it strips its search parameters), so the
  // Request alone would read the session once per loader. The loaders of one GET share the request's context: they
  // share its lookup. Not an action's: it may change the session, and the loaders after it must see the change.
  const shared = request.method === "GET" || request.method === "HEAD" ? context.sessionLookups : undefined;
  const cookie = request.headers.get("Cookie") ?? "";
  let lookup = shared?.get(cookie) ?? lookups.get(request);
  if (!lookup) {
    const sessionId = cookieSessionId(request, context.env);
    lookup = { sessionId, user: lookUpSessionUser(sessionId, context) };
    shared?.set(cookie, lookup);
    lookups.set(request, lookup);
  }
  return lookup;
}

export function getSessionUser(request: Request, context: Context): Promise<SessionUser | null> {
  // Registered before the caller's own continuation, so the mark is there by the time any answer is made.
  return sessionLookup(request, context).user.then((user) => {
    if (user) sessionContexts.add(context);
    return user;
  });
}

/** What no cache may keep: an answer made for a signed-in person (decision 030). */
export const SESSION_CACHE_CONTROL = "private, no-store";

/**
 * Whether this request's answer was made for a signed-in person: some loader or action of it found the session. The
 * Worker then sends it with SESSION_CACHE_CONTROL, whatever the route set (documents, single-fetch data, redirects,
 * files); answers that never looked at the session (photos, the live search) keep their own caching.
 */
export function answeredForSession(context: object): boolean {
  return sessionContexts.has(context);
}

/** The response as a signed-in person's answer must go out: no browser, proxy or back-forward cache keeps it. */
export function withSessionCacheControl(context: object, response: Response): Response {
  if (!answeredForSession(context)) return response;
  try {
    response.headers.set("Cache-Control", SESSION_CACHE_CONTROL);
    return response;
  } catch {
    // Immutable headers (a fetched or redirect Response): the same answer with headers of its own.
    const answer = new Response(response.body, response);
    answer.headers.set("Cache-Control", SESSION_CACHE_CONTROL);
    return answer;
  }
}

/** The session row's conditions: this id, not past its absolute or idle lifetime, its account not deleted. */
function liveSession(sessionId: string, now: number) {
  return and(
    eq(sessions.id, sessionId),
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
    sql`${users.deletedAt} is null`,
  );
}

/** The session id the cookie names (its token's SHA-256), or null: no database involved. */
async function cookieSessionId(request: Request, env: Context["env"]): Promise<string | null> {
  const token = await readToken(request, env);
  return token ? sha256Hex(token) : null;
}

/**
 * The signed-in person's id as SQL (a subquery on the session row, with the lookup's own conditions), for reads of
 * their own rows that start in the same turn as the session's lookup instead of after its answer: they travel in
 * its round trip (app/db-batching.server.ts). Null without a session cookie. A session that is not live matches no
 * one, so such a read finds nothing; the caller still decides by getSessionUser's answer.
 */
export async function sessionUserIdSql(request: Request, context: Context): Promise<SQL | null> {
  // The lookup's own id, so these reads are asked for in the same turn as the session's row.
  const sessionId = await sessionLookup(request, context).sessionId;
  if (!sessionId) return null;
  const query = context.db
    .select({ id: users.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(sessionId, Date.now()))
    .limit(1);
  return sql`(${query})`;
}

async function lookUpSessionUser(
  sessionIdOfCookie: Promise<string | null>,
  { db }: Context,
): Promise<SessionUser | null> {
  const sessionId = await sessionIdOfCookie;
  if (!sessionId) return null;
  const now = Date.now();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      isAdmin: users.isAdmin,
      fullName: profiles.fullName,
      avatarKey: profiles.avatarKey,
      isHost: profiles.isHost,
      verificationStatus: profiles.verificationStatus,
      accountType: profiles.accountType,
      companyName: profiles.companyName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(liveSession(sessionId, now))
    .limit(1);
  if (!row) return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, sessionId));
  }
  const { lastSeenAt: _lastSeenAt, ...user } = row;
  return user;
}

/**
 * Starts a session for the user and returns its Set-Cookie header. Any session the browser had is ended. `alongside`:
 * the caller's own writes, in the same batch (sign-in forgets the account's failures in it: one round trip).
 */
export async function startSession(
  request: Request,
  { db, env }: Context,
  userId: string,
  alongside: readonly BatchItem<"sqlite">[] = [],
): Promise<string> {
  const previous = await readToken(request, env);
  const token = randomToken(32);
  const now = new Date();
  const statements = [
    db.insert(sessions).values({
      id: await sha256Hex(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    }),
    // E-mails sent while the person is away (a booking request for a host) go out in the language they sign in with.
    db
      .update(profiles)
      .set({ preferredLanguage: await getLanguage(request) })
      .where(eq(profiles.id, userId)),
  ] as const;
  if (previous) {
    await db.batch([
      ...statements,
      ...alongside,
      db.delete(sessions).where(eq(sessions.id, await sha256Hex(previous))),
    ]);
  } else {
    await db.batch([...statements, ...alongside]);
  }
  return sessionCookie(env).serialize(token);
}

/** Ends this browser's session and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request, { db, env }: Context): Promise<string> {
  const token = await readToken(request, env);
  if (token) await db.delete(sessions).where(eq(sessions.id, await sha256Hex(token)));
  return sessionCookie(env).serialize("", { maxAge: 0 });
}

/** Ends every session of a user, or every one but `keepSessionId` (this browser's, after a password change). */
export async function endUserSessions(db: Context["db"], userId: string, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}
