import { redirect, type ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { keepLanguageOnRedirect, withLanguageThroughRedirects } from "~/i18n.server";

const at = (path: string) => new Request(`https://ratai.test${path}`);
const location = (response: Response) => response.headers.get("Location");

describe("keepLanguageOnRedirect", () => {
  it("carries ?lng= onto a same-site redirect, keeping the target's own query and fragment", () => {
    const response = keepLanguageOnRedirect(
      at("/my-listings?lng=en&create=sale"),
      redirect("/my-listings/new?type=sale"),
    );
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/my-listings/new?type=sale&lng=en");
    expect(location(keepLanguageOnRedirect(at("/a?lng=lt"), redirect("/b#top")))).toBe("/b?lng=lt#top");
    expect(location(keepLanguageOnRedirect(at("/a?lng=en"), redirect("https://ratai.test/b", 303)))).toBe(
      "https://ratai.test/b?lng=en",
    );
  });

  it("leaves alone what is not a same-site redirect answering a valid choice", () => {
    const cases: [string, Response][] = [
      ["/a", redirect("/b")],
      ["/a?lng=de", redirect("/b")],
      ["/a?lng=en", redirect("/b?lng=lt")],
      ["/a?lng=en", redirect("https://checkout.stripe.com/pay/cs_1")],
      ["/a?lng=en", new Response("ok", { headers: { Location: "/b" } })],
    ];
    for (const [path, response] of cases) {
      expect(keepLanguageOnRedirect(at(path), response)).toBe(response);
    }
  });

  it("wraps every loader and action of a build, for returned and thrown redirects", async () => {
    const module = {
      loader: async () => {
        throw redirect("/thrown");
      },
      action: async () => redirect("/returned"),
      default: () => null,
    };
    const build = { routes: { page: { id: "page", module } } } as unknown as ServerBuild;
    const wrapped = withLanguageThroughRedirects(build).routes.page!.module;
    const args = { request: at("/page?lng=en"), params: {}, context: {} } as never;
    const thrown = await (wrapped.loader as (a: never) => Promise<unknown>)(args).catch((error: unknown) => error);
    expect(location(thrown as Response)).toBe("/thrown?lng=en");
    const returned = (await (wrapped.action as (a: never) => Promise<unknown>)(args)) as Response;
    expect(location(returned)).toBe("/returned?lng=en");
  });
});
