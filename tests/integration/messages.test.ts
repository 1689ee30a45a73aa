// Messages against a real libSQL file: sending (one conversation per pair, the notification, the rules, the rate
// limit), listing, reading a thread and the read marks, and who may see what.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { conversations, listingDailyStats, messages, notifications, users } from "#db/schema";
import {
  countUnreadMessages,
  findConversation,
  listConversations,
  markConversationRead,
  sendMessage,
  threadMessages,
} from "~/messages/messaging.server";
import { sendFromForm } from "~/messages/send-message.server";
import { action as contactAction, loader as contactLoader } from "~/routes/_cars+/car.$id.contact";
import { action as replyAction, loader as threadLoader } from "~/routes/_messages+/messages.$conversationId";
import { loader as inboxLoader } from "~/routes/_messages+/messages";
import { action as profileMessageAction } from "~/routes/_profiles+/profile.$userId.message";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, sessionCookieFor } from "./support/factories";
import { callRoute, formRequest, getRequest } from "./support/routes";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

const NOW = new Date("2026-11-22T10:00:00Z");

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

async function pair() {
  const renter = await createUser(ctx, { fullName: "Rūta Nuomininkė" });
  const host = await createUser(ctx, { fullName: "Jonas Savininkas", isHost: true, verified: true });
  const car = await createCar(ctx, host.id, { make: "Škoda", model: "Octavia" });
  return { renter, host, car };
}

const send = (senderId: string, recipientId: string, content: string, at: Date, carId: string | null = null) =>
  sendMessage(ctx.db, { senderId, recipientId, carId, type: "general", subject: null, content }, at);

