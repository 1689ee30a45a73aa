// The guards later routes rely on, checked through real routes: signed in, admin, owner of the row,
// visibility of cars, and the local mailbox that must not exist where a real sender does.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { profiles } from "#db/schema";
import {
  forbidden,
  getOptionalUserWith,
  requireOwner,
  requireParty,
  requireUserWith,
  requireVerified,
} from "~/accounts/guards.server";
import { SESSION_CACHE_CONTROL, withSessionCacheControl } from "~/accounts/session.server";
import { loader as adminLoader } from "~/routes/_admin+/admin";
import { loader as favoritesLoader } from "~/routes/_cars+/favorites";
import { loader as carLoader } from "~/routes/_cars+/car.$id";
import { loader as mailboxLoader } from "~/routes/_dev+/dev.mailbox";
import { loader as pricingLoader } from "~/routes/_my-listings+/pricing.$carId";
import { loader as publicProfileLoader } from "~/routes/_profiles+/profile.$userId";
import { loader as splatLoader } from "~/routes/$";
import { createTestContext, PRODUCTION_ENV, type TestContext } from "./support/context";
import { createCar, createUser, createSignedInUser } from "./support/factories";
import { callRoute, getRequest } from "./support/routes";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

const signedIn = (options: Parameters<typeof createUser>[1] = {}) => createSignedInUser(ctx, options);

describe("/admin", () => {
  it("asks a guest to sign in, refuses a user with 403 Access Denied, and lets an admin in", async () => {
    const guest = await callRoute<{ signIn?: boolean; title?: string }>(adminLoader, getRequest("/admin"), ctx.context);
    expect(guest).toMatchObject({ status: 401, thrown: true, data: { signIn: true } });

    const user = await signedIn({ verified: true, isHost: true });
    const refused = await callRoute<{ title: string }>(
      adminLoader,
      getRequest("/admin", { cookie: user.cookie }),
      ctx.context,
    );
    expect(refused).toMatchObject({ status: 403, thrown: true, data: { title: "errors.accessDeniedTitle" } });

    const admin = await signedIn({ isAdmin: true });
    const allowed = await callRoute(adminLoader, getRequest("/admin", { cookie: admin.cookie }), ctx.context);
    expect(allowed.status).toBe(200);
  });
});

describe("pages that need a signed-in user", () => {
  it("show a guest the sign-in-required state and a user the page", async () => {
    const guest = await callRoute<{ signIn?: boolean }>(favoritesLoader, getRequest("/favorites"), ctx.context);
    expect(guest).toMatchObject({ status: 401, data: { signIn: true } });
    const user = await signedIn();
    expect(
      (await callRoute(favoritesLoader, getRequest("/favorites", { cookie: user.cookie }), ctx.context)).status,
    ).toBe(200);
  });
});

describe("/pricing/{carId}", () => {
  it("is for the car's owner only: others 403, unknown cars 404", async () => {
    const owner = await signedIn({ verified: true });
    const other = await signedIn();
    const car = await createCar(ctx, owner.id);
    const path = `/pricing/${car.id}`;
    const load = (cookie?: string, id = car.id) =>
      callRoute(pricingLoader, getRequest(path, { cookie }), ctx.context, { carId: id });

    expect((await load(owner.cookie)).status).toBe(200);
    expect((await load(other.cookie)).status).toBe(403);
    expect((await load(undefined)).status).toBe(401);
    expect((await load(owner.cookie, "no-such-car")).status).toBe(404);
  });
});

describe("/car/{id}", () => {
  it("shows approved available cars to everyone and other cars only to admins; unknown is 404 Car Not Found", async () => {
    const owner = await createUser(ctx);
    const approved = await createCar(ctx, owner.id);
    const pending = await createCar(ctx, owner.id, { status: "pending" });
    const hidden = await createCar(ctx, owner.id, { available: false });
    const admin = await signedIn({ isAdmin: true });
    const load = (id: string, cookie?: string) =>
      callRoute<{ title?: string; action?: { to: string } }>(
        carLoader,
        getRequest(`/car/${id}`, { cookie }),
        ctx.context,
        { id },
      );

    expect((await load(approved.id)).status).toBe(200);
    for (const id of [pending.id, hidden.id]) {
      expect((await load(id)).status).toBe(404);
      expect((await load(id, admin.cookie)).status).toBe(200);
    }
    const unknown = await load("00000000-0000-0000-0000-000000000000");
    expect(unknown).toMatchObject({ status: 404, data: { title: "errors.carNotFoundTitle", action: { to: "/cars" } } });
  });
});

describe("/profile/{userId}", () => {
  it("shows a person and answers 404 Profile Not Found for an unknown id", async () => {
    const person = await createUser(ctx, { fullName: "Rūta Rūtaitė" });
    const found = await callRoute<{ profile: { fullName: string } }>(
      publicProfileLoader,
      getRequest(`/profile/${person.id}`),
      ctx.context,
      {
        userId: person.id,
      },
    );
    expect(found.data.profile.fullName).toBe("Rūta Rūtaitė");
    // Loaders select what the page shows: no e-mail, no password hash.
    expect(JSON.stringify(found.data)).not.toContain(person.email);
    const missing = await callRoute<{ title: string }>(
      publicProfileLoader,
      getRequest("/profile/nobody"),
      ctx.context,
      { userId: "nobody" },
    );
    expect(missing).toMatchObject({ status: 404, data: { title: "errors.profileNotFoundTitle" } });
  });
});

