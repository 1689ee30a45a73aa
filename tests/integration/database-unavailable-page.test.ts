// The page a visitor gets when the database is out of reach, rendered as the Worker renders it: Remix's request
// handler over the real root and car page, the real entry.server, the build wrapped by withDatabaseFaults.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createRequestHandler } from "@remix-run/cloudflare";
import { createServer } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb, createWebClient } from "~/db.server";
import { languageCookie } from "~/i18n.server";
import * as car from "~/routes/_cars+/car.$id";
import { withDatabaseFaults } from "~/utils/database-faults.server";
import { createTestContext, type TestContext } from "./support/context";
import { createUser, sessionCookieFor } from "./support/factories";
import { ORIGIN } from "./support/routes";
import { testServerBuild } from "./support/server-build";

// workerd's react-dom/server is the web streams build; Node's default has no renderToReadableStream.
vi.mock("react-dom/server", () => import("react-dom/server.browser" as string));
// The production build renders with the lite i18next and react-i18next (vite.config.ts's alias; vitest has none).
vi.mock("i18next", () => import("~/i18n/lite/i18next"));
vi.mock("react-i18next", () => import("~/i18n/lite/react-i18next"));

/** A server build of two routes, with the Worker's wrapper. */
function workerHandler() {
  return createRequestHandler(
    withDatabaseFaults(testServerBuild({ car: { module: car, path: "car/:id", hasAction: true } })),
  );
}

async function closedPort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

describe("the page while the database is out of reach", () => {
  it("says so in the visitor's language, with Try again, inside the layout, status 503, no stack trace", async () => {
    const cookie = await sessionCookieFor(ctx, (await createUser(ctx)).id);
    const down: AppLoadContext = {
      ...ctx.context,
      db: createDb(createWebClient({ url: `http://127.0.0.1:${await closedPort()}` })),
    };
    const handle = workerHandler();

    for (const [language, title, hint, again] of [
      ["en", "Database connection not available", "Please check your connection and try again.", "Try again"],
      [
        "lt",
        "Nepavyko prisijungti prie duomenų bazės",
        "Patikrinkite ryšį ir bandykite dar kartą.",
        "Bandyti dar kartą",
      ],
    ] as const) {
      // A guest (the page's loader fails) and a signed-in visitor (the root's own lookup fails).
      for (const session of [{ Cookie: "" }, { Cookie: cookie }]) {
        const chosen = await languageCookie.serialize(language);
        const headers = { Cookie: [chosen.split(";")[0], session.Cookie].filter(Boolean).join("; ") };
        const response = await handle(new Request(`${ORIGIN}/car/some-car?from=list`, { headers }), down);
        const html = await response.text();
        expect(response.status).toBe(503);
        expect(response.headers.get("Retry-After")).toBe("30");
        expect(html).toContain(`<html lang="${language}"`);
        // The layout is there, header and footer around the page's main part.
        expect(html).toMatch(/<header[\s\S]*<main[\s\S]*<\/main><footer/);
        const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
        expect(main).toMatch(new RegExp(`<h1 id="error-title"[^>]*>${title}</h1>`));
        expect(main).toContain(hint);
        // "Try again" is a plain link to the same address: it works without JavaScript.
        expect(main).toMatch(new RegExp(`<a href="/car/some-car\\?from=list"[^>]*>${again}</a>`));
        expect(main).not.toMatch(/unexpected|netikėta/i);
        expect(html).not.toMatch(/DrizzleQueryError|DatabaseUnavailableError|fetch failed|ECONNREFUSED|\.ts:\d+/);
      }
    }
  });
});