describe("sending", () => {
  it("keeps one conversation per pair whichever side writes, and one unread notification per conversation", async () => {
    const { renter, host, car } = await pair();
    const first = await send(renter.id, host.id, "Labas, ar laisva?", NOW, car.id);
    const second = await send(host.id, renter.id, "Taip.", new Date(NOW.getTime() + 1000));
    const third = await send(renter.id, host.id, "Puiku, o savaitgalį?", new Date(NOW.getTime() + 2000));
    expect(new Set([first.conversationId, second.conversationId, third.conversationId]).size).toBe(1);
    const [conversation] = await ctx.db.select().from(conversations);
    expect(conversation!.lastMessageAt.getTime()).toBe(NOW.getTime() + 2000);
    // The host got two messages from the renter: one bell line, counting two.
    const hostNotes = await ctx.db.select().from(notifications).where(eq(notifications.userId, host.id));
    expect(hostNotes).toHaveLength(1);
    expect(hostNotes[0]).toMatchObject({ type: "new_message", read: false });
    expect(hostNotes[0]!.data).toMatchObject({
      conversation_id: first.conversationId,
      count: 2,
      preview: "Puiku, o savaitgalį?",
      sender_id: renter.id,
    });
    expect(await countUnreadMessages(ctx.db, host.id)).toBe(2);
    expect(await countUnreadMessages(ctx.db, renter.id)).toBe(1);
  });

  it("first messages sent at once from both sides still make one conversation", async () => {
    const { renter, host } = await pair();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? send(renter.id, host.id, `r${i}`, NOW) : send(host.id, renter.id, `h${i}`, NOW),
      ),
    );
    expect(await ctx.db.select().from(conversations)).toHaveLength(1);
    expect(await ctx.db.select().from(messages)).toHaveLength(10);
  });

  it("checks the rules on the server and writes nothing when one fails", async () => {
    const { renter, host, car } = await pair();
    const sale = await createCar(ctx, host.id, { listingType: "sale", salePrice: 1_500_000, dailyPrice: null });
    const attempt = (fields: Record<string, string>, options: { carId?: string; allowBooking?: boolean } = {}) =>
      sendFromForm(
        ctx.db,
        {
          senderId: renter.id,
          recipientId: host.id,
          carId: options.carId ?? car.id,
          allowBooking: options.allowBooking ?? true,
          form: form(fields),
        },
        NOW,
      );
    expect(await attempt({ content: "   " })).toMatchObject({
      ok: false,
      status: 400,
      issues: { content: "validation.messageEmpty" },
    });
    expect(await attempt({ content: "x".repeat(5001) })).toMatchObject({
      issues: { content: "validation.messageTooLong" },
    });
    expect(
      await attempt({ type: "booking_inquiry", content: "Laisva?" }, { carId: sale.id, allowBooking: false }),
    ).toMatchObject({ issues: { type: "messages:validation.bookingNotForSale" } });
    expect(
      await attempt({ type: "booking_inquiry", content: "Laisva?", start: "2026-11-21", end: "2026-11-25" }),
    ).toMatchObject({ issues: { start: "messages:validation.startInPast" } });
    expect(await ctx.db.select().from(messages)).toHaveLength(0);

    // A good inquiry keeps its dates and place; the subject is cut to 200.
    const sent = await attempt({
      type: "booking_inquiry",
      subject: "s".repeat(250),
      content: "  Ar laisva gruodžio pradžioje?  ",
      start: "2026-12-01",
      end: "2026-12-04",
      pickupLocation: "Vilniaus oro uostas",
    });
    expect(sent.ok).toBe(true);
    const [row] = await ctx.db.select().from(messages);
    expect(row).toMatchObject({
      senderId: renter.id,
      recipientId: host.id,
      carId: car.id,
      messageType: "booking_inquiry",
      content: "Ar laisva gruodžio pradžioje?",
      bookingStartDate: "2026-12-01",
      bookingEndDate: "2026-12-04",
      pickupLocation: "Vilniaus oro uostas",
      readAt: null,
    });
    expect(row!.subject).toHaveLength(200);
  });

  it("refuses a message to oneself and to a deleted account", async () => {
    const { renter, host } = await pair();
    const to = (recipientId: string) =>
      sendFromForm(
        ctx.db,
        { senderId: renter.id, recipientId, carId: null, allowBooking: true, form: form({ content: "Labas" }) },
        NOW,
      );
    expect(await to(renter.id)).toMatchObject({ ok: false, status: 404, formIssue: "messages:errors.recipientGone" });
    await ctx.db.update(users).set({ deletedAt: NOW }).where(eq(users.id, host.id));
    expect(await to(host.id)).toMatchObject({ ok: false, status: 404 });
    expect(await ctx.db.select().from(messages)).toHaveLength(0);
  });

  it("limits sending per user: the 21st message in a minute is refused with the spec's message", async () => {
    const { renter, host } = await pair();
    const other = await createUser(ctx);
    const attempt = (senderId: string, recipientId: string, at = NOW) =>
      sendFromForm(
        ctx.db,
        { senderId, recipientId, carId: null, allowBooking: true, form: form({ content: "x" }) },
        at,
      );
    for (let i = 0; i < 20; i++) expect((await attempt(renter.id, host.id)).ok).toBe(true);
    expect(await attempt(renter.id, host.id)).toMatchObject({
      ok: false,
      status: 429,
      formIssue: "messages:errors.rateLimited",
    });
    // Per user, not per recipient: another conversation is refused too; another sender is not.
    expect((await attempt(renter.id, other.id)).ok).toBe(false);
    expect((await attempt(host.id, renter.id)).ok).toBe(true);
    expect(await ctx.db.select().from(messages).where(eq(messages.senderId, renter.id))).toHaveLength(20);
    // A minute later the window has passed.
    expect((await attempt(renter.id, host.id, new Date(NOW.getTime() + 60_001))).ok).toBe(true);
  });

  it("counts the car's contacts and inquiries for its owner, per Vilnius day, in the same write", async () => {
    const { renter, host, car } = await pair();
    const other = await createCar(ctx, host.id, { make: "Volvo", model: "XC60" });
    const stranger = await createUser(ctx);
    const stats = async () =>
      (await ctx.db.select().from(listingDailyStats))
        .map(({ carId, day, contacts, inquiries, views, favorites }) => ({
          car: carId === car.id ? "octavia" : carId === other.id ? "xc60" : carId,
          day,
          contacts,
          inquiries,
          views,
          favorites,
        }))
        .sort((a, b) => a.car.localeCompare(b.car) || a.day.localeCompare(b.day));
    const inquiry = (senderId: string, carId: string, at: Date) =>
      sendMessage(
        ctx.db,
        { senderId, recipientId: host.id, carId, type: "booking_inquiry", subject: null, content: "Laisva?" },
        at,
      );
    const row = (name: string, day: string, contacts: number, inquiries: number) => ({
      car: name,
      day,
      contacts,
      inquiries,
      views: 0,
      favorites: 0,
    });

    // The first message about the Octavia is a contact (12:00 in Vilnius on the 22nd).
    await send(renter.id, host.id, "Labas", NOW, car.id);
    expect(await stats()).toEqual([row("octavia", "2026-11-22", 1, 0)]);
    // More about the same car, and the owner's reply (no car), are not new contacts.
    await send(renter.id, host.id, "Dar klausimas", new Date(NOW.getTime() + 1000), car.id);
    await send(host.id, renter.id, "Prašom", new Date(NOW.getTime() + 2000));
    // Asking to book is an inquiry (the conversation already talked about this car: no new contact).
    await inquiry(renter.id, car.id, new Date(NOW.getTime() + 3000));
    expect(await stats()).toEqual([row("octavia", "2026-11-22", 1, 1)]);
    // Another car in the same conversation is a contact for that car; a second person's inquiry is both.
    await inquiry(renter.id, other.id, new Date(NOW.getTime() + 4000));
    await inquiry(stranger.id, car.id, new Date(NOW.getTime() + 5000));
    // 22:30 UTC is 00:30 on the 23rd in Vilnius: the next day's row.
    await inquiry(stranger.id, car.id, new Date("2026-11-22T22:30:00Z"));
    // The owner writing about their own car to someone else counts for nobody.
    await send(host.id, stranger.id, "Turiu ir Volvo", new Date(NOW.getTime() + 6000), other.id);
    expect(await stats()).toEqual([
      row("octavia", "2026-11-22", 2, 2),
      row("octavia", "2026-11-23", 0, 1),
      row("xc60", "2026-11-22", 1, 1),
    ]);
  });
});

