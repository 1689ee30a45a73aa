// /notifications against a real libSQL file: the filters, opening one (marked read, then where it is about), mark
// all as read, and nobody touching another person's notifications.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notifications } from "#db/schema";
import { action, loader } from "~/routes/_messages+/notifications";
import { createTestContext, type TestContext } from "./support/context";
import { createUser, sessionCookieFor } from "./support/factories";
import { callRoute, formRequest, getRequest } from "./support/routes";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

type Page = { notifications: { id: string; text: string; read: boolean }[]; counts: { all: number; unread: number } };

async function someone() {
  const user = await createUser(ctx);
  const base = Date.now();
  const rows = await ctx.db
    .insert(notifications)
    .values([
      {
        userId: user.id,
        type: "booking_confirmed",
        data: { car_make: "Audi", car_model: "A6" },
        createdAt: new Date(base - 3000),
      },
      {
        userId: user.id,
        type: "new_message",
        data: { conversation_id: "k1", count: 1, preview: "Labas" },
        createdAt: new Date(base - 2000),
      },
      {
        userId: user.id,
        type: "price_drop",
        data: { car_id: "c1", old_price: 100, new_price: 90 },
        read: true,
        createdAt: new Date(base - 1000),
      },
    ])
    .returning({ id: notifications.id, type: notifications.type });
  return {
    user,
    cookie: await sessionCookieFor(ctx, user.id),
    ids: Object.fromEntries(rows.map((r) => [r.type, r.id])),
  };
}

describe("/notifications", () => {
  it("lists the newest first and filters by unread, bookings and messages", async () => {
    const { cookie } = await someone();
    const page = (filter = "") =>
      callRoute<Page>(
        loader,
        getRequest(`/notifications${filter ? `?filter=${filter}` : ""}`, { cookie }),
        ctx.context,
      );
    const all = await page();
    expect(all.data.notifications.map((n) => n.text)).toEqual([
      "types.price_drop",
      "types.new_message",
      "types.booking_confirmed",
    ]);
    expect(all.data.counts).toEqual({ all: 3, unread: 2 });
    expect((await page("unread")).data.notifications.map((n) => n.text)).toEqual([
      "types.new_message",
      "types.booking_confirmed",
    ]);
    expect((await page("bookings")).data.notifications.map((n) => n.text)).toEqual(["types.booking_confirmed"]);
    expect((await page("messages")).data.notifications.map((n) => n.text)).toEqual(["types.new_message"]);
    expect((await page("nonsense")).data.notifications).toHaveLength(3);
    expect((await callRoute(loader, getRequest("/notifications"), ctx.context)).status).toBe(401);
  });

  it("opening one marks it read and leads where it is about; only one's own", async () => {
    const { cookie, ids } = await someone();
    const stranger = await someone();
    const open = (id: string, who = cookie) =>
      callRoute(action, formRequest("/notifications", { intent: "open", id }, { cookie: who }), ctx.context);
    expect(await open(ids.new_message!)).toMatchObject({ status: 303, location: "/messages/k1" });
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, ids.new_message!));
    expect(row!.read).toBe(true);
    // Someone else's: not found, and left unread.
    expect((await open(ids.booking_confirmed!, stranger.cookie)).status).toBe(404);
    const [other] = await ctx.db.select().from(notifications).where(eq(notifications.id, ids.booking_confirmed!));
    expect(other!.read).toBe(false);
  });

  it("marks all of one's own read, and no one else's", async () => {
    const { user, cookie } = await someone();
    const stranger = await someone();
    const result = await callRoute(
      action,
      formRequest("/notifications", { intent: "read-all", redirectTo: "/notifications?filter=unread" }, { cookie }),
      ctx.context,
    );
    expect(result).toMatchObject({ status: 303, location: "/notifications?filter=unread" });
    const mine = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(mine.every((n) => n.read)).toBe(true);
    const theirs = await ctx.db.select().from(notifications).where(eq(notifications.userId, stranger.user.id));
    expect(theirs.filter((n) => !n.read)).toHaveLength(2);
    // An address elsewhere is not followed.
    const away = await callRoute(
      action,
      formRequest("/notifications", { intent: "read-all", redirectTo: "https://evil.example/" }, { cookie }),
      ctx.context,
    );
    expect(away.location).toBe("/");
  });
});
