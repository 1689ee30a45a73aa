// The information pages against a real libSQL file: the contact form (saved for the admins, its rules, its rate
// limit, the prefill), the newsletter's double opt-in (the e-mail, confirming once, refusing bad links, never telling
// who is subscribed, unsubscribing), the cookie preferences and how the language and theme cookies honour them,
// and the about page's numbers.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, devMailbox, newsletterSubscriptions } from "#db/schema";
import { languageCookie, rememberLanguage } from "~/i18n.server";
import { honourCookiePreferences, readCookiePreferences } from "~/information/cookie-preferences.server";
import {
  confirmNewsletterSubscription,
  requestNewsletterSubscription,
  unsubscribeToken,
} from "~/information/newsletter-subscriptions.server";
import { loader as aboutLoader } from "~/routes/_pages+/about";
import { action as contactAction, loader as contactLoader } from "~/routes/_pages+/contact";
import { action as cookiesAction, loader as cookiesLoader } from "~/routes/_pages+/cookies";
import { loader as faqLoader } from "~/routes/_pages+/faq";
import { action as newsletterAction } from "~/routes/_pages+/newsletter";
import { loader as confirmLoader } from "~/routes/_pages+/newsletter_.confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/_pages+/newsletter_.unsubscribe";
import { action as themeAction } from "~/routes/_resources+/resources.theme";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, sessionCookieFor, uniqueEmail } from "./support/factories";
import { callRoute, cookieFrom, formRequest, getRequest, toastOf } from "./support/routes";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const CONTACT = {
  type: "business",
  name: "Jonas Jonaitis",
  email: "Jonas@Example.LT",
  subject: "Partnerystė",
  message: "Turime 12 automobilių parką Kaune.",
};

type Reply = { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, string> };

describe("the contact form", () => {
  it("saves a visitor's message with its type and the reader's language, then comes back in its sent state", async () => {
    const response = await callRoute(
      contactAction,
      formRequest("/contact", CONTACT, { ip: freshIp(), cookie: (await languageCookie.serialize("en")).split(";")[0] }),
      ctx.context,
    );
    expect(response.status).toBe(303);
    expect(response.location).toBe("/contact?sent=1");
    const rows = await ctx.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: null,
      name: "Jonas Jonaitis",
      email: "jonas@example.lt",
      subject: "Partnerystė",
      message: "Turime 12 automobilių parką Kaune.",
      type: "business",
      language: "en",
      handledAt: null,
      handledBy: null,
    });
    const page = await callRoute<{ sent: boolean }>(contactLoader, getRequest("/contact?sent=1"), ctx.context);
    expect(page.data.sent).toBe(true);
  });

  it("knows a signed-in sender, and fills in their name and e-mail (and ?type= and ?subject=)", async () => {
    const user = await createUser(ctx, { fullName: "Ona Onaitė" });
    const cookie = await sessionCookieFor(ctx, user.id);
    const page = await callRoute<{ defaults: Record<string, string> }>(
      contactLoader,
      getRequest("/contact?type=business&subject=Klient%C5%B3%20aptarnavimas", { cookie }),
      ctx.context,
    );
    expect(page.data.defaults).toEqual({
      name: "Ona Onaitė",
      email: user.email,
      type: "business",
      subject: "Klientų aptarnavimas",
    });
    await callRoute(contactAction, formRequest("/contact", { ...CONTACT, type: "support" }, { cookie }), ctx.context);
    const [row] = await ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ userId: user.id, type: "support", language: "lt" });
  });

  it("refuses bad input with the messages next to the fields and the values kept, writing nothing", async () => {
    const response = await callRoute<Reply>(
      contactAction,
      formRequest("/contact", { type: "media", name: "Rūta", email: "ruta@", subject: "", message: "x".repeat(5001) }),
      ctx.context,
    );
    expect(response.status).toBe(400);
    expect(response.data.error).toMatchObject({
      email: ["validation.emailInvalid"],
      subject: ["information:contact.errors.subjectRequired"],
      message: ["information:contact.errors.messageTooLong"],
    });
    expect(response.data.error?.name).toBeUndefined();
    expect(response.data.initialValue).toMatchObject({ type: "media", name: "Rūta", email: "ruta@" });
    expect(await ctx.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("takes five messages per ten minutes from one client, then says to wait", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const sent = await callRoute(contactAction, formRequest("/contact", CONTACT, { ip }), ctx.context);
      expect(sent.status).toBe(303);
    }
    const refused = await callRoute<Reply>(contactAction, formRequest("/contact", CONTACT, { ip }), ctx.context);
    expect(refused.status).toBe(429);
    expect(refused.data.error?.[""]).toEqual(["information:contact.errors.rateLimited"]);
    expect(refused.data.initialValue).toMatchObject({ subject: "Partnerystė" });
    expect(await ctx.db.select().from(contactMessages)).toHaveLength(5);
    // Someone else is not held back.
    const other = await callRoute(contactAction, formRequest("/contact", CONTACT, { ip: freshIp() }), ctx.context);
    expect(other.status).toBe(303);
  });
});

