// Sign-up, e-mail confirmation, sign-in, sign-out, password reset and change, and their rate limits, through the
// real route actions and loaders against a libSQL file.
import type { SubmissionResult } from "@conform-to/react";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { devMailbox, emailTokens, profiles, sessions, users } from "#db/schema";
import { confirmEmail } from "~/accounts/accounts.server";
import { issueEmailToken } from "~/accounts/email-tokens.server";
import { getOptionalUser } from "~/accounts/guards.server";
import { verifyPassword } from "~/accounts/password.server";
import { loader as callbackLoader } from "~/routes/_auth+/auth.callback";
import { action as forgotAction } from "~/routes/_auth+/auth.forgot-password";
import { action as resendAction } from "~/routes/_auth+/auth.resend-confirmation";
import { action as resetAction, loader as resetLoader } from "~/routes/_auth+/auth.reset-password";
import { action as signInAction, loader as signInLoader } from "~/routes/_auth+/auth.signin";
import { action as signOutAction, loader as signOutLoader } from "~/routes/_auth+/auth.signout";
import { action as signUpAction } from "~/routes/_auth+/auth.signup";
import { action as changePasswordAction } from "~/routes/_account+/account.password";
import { createTestContext, type TestContext } from "./support/context";
import { createUser, GOOD_PASSWORD, sessionCookieFor, uniqueEmail } from "./support/factories";
import { callRoute, cookieFrom, formRequest, getRequest } from "./support/routes";
import { languageCookie } from "~/i18n.server";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

type Reply = SubmissionResult<string[]>;
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;
const mails = () => ctx.db.select().from(devMailbox);
const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`No ${path} link in: ${text}`);
  return new URL(match[0]);
};