describe("reading", () => {
  it("lists the reader's conversations newest first with the other person, preview, car and unread count", async () => {
    const { renter, host, car } = await pair();
    const stranger = await createUser(ctx, { fullName: "Petras Pašalietis" });
    const company = await createUser(ctx, { accountType: "company", fullName: "Kontaktinis Asmuo" });
    await send(renter.id, host.id, `${"Labas! ".repeat(20)}pabaiga`, NOW, car.id);
    await send(company.id, renter.id, "Siūlome draudimą", new Date(NOW.getTime() + 5000));
    await send(stranger.id, host.id, "Ne jūsų reikalas", new Date(NOW.getTime() + 9000));

    const list = await listConversations(ctx.db, renter.id);
    expect(list.map((c) => c.otherName)).toEqual(["UAB Testas", "Jonas Savininkas"]);
    expect(list[0]).toMatchObject({ unread: 1, lastFromMe: false, carName: null });
    expect(list[1]).toMatchObject({ unread: 0, lastFromMe: true, carName: "Škoda Octavia" });
    expect(list[1]!.lastPreview).toHaveLength(101); // 100 characters and an ellipsis
    // Search matches the person, the car or the words.
    expect((await listConversations(ctx.db, renter.id, "škoda")).map((c) => c.otherId)).toEqual([host.id]);
    expect((await listConversations(ctx.db, renter.id, "draudim")).map((c) => c.otherId)).toEqual([company.id]);
    expect((await listConversations(ctx.db, renter.id, "jonas")).map((c) => c.otherId)).toEqual([host.id]);
    expect(await listConversations(ctx.db, renter.id, "100%_")).toEqual([]);
    // The host sees theirs; the stranger's conversation with the host is not the renter's.
    expect((await listConversations(ctx.db, host.id)).map((c) => c.otherId)).toEqual([stranger.id, renter.id]);
  });

  it("shows a deleted account as unknown", async () => {
    const { renter, host } = await pair();
    await send(host.id, renter.id, "Labas", NOW);
    await ctx.db.update(users).set({ deletedAt: NOW }).where(eq(users.id, host.id));
    const [entry] = await listConversations(ctx.db, renter.id);
    expect(entry).toMatchObject({ otherId: host.id, otherName: null });
  });

  it("lets only the two people open a conversation", async () => {
    const { renter, host } = await pair();
    const stranger = await createUser(ctx);
    const { conversationId } = await send(renter.id, host.id, "Labas", NOW);
    expect(await findConversation(ctx.db, renter.id, conversationId)).toMatchObject({
      status: "ok",
      other: { id: host.id, name: "Jonas Savininkas" },
    });
    expect(await findConversation(ctx.db, host.id, conversationId)).toMatchObject({
      status: "ok",
      other: { id: renter.id },
    });
    expect(await findConversation(ctx.db, stranger.id, conversationId)).toEqual({ status: "forbidden" });
    expect(await findConversation(ctx.db, renter.id, crypto.randomUUID())).toEqual({ status: "missing" });
  });

  it("opening marks read only what the reader received, with read_at, and the bell's line for it", async () => {
    const { renter, host } = await pair();
    const { conversationId } = await send(renter.id, host.id, "Labas", NOW);
    await send(host.id, renter.id, "Sveiki", new Date(NOW.getTime() + 1000));
    await send(renter.id, host.id, "Ar laisva?", new Date(NOW.getTime() + 2000));
    const readAt = new Date(NOW.getTime() + 60_000);

    expect(await markConversationRead(ctx.db, host.id, conversationId, readAt)).toBe(2);
    const thread = await threadMessages(ctx.db, conversationId);
    expect(thread.map((m) => [m.content, m.readAt?.getTime() ?? null])).toEqual([
      ["Labas", readAt.getTime()],
      ["Sveiki", null], // the host's own message: the renter has not opened it yet
      ["Ar laisva?", readAt.getTime()],
    ]);
    const hostNotes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, host.id), eq(notifications.read, false)));
    expect(hostNotes).toHaveLength(0);
    expect(await countUnreadMessages(ctx.db, renter.id)).toBe(1);
    // Opening again changes nothing.
    expect(await markConversationRead(ctx.db, host.id, conversationId, new Date())).toBe(0);
  });

  it("a thread holds the latest 100 messages, oldest first", async () => {
    const { renter, host } = await pair();
    let conversationId = "";
    for (let i = 0; i < 105; i++) {
      ({ conversationId } = await send(renter.id, host.id, `m${i}`, new Date(NOW.getTime() + i * 1000)));
    }
    const thread = await threadMessages(ctx.db, conversationId);
    expect(thread).toHaveLength(100);
    expect(thread[0]!.content).toBe("m5");
    expect(thread.at(-1)!.content).toBe("m104");
  });
});