const mails = () => ctx.db.select().from(devMailbox);
const subscription = async (email: string) =>
  (await ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];

async function ask(email: string, options: { inline?: boolean; lng?: "en"; ip?: string } = {}) {
  const fields: Record<string, string> = { email, redirectTo: "/about" };
  if (options.inline) fields.inline = "1";
  return callRoute<{ status: string; fieldError?: string | null; formError?: string | null; email?: string }>(
    newsletterAction,
    formRequest(options.lng ? "/newsletter?lng=en" : "/newsletter", fields, { ip: options.ip ?? freshIp() }),
    ctx.context,
  );
}

function tokenFrom(text: string) {
  const match = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe("the newsletter's double opt-in", () => {
  it("asking writes a pending row with the token's hash and e-mails the link in the reader's language", async () => {
    const email = uniqueEmail("news");
    const answer = await ask(email.toUpperCase(), { inline: true, lng: "en" });
    expect(answer).toMatchObject({ status: 200, data: { status: "sent" } });
    const row = await subscription(email);
    expect(row).toMatchObject({ language: "en", confirmedAt: null, unsubscribedAt: null });
    const [mail] = await mails();
    expect(mail!.to).toBe(email);
    expect(mail!.subject).toBe("Confirm your subscription to the Ratai newsletter");
    const token = tokenFrom(mail!.text);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenExpiresAt.getTime() - row!.createdAt.getTime()).toBe(48 * 60 * 60_000);

    const lithuanian = uniqueEmail("naujienos");
    await ask(lithuanian);
    const [, second] = await mails();
    expect(second!.subject).toBe("Patvirtinkite Ratai naujienlaiškio prenumeratą");
  });

  it("without JavaScript it comes back to the page with the same toast", async () => {
    const response = await ask(uniqueEmail("nojs"));
    expect(response.status).toBe(302);
    expect(response.location).toBe("/about");
    expect(await toastOf(response.headers, ctx.context.env)).toMatchObject({
      type: "success",
      title: "footer.newsletter.sent",
    });
  });

  it("the link confirms once; a used, expired or unknown link is refused without an error", async () => {
    const email = uniqueEmail("confirm");
    await ask(email);
    const token = tokenFrom((await mails())[0]!.text);
    const page = await callRoute<{ email: string | null; unsubscribe: string | null }>(
      confirmLoader,
      getRequest(`/newsletter/confirm?token=${token}`),
      ctx.context,
    );
    expect(page.status).toBe(200);
    expect(page.data.email).toBe(email);
    expect(page.data.unsubscribe).toMatch(/^\/newsletter\/unsubscribe\?id=.+&token=.+/);
    expect((await subscription(email))!.confirmedAt).not.toBeNull();

    for (const bad of [token, "x".repeat(43), "", "<script>"]) {
      const refused = await callRoute<{ email: string | null }>(
        confirmLoader,
        getRequest(`/newsletter/confirm?token=${encodeURIComponent(bad)}`),
        ctx.context,
      );
      expect(refused.status).toBe(200);
      expect(refused.data.email).toBeNull();
    }

    const late = uniqueEmail("late");
    const lateToken = await requestNewsletterSubscription(ctx.db, late, "lt", new Date("2026-11-01T10:00:00Z"));
    expect(await confirmNewsletterSubscription(ctx.db, lateToken, new Date("2026-11-03T10:00:01Z"))).toEqual({
      ok: false,
    });
    expect((await subscription(late))!.confirmedAt).toBeNull();
  });

  it("asking again for a subscribed address answers the same and does not unconfirm it or change its language", async () => {
    const email = uniqueEmail("again");
    await ask(email);
    await callRoute(
      confirmLoader,
      getRequest(`/newsletter/confirm?token=${tokenFrom((await mails())[0]!.text)}`),
      ctx.context,
    );
    const confirmed = await subscription(email);
    const again = await ask(email, { inline: true, lng: "en" });
    expect(again.data).toEqual({ status: "sent" });
    const after = await subscription(email);
    expect(after!.confirmedAt).toEqual(confirmed!.confirmedAt);
    expect(after!.unsubscribedAt).toBeNull();
    expect(after!.language).toBe("lt");
    // A new address gets exactly the same answer.
    expect((await ask(uniqueEmail("new"), { inline: true })).data).toEqual({ status: "sent" });
  });

  it("an invalid address gets its message next to the field, the value kept, and nothing written", async () => {
    const answer = await ask("ne-adresas@", { inline: true });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      status: "error",
      email: "ne-adresas@",
      fieldError: "validation.emailInvalid",
      formError: null,
    });
    const empty = await ask("", { inline: true });
    expect(empty.data.fieldError).toBe("footer.newsletter.emailRequired");
    expect(await ctx.db.select().from(newsletterSubscriptions)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it("sends at most three links to one address per quarter hour", async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < 3; i++) expect((await ask(email, { inline: true })).data.status).toBe("sent");
    const refused = await ask(email, { inline: true });
    expect(refused.status).toBe(429);
    expect(refused.data.formError).toBe("footer.newsletter.tooMany");
    expect(await mails()).toHaveLength(3);
  });

  it("the unsubscribe link asks first, then unsubscribes; a forged one does nothing", async () => {
    const email = uniqueEmail("bye");
    await ask(email);
    const page = await callRoute<{ unsubscribe: string }>(
      confirmLoader,
      getRequest(`/newsletter/confirm?token=${tokenFrom((await mails())[0]!.text)}`),
      ctx.context,
    );
    const link = new URL(page.data.unsubscribe, "http://ratai.test");
    const id = link.searchParams.get("id")!;
    expect(link.searchParams.get("token")).toBe(await unsubscribeToken(ctx.context.env.sessionSecrets, id));

    const opened = await callRoute<{ valid: boolean }>(
      unsubscribeLoader,
      getRequest(page.data.unsubscribe),
      ctx.context,
    );
    expect(opened.data.valid).toBe(true);
    expect((await subscription(email))!.unsubscribedAt).toBeNull();

    const forged = await callRoute(
      unsubscribeAction,
      formRequest("/newsletter/unsubscribe", { id, token: "A".repeat(43) }),
      ctx.context,
    );
    expect(forged.status).toBe(400);
    expect((await subscription(email))!.unsubscribedAt).toBeNull();

    const done = await callRoute<{ done: boolean }>(
      unsubscribeAction,
      formRequest("/newsletter/unsubscribe", { id, token: link.searchParams.get("token")! }),
      ctx.context,
    );
    expect(done.data.done).toBe(true);
    expect((await subscription(email))!.unsubscribedAt).not.toBeNull();

    // Subscribing again needs a new confirmation; until then the address stays unsubscribed.
    await ask(email);
    expect((await subscription(email))!.unsubscribedAt).not.toBeNull();
    await callRoute(
      confirmLoader,
      getRequest(`/newsletter/confirm?token=${tokenFrom((await mails())[1]!.text)}`),
      ctx.context,
    );
    expect((await subscription(email))!.unsubscribedAt).toBeNull();
  });
});