function signUpFields(overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    accountType: "person",
    fullName: "Ona Žemaitė",
    email: uniqueEmail("ona"),
    password: GOOD_PASSWORD,
    terms: "on",
    privacy: "on",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

const signUp = (fields: Record<string, string>, ip = freshIp()) =>
  callRoute<{ status: string; email?: string; result?: Reply }>(
    signUpAction,
    formRequest("/auth/signup", fields, { ip }),
    ctx.context,
  );

const signIn = (fields: Record<string, string>, options: { ip?: string; cookie?: string } = {}) =>
  callRoute<{ result: Reply; unconfirmedEmail?: string }>(
    signInAction,
    formRequest("/auth/signin", fields, { ip: options.ip ?? freshIp(), cookie: options.cookie }),
    ctx.context,
  );

describe("sign-up", () => {
  it("creates the user and the profile, unconfirmed, and e-mails a confirmation link", async () => {
    const fields = signUpFields({ email: "  Ona.Zemaite@Example.LT ", marketing: "on" });
    const result = await signUp(fields);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ status: "sent", email: "ona.zemaite@example.lt" });

    const [user] = await ctx.db.select().from(users).where(eq(users.email, "ona.zemaite@example.lt"));
    expect(user?.emailConfirmedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect((await verifyPassword(GOOD_PASSWORD, user!.passwordHash, ctx.context.env.passwordPepper)).valid).toBe(true);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({
      fullName: "Ona Žemaitė",
      accountType: "person",
      verificationStatus: "pending",
      isHost: false,
      marketingConsent: true,
      companyName: null,
    });

    const [mail] = await mails();
    expect(mail?.to).toBe("ona.zemaite@example.lt");
    expect(mail?.subject).toBe("Patvirtinkite savo el. pašto adresą Ratai");
    expect(linkIn(mail!.text, "/auth/callback").origin).toBe("http://ratai.test");
  });

  it("registers a company with its name and number", async () => {
    const result = await signUp(
      signUpFields({
        accountType: "company",
        companyName: "UAB Šiaurės Ratai",
        companyNumber: "304512345",
        fullName: "Petras Petraitis",
      }),
    );
    expect(result.data.status).toBe("sent");
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.email, result.data.email!));
    expect(profile).toMatchObject({
      accountType: "company",
      companyName: "UAB Šiaurės Ratai",
      companyNumber: "304512345",
    });
  });

  it("writes the e-mail in English when the visitor chose English", async () => {
    const fields = signUpFields();
    const request = formRequest("/auth/signup?lng=en", fields, { ip: freshIp() });
    await callRoute(signUpAction, request, ctx.context);
    const [mail] = await mails();
    expect(mail?.subject).toBe("Confirm your e-mail address for Ratai");
  });

  const badInputs: [string, Record<string, string | undefined>, string, string][] = [
    ["an invalid e-mail", { email: "not-an-email" }, "email", "validation.emailInvalid"],
    ["an e-mail over 254 characters", { email: `${"a".repeat(250)}@example.lt` }, "email", "validation.emailInvalid"],
    ["a short password", { password: "Ab1!" }, "password", "validation.passwordTooShort"],
    [
      "a password without a special character",
      { password: "Abcdefg12" },
      "password",
      "validation.passwordRequirements",
    ],
    [
      "a password without an uppercase letter",
      { password: "abcdefg1!" },
      "password",
      "validation.passwordRequirements",
    ],
    ["a common password", { password: "Password1!" }, "password", "validation.passwordTooWeak"],
    ["a name of one letter", { fullName: "A" }, "fullName", "validation.nameInvalid"],
    ["a name with symbols", { fullName: "Jonas <script>" }, "fullName", "validation.nameInvalid"],
    ["no name", { fullName: undefined }, "fullName", "validation.nameInvalid"],
    ["terms not accepted", { terms: undefined }, "terms", "validation.termsRequired"],
    ["privacy not accepted", { privacy: undefined }, "privacy", "validation.privacyRequired"],
    ["an unknown account type", { accountType: "robot" }, "accountType", "validation.accountTypeRequired"],
    [
      "a company without a number",
      { accountType: "company", companyName: "UAB Testas" },
      "companyNumber",
      "validation.companyNumberInvalid",
    ],
    [
      "a company number of ten digits",
      { accountType: "company", companyName: "UAB Testas", companyNumber: "1234567890" },
      "companyNumber",
      "validation.companyNumberInvalid",
    ],
    [
      "a company name of symbols",
      { accountType: "company", companyName: "@@", companyNumber: "123" },
      "companyName",
      "validation.companyNameInvalid",
    ],
  ];

  it.each(badInputs)(
    "refuses %s with the message at the field, keeps the other values and writes nothing",
    async (_, overrides, field, message) => {
      const fields = signUpFields(overrides);
      const before = await userCount();
      const result = await signUp(fields);
      expect(result.status).toBe(400);
      expect(result.data.status).toBe("error");
      expect(result.data.result?.error?.[field]).toContain(message);
      // The password never travels back; what else was typed does.
      expect(result.data.result?.initialValue?.password).toBeUndefined();
      if (fields.email && field !== "email") expect(result.data.result?.initialValue?.email).toBe(fields.email);
      expect(await userCount()).toBe(before);
      expect(await mails()).toHaveLength(0);
    },
  );

  it("refuses an address that is already registered, whatever its case", async () => {
    const existing = await createUser(ctx);
    const result = await signUp(signUpFields({ email: existing.email.toUpperCase() }));
    expect(result.status).toBe(400);
    expect(result.data.result?.error?.email).toEqual(["auth:errors.emailTaken"]);
    expect(await userCount()).toBe(1);
  });

  it("lets exactly one of two simultaneous sign-ups with the same address through", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all([signUp(signUpFields({ email })), signUp(signUpFields({ email }))]);
    const statuses = results.map((r) => r.data.status).sort();
    expect(statuses).toEqual(["error", "sent"]);
    expect(results.find((r) => r.data.status === "error")?.data.result?.error?.email).toEqual([
      "auth:errors.emailTaken",
    ]);
    expect(await userCount()).toBe(1);
  });

  it("allows 5 attempts per 5 minutes for one e-mail address, then refuses without writing", async () => {
    // Per address the limit is a cap for a shared network (sign-in-throttle.test.ts): six people signing up from
    // one address are not refused, but one person retrying one e-mail address from anywhere is.
    const email = uniqueEmail("retry");
    for (let i = 0; i < 5; i++) expect((await signUp(signUpFields({ email, terms: undefined }))).status).toBe(400);
    const sixth = await signUp(signUpFields({ email }));
    expect(sixth.status).toBe(429);
    expect(sixth.data.result?.error?.[""]).toEqual(["auth:errors.tooManySignUps"]);
    expect(await userCount()).toBe(0);
    // Another address is not affected, and five minutes later neither is this one.
    expect((await signUp(signUpFields())).data.status).toBe("sent");
    await ctx.client.execute({ sql: "update rate_limits set window_start = window_start - ?", args: [5 * 60_000 + 1] });
    expect((await signUp(signUpFields({ email }))).data.status).toBe("sent");
  });

  it("keeps the account and says so when the e-mail service fails", async () => {
    const fake = await startFakeEmailApi(500);
    const failing = await createTestContext({ EMAIL_API_KEY: "re_test", EMAIL_API_URL: fake.url });
    const errors = vi.mocked(console.error);
    try {
      const result = await callRoute<{ status: string; deliveryFailed?: boolean }>(
        signUpAction,
        formRequest("/auth/signup", signUpFields(), { ip: freshIp() }),
        failing.context,
      );
      expect(result.data).toMatchObject({ status: "sent", deliveryFailed: true });
      expect(errors).toHaveBeenCalledTimes(1);
      errors.mockClear();
    } finally {
      failing.close();
      await fake.close();
    }
  });
});

