// /account/delete and app/accounts/account-deletion.server.ts against a real libSQL file and R2 in memory: the password
// confirms it, unfinished bookings block it, and a deletion anonymises the person table by table while bookings,
// messages and booked listings stay; the account can no longer sign in.
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookings,
  carImages,
  cars,
  carViewMarks,
  conversations,
  emailTokens,
  favorites,
  listingDrafts,
  messages,
  notifications,
  profiles,
  savedSearches,
  sessions,
  users,
  verificationDocuments,
} from "#db/schema";
import { deleteAccount } from "~/accounts/account-deletion.server";
import { issueEmailToken } from "~/accounts/email-tokens.server";
import { replaceAvatar } from "~/profiles/profile.server";
import { uploadDocument } from "~/profiles/verification.server";
import { action as signInAction } from "~/routes/_auth+/auth.signin";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_account+/account.delete";
import { loader as profileLoader } from "~/routes/_profiles+/profile._index";
import { takeToast } from "~/utils/toast.server";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, sessionCookieFor, createBooking } from "./support/factories";
import { callRoute, cookieFrom, formRequest, getRequest } from "./support/routes";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const bucket = () => ctx.context.cloudflare.env.PHOTOS as unknown as R2Bucket & { keys(): string[] };

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const book = (carId: string, renterId: string, ownerId: string, status: Parameters<typeof createBooking>[2]) =>
  createBooking(ctx, { carId, renterId, ownerId }, status);

const postDelete = (cookie: string, password: string) =>
  callRoute<{ error?: Record<string, string[]> }>(
    deleteAction,
    formRequest("/account/delete", { currentPassword: password }, { cookie }),
    ctx.context,
  );

async function snapshot(userId: string) {
  const [[user], [profile], userSessions] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.id, userId)),
    ctx.db.select().from(profiles).where(eq(profiles.id, userId)),
    ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)),
  ]);
  const ownCars = await ctx.db.select().from(cars).where(eq(cars.ownerId, userId));
  return { user, profile, sessions: userSessions.length, cars: ownCars };
}

const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 300, height: 300, channels: 3, background: "#a63" } })
          .png()
          .toBuffer(),
      ),
    ],
    "me.png",
  );

describe("the page", () => {
  it("asks a guest to sign in and warns a user with unfinished bookings up front", async () => {
    expect((await callRoute(deleteLoader, getRequest("/account/delete"), ctx.context)).status).toBe(401);
    const host = await createUser(ctx, { verified: true });
    const renter = await createUser(ctx);
    const car = await createCar(ctx, host.id);
    await book(car.id, renter.id, host.id, "confirmed");
    const page = await callRoute<{ openBookings: { asOwner: number; asRenter: number } }>(
      deleteLoader,
      getRequest("/account/delete", { cookie: await sessionCookieFor(ctx, renter.id) }),
      ctx.context,
    );
    expect(page.data.openBookings).toEqual({ asOwner: 0, asRenter: 1 });
  });
});

describe("refusals that change nothing", () => {
  it("a wrong password: the message at the field, the account as it was", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const before = await snapshot(user.id);
    const result = await postDelete(cookie, "Wrong!pass1");
    expect(result.status).toBe(400);
    expect(result.data.error).toEqual({ currentPassword: ["profile:deleteAccount.wrongPassword"] });
    // The password typed is not sent back.
    expect(JSON.stringify(result.data)).not.toContain("Wrong!pass1");
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("guessing is rate limited: after 5 attempts even the right password waits", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    for (let i = 0; i < 5; i += 1) expect((await postDelete(cookie, `Wrong!pass${i}`)).status).toBe(400);
    const limited = await postDelete(cookie, user.password);
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ error: { "": ["profile:deleteAccount.tooManyAttempts"] } });
    expect((await snapshot(user.id)).user?.deletedAt).toBeNull();
  });

  it.each(["pending", "confirmed", "active"] as const)(
    "a %s booking of the user's car blocks it, and nothing is deleted",
    async (status) => {
      const host = await createUser(ctx, { verified: true });
      const renter = await createUser(ctx);
      const cookie = await sessionCookieFor(ctx, host.id);
      const booked = await createCar(ctx, host.id);
      await createCar(ctx, host.id);
      await ctx.db.insert(favorites).values({ userId: host.id, carId: booked.id });
      await book(booked.id, renter.id, host.id, status);
      const before = await snapshot(host.id);
      const result = await postDelete(cookie, host.password);
      expect(result.status).toBe(409);
      expect(result.data).toMatchObject({ error: { "": ["profile:deleteAccount.openBookings"] } });
      expect(await snapshot(host.id)).toEqual(before);
      expect(await ctx.db.select().from(favorites).where(eq(favorites.userId, host.id))).toHaveLength(1);
    },
  );

  it("a booking made between the check and the write leaves the whole account untouched", async () => {
    const host = await createUser(ctx, { verified: true });
    const renter = await createUser(ctx);
    const car = await createCar(ctx, host.id);
    await sessionCookieFor(ctx, host.id);
    const before = await snapshot(host.id);
    // The second batch is the write: a renter books just before it runs.
    let batches = 0;
    const db = new Proxy(ctx.db, {
      get(target, property, receiver) {
        if (property !== "batch") return Reflect.get(target, property, receiver);
        return async (...args: Parameters<typeof target.batch>) => {
          batches += 1;
          if (batches === 2) await book(car.id, renter.id, host.id, "pending");
          return target.batch(...args);
        };
      },
    });
    const outcome = await deleteAccount({ ...ctx.context, db }, host.id);
    expect(batches).toBe(2);
    expect(outcome).toEqual({ status: "has-open-bookings", openBookings: { asOwner: 1, asRenter: 0 } });
    expect(await snapshot(host.id)).toEqual(before);
  });

  it("the user's own unfinished trip blocks it too", async () => {
    const host = await createUser(ctx, { verified: true });
    const renter = await createUser(ctx);
    const car = await createCar(ctx, host.id);
    await book(car.id, renter.id, host.id, "pending");
    const before = await snapshot(renter.id);
    const outcome = await deleteAccount(ctx.context, renter.id);
    expect(outcome).toEqual({ status: "has-open-bookings", openBookings: { asOwner: 0, asRenter: 1 } });
    expect(await snapshot(renter.id)).toEqual(before);
  });
});

