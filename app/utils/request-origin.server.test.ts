import { describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/cloudflare";
import {
  hasForeignForwardedHost,
  isCrossSiteWrite,
  withoutForwardedHost,
  withRequestRefusals,
} from "~/utils/request-origin.server";

const post = (headers: Record<string, string>, path = "/auth/signin") =>
  new Request(`https://ratai.lt${path}`, { method: "POST", headers });

describe("the Origin / Sec-Fetch-Site check", () => {
  it("lets reads through", () => {
    expect(isCrossSiteWrite(new Request("https://ratai.lt/", { headers: { Origin: "https://evil.example" } }))).toBe(
      false,
    );
  });
  it("lets our own pages post", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://ratai.lt" }))).toBe(false);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });
  it("refuses a post from another site or an opaque origin", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "null" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "same-site" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "http://ratai.lt" }))).toBe(true);
  });
  it("leaves the signed webhook endpoint to its signature check", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }, "/webhooks/stripe"))).toBe(false);
  });
});

describe("a made-up X-Forwarded-Host", () => {
  it("is a write whose forwarded host is not its Origin's", () => {
    expect(hasForeignForwardedHost(post({ Origin: "https://ratai.lt", "X-Forwarded-Host": "evil.example" }))).toBe(
      true,
    );
    expect(
      hasForeignForwardedHost(post({ Origin: "https://ratai.lt", "X-Forwarded-Host": "evil.example, ratai.lt" })),
    ).toBe(true);
    expect(hasForeignForwardedHost(post({ Origin: "https://ratai.lt", "X-Forwarded-Host": "ratai.lt" }))).toBe(false);
    expect(hasForeignForwardedHost(post({ "X-Forwarded-Host": "evil.example" }))).toBe(false);
    const read = new Request("https://ratai.lt/", { headers: { Origin: "https://ratai.lt", "X-Forwarded-Host": "x" } });
    expect(hasForeignForwardedHost(read)).toBe(false);
  });

  it("is taken off the request handed to Remix, the rest kept", async () => {
    const request = post({ Origin: "https://ratai.lt", "X-Forwarded-Host": "evil.example", Cookie: "a=1" });
    const cleaned = await withoutForwardedHost(request);
    expect(cleaned.headers.get("X-Forwarded-Host")).toBeNull();
    expect(cleaned.headers.get("Cookie")).toBe("a=1");
    expect(cleaned.method).toBe("POST");
  });

  it("reads the refused body to its end and hands none on (an unread body broke the next write in wrangler dev)", async () => {
    const request = new Request("https://ratai.lt/auth/signin", {
      method: "POST",
      headers: { Origin: "https://ratai.lt", "X-Forwarded-Host": "evil.example" },
      body: "email=renter%40demo.lt&password=x",
    });
    const cleaned = await withoutForwardedHost(request);
    expect(request.bodyUsed).toBe(true);
    expect(cleaned.body).toBeNull();
  });

  it("makes every action answer 400 (a page's through its error boundary, a resource route's as a Response)", async () => {
    const action = async () => "ran";
    const loader = async () => "read";
    const build = withRequestRefusals({
      routes: {
        page: { id: "page", module: { default: () => null, action, loader } },
        resource: { id: "resource", module: { action } },
      },
    } as unknown as ServerBuild);
    const call = (id: string, badRequest: boolean) =>
      (build.routes[id]!.module.action as (args: unknown) => Promise<unknown>)({ context: { badRequest } });
    expect(await call("page", false)).toBe("ran");
    await expect(call("page", true)).rejects.toMatchObject({ init: { status: 400 } });
    const refused = await call("resource", true).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(400);
    // Loaders are not writes: the error page itself still reads what it needs.
    expect(
      await (build.routes.page!.module.loader as (args: unknown) => Promise<unknown>)({
        context: { badRequest: true },
      }),
    ).toBe("read");
  });
});
