// Sign-in and sign-up throttling (README, "Security: what is guaranteed and how it is tested"): per account across addresses with a growing delay, the
// spec's 5 per 5 minutes per account and address, and per address only a cap that a carrier's NAT can live with.
// Through the real route actions against a libSQL file. The throttle reads the context's clock, which stands still
// here, so a Retry-After is exact however long the machine takes; time passes by moving the counters' timestamps back.
// Every attempt that reaches the password check is a real PBKDF2 hash, and some tests make dozens or hundreds: each
// group has the time that takes on a busy machine (HASHING).
import type { SubmissionResult } from "@conform-to/react";
import { count } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema";
import { RATE_LIMITS } from "~/accounts/rate-limit.server";
import { action as signInAction } from "~/routes/_auth+/auth.signin";
import { action as signUpAction } from "~/routes/_auth+/auth.signup";
import { createTestContext, type TestContext } from "./support/context";
import { createUser, GOOD_PASSWORD, uniqueEmail } from "./support/factories";
import { callRoute, formRequest } from "./support/routes";

/** The clock the throttle reads (requestTime): 2026-11-29 12:00 UTC, for the whole of each test. */
const NOW = Date.UTC(2026, 10, 29, 12);
/** Tests that check tens or hundreds of passwords (100,000 PBKDF2 rounds each): 80 s for 300 at a load of 25. */
const HASHING = { timeout: 300_000 };

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.context.clock = () => NOW;
});
afterEach(() => ctx.close());

type Reply = SubmissionResult<string[]>;
let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const WRONG = "Wrong!pass1";

function signIn(fields: { email: string; password: string }, ip = freshIp(), headers: Record<string, string> = {}) {
  const request = formRequest("/auth/signin", fields, { ip });
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return callRoute<{ result: Reply }>(signInAction, request, ctx.context);
}

const messageOf = (result: { data: { result: Reply } }) => result.data.result.error?.[""];
const retryAfter = (result: { headers: Headers }) => Number(result.headers.get("Retry-After"));

/** Time passes for every counter: their timestamps move back. */
const passSeconds = (seconds: number) =>
  ctx.client.execute({ sql: "update rate_limits set window_start = window_start - ?", args: [seconds * 1000] });

const sessionCount = async () => (await ctx.db.select({ n: count() }).from(sessions))[0]!.n;

