// The cookies the site sets, as production sets them: the session is `__Host-session` (Secure, Path=/, no Domain,
// so only this exact HTTPS origin ever gets it), HttpOnly and SameSite=Lax; every other cookie (toast, theme,
// language) is HttpOnly, SameSite=Lax and Secure too. Locally, over plain HTTP, the same cookies without Secure.
import { afterEach, describe, expect, it } from "vitest";
import { getOptionalUser } from "~/accounts/guards.server";
import { loader as rootLoader } from "~/root";
import { action as signInAction } from "~/routes/_auth+/auth.signin";
import { action as signOutAction } from "~/routes/_auth+/auth.signout";
import { action as themeAction } from "~/routes/_resources+/resources.theme";
import { createTestContext, PRODUCTION_ENV, type TestContext } from "./support/context";
import { createUser, sessionCookieFor } from "./support/factories";
import { callRoute, cookieFrom, formRequest, getRequest } from "./support/routes";

let ctx: TestContext | undefined;
afterEach(() => ctx?.close());

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

function parseSetCookies(headers: Headers): SetCookie[] {
  return headers.getSetCookie().map((header) => {
    const [pair = "", ...rest] = header.split(";");
    const attributes = new Map(
      rest.map((part) => {
        const [key = "", ...value] = part.trim().split("=");
        return [key.toLowerCase(), value.join("=")] as const;
      }),
    );
    return { name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), attributes };
  });
}

function expectProtected(cookie: SetCookie, secure: boolean) {
  expect(cookie.attributes.has("httponly"), `${cookie.name} HttpOnly`).toBe(true);
  expect(cookie.attributes.get("samesite")?.toLowerCase(), `${cookie.name} SameSite`).toBe("lax");
  expect(cookie.attributes.has("secure"), `${cookie.name} Secure`).toBe(secure);
  expect(cookie.attributes.get("path"), `${cookie.name} Path`).toBe("/");
  expect(cookie.attributes.has("domain"), `${cookie.name} Domain`).toBe(false);
}

async function signIn(context: TestContext) {
  const user = await createUser(context);
  const result = await callRoute(
    signInAction,
    formRequest("/auth/signin", { email: user.email, password: user.password }, { ip: "10.9.9.9" }),
    context.context,
  );
  expect(result.status).toBe(302);
  return { user, result };
}

describe("in production", () => {
  it("signs in with a __Host- session cookie: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async () => {
    ctx = await createTestContext(PRODUCTION_ENV);
    const { user, result } = await signIn(ctx);
    const cookies = parseSetCookies(result.headers);
    const session = cookies.find((c) => c.name === "__Host-session");
    expect(session, cookies.map((c) => c.name).join(", ")).toBeDefined();
    expectProtected(session!, true);
    expect(cookies.some((c) => c.name === "session")).toBe(false);

    // The prefixed cookie is the one read back; the unprefixed name means nothing in production.
    const signedIn = await getOptionalUser(getRequest("/", { cookie: cookieFrom(result.headers) }), ctx.context);
    expect(signedIn?.id).toBe(user.id);
    const unprefixed = `session=${session!.value}`;
    expect(await getOptionalUser(getRequest("/", { cookie: unprefixed }), ctx.context)).toBeNull();
  });

  it("sets every other cookie Secure, HttpOnly and SameSite=Lax too", async () => {
    ctx = await createTestContext(PRODUCTION_ENV);
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    expect(cookie).toMatch(/^__Host-session=/);

    const signedOut = await callRoute(signOutAction, formRequest("/auth/signout", {}, { cookie }), ctx.context);
    const theme = await callRoute(themeAction, formRequest("/resources/theme", { theme: "dark" }), ctx.context);
    const language = await callRoute(rootLoader, getRequest("/?lng=en"), ctx.context);
    const cookies = [signedOut, theme, language].flatMap((r) => parseSetCookies(r.headers));
    expect(new Set(cookies.map((c) => c.name))).toEqual(new Set(["__Host-session", "toast", "theme", "lng"]));
    for (const c of cookies) expectProtected(c, true);
  });
});

describe("locally, over plain HTTP", () => {
  it("uses the plain session name without Secure, still HttpOnly and SameSite=Lax", async () => {
    ctx = await createTestContext();
    const { result } = await signIn(ctx);
    const session = parseSetCookies(result.headers).find((c) => c.name === "session");
    expect(session).toBeDefined();
    expectProtected(session!, false);
  });
});
