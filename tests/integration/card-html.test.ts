// Listing cards' HTML is kept per car version, language and variant (app/components/cars/card-html.ts, decision
// 037). Pages rendered as the Worker renders them (Remix's handler over the real root, routes and entry.server): a
// card's kept HTML follows the language and the car's data, and nothing of a signed-in person gets into it.
import { createRequestHandler } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cars, favorites } from "#db/schema";
import { cardHtmlCache } from "~/components/cars/card-html.server";
import { languageCookie } from "~/i18n.server";
import * as rentals from "~/routes/_cars+/rentals";
import * as index from "~/routes/_index";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createSignedInUser, createUser } from "./support/factories";
import { ORIGIN } from "./support/routes";
import { testServerBuild } from "./support/server-build";

// workerd's react-dom/server is the web streams build; Node's default has no renderToReadableStream.
vi.mock("react-dom/server", () => import("react-dom/server.browser" as string));
vi.mock("i18next", () => import("~/i18n/lite/i18next"));
vi.mock("react-i18next", () => import("~/i18n/lite/react-i18next"));

const handle = createRequestHandler(
  testServerBuild({
    "routes/_index": { module: index, index: true },
    "routes/_cars+/rentals": { module: rentals, path: "rentals" },
  }),
);

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
  cardHtmlCache.clear();
});
afterEach(() => ctx.close());

async function page(path: string, language: "lt" | "en", session = "") {
  const chosen = (await languageCookie.serialize(language)).split(";")[0];
  const response = await handle(
    new Request(`${ORIGIN}${path}`, { headers: { Cookie: [chosen, session].filter(Boolean).join("; ") } }),
    ctx.context,
  );
  expect(response.status).toBe(200);
  return response.text();
}

/** The card of `carId` on the page: its article, as sent. */
function card(html: string, carId: string) {
  const start = html.lastIndexOf("<article", html.indexOf(`id="car-${carId}"`));
  return html.slice(start, html.indexOf("</article>", start));
}

describe("listing cards' kept HTML", () => {
  it("is the language's and the car's as they are now", async () => {
    const owner = await createUser(ctx);
    const { id } = await createCar(ctx, owner.id, { fuelType: "diesel", viewCount: 7, dailyPrice: 4500 });

    const lt = card(await page("/rentals", "lt"), id);
    expect(lt).toContain("Dyzelinas");
    expect(lt).toContain("7 peržiūros");
    expect(lt).toContain("Registruotis");
    const en = card(await page("/rentals", "en"), id);
    expect(en).toContain("Diesel");
    expect(en).toContain("7 views");
    expect(en).not.toContain("Dyzelinas");
    // Kept: the same page again is the same card.
    expect(card(await page("/rentals", "lt"), id)).toBe(lt);
    expect(cardHtmlCache.size).toBe(2);

    await ctx.db.update(cars).set({ dailyPrice: 9900, viewCount: 8 }).where(eq(cars.id, id));
    const changed = card(await page("/rentals", "en"), id);
    expect(changed).toContain("8 views");
    expect(changed).toMatch(/99(\.00)?/);
    expect(changed).not.toContain("7 views");
    // The home page's featured card is another variant of the same car.
    expect(card(await page("/", "en"), id)).toContain("Diesel");
    expect(cardHtmlCache.size).toBe(4);
  });

  it("holds nothing of a signed-in person: their heart and 'Message' are beside it", async () => {
    const owner = await createUser(ctx);
    const { id } = await createCar(ctx, owner.id);
    const renter = await createSignedInUser(ctx, { fullName: "Ieva Favoritė" });
    await ctx.db.insert(favorites).values({ userId: renter.id, carId: id });

    const signedIn = card(await page("/rentals", "en", renter.cookie), id);
    expect(signedIn).toContain('aria-pressed="true"');
    expect(signedIn).toContain(`/car/${id}/contact`);
    expect(cardHtmlCache.size).toBe(1);
    for (const kept of cardHtmlCache.values()) {
      const html = kept.photo + kept.details;
      expect(html).not.toMatch(/aria-pressed|\/favorites|\/contact|Ieva|Register|Registruotis|<form/);
    }
    // A guest then gets the same kept card, with no heart and the sign-up link.
    const guest = card(await page("/rentals", "en"), id);
    expect(cardHtmlCache.size).toBe(1);
    expect(guest).not.toContain("aria-pressed");
    expect(guest).not.toContain("/contact");
    expect(guest).toContain("/auth/signup");
  });
});