describe("the pages", () => {
  it("contact owner: signed in, not one's own car; sends and shows 'Message Sent' linking to the conversation", async () => {
    const { renter, host, car } = await pair();
    const renterCookie = await sessionCookieFor(ctx, renter.id);
    const params = { id: car.id };
    expect((await callRoute(contactLoader, getRequest(`/car/${car.id}/contact`), ctx.context, params)).status).toBe(
      401,
    );
    const own = await callRoute(
      contactLoader,
      getRequest(`/car/${car.id}/contact`, { cookie: await sessionCookieFor(ctx, host.id) }),
      ctx.context,
      params,
    );
    expect(own.status).toBe(404);

    const refused = await callRoute<{ issues: Record<string, string>; values: Record<string, string> }>(
      contactAction,
      formRequest(
        `/car/${car.id}/contact`,
        { type: "general", subject: "Klausimas", content: " " },
        { cookie: renterCookie },
      ),
      ctx.context,
      params,
    );
    expect(refused.status).toBe(400);
    expect(refused.data.issues).toEqual({ content: "validation.messageEmpty" });
    expect(refused.data.values).toMatchObject({ type: "general", subject: "Klausimas" });
    expect(await ctx.db.select().from(messages)).toHaveLength(0);

    const sent = await callRoute(
      contactAction,
      formRequest(
        `/car/${car.id}/contact`,
        { type: "booking_inquiry", content: "Ar laisva?", start: "2099-01-02", end: "2099-01-05" },
        { cookie: renterCookie },
      ),
      ctx.context,
      params,
    );
    expect(sent.status).toBe(303);
    const conversationId = new URL(sent.location!, "http://x").searchParams.get("sent")!;
    const page = await callRoute<{ sent: string | null }>(
      contactLoader,
      getRequest(sent.location!, { cookie: renterCookie }),
      ctx.context,
      params,
    );
    expect(page.data.sent).toBe(conversationId);
    const [row] = await ctx.db.select().from(messages);
    expect(row).toMatchObject({ recipientId: host.id, carId: car.id, messageType: "booking_inquiry" });
    // Someone else's conversation id in the address shows no "Message Sent".
    const stranger = await createUser(ctx);
    const strangers = await callRoute<{ sent: string | null }>(
      contactLoader,
      getRequest(sent.location!, { cookie: await sessionCookieFor(ctx, stranger.id) }),
      ctx.context,
      params,
    );
    expect(strangers.data.sent).toBeNull();
  });

  it("the profile's Send Message sends a general message; never to oneself", async () => {
    const { renter, host } = await pair();
    const cookie = await sessionCookieFor(ctx, renter.id);
    const to = (userId: string, fields: Record<string, string>) =>
      callRoute(profileMessageAction, formRequest(`/profile/${userId}/message`, fields, { cookie }), ctx.context, {
        userId,
      });
    expect((await to(renter.id, { content: "Sau" })).status).toBe(404);
    expect((await to(host.id, { type: "booking_inquiry", content: "Laisva?" })).status).toBe(400);
    expect((await to(host.id, { content: "Labas, Jonai" })).status).toBe(303);
    const [row] = await ctx.db.select().from(messages);
    expect(row).toMatchObject({ senderId: renter.id, recipientId: host.id, messageType: "general", carId: null });
  });

  it("the inbox and a thread: only the two people; opening marks read; a reply comes back to the thread", async () => {
    const { renter, host, car } = await pair();
    const stranger = await createUser(ctx);
    const { conversationId } = await send(renter.id, host.id, "Labas", NOW, car.id);
    const hostCookie = await sessionCookieFor(ctx, host.id);
    const strangerCookie = await sessionCookieFor(ctx, stranger.id);
    const path = `/messages/${conversationId}`;
    const params = { conversationId };

    expect((await callRoute(threadLoader, getRequest(path), ctx.context, params)).status).toBe(401);
    expect(
      (await callRoute(threadLoader, getRequest(path, { cookie: strangerCookie }), ctx.context, params)).status,
    ).toBe(403);
    expect(
      (
        await callRoute(
          replyAction,
          formRequest(path, { content: "Įsiterpiu" }, { cookie: strangerCookie }),
          ctx.context,
          params,
        )
      ).status,
    ).toBe(403);
    // The stranger's visit to the inbox with that id marks nothing read.
    await callRoute(inboxLoader, getRequest(path, { cookie: strangerCookie }), ctx.context, params);
    expect(await countUnreadMessages(ctx.db, host.id)).toBe(1);
    const missing = await callRoute(
      threadLoader,
      getRequest(`/messages/${crypto.randomUUID()}`, { cookie: hostCookie }),
      ctx.context,
      { conversationId: crypto.randomUUID() },
    );
    expect(missing.status).toBe(404);

    const inbox = await callRoute<{ conversations: { id: string; unread: number }[] }>(
      inboxLoader,
      getRequest(path, { cookie: hostCookie }),
      ctx.context,
      params,
    );
    expect(inbox.data.conversations).toEqual([expect.objectContaining({ id: conversationId, unread: 0 })]);
    expect(await countUnreadMessages(ctx.db, host.id)).toBe(0);
    const thread = await callRoute<{ messages: { content: string }[]; other: { name: string }; live: unknown }>(
      threadLoader,
      getRequest(path, { cookie: hostCookie }),
      ctx.context,
      params,
    );
    expect(thread.data.other.name).toBe("Rūta Nuomininkė");
    // These tests run with PARTYKIT_HOST=off: no ticket, so the page polls.
    expect(thread.data.live).toBeNull();
    expect(thread.data.messages.map((m) => m.content)).toEqual(["Labas"]);

    const empty = await callRoute<{ issues: Record<string, string> }>(
      replyAction,
      formRequest(path, { content: "  " }, { cookie: hostCookie }),
      ctx.context,
      params,
    );
    expect(empty.status).toBe(400);
    expect(empty.data.issues).toEqual({ content: "validation.messageEmpty" });
    const reply = await callRoute(
      replyAction,
      formRequest(path, { content: "Sveiki!" }, { cookie: hostCookie }),
      ctx.context,
      params,
    );
    expect(reply).toMatchObject({ status: 303, location: path });
    expect(await countUnreadMessages(ctx.db, renter.id)).toBe(1);
  });
});

