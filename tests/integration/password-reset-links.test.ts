// Every reset link of an account is spent once its password changes, by a reset or by the signed-in change: a link
// left in an inbox (or read by someone who had the inbox for a while) cannot change the password back afterwards.
import type { SubmissionResult } from "@conform-to/react";
import { and, eq, isNull } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { devMailbox, emailTokens, users } from "#db/schema";
import { verifyPassword } from "~/accounts/password.server";
import { action as changePasswordAction } from "~/routes/_account+/account.password";
import { action as forgotAction } from "~/routes/_auth+/auth.forgot-password";
import { action as resetAction } from "~/routes/_auth+/auth.reset-password";
import { action as signInAction } from "~/routes/_auth+/auth.signin";
import { createTestContext, type TestContext } from "./support/context";
import { createUser, GOOD_PASSWORD, sessionCookieFor } from "./support/factories";
import { callRoute, formRequest } from "./support/routes";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

/** Asks for a reset link (each from its own address, past the per-client limit) and reads its token from the mail. */
async function requestLink(email: string, ip: string): Promise<string> {
  const before = (await ctx.db.select().from(devMailbox)).length;
  const asked = await callRoute(forgotAction, formRequest("/auth/forgot-password", { email }, { ip }), ctx.context);
  expect(asked.status).toBe(200);
  const mails = await ctx.db.select().from(devMailbox);
  expect(mails).toHaveLength(before + 1);
  const token = mails.at(-1)!.text.match(/\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error("No reset link in the e-mail");
  return token;
}

const reset = (token: string, password: string) =>
  callRoute<SubmissionResult<string[]>>(
    resetAction,
    formRequest("/auth/reset-password", { token, password, confirmPassword: password }),
    ctx.context,
  );

async function passwordIs(userId: string, password: string) {
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return (await verifyPassword(password, row!.hash, ctx.context.env.passwordPepper)).valid;
}

const outstanding = (userId: string) =>
  ctx.db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "reset_password"), isNull(emailTokens.usedAt)));

describe("reset links after the password changed", () => {
  it("a reset with the second link spends the first: it no longer changes the password", async () => {
    const user = await createUser(ctx);
    const first = await requestLink(user.email, "192.0.2.1");
    const second = await requestLink(user.email, "192.0.2.2");
    expect(await outstanding(user.id)).toHaveLength(2);

    expect(await reset(second, "Antras!Slapta9")).toMatchObject({ status: 302, location: "/auth/signin" });
    expect(await outstanding(user.id)).toHaveLength(0);

    const late = await reset(first, "Pirmas!Slapta9");
    expect(late.status).toBe(400);
    expect(late.data.error?.[""]).toEqual(["auth:reset.invalidLink"]);
    expect(await passwordIs(user.id, "Antras!Slapta9")).toBe(true);
    expect(await passwordIs(user.id, "Pirmas!Slapta9")).toBe(false);
  });

  it("a change of password while signed in spends every reset link asked for before", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const link = await requestLink(user.email, "192.0.2.3");

    const changed = await callRoute(
      changePasswordAction,
      formRequest(
        "/account/password",
        { currentPassword: GOOD_PASSWORD, password: "Naujas!Slapta9", confirmPassword: "Naujas!Slapta9" },
        { cookie },
      ),
      ctx.context,
    );
    expect(changed.status).toBe(302);

    expect((await reset(link, "Vagies!Slapta9")).status).toBe(400);
    expect(await passwordIs(user.id, "Naujas!Slapta9")).toBe(true);
  });

  it("leaves other people's links alone", async () => {
    const [ona, jonas] = [await createUser(ctx), await createUser(ctx)];
    const onasLink = await requestLink(ona.email, "192.0.2.4");
    const jonoLink = await requestLink(jonas.email, "192.0.2.5");
    expect((await reset(onasLink, "Onos!Slapta9")).status).toBe(302);
    expect((await reset(jonoLink, "Jono!Slapta9")).status).toBe(302);
    expect(await passwordIs(jonas.id, "Jono!Slapta9")).toBe(true);
  });

  it("ends the sign-in delay that someone else's guesses put on the account", async () => {
    const user = await createUser(ctx);
    const signIn = (password: string, ip: string) =>
      callRoute(signInAction, formRequest("/auth/signin", { email: user.email, password }, { ip }), ctx.context);
    for (let i = 0; i < 8; i++) await signIn("Spejimas!9", `198.51.100.${i + 1}`);
    expect((await signIn(GOOD_PASSWORD, "192.0.2.50")).status).toBe(429);

    expect((await reset(await requestLink(user.email, "192.0.2.6"), "Atkurtas!Slapta9")).status).toBe(302);
    expect((await signIn("Atkurtas!Slapta9", "192.0.2.50")).status).toBe(302);
  });
});