describe("the production e-mail sender", () => {
  it("posts Resend's JSON to the API with the bearer key", async () => {
    const fake = await startFakeEmailApi(200);
    const real = await createTestContext({
      EMAIL_API_KEY: "re_test_key",
      EMAIL_API_URL: fake.url,
      EMAIL_FROM: "Ratai <hello@ratai.lt>",
    });
    try {
      const fields = signUpFields();
      await callRoute(signUpAction, formRequest("/auth/signup", fields, { ip: freshIp() }), real.context);
      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request?.authorization).toBe("Bearer re_test_key");
      expect(request?.body).toMatchObject({
        from: "Ratai <hello@ratai.lt>",
        to: fields.email!.toLowerCase(),
        subject: expect.any(String),
      });
      expect(request?.body.html).toContain("/auth/callback?token=");
      // Nothing goes to the local mailbox when a real sender is configured.
      expect(await real.db.select().from(devMailbox)).toHaveLength(0);
    } finally {
      real.close();
      await fake.close();
    }
  });
});

describe("e-mail confirmation", () => {
  async function signUpAndGetLink() {
    const fields = signUpFields();
    await signUp(fields);
    const [mail] = await mails();
    return { email: fields.email!.toLowerCase(), link: linkIn(mail!.text, "/auth/callback") };
  }

  it("confirms the address once; the link then stops working", async () => {
    const { email, link } = await signUpAndGetLink();
    const first = await callRoute<{ outcome: string }>(
      callbackLoader,
      getRequest(link.pathname + link.search),
      ctx.context,
    );
    expect(first).toMatchObject({ status: 200, data: { outcome: "confirmed" } });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);

    const again = await callRoute<{ outcome: string }>(
      callbackLoader,
      getRequest(link.pathname + link.search),
      ctx.context,
    );
    expect(again).toMatchObject({ status: 400, data: { outcome: "invalid" } });
  });

  it("keeps an address's first confirmation when a later link of it is used, and confirms no one else", async () => {
    const user = await createUser(ctx, { confirmed: false });
    const other = await createUser(ctx, { confirmed: false });
    const first = new Date("2026-11-02T08:00:00Z");
    const later = new Date("2026-11-02T09:00:00Z");
    const [one, two] = [
      await issueEmailToken(ctx.db, user.id, "confirm_email", first),
      await issueEmailToken(ctx.db, user.id, "confirm_email", first),
    ];
    expect(await confirmEmail(ctx.db, one, first)).toBe("confirmed");
    expect(await confirmEmail(ctx.db, two, later)).toBe("confirmed");
    expect(await confirmEmail(ctx.db, two, later)).toBe("invalid");
    const confirmedAt = async (id: string) =>
      (await ctx.db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, id)))[0]?.at;
    expect(await confirmedAt(user.id)).toEqual(first);
    expect(await confirmedAt(other.id)).toBeNull();
    // A reset link is not a confirmation link, even for the same person.
    const reset = await issueEmailToken(ctx.db, other.id, "reset_password", first);
    expect(await confirmEmail(ctx.db, reset, later)).toBe("invalid");
    expect(await confirmedAt(other.id)).toBeNull();
  });

  it("refuses an expired link, a made-up link and a missing token", async () => {
    const { email, link } = await signUpAndGetLink();
    await ctx.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    for (const path of [
      link.pathname + link.search,
      "/auth/callback?token=made-up-token-aaaaaaaaaaaaaaaa",
      "/auth/callback",
    ]) {
      const result = await callRoute<{ outcome: string }>(callbackLoader, getRequest(path), ctx.context);
      expect(result).toMatchObject({ status: 400, data: { outcome: "invalid" } });
    }
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).toBeNull();
  });

  it("sends a new link on request, silently for unknown or confirmed addresses", async () => {
    const { email } = await signUpAndGetLink();
    const ask = (address: string) =>
      callRoute<{ status: string }>(
        resendAction,
        formRequest("/auth/resend-confirmation", { email: address }, { ip: freshIp() }),
        ctx.context,
      );
    expect((await ask(email)).data.status).toBe("sent");
    expect(await mails()).toHaveLength(2);
    expect((await ask("nobody@example.lt")).data.status).toBe("sent");
    const confirmed = await createUser(ctx);
    expect((await ask(confirmed.email)).data.status).toBe("sent");
    expect(await mails()).toHaveLength(2);
  });
});

