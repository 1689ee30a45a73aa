// A page with a part that never resolves still ends its document (decision 032): rendered as the Worker renders it,
// through Remix's handler, the real root and entry.server, with a route whose Suspense part waits forever. The clock
// is vitest's: the deadline passes when the test says so.
import { createRequestHandler } from "@remix-run/cloudflare";
import { createElement as h, Suspense, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DOCUMENT_DEADLINE_MS } from "~/utils/document-deadline.server";
import { createTestContext, type TestContext } from "./support/context";
import { ORIGIN } from "./support/routes";
import { testServerBuild } from "./support/server-build";

// workerd's react-dom/server is the web streams build; Node's default has no renderToReadableStream.
vi.mock("react-dom/server", () => import("react-dom/server.browser" as string));
// The production build renders with the lite i18next and react-i18next (vite.config.ts's alias; vitest has none).
vi.mock("i18next", () => import("~/i18n/lite/i18next"));
vi.mock("react-i18next", () => import("~/i18n/lite/react-i18next"));

function Never(): ReactNode {
  throw new Promise(() => {});
}

/** A page whose heading renders at once and whose second part never resolves. */
const waiting = {
  loader: () => ({ title: "Laukiama" }),
  default: () =>
    h("div", null, h("h1", null, "Kelionės puslapis"), h(Suspense, { fallback: h("p", null, "Kraunama…") }, h(Never))),
};

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  vi.useRealTimers();
  await ctx.close();
});

describe("a document with a part that never resolves", () => {
  it("is sent at once and its stream ends at the deadline, whole but for that part (a warning, no error)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const handle = createRequestHandler(testServerBuild({ waiting: { module: waiting, path: "waiting" } }));
    const response = await handle(
      new Request(`${ORIGIN}/waiting`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/140" } }),
      ctx.context,
    );
    expect(response.status).toBe(200);
    const read = { ended: false, html: "" };
    const decoder = new TextDecoder();
    void (async () => {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        read.html += decoder.decode(chunk, { stream: true });
      }
      read.ended = true;
    })();
    await vi.advanceTimersByTimeAsync(DOCUMENT_DEADLINE_MS - 1);
    expect(read.html).toContain("<h1>Kelionės puslapis</h1>");
    expect(read.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(read.ended).toBe(true);
    expect(read.html).toContain("</html>");
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\/waiting: DocumentDeadlineError: /));
  });
});
