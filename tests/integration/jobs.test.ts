// The scheduled housekeeping: what is past its life goes, what is alive stays.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { devMailbox, emailTokens, listingDrafts, notifications, rateLimits, savedSearches, sessions } from "#db/schema";
import { issueEmailToken } from "~/accounts/email-tokens.server";
import { consumeRateLimit, RATE_LIMITS } from "~/accounts/rate-limit.server";
import { runScheduledJobs } from "~/jobs.server";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, sessionCookieFor } from "./support/factories";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

const DAY = 24 * 60 * 60_000;

describe("scheduled housekeeping", () => {
  it("removes expired and idle sessions, old tokens, old rate-limit windows and old local mail; keeps the rest", async () => {
    const user = await createUser(ctx);
    await sessionCookieFor(ctx, user.id);
    await sessionCookieFor(ctx, user.id);
    await sessionCookieFor(ctx, user.id);
    const [alive, idle, expired] = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .orderBy(sql`rowid`);
    const now = Date.now();
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - 15 * DAY) })
      .where(eq(sessions.id, idle!.id));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(sessions.id, expired!.id));

    await issueEmailToken(ctx.db, user.id, "confirm_email");
    await issueEmailToken(ctx.db, user.id, "reset_password", new Date(now - 3 * DAY));
    await consumeRateLimit(ctx.db, "fresh", RATE_LIMITS.signIn, now);
    await consumeRateLimit(ctx.db, "stale", RATE_LIMITS.signIn, now - 2 * DAY);
    await ctx.db.insert(devMailbox).values([
      { to: "a@example.lt", subject: "new", text: "", html: "" },
      { to: "b@example.lt", subject: "old", text: "", html: "", createdAt: new Date(now - 8 * DAY) },
    ]);

    await runScheduledJobs(ctx.context, new Date(now));

    expect((await ctx.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id)).toEqual([alive!.id]);
    expect(await ctx.db.select({ purpose: emailTokens.purpose }).from(emailTokens)).toEqual([
      { purpose: "confirm_email" },
    ]);
    expect(await ctx.db.select({ key: rateLimits.key }).from(rateLimits)).toEqual([{ key: "fresh" }]);
    expect(await ctx.db.select({ subject: devMailbox.subject }).from(devMailbox)).toEqual([{ subject: "new" }]);
  });

  it("clears listing drafts untouched for 30 days and keeps recent ones", async () => {
    const user = await createUser(ctx);
    const now = Date.now();
    await ctx.db.insert(listingDrafts).values([
      { ownerId: user.id, data: { make: "Old" }, updatedAt: new Date(now - 31 * DAY) },
      { ownerId: user.id, data: { make: "Recent" }, updatedAt: new Date(now - 29 * DAY) },
    ]);
    await runScheduledJobs(ctx.context, new Date(now));
    const left = await ctx.db.select({ data: listingDrafts.data }).from(listingDrafts);
    expect(left.map((row) => row.data)).toEqual([{ make: "Recent" }]);
  });

  it("tells saved searches about listings approved since the last run, once", async () => {
    const owner = await createUser(ctx);
    const watcher = await createUser(ctx);
    await ctx.db.insert(savedSearches).values({ userId: watcher.id, name: "SUV", query: "/rentals?category=suv" });
    const now = new Date();
    const approved = await createCar(ctx, owner.id, { category: "suv", approvedAt: new Date(now.getTime() - 60_000) });
    await createCar(ctx, owner.id, { category: "suv", approvedAt: new Date(now.getTime() - 3 * DAY) });
    await createCar(ctx, owner.id, { category: "suv", status: "pending" });

    await runScheduledJobs(ctx.context, now);
    await runScheduledJobs(ctx.context, now);
    const sent = await ctx.db.select().from(notifications);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ userId: watcher.id, type: "saved_search_match", data: { car_id: approved.id } });
  });
});
