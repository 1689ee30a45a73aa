// Who may do what, decided on the server against the row itself. Every later route calls these.
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";
import { getSessionUser, sessionUserIdSql, type SessionUser } from "~/accounts/session.server";
import { safeRedirectPath } from "~/utils/redirect";

type Context = Pick<AppLoadContext, "db" | "env">;

/** The body of a 401/403/404 response: a translation key the error boundary shows. */
export interface ErrorPayload {
  message: string;
  title?: string;
  /** The page offers sign-in and sign-up (the spec's "Sign in required" states). */
  signIn?: boolean;
  action?: { to: string; label: string };
}

export function forbidden(message = "errors.accessDenied"): never {
  throw data<ErrorPayload>({ title: "errors.accessDeniedTitle", message }, { status: 403 });
}

export function notFound(message: string, title?: string, action?: ErrorPayload["action"]): never {
  throw data<ErrorPayload>({ title, message, action }, { status: 404 });
}

export function getOptionalUser(request: Request, context: Context): Promise<SessionUser | null> {
  return getSessionUser(request, context);
}

/**
 * A signed-in user. A guest opening a page gets the spec's "Sign in required" state (401) with sign-in and
 * sign-up buttons that come back here; a guest posting a form is sent to sign-in, then to the page.
 */
export async function requireUser(request: Request, context: Context): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (user) return user;
  signInRequired(request);
}

function signInRequired(request: Request): never {
  if (request.method === "GET" || request.method === "HEAD") {
    throw data<ErrorPayload>(
      { title: "errors.signInRequiredTitle", message: "errors.signInRequired", signIn: true },
      { status: 401 },
    );
  }
  const url = new URL(request.url);
  throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(safeRedirectPath(url.pathname))}`);
}

/** The person's id as SQL (a subquery on the session's row), as requireUserWith hands it to a page's reads. */
export type SessionUserIdSql = SQL;

/**
 * requireUser, with the page's own reads of the person's rows started in the same turn as the session's lookup, so
 * they travel in its round trip (app/db-batching.server.ts): `reads` gets the person's id as SQL (a subquery on the
 * session's row). Without a session cookie nothing is read: the guest is asked to sign in. The reads' answer is
 * returned only once requireUser let the person through; when it refuses, they are dropped unseen.
 */
export async function requireUserWith<T>(
  request: Request,
  context: Context,
  reads: (userId: SQL) => Promise<T>,
): Promise<[SessionUser, T]> {
  const signedIn = await getOptionalUserWith(request, context, reads);
  if (!signedIn[0]) signInRequired(request);
  return signedIn;
}

/**
 * getOptionalUser, with the page's reads started beside the session's lookup as requireUserWith starts them, for a
 * route that answers a guest its own way (a file's sign-in redirect). The reads' answer comes only with a person;
 * for a guest (or a session that is not live) they are dropped unseen.
 */
export async function getOptionalUserWith<T>(
  request: Request,
  context: Context,
  reads: (userId: SQL) => Promise<T>,
): Promise<[SessionUser, T] | [null, null]> {
  const userId = await sessionUserIdSql(request, context);
  // Adopted once: a Drizzle query is a thenable that runs again on every `then`, and this one is awaited twice.
  const pending = userId ? Promise.resolve(reads(userId)) : null;
  pending?.catch(() => {}); // refused: nobody awaits them
  const user = await getSessionUser(request, context);
  if (!user) return [null, null];
  // The lookup found a live session, so the cookie named one and the reads were started.
  return [user, await pending!];
}

/**
 * requireAdmin, with the page's reads started in the same turn as the session's lookup (as requireUserWith does): an
 * admin page's reads travel in the session's round trip. They are returned only to an admin; for anyone else they
 * are dropped unseen (read for nothing, never shown).
 */
export async function requireAdminWith<T>(
  request: Request,
  context: Context,
  reads: (userId: SQL) => Promise<T>,
): Promise<[SessionUser, T]> {
  const [user, found] = await requireUserWith(request, context, reads);
  if (!user.isAdmin) forbidden();
  return [user, found];
}

/** A user whose identity an admin verified (part 1 §6: needed for rental and "both" listings). */
export async function requireVerified(request: Request, context: Context): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (user.verificationStatus !== "verified") forbidden("errors.verificationRequired");
  return user;
}

/** Guests are asked to sign in; signed-in users who are not admins get 403 "Access Denied". */
export async function requireAdmin(request: Request, context: Context): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.isAdmin) forbidden();
  return user;
}

/** The row must belong to the user (cars, pickup points, saved searches ...); otherwise 403, or 404 if absent. */
export function requireOwner<T extends { ownerId: string } | { userId: string }>(
  row: T | undefined | null,
  user: Pick<SessionUser, "id">,
  notFoundMessage = "errors.notFound",
): T {
  if (!row) notFound(notFoundMessage);
  const ownerId = "ownerId" in row ? row.ownerId : row.userId;
  if (ownerId !== user.id) forbidden();
  return row;
}

/** The user must be the renter or the owner of the booking (or a participant of the conversation). */
export function requireParty<T extends { renterId: string; ownerId: string } | { userAId: string; userBId: string }>(
  row: T | undefined | null,
  user: Pick<SessionUser, "id">,
  notFoundMessage = "errors.notFound",
): T {
  if (!row) notFound(notFoundMessage);
  const parties = "renterId" in row ? [row.renterId, row.ownerId] : [row.userAId, row.userBId];
  if (!parties.includes(user.id)) forbidden();
  return row;
}