describe("telling the live rooms", () => {
  it("after a reply, the conversation's room and the recipient's room hear of it, with the shared secret", async () => {
    const heard: { path: string; authorization: string | undefined; body: unknown }[] = [];
    const rooms = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        heard.push({ path: request.url ?? "", authorization: request.headers.authorization, body: JSON.parse(body) });
        response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => rooms.listen(0, "127.0.0.1", resolve));
    const { port } = rooms.address() as AddressInfo;
    const live = await createTestContext({ PARTYKIT_HOST: `127.0.0.1:${port}`, PARTYKIT_SECRET: "rooms-secret" });
    try {
      const renter = await createUser(live);
      const host = await createUser(live);
      const first = await sendMessage(
        live.db,
        { senderId: renter.id, recipientId: host.id, carId: null, type: "general", subject: null, content: "Labas" },
        NOW,
      );
      const path = `/messages/${first.conversationId}`;
      const reply = await callRoute(
        replyAction,
        formRequest(path, { content: "Sveiki" }, { cookie: await sessionCookieFor(live, host.id) }),
        live.context,
        { conversationId: first.conversationId },
      );
      expect(reply.status).toBe(303);
      await live.settled();
      const [saved] = await live.db.select().from(messages).where(eq(messages.content, "Sveiki"));
      expect(heard).toHaveLength(2);
      expect(heard).toEqual(
        expect.arrayContaining([
          {
            path: `/parties/main/conversation-${first.conversationId}`,
            authorization: "Bearer rooms-secret",
            body: { type: "message", conversationId: first.conversationId, messageId: saved!.id, senderId: host.id },
          },
          {
            path: `/parties/main/user-${renter.id}`,
            authorization: "Bearer rooms-secret",
            body: { type: "message", conversationId: first.conversationId, messageId: saved!.id },
          },
        ]),
      );
    } finally {
      live.close();
      rooms.close();
    }
  });

  it("a room that cannot be reached does not stop the message", async () => {
    const live = await createTestContext({ PARTYKIT_HOST: "127.0.0.1:9" });
    try {
      const renter = await createUser(live);
      const host = await createUser(live);
      const car = await createCar(live, host.id);
      const sent = await callRoute(
        contactAction,
        formRequest(
          `/car/${car.id}/contact`,
          { content: "Labas" },
          { cookie: await sessionCookieFor(live, renter.id) },
        ),
        live.context,
        { id: car.id },
      );
      expect(sent.status).toBe(303);
      await live.settled();
      expect(await live.db.select().from(messages)).toHaveLength(1);
    } finally {
      live.close();
    }
  });
});