describe("a deletion", () => {
  it("anonymises the person in every table, keeps bookings and messages, deletes the R2 objects and ends every session", async () => {
    const user = await createUser(ctx, { isHost: true, fullName: "Petras Petraitis" });
    const other = await createUser(ctx, { verified: true });
    const cookie = await sessionCookieFor(ctx, user.id);
    const secondBrowser = await sessionCookieFor(ctx, user.id);
    await ctx.db
      .update(profiles)
      .set({ phone: "+370 600 00000", bio: "Apie mane", location: "Šiauliai", dateOfBirth: "1985-05-05" })
      .where(eq(profiles.id, user.id));

    // An avatar and verification documents in R2.
    expect((await replaceAvatar(ctx.context, user.id, [await photo()])).status).toBe("saved");
    const [{ avatarKey }] = (await ctx.db
      .select({ avatarKey: profiles.avatarKey })
      .from(profiles)
      .where(eq(profiles.id, user.id))) as [{ avatarKey: string }];
    await uploadDocument(ctx.context, user.id, "identity", new File(["%PDF-1.4 id"], "id.pdf"));
    await uploadDocument(ctx.context, user.id, "driving_licence", new File(["%PDF-1.4 dl"], "dl.pdf"));
    const documentKeys = (
      await ctx.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, user.id))
    ).map((d) => d.storageKey);
    expect(documentKeys).toHaveLength(2);

    // A car nobody booked (with a photo), a car with a finished booking, a trip the user took, a message they sent.
    const unbooked = await createCar(ctx, user.id);
    const photoKey = `cars/${unbooked.id}/${crypto.randomUUID()}`;
    await bucket().put(`${photoKey}/card.webp`, "card");
    await bucket().put(`${photoKey}/full.webp`, "full");
    await ctx.db
      .insert(carImages)
      .values({ carId: unbooked.id, storageKey: photoKey, width: 10, height: 10, isPrimary: true });
    const booked = await createCar(ctx, user.id);
    const bookedPhoto = `cars/${booked.id}/${crypto.randomUUID()}`;
    await bucket().put(`${bookedPhoto}/card.webp`, "card");
    await ctx.db.insert(carImages).values({ carId: booked.id, storageKey: bookedPhoto, width: 10, height: 10 });
    const asHost = await book(booked.id, other.id, user.id, "completed");
    const otherCar = await createCar(ctx, other.id);
    const asRenter = await book(otherCar.id, user.id, other.id, "cancelled");
    const [a, b] = [user.id, other.id].sort();
    const [conversation] = await ctx.db
      .insert(conversations)
      .values({ userAId: a!, userBId: b!, lastMessageAt: new Date() })
      .returning({ id: conversations.id });
    await ctx.db
      .insert(messages)
      .values({ conversationId: conversation!.id, senderId: user.id, recipientId: other.id, content: "Labas" });

    // Lists and traces of the person.
    await ctx.db.insert(favorites).values({ userId: user.id, carId: otherCar.id });
    await ctx.db.insert(savedSearches).values({ userId: user.id, name: "SUV", query: "category=suv" });
    await ctx.db.insert(notifications).values({ userId: user.id, type: "new_message" });
    await ctx.db.insert(listingDrafts).values({ ownerId: user.id, data: { make: "Audi" } });
    await ctx.db.insert(carViewMarks).values({ carId: otherCar.id, visitor: user.id, day: "2025-01-01" });
    await issueEmailToken(ctx.db, user.id, "reset_password");

    const result = await postDelete(cookie, user.password);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    // This browser's session cookie is cleared, and the toast says what happened.
    const setCookies = result.headers.getSetCookie();
    expect(setCookies.some((c) => /^session=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    const { toast } = await takeToast(getRequest("/", { cookie: cookieFrom(result.headers) }), ctx.context.env);
    expect(toast).toMatchObject({ type: "success", title: "toasts.accountDeleted" });

    const [account] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ email: `deleted+${user.id}@invalid`, passwordHash: "!deleted", isAdmin: false });
    expect(account!.deletedAt).toBeInstanceOf(Date);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({
      email: `deleted+${user.id}@invalid`,
      fullName: "Deleted user",
      phone: null,
      bio: null,
      location: null,
      dateOfBirth: null,
      avatarKey: null,
      companyName: null,
      companyNumber: null,
      verificationSubmittedAt: null,
      marketingConsent: false,
    });
    for (const [table, column] of [
      [sessions, sessions.userId],
      [verificationDocuments, verificationDocuments.userId],
      [emailTokens, emailTokens.userId],
      [favorites, favorites.userId],
      [savedSearches, savedSearches.userId],
      [notifications, notifications.userId],
      [listingDrafts, listingDrafts.ownerId],
      [carViewMarks, carViewMarks.visitor],
    ] as const) {
      expect(await ctx.db.select().from(table).where(eq(column, user.id)), String(column.name)).toHaveLength(0);
    }

    // Listings: the unbooked one is gone with its photos; the booked one is withdrawn and keeps them.
    expect(await ctx.db.select().from(cars).where(eq(cars.id, unbooked.id))).toHaveLength(0);
    expect(await ctx.db.select().from(carImages).where(eq(carImages.carId, unbooked.id))).toHaveLength(0);
    const [withdrawn] = await ctx.db.select().from(cars).where(eq(cars.id, booked.id));
    expect(withdrawn).toMatchObject({ available: false });
    expect(withdrawn!.deletedAt).toBeInstanceOf(Date);
    expect(bucket().keys()).toContain(`${bookedPhoto}/card.webp`);

    // Bookings (both sides) and the message stay.
    expect(
      await ctx.db
        .select()
        .from(bookings)
        .where(inArray(bookings.id, [asHost, asRenter])),
    ).toHaveLength(2);
    expect(await ctx.db.select().from(messages).where(eq(messages.senderId, user.id))).toHaveLength(1);

    // R2: the avatar, the documents and the deleted car's photos are gone.
    const keys = bucket().keys();
    expect(keys).not.toContain(`${avatarKey}/avatar.webp`);
    for (const key of documentKeys) expect(keys).not.toContain(key);
    expect(keys).not.toContain(`${photoKey}/card.webp`);
    expect(keys).not.toContain(`${photoKey}/full.webp`);

    // The other browser's session has ended too.
    const elsewhere = await callRoute(profileLoader, getRequest("/profile", { cookie: secondBrowser }), ctx.context);
    expect(elsewhere.status).toBe(401);
    // The other person's data is untouched.
    expect(await ctx.db.select().from(cars).where(eq(cars.id, otherCar.id))).toHaveLength(1);
  });

  it("the deleted account cannot sign in, by its old address or the placeholder; the address is free again", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    expect((await postDelete(cookie, user.password)).status).toBe(302);
    for (const email of [user.email, `deleted+${user.id}@invalid`]) {
      const attempt = await callRoute(
        signInAction,
        formRequest("/auth/signin", { email, password: user.password }, { ip: freshIp() }),
        ctx.context,
      );
      expect(attempt.status, email).not.toBe(302);
      expect(attempt.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    }
    const again = await createUser(ctx, { email: user.email });
    expect(again.id).not.toBe(user.id);
  });

  it("a company account loses its company details and stays valid for the schema", async () => {
    const company = await createUser(ctx, { accountType: "company" });
    expect(await deleteAccount(ctx.context, company.id)).toEqual({
      status: "deleted",
      deletedCars: 0,
      withdrawnCars: 0,
    });
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, company.id));
    expect(profile).toMatchObject({
      accountType: "person",
      companyName: null,
      companyNumber: null,
      fullName: "Deleted user",
    });
    // Deleting again finds nothing to delete.
    expect(await deleteAccount(ctx.context, company.id)).toEqual({ status: "not-found" });
  });
});