describe("/dev/mailbox", () => {
  it("lists e-mails locally and is a 404 when a real sender is configured or in production", async () => {
    expect((await callRoute(mailboxLoader, getRequest("/dev/mailbox"), ctx.context)).status).toBe(200);
    const withSender = await createTestContext({ EMAIL_API_KEY: "re_key" });
    const production = await createTestContext(PRODUCTION_ENV);
    try {
      for (const context of [withSender.context, production.context]) {
        expect((await callRoute(mailboxLoader, getRequest("/dev/mailbox"), context)).status).toBe(404);
      }
    } finally {
      withSender.close();
      production.close();
    }
  });
});

describe("unknown URLs", () => {
  it("are a 404 inside the layout", async () => {
    const result = await callRoute<{ title: string }>(splatLoader, getRequest("/no/such/page"), ctx.context);
    expect(result).toMatchObject({ status: 404, data: { title: "errors.notFoundTitle" } });
  });
});

describe("guard functions", () => {
  it("requireVerified refuses an unverified user with 403", async () => {
    const user = await signedIn();
    const verified = await signedIn({ verified: true });
    await expect(requireVerified(getRequest("/", { cookie: user.cookie }), ctx.context)).rejects.toMatchObject({
      init: { status: 403 },
    });
    await expect(requireVerified(getRequest("/", { cookie: verified.cookie }), ctx.context)).resolves.toMatchObject({
      id: verified.id,
    });
    await ctx.db.update(profiles).set({ verificationStatus: "rejected" }).where(eq(profiles.id, verified.id));
    await expect(
      requireVerified(new Request(getRequest("/", { cookie: verified.cookie })), ctx.context),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  it("requireOwner and requireParty check the row itself", () => {
    const me = { id: "me" };
    expect(requireOwner({ ownerId: "me" }, me)).toEqual({ ownerId: "me" });
    expect(requireOwner({ userId: "me" }, me)).toEqual({ userId: "me" });
    expect(() => requireOwner({ ownerId: "you" }, me)).toThrow();
    expect(() => requireOwner(undefined, me)).toThrow();
    expect(requireParty({ renterId: "me", ownerId: "you" }, me)).toBeTruthy();
    expect(requireParty({ renterId: "you", ownerId: "me" }, me)).toBeTruthy();
    expect(requireParty({ userAId: "a", userBId: "me" }, me)).toBeTruthy();
    expect(() => requireParty({ renterId: "a", ownerId: "b" }, me)).toThrow();
    expect(() => forbidden()).toThrow();
  });
});

describe("guards that take the page's reads (decision 002)", () => {
  /** A read as Drizzle makes one: a thenable that runs its query again on every `then`, counted here. */
  function countedRead(answer: string) {
    const read = {
      runs: 0,
      then<A, B = never>(done?: (value: string) => A, failed?: (error: unknown) => B) {
        read.runs += 1;
        return Promise.resolve(answer).then(done, failed);
      },
      catch<B>(failed: (error: unknown) => B) {
        return read.then(undefined, failed);
      },
    };
    return read;
  }

  it("getOptionalUserWith gives a person the reads' answer, and a guest or a stale cookie nothing", async () => {
    const user = await signedIn();
    const started: string[] = [];
    const reads = (who: string) => () => {
      started.push(who);
      return Promise.resolve(`rows of ${who}`);
    };
    const [person, rows] = await getOptionalUserWith(getRequest("/", { cookie: user.cookie }), ctx.context, reads("a"));
    expect(person?.id).toBe(user.id);
    expect(rows).toBe("rows of a");
    // Without a session cookie nothing is read at all.
    expect(await getOptionalUserWith(getRequest("/"), ctx.context, reads("guest"))).toEqual([null, null]);
    expect(started).not.toContain("guest");
    expect(
      await getOptionalUserWith(getRequest("/", { cookie: "session=tampered" }), ctx.context, reads("stale")),
    ).toEqual([null, null]);
  });

  it("run a Drizzle-like read once, though its answer is both guarded against rejection and awaited", async () => {
    const user = await signedIn();
    const read = countedRead("rows");
    const [, rows] = await requireUserWith(
      getRequest("/", { cookie: user.cookie }),
      ctx.context,
      () => read as unknown as Promise<string>,
    );
    expect(rows).toBe("rows");
    expect(read.runs).toBe(1);
    const again = countedRead("rows");
    await getOptionalUserWith(
      getRequest("/", { cookie: user.cookie }),
      ctx.context,
      () => again as unknown as Promise<string>,
    );
    expect(again.runs).toBe(1);
  });
});

describe("answers made for a signed-in person (decision 030)", () => {
  /** One request's context, as the Worker makes one per request; the answer as the Worker would send it. */
  async function answerFor(cookie: string | undefined, response = () => new Response("page")) {
    const context = { ...ctx.context };
    await callRoute(favoritesLoader, getRequest("/favorites", { cookie }), context);
    return withSessionCacheControl(context, response()).headers.get("Cache-Control");
  }

  it("are kept by no cache, whatever the route set; a guest's and a stale cookie's answers are left as they are", async () => {
    const user = await signedIn();
    expect(await answerFor(user.cookie)).toBe(SESSION_CACHE_CONTROL);
    const cached = () => new Response("x", { headers: { "Cache-Control": "public, max-age=300" } });
    expect(await answerFor(user.cookie, cached)).toBe(SESSION_CACHE_CONTROL);
    // A redirect's headers cannot be changed in place: the same answer goes out with its own.
    const redirect = () => Response.redirect("http://ratai.test/profile", 302);
    expect(await answerFor(user.cookie, redirect)).toBe(SESSION_CACHE_CONTROL);
    expect(await answerFor(undefined, cached)).toBe("public, max-age=300");
    expect(await answerFor("session=tampered", cached)).toBe("public, max-age=300");
  });
});