describe("sign-in, per account from every address together", HASHING, () => {
  it("checks five wrong passwords from 40 addresses, then makes the rest wait, the right one included", async () => {
    const user = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await signIn({ email: user.email, password: WRONG })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array<number>(35).fill(429));

    // While the delay runs the password is not even checked: the right one is refused too.
    const owner = await signIn({ email: user.email, password: user.password });
    expect(owner.status).toBe(429);
    expect(messageOf(owner)).toEqual(["auth:errors.signInDelayed"]);
    expect(retryAfter(owner)).toBe(30);
    expect(await sessionCount()).toBe(0);

    await passSeconds(30);
    expect((await signIn({ email: user.email, password: user.password })).status).toBe(302);
  });

  it("doubles the delay after each further failure, from 30 s to a cap of 15 minutes", async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 5; i++) expect((await signIn({ email: user.email, password: WRONG })).status).toBe(401);
    const waits: number[] = [];
    for (let step = 0; step < 8; step++) {
      const refused = await signIn({ email: user.email, password: WRONG });
      expect(refused.status).toBe(429);
      const wait = retryAfter(refused);
      waits.push(wait);
      // A second short of the delay is not enough; the delay itself is.
      await passSeconds(wait - 1);
      expect((await signIn({ email: user.email, password: WRONG })).status).toBe(429);
      await passSeconds(1);
      expect((await signIn({ email: user.email, password: WRONG })).status).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);

    // The owner waits out the cap and gets in; that forgets the failures, so a typo afterwards is free again.
    await passSeconds(900);
    expect((await signIn({ email: user.email, password: user.password })).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await signIn({ email: user.email, password: WRONG })).status).toBe(401);
  });

  it("does not count refused attempts: they neither lengthen the delay nor restart it", async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 5; i++) await signIn({ email: user.email, password: WRONG });
    for (let i = 0; i < 20; i++) expect((await signIn({ email: user.email, password: WRONG })).status).toBe(429);
    await passSeconds(29);
    expect((await signIn({ email: user.email, password: WRONG })).status).toBe(429);
    await passSeconds(1);
    // 30 s after the last counted failure, not after the last refusal; and the next wait is the second step.
    expect((await signIn({ email: user.email, password: WRONG })).status).toBe(401);
    expect(retryAfter(await signIn({ email: user.email, password: WRONG }))).toBe(60);
  });

  it("counts failures only: signing in with the right password forgets them", async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 4; i++) expect((await signIn({ email: user.email, password: WRONG })).status).toBe(401);
    expect((await signIn({ email: user.email, password: user.password })).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await signIn({ email: user.email, password: WRONG })).status).toBe(401);
    expect((await signIn({ email: user.email, password: WRONG })).status).toBe(429);
  });

  it("forgets the failures after a quiet day", async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 12; i++) {
      await signIn({ email: user.email, password: WRONG });
      await passSeconds(900);
    }
    await passSeconds(24 * 3600);
    for (let i = 0; i < 5; i++) expect((await signIn({ email: user.email, password: WRONG })).status).toBe(401);
  });

  it("lets no more than five parallel guesses through", async () => {
    const user = await createUser(ctx);
    const results = await Promise.all(Array.from({ length: 20 }, () => signIn({ email: user.email, password: WRONG })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("treats an e-mail without an account the same, so a refusal tells nothing", async () => {
    const nobody = uniqueEmail("nobody");
    for (let i = 0; i < 5; i++) expect((await signIn({ email: nobody, password: WRONG })).status).toBe(401);
    const sixth = await signIn({ email: nobody.toUpperCase(), password: WRONG });
    expect(sixth.status).toBe(429);
    expect(messageOf(sixth)).toEqual(["auth:errors.signInDelayed"]);
  });
});

describe("sign-in's three counters, taken together in one statement", HASHING, () => {
  const counters = async (ip: string, email: string) =>
    Object.fromEntries(
      (
        await ctx.client.execute({
          sql: "select key, count from rate_limits where key in (?, ?, ?)",
          args: [`signin-network:${ip}`, `signin:${ip}:${email}`, `signin-account:${email}`],
        })
      ).rows.map((row) => [String(row.key).split(":")[0], Number(row.count)]),
    );

  it("counts an attempt on all three when two of them take their last place", async () => {
    const ip = freshIp();
    const email = uniqueEmail("stranger").toLowerCase();
    // The address one short of its cap, the account from it one short of the spec's five.
    await ctx.client.execute({
      sql: "insert into rate_limits (key, window_start, count) values (?, ?, ?), (?, ?, ?)",
      args: [`signin-network:${ip}`, NOW, 299, `signin:${ip}:${email}`, NOW, 4],
    });
    expect((await signIn({ email, password: WRONG }, ip)).status).toBe(401);
    expect(await counters(ip, email)).toEqual({ "signin-network": 300, signin: 5, "signin-account": 1 });

    const refused = await signIn({ email, password: WRONG }, ip);
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toEqual(["auth:errors.tooManySignInsFromNetwork"]);
    expect(await counters(ip, email)).toEqual({ "signin-network": 300, signin: 5, "signin-account": 1 });
  });
});

describe("sign-in, per account and address: the spec's 5 attempts per 5 minutes", HASHING, () => {
  it("gives one person mistyping their password the spec's message on the sixth try, then lets them in", async () => {
    const user = await createUser(ctx);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const result = await signIn({ email: user.email, password: WRONG }, ip);
      expect(result.status).toBe(401);
      expect(messageOf(result)).toEqual(["auth:errors.invalidCredentials"]);
    }
    const sixth = await signIn({ email: user.email, password: user.password }, ip);
    expect(sixth.status).toBe(429);
    expect(messageOf(sixth)).toEqual(["auth:errors.tooManySignIns"]);
    expect(retryAfter(sixth)).toBe(300);
    // Someone else at the same address is not kept out.
    const other = await createUser(ctx);
    expect((await signIn({ email: other.email, password: other.password }, ip)).status).toBe(302);

    await passSeconds(300);
    expect((await signIn({ email: user.email, password: user.password }, ip)).status).toBe(302);
  });

  it("reads the address from CF-Connecting-IP only: a new X-Forwarded-For is not a new client", async () => {
    const user = await createUser(ctx);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const forged = { "X-Forwarded-For": `198.51.100.${i}`, "X-Real-IP": `198.51.100.${i}` };
      expect((await signIn({ email: user.email, password: WRONG }, ip, forged)).status).toBe(401);
    }
    const sixth = await signIn({ email: user.email, password: WRONG }, ip, { "X-Forwarded-For": "198.51.100.99" });
    expect(messageOf(sixth)).toEqual(["auth:errors.tooManySignIns"]);
  });

  it("counts an IPv6 subscriber's /64 as one address", async () => {
    const user = await createUser(ctx);
    for (let i = 1; i <= 5; i++) {
      expect((await signIn({ email: user.email, password: WRONG }, `2001:db8:1:2::${i}`)).status).toBe(401);
    }
    const sixth = await signIn({ email: user.email, password: WRONG }, "2001:db8:1:2:ffff::6");
    expect(messageOf(sixth)).toEqual(["auth:errors.tooManySignIns"]);
  });
});