describe("cookie preferences", () => {
  const press = (intent: string, ticked: string[] = [], cookie?: string) =>
    callRoute(
      cookiesAction,
      formRequest("/cookies", { intent, ...Object.fromEntries(ticked.map((name) => [name, "on"])) }, { cookie }),
      ctx.context,
    );
  const prefsCookie = (headers: Headers) =>
    headers.getSetCookie().find((header) => header.startsWith("ratai_cookie_prefs="));

  it("show the spec's defaults until a choice is made", async () => {
    const page = await callRoute<{ preferences: unknown; chosen: boolean }>(
      cookiesLoader,
      getRequest("/cookies"),
      ctx.context,
    );
    expect(page.data).toMatchObject({
      chosen: false,
      preferences: { necessary: true, analytics: true, marketing: false, preferences: true },
    });
  });

  it("each button stores its choice for a year and says so in a toast", async () => {
    const cases = [
      ["save", ["analytics"], "a1.m0.p0", "information.toasts.cookiesSaved"],
      ["accept-all", [], "a1.m1.p1", "information.toasts.cookiesAcceptedAll"],
      [
        "necessary-only",
        ["analytics", "marketing", "preferences"],
        "a0.m0.p0",
        "information.toasts.cookiesNecessaryOnly",
      ],
    ] as const;
    for (const [intent, ticked, value, toast] of cases) {
      const response = await press(intent, [...ticked]);
      expect(response.status).toBe(303);
      expect(response.location).toBe("/cookies#preferences");
      const header = prefsCookie(response.headers)!;
      expect(header).toContain(`ratai_cookie_prefs=${value}`);
      expect(header).toMatch(/Max-Age=31536000/);
      expect(header).toMatch(/SameSite=Lax/);
      expect(header).toMatch(/Path=\//);
      expect(await toastOf(response.headers, ctx.context.env)).toMatchObject({ type: "success", title: toast });
      const cookie = cookieFrom(response.headers);
      const page = await callRoute<{ chosen: boolean; preferences: { analytics: boolean } }>(
        cookiesLoader,
        getRequest("/cookies", { cookie }),
        ctx.context,
      );
      expect(page.data.chosen).toBe(true);
      expect(readCookiePreferences(getRequest("/", { cookie }))).toMatchObject({
        analytics: value.startsWith("a1"),
        marketing: value.includes("m1"),
        preferences: value.endsWith("p1"),
      });
    }
  });

  it("withdrawing preferences turns the language and theme already stored into session cookies, and back", async () => {
    const lng = (await languageCookie.serialize("en")).split(";")[0]!;
    const cookie = `${lng}; theme=ImRhcmsi`;
    const off = await press("necessary-only", [], cookie);
    const reissued = off.headers.getSetCookie().filter((h) => /^(lng|theme)=/.test(h));
    expect(reissued).toHaveLength(2);
    for (const header of reissued) expect(header).not.toMatch(/Max-Age|Expires/i);
    expect(reissued.join("\n")).toContain(lng);
    const on = await press("accept-all", [], cookie);
    const lasting = on.headers.getSetCookie().filter((h) => /^(lng|theme)=/.test(h));
    for (const header of lasting) expect(header).toMatch(/Max-Age=31536000/);
    // A visitor with neither cookie gets no language or theme cookie from the form.
    expect((await press("necessary-only")).headers.getSetCookie().filter((h) => /^(lng|theme)=/.test(h))).toEqual([]);
  });

  it("the theme and language cookies last a year by default, and only the browser session when preferences are off", async () => {
    const themeResponse = async (prefs?: string) => {
      const request = formRequest(
        "/resources/theme",
        { theme: "dark", redirectTo: "/about" },
        {
          cookie: prefs ? `ratai_cookie_prefs=${prefs}` : undefined,
        },
      );
      const result = await callRoute(themeAction, request, ctx.context);
      return honourCookiePreferences(request, new Response(null, { status: result.status, headers: result.headers }));
    };
    const themeCookie = (response: Response) => response.headers.getSetCookie().find((h) => h.startsWith("theme="))!;
    expect(themeCookie(await themeResponse())).toMatch(/Max-Age=31536000/);
    expect(themeCookie(await themeResponse("a1.m1.p1"))).toMatch(/Max-Age=31536000/);
    const off = themeCookie(await themeResponse("a1.m0.p0"));
    expect(off).toMatch(/^theme=\S+; Path=\//);
    expect(off).not.toMatch(/Max-Age|Expires/i);
    // Choosing the system theme still clears the cookie.
    const clear = formRequest("/resources/theme", { theme: "system" }, { cookie: "ratai_cookie_prefs=a0.m0.p0" });
    const cleared = await callRoute(themeAction, clear, ctx.context);
    const honoured = honourCookiePreferences(clear, new Response(null, { headers: cleared.headers }));
    expect(honoured.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);

    const languageResponse = async (prefs?: string) => {
      const request = getRequest("/about?lng=en", { cookie: prefs ? `ratai_cookie_prefs=${prefs}` : undefined });
      const header = await rememberLanguage(request, "en", false);
      return honourCookiePreferences(request, new Response("page", { headers: { "Set-Cookie": header! } }));
    };
    expect((await languageResponse()).headers.get("Set-Cookie")).toMatch(/^lng=.*Max-Age=31536000/);
    const session = await languageResponse("a0.m0.p0");
    expect(session.headers.get("Set-Cookie")).toMatch(/^lng=/);
    expect(session.headers.get("Set-Cookie")).not.toMatch(/Max-Age|Expires/i);
    expect(await session.text()).toBe("page");
  });

  it("the choice made in the same response counts, and other cookies pass untouched", async () => {
    const request = getRequest("/cookies");
    const response = new Response(null, { status: 303, headers: new Headers() });
    response.headers.append("Set-Cookie", "ratai_cookie_prefs=a0.m0.p0; Max-Age=31536000; Path=/");
    response.headers.append("Set-Cookie", "theme=ImRhcmsi; Max-Age=31536000; Path=/");
    response.headers.append("Set-Cookie", "toast=abc; Max-Age=60; Path=/");
    const honoured = honourCookiePreferences(request, response);
    expect(honoured.status).toBe(303);
    expect(honoured.headers.getSetCookie()).toEqual([
      "ratai_cookie_prefs=a0.m0.p0; Max-Age=31536000; Path=/",
      "theme=ImRhcmsi; Path=/",
      "toast=abc; Max-Age=60; Path=/",
    ]);
  });
});

describe("the information pages' data", () => {
  it("about counts public cars, their hosts and places", async () => {
    const host = await createUser(ctx, { isHost: true, verified: true });
    const other = await createUser(ctx, { isHost: true, verified: true });
    await createCar(ctx, host.id, { location: "Vilnius" });
    await createCar(ctx, host.id, { location: " vilnius " });
    await createCar(ctx, other.id, { location: "Kaunas" });
    await createCar(ctx, other.id, { location: "Klaipėda", status: "pending" });
    const page = await callRoute<{ stats: unknown; title: string }>(aboutLoader, getRequest("/about"), ctx.context);
    expect(page.data.stats).toEqual({ cars: 3, hosts: 2, cities: 2 });
    expect(page.data.title).toBe("Apie mus");
  });

  it("the FAQ filters in the loader, in the reader's language", async () => {
    const page = await callRoute<{ entries: { id: string }[]; query: unknown }>(
      faqLoader,
      getRequest("/faq?q=UZSTATA&category=payments"),
      ctx.context,
    );
    expect(page.data.query).toEqual({ q: "UZSTATA", category: "payments" });
    // Every payments answer that speaks of the deposit ("užstatas", typed without diacritics), and no other.
    expect(page.data.entries.map((e) => e.id)).toEqual(["fees", "deposit", "host-payout"]);
    const english = await callRoute<{ entries: { id: string; question: string }[] }>(
      faqLoader,
      getRequest("/faq?q=nothing+like+this&lng=en"),
      ctx.context,
    );
    expect(english.data.entries).toEqual([]);
  });
});