describe("sign-in", () => {
  it("remembers the language the person signs in with, for e-mails sent while they are away", async () => {
    const user = await createUser(ctx);
    const preferred = async () =>
      (await ctx.db.select({ l: profiles.preferredLanguage }).from(profiles).where(eq(profiles.id, user.id)))[0]?.l;
    expect(await preferred()).toBe("lt");
    const english = (await languageCookie.serialize("en")).split(";")[0]!;
    await signIn({ email: user.email, password: user.password }, { cookie: english });
    expect(await preferred()).toBe("en");
    await signIn({ email: user.email, password: user.password });
    expect(await preferred()).toBe("lt");
  });

  it("refuses an unconfirmed account with the spec's message and offers the link again", async () => {
    const user = await createUser(ctx, { confirmed: false });
    const result = await signIn({ email: user.email, password: user.password });
    expect(result.status).toBe(403);
    expect(result.data.result.error?.[""]).toEqual(["auth:errors.unconfirmed"]);
    expect(result.data.unconfirmedEmail).toBe(user.email);
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
  });

  it("starts a session, sets the cookie and goes back where the user came from", async () => {
    const user = await createUser(ctx);
    const result = await signIn({
      email: user.email.toUpperCase(),
      password: user.password,
      redirectTo: "/favorites?x=1",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/favorites?x=1");
    const cookie = cookieFrom(result.headers);
    expect(cookie).toMatch(/^session=/);
    expect(result.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/HttpOnly/i);
    expect(result.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/SameSite=Lax/i);
    const [row] = await ctx.db.select().from(sessions);
    expect(row?.userId).toBe(user.id);
    // The row keeps a hash, not the token the cookie carries.
    expect(cookie).not.toContain(row!.id);
    const signedIn = await getOptionalUser(getRequest("/", { cookie }), ctx.context);
    expect(signedIn?.id).toBe(user.id);
  });

  it("never redirects off the site after sign-in", async () => {
    const user = await createUser(ctx);
    for (const target of ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const result = await signIn({ email: user.email, password: user.password, redirectTo: target });
      expect(result.location).toBe("/");
    }
  });

  it("gives the same message for a wrong password and an unknown address", async () => {
    const user = await createUser(ctx);
    const wrong = await signIn({ email: user.email, password: "Wrong!pass1" });
    const unknown = await signIn({ email: "nobody@example.lt", password: "Wrong!pass1" });
    for (const result of [wrong, unknown]) {
      expect(result.status).toBe(401);
      expect(result.data.result.error?.[""]).toEqual(["auth:errors.invalidCredentials"]);
      expect(result.data.result.initialValue?.password).toBeUndefined();
    }
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
  });

  it("refuses bad input with the message at the field and no session", async () => {
    const short = await signIn({ email: "someone@example.lt", password: "short" });
    expect(short.status).toBe(400);
    expect(short.data.result.error?.password).toEqual(["validation.passwordTooShort"]);
    const badEmail = await signIn({ email: "someone", password: "long enough" });
    expect(badEmail.data.result.error?.email).toEqual(["validation.emailInvalid"]);
    expect(badEmail.data.result.initialValue?.email).toBe("someone");
  });

  it("allows 5 attempts per 5 minutes for an account from one client, then refuses even the right password", async () => {
    const user = await createUser(ctx);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await signIn({ email: user.email, password: "Wrong!pass1" }, { ip })).status).toBe(401);
    const sixth = await signIn({ email: user.email, password: user.password }, { ip });
    expect(sixth.status).toBe(429);
    expect(sixth.data.result.error?.[""]).toEqual(["auth:errors.tooManySignIns"]);
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
    // The window passes: the counter row is five minutes old.
    await ctx.client.execute({ sql: "update rate_limits set window_start = window_start - ?", args: [5 * 60_000 + 1] });
    expect((await signIn({ email: user.email, password: user.password }, { ip })).status).toBe(302);
  });

  it("replaces the browser's old session at sign-in", async () => {
    const user = await createUser(ctx);
    const oldCookie = await sessionCookieFor(ctx, user.id);
    const [oldRow] = await ctx.db.select().from(sessions);
    const result = await signIn({ email: user.email, password: user.password }, { cookie: oldCookie });
    expect(result.status).toBe(302);
    const rows = await ctx.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(oldRow?.id);
  });

  it("sends a signed-in visitor away from the sign-in page", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const result = await callRoute(
      signInLoader,
      getRequest("/auth/signin?redirectTo=/bookings", { cookie }),
      ctx.context,
    );
    expect(result).toMatchObject({ status: 302, location: "/bookings", thrown: true });
  });
});

