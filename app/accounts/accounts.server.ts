// Accounts: sign-up, e-mail confirmation, the credential check, password reset and change.
// Routes stay thin: they validate the form, apply rate limits and turn these results into pages.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { profiles, sessions, users } from "#db/schema";
import { forgetAccountSignInDelay } from "~/accounts/auth-throttle.server";
import {
  issueEmailToken,
  spendEmailToken,
  spendEmailTokenWith,
  spendOutstandingEmailTokens,
} from "~/accounts/email-tokens.server";
import { hashPassword, spendPasswordCheckTime, verifyPassword } from "~/accounts/password.server";
import { getEmailSender } from "~/email/sender.server";
import { confirmEmailMessage, resetPasswordMessage } from "~/email/templates.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { sanitizeText, TEXT_CAPS } from "~/utils/sanitize";

type Context = Pick<AppLoadContext, "db" | "env">;

export class EmailTakenError extends Error {
  constructor() {
    super("E-mail already registered");
  }
}

export async function isEmailTaken(db: Context["db"], email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
}

export interface NewAccount {
  email: string;
  password: string;
  fullName: string;
  accountType: "person" | "company";
  companyName?: string;
  companyNumber?: string;
  marketingConsent: boolean;
}

/** Creates the user and the profile in one write. Two sign-ups racing for one address: one wins, one gets EmailTakenError. */
export async function createAccount({ db, env }: Context, account: NewAccount, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(account.password, env.passwordPepper);
  try {
    await db.batch([
      db.insert(users).values({ id, email: account.email, passwordHash, createdAt: now, updatedAt: now }),
      db.insert(profiles).values({
        id,
        email: account.email,
        accountType: account.accountType,
        fullName: sanitizeText(account.fullName, TEXT_CAPS.name),
        companyName: account.accountType === "company" ? sanitizeText(account.companyName ?? "", TEXT_CAPS.name) : null,
        companyNumber: account.accountType === "company" ? (account.companyNumber ?? null) : null,
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
        marketingConsent: account.marketingConsent,
        createdAt: now,
        updatedAt: now,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) throw new EmailTakenError();
    throw error;
  }
  return id;
}

/** The origin that e-mailed links point at: APP_URL in production, else the address the request came to. */
export function publicOrigin(request: Request, env: Context["env"]): string {
  return env.appUrl ? new URL(env.appUrl).origin : new URL(request.url).origin;
}

export async function sendConfirmationEmail(
  context: Context,
  request: Request,
  t: TFunction,
  user: { id: string; email: string; fullName: string | null },
) {
  const token = await issueEmailToken(context.db, user.id, "confirm_email");
  const url = new URL("/auth/callback", publicOrigin(request, context.env));
  url.searchParams.set("token", token);
  await getEmailSender(context)(confirmEmailMessage(t, user.email, user.fullName, url.toString()));
}

export type ConfirmResult = "confirmed" | "invalid";

/**
 * Spends a confirmation token and marks the address confirmed (if it was not already): one write batch, so the link's
 * page costs one round trip (decision 002).
 */
export async function confirmEmail(db: Context["db"], token: string, now = new Date()): Promise<ConfirmResult> {
  const confirmed = await spendEmailTokenWith(
    db,
    token,
    "confirm_email",
    (userId) =>
      db
        .update(users)
        .set({ emailConfirmedAt: now })
        .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt))),
    now,
  );
  return confirmed ? "confirmed" : "invalid";
}

/** An account's sign-in row by address, asked for before the check: sign-in asks for it beside its gate's writes. */
export interface FoundCredentials {
  email: string;
  row: ReturnType<typeof findCredentials>;
}

export async function findCredentials(db: Context["db"], email: string) {
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      confirmedAt: users.emailConfirmedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user;
}

export type CredentialCheck = { ok: true; userId: string } | { ok: false; reason: "invalid" | "unconfirmed" };

/**
 * The password check behind sign-in. An unknown address costs the same time as a wrong password, and
 * "confirm your e-mail first" is told only to someone who knows the password.
 */
export async function checkCredentials(
  { db, env }: Context,
  email: string,
  password: string,
  found?: FoundCredentials,
): Promise<CredentialCheck> {
  const user = found?.email === email ? await found.row : await findCredentials(db, email);
  if (!user || user.deletedAt) {
    await spendPasswordCheckTime(env.passwordPepper);
    return { ok: false, reason: "invalid" };
  }
  const { valid, needsRehash } = await verifyPassword(password, user.passwordHash, env.passwordPepper);
  if (!valid) return { ok: false, reason: "invalid" };
  if (!user.confirmedAt) return { ok: false, reason: "unconfirmed" };
  if (needsRehash) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password, env.passwordPepper) })
      .where(eq(users.id, user.id));
  }
  return { ok: true, userId: user.id };
}

/** E-mails a reset link when the address has an account; says nothing either way (no account discovery). */
export async function sendPasswordReset(context: Context, request: Request, t: TFunction, email: string) {
  const [user] = await context.db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user || user.deletedAt) return;
  const token = await issueEmailToken(context.db, user.id, "reset_password");
  const url = new URL("/auth/reset-password", publicOrigin(request, context.env));
  url.searchParams.set("token", token);
  await getEmailSender(context)(resetPasswordMessage(t, email, url.toString()));
}

/** Sends the confirmation link again for an address that has an unconfirmed account; silent otherwise. */
export async function resendConfirmation(context: Context, request: Request, t: TFunction, email: string) {
  const [user] = await context.db
    .select({ id: users.id, confirmedAt: users.emailConfirmedAt, fullName: profiles.fullName })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (!user || user.confirmedAt) return;
  await sendConfirmationEmail(context, request, t, { id: user.id, email, fullName: user.fullName });
}

/**
 * Spends a reset token and sets the new password. Every session of the user ends: whoever knew the old
 * password is signed out everywhere, and every other reset link still in an inbox is spent. A reset also proves the
 * inbox, so it confirms the address, and it ends any sign-in delay others' guesses put on the account.
 */
export async function resetPassword(context: Context, token: string, newPassword: string, now = new Date()) {
  const userId = await spendEmailToken(context.db, token, "reset_password", now);
  if (!userId) return false;
  const passwordHash = await hashPassword(newPassword, context.env.passwordPepper);
  await context.db.batch([
    context.db
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.getTime()})`,
        updatedAt: now,
      })
      .where(eq(users.id, userId)),
    context.db.delete(sessions).where(eq(sessions.userId, userId)),
    spendOutstandingEmailTokens(context.db, userId, "reset_password", now),
  ]);
  await forgetAccountSignInDelay(context.db, userId);
  return true;
}

/**
 * Changes the password of a signed-in user who knows the current one; their other sessions end, and so does every
 * reset link they asked for before (someone who read the inbox must not undo the change).
 */
export async function changePassword(
  context: Context,
  userId: string,
  currentSessionId: string,
  currentPassword: string,
  newPassword: string,
): Promise<"changed" | "wrong-password"> {
  const [user] = await context.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) return "wrong-password";
  const { valid } = await verifyPassword(currentPassword, user.passwordHash, context.env.passwordPepper);
  if (!valid) return "wrong-password";
  const passwordHash = await hashPassword(newPassword, context.env.passwordPepper);
  await context.db.batch([
    context.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
    context.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId))),
    spendOutstandingEmailTokens(context.db, userId, "reset_password"),
  ]);
  return "changed";
}