describe("sign-in, per address: a cap a carrier's NAT can live with", HASHING, () => {
  it("lets renter@demo.lt in after three wrong passwords for an e-mail without an account from the same address", async () => {
    const renter = await createUser(ctx, { email: "renter@demo.lt" });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await signIn({ email: "nobody.here@demo.lt", password: WRONG }, ip)).status).toBe(401);
    }
    expect((await signIn({ email: renter.email, password: renter.password }, ip)).status).toBe(302);
  });

  it("lets the next person in after 40 failures on other accounts from one address", async () => {
    const others = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx)));
    const ip = freshIp();
    for (let i = 0; i < 40; i++) {
      // Mistakes of many people: some on real accounts, most on addresses with no account.
      const email = i % 10 === 0 ? others[i / 10]!.email : uniqueEmail("stranger");
      expect((await signIn({ email, password: WRONG }, ip)).status).toBe(401);
    }
    const renter = await createUser(ctx);
    expect((await signIn({ email: renter.email, password: renter.password }, ip)).status).toBe(302);
  });

  it("refuses everyone at one address past 300 failures in an hour, and counts no right password", async () => {
    const cap = RATE_LIMITS.signInPerNetwork.limit;
    expect(cap).toBe(300);
    const renter = await createUser(ctx);
    const ip = freshIp();
    // Many strangers' failures, in parallel as they would come, one short of the cap.
    for (let batch = 0; batch < cap - 1; batch += 25) {
      const size = Math.min(25, cap - 1 - batch);
      const results = await Promise.all(
        Array.from({ length: size }, () => signIn({ email: uniqueEmail("stranger"), password: WRONG }, ip)),
      );
      expect(results.map((r) => r.status)).toEqual(Array<number>(size).fill(401));
    }
    // A right password does not use up a place; the 300th failure does.
    expect((await signIn({ email: renter.email, password: renter.password }, ip)).status).toBe(302);
    expect((await signIn({ email: uniqueEmail("stranger"), password: WRONG }, ip)).status).toBe(401);

    const refused = await signIn({ email: renter.email, password: renter.password }, ip);
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toEqual(["auth:errors.tooManySignInsFromNetwork"]);
    expect(retryAfter(refused)).toBe(3600);
    // Another address is not affected, and an hour later neither is this one.
    expect((await signIn({ email: renter.email, password: renter.password })).status).toBe(302);
    await passSeconds(3600);
    expect((await signIn({ email: renter.email, password: renter.password }, ip)).status).toBe(302);
  });
});

describe("sign-up from a shared address", HASHING, () => {
  const signUp = (email: string, ip: string, overrides: Record<string, string> = {}) =>
    callRoute<{ status: string; result?: Reply }>(
      signUpAction,
      formRequest(
        "/auth/signup",
        {
          accountType: "person",
          fullName: "Ona Žemaitė",
          email,
          password: GOOD_PASSWORD,
          terms: "on",
          privacy: "on",
          ...overrides,
        },
        { ip },
      ),
      ctx.context,
    );
  const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;

  it("lets the seventh person sign up after six others from the same address", async () => {
    const ip = freshIp();
    for (let i = 0; i < 7; i++) expect((await signUp(uniqueEmail("neighbour"), ip)).data.status).toBe("sent");
    expect(await userCount()).toBe(7);
  });

  it("refuses past 100 attempts an hour from one address, without writing; other addresses go on", async () => {
    const ip = freshIp();
    const cap = RATE_LIMITS.signUpPerNetwork.limit;
    expect(cap).toBe(100);
    for (let batch = 0; batch < cap; batch += 25) {
      // Attempts that fail validation are attempts too (they cost nothing to send).
      const results = await Promise.all(
        Array.from({ length: 25 }, () => signUp(uniqueEmail("bot"), ip, { terms: "" })),
      );
      expect(results.map((r) => r.status)).toEqual(Array<number>(25).fill(400));
    }
    const refused = await signUp(uniqueEmail("late"), ip);
    expect(refused.status).toBe(429);
    expect(refused.data.result?.error?.[""]).toEqual(["auth:errors.tooManySignUpsFromNetwork"]);
    expect(await userCount()).toBe(0);
    expect((await signUp(uniqueEmail("elsewhere"), freshIp())).data.status).toBe("sent");
    await passSeconds(3600);
    expect((await signUp(uniqueEmail("later"), ip)).data.status).toBe("sent");
  });
});