describe("sessions", () => {
  it("end after 14 idle days and after 60 days in all", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const request = () => getRequest("/", { cookie });
    expect(await getOptionalUser(request(), ctx.context)).not.toBeNull();
    await ctx.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 15 * 86_400_000) });
    expect(await getOptionalUser(request(), ctx.context)).toBeNull();
    await ctx.db.update(sessions).set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) });
    expect(await getOptionalUser(request(), ctx.context)).toBeNull();
  });

  it("ignore a forged or tampered cookie", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const tampered = cookie.slice(0, -3) + (cookie.endsWith("a") ? "bbb" : "aaa");
    expect(await getOptionalUser(getRequest("/", { cookie: tampered }), ctx.context)).toBeNull();
    expect(await getOptionalUser(getRequest("/", { cookie: "session=" + "x".repeat(60) }), ctx.context)).toBeNull();
    // Each way of spoiling the signature, including ones that leave it invalid base64 (once a flaky 500).
    const [name, value = ""] = cookie.split("=");
    const dot = value.lastIndexOf(".");
    for (const signature of ["%%%", "a", "ab=", "!!!!", value.slice(dot + 1, -1)]) {
      const spoiled = `${name}=${value.slice(0, dot + 1)}${signature}`;
      expect(await getOptionalUser(getRequest("/", { cookie: spoiled }), ctx.context)).toBeNull();
    }
  });
});

describe("sign-out", () => {
  it("ends the session and clears the cookie; a GET does nothing", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const viaGet = await callRoute(signOutLoader, getRequest("/auth/signout", { cookie }), ctx.context);
    expect(viaGet.status).toBe(302);
    expect(await ctx.db.select().from(sessions)).toHaveLength(1);

    const result = await callRoute(signOutAction, formRequest("/auth/signout", {}, { cookie }), ctx.context);
    expect(result).toMatchObject({ status: 302, location: "/" });
    expect(cookieFrom(result.headers, cookie)).not.toMatch(/session=/);
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
    expect(await getOptionalUser(getRequest("/", { cookie }), ctx.context)).toBeNull();
  });
});

describe("forgotten password", () => {
  async function requestReset(email: string) {
    return callRoute<{ status: string }>(
      forgotAction,
      formRequest("/auth/forgot-password", { email }, { ip: freshIp() }),
      ctx.context,
    );
  }

  it("answers the same for known and unknown addresses and e-mails only the known one", async () => {
    const user = await createUser(ctx);
    expect((await requestReset(user.email)).data).toEqual({ status: "sent", email: user.email });
    expect((await requestReset("nobody@example.lt")).data).toEqual({ status: "sent", email: "nobody@example.lt" });
    const sent = await mails();
    expect(sent.map((m) => m.to)).toEqual([user.email]);
  });

  it("resets the password once with the e-mailed link and ends every session", async () => {
    const user = await createUser(ctx);
    await sessionCookieFor(ctx, user.id);
    await sessionCookieFor(ctx, user.id);
    await requestReset(user.email);
    const [mail] = await mails();
    const link = linkIn(mail!.text, "/auth/reset-password");
    const token = link.searchParams.get("token")!;

    const page = await callRoute<{ token: string | null }>(
      resetLoader,
      getRequest(link.pathname + link.search),
      ctx.context,
    );
    expect(page.data.token).toBe(token);

    const mismatch = await callRoute<Reply>(
      resetAction,
      formRequest("/auth/reset-password", { token, password: "Nauja!Slapta9", confirmPassword: "Kita!Slapta9" }),
      ctx.context,
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.error?.confirmPassword).toEqual(["validation.passwordsDiffer"]);
    expect(await ctx.db.select().from(sessions)).toHaveLength(2);

    const done = await callRoute(
      resetAction,
      formRequest("/auth/reset-password", { token, password: "Nauja!Slapta9", confirmPassword: "Nauja!Slapta9" }),
      ctx.context,
    );
    expect(done).toMatchObject({ status: 302, location: "/auth/signin" });
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
    expect((await signIn({ email: user.email, password: "Nauja!Slapta9" })).status).toBe(302);
    expect((await signIn({ email: user.email, password: user.password })).status).toBe(401);

    const reused = await callRoute<Reply>(
      resetAction,
      formRequest("/auth/reset-password", { token, password: "Trecia!Slapta9", confirmPassword: "Trecia!Slapta9" }),
      ctx.context,
    );
    expect(reused.status).toBe(400);
    expect(reused.data.error?.[""]).toEqual(["auth:reset.invalidLink"]);
    const expired = await callRoute<{ token: string | null }>(
      resetLoader,
      getRequest(link.pathname + link.search),
      ctx.context,
    );
    expect(expired).toMatchObject({ status: 400, data: { token: null } });
  });

  it("limits how many links one address can ask for", async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 3; i++) expect((await requestReset(user.email)).status).toBe(200);
    const fourth = await requestReset(user.email);
    expect(fourth.status).toBe(429);
    expect(await mails()).toHaveLength(3);
  });
});

describe("change of password", () => {
  it("needs the current password, then keeps this session and ends the others", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    await sessionCookieFor(ctx, user.id);
    const change = (fields: Record<string, string>) =>
      callRoute<Reply>(changePasswordAction, formRequest("/account/password", fields, { cookie }), ctx.context);

    const wrong = await change({
      currentPassword: "Wrong!pass1",
      password: "Nauja!Slapta9",
      confirmPassword: "Nauja!Slapta9",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error?.currentPassword).toEqual(["auth:errors.wrongCurrentPassword"]);
    expect(await ctx.db.select().from(sessions)).toHaveLength(2);

    const weak = await change({ currentPassword: user.password, password: "weakpass", confirmPassword: "weakpass" });
    expect(weak.data.error?.password).toEqual(["validation.passwordRequirements"]);

    const done = await change({
      currentPassword: user.password,
      password: "Nauja!Slapta9",
      confirmPassword: "Nauja!Slapta9",
    });
    expect(done).toMatchObject({ status: 302, location: "/account/password" });
    expect(await ctx.db.select().from(sessions)).toHaveLength(1);
    expect(await getOptionalUser(getRequest("/", { cookie }), ctx.context)).not.toBeNull();
  });

  it("sends a guest to sign in instead", async () => {
    const result = await callRoute(
      changePasswordAction,
      formRequest("/account/password", { currentPassword: "x", password: "y", confirmPassword: "y" }),
      ctx.context,
    );
    expect(result).toMatchObject({ status: 302, location: "/auth/signin?redirectTo=%2Faccount%2Fpassword" });
  });
});

// A stand-in for the HTTP e-mail API that records what it receives (Resend's wire format).
async function startFakeEmailApi(status: number) {
  const { createServer } = await import("node:http");
  const requests: { authorization?: string; body: Record<string, string> }[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) as Record<string, string> });
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(status === 200 ? { id: "email_123" } : { message: "internal" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/emails`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
