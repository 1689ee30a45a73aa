// Listing cards present when a page hydrates keep the server's HTML, and React never hydrates or rewrites them
// (app/components/cars/listing-card.tsx, decision 037): their photo strip's arrows and counter and their links
// still work, through the card's own listeners. Cards that arrive later are React as before. JavaScript on only:
// without it a card is the same HTML either way, which the other journeys cover.
import type { Page } from "@playwright/test";
import { expect, registerAndSignIn, test, visit } from "./support";

/** React would have split "720 AG" into text nodes; the server's HTML has one, and keeps it. */
async function markCards(page: Page) {
  return page.evaluate(() => {
    const parts = Array.from(document.querySelectorAll("main article [data-card-part]"));
    parts.forEach((part, i) => ((part.firstElementChild as unknown as { mark?: number }).mark = i));
    return parts.length;
  });
}

async function unchangedCards(page: Page) {
  return page.evaluate(
    () =>
      Array.from(document.querySelectorAll("main article [data-card-part]")).filter(
        (part, i) => (part.firstElementChild as unknown as { mark?: number } | null)?.mark === i,
      ).length,
  );
}

test("a hydrated page's cards keep their HTML; the strip's arrows, the counter and the title link work @js-only", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  await registerAndSignIn(page);
  await visit(page, "/rentals");
  const cards = page.getByRole("main").getByRole("article");
  const marked = await markCards(page);
  // Two parts a card, every card of the page.
  expect(marked).toBe((await cards.count()) * 2);

  // The photo strip: the next arrow (shown on hover), the counter following a swipe.
  const withPhotos = cards.filter({ has: page.getByText(/^1 \/ \d+$/) }).first();
  const title = (await withPhotos.getByRole("heading", { level: 3 }).innerText()).replace(/\s+/g, " ").trim();
  const card = cards.filter({ has: page.getByRole("heading", { level: 3, name: title }) });
  const strip = card.getByRole("list", { name: /nuotrauk/ });
  await strip.hover();
  await card.getByRole("button", { name: "Kita nuotrauka" }).click();
  await expect(card.getByText(/^2 \/ \d+$/)).toBeVisible();
  await card.getByRole("button", { name: "Ankstesnė nuotrauka" }).click();
  await expect(card.getByText(/^1 \/ \d+$/)).toBeVisible();

  // The heart beside the kept HTML is React's: tapped, it fills, and the page renders again around cards whose
  // HTML React leaves as it was.
  await card.getByRole("button", { name: `Įsiminti ${title}` }).click();
  await expect(card.getByRole("button", { name: `Pašalinti ${title} iš įsimintų` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await unchangedCards(page)).toBe(marked);

  // The title's link navigates in the page, as Remix's Link: no document is requested.
  await visit(page, "/rentals");
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  const heading = cards.first().getByRole("heading", { level: 3 });
  const name = (await heading.getByRole("link").innerText()).trim();
  await heading.getByRole("link").click();
  await expect(page).toHaveURL(/\/car\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  expect(documents).toEqual([]);

  // Back by the browser: the cards now come from React (no server HTML), and the strip works the same.
  await page.goBack();
  await expect(page).toHaveURL(/\/rentals$/);
  const again = cards.filter({ has: page.getByRole("heading", { level: 3, name: title }) });
  await again.getByRole("list", { name: /nuotrauk/ }).hover();
  await again.getByRole("button", { name: "Kita nuotrauka" }).click();
  await expect(again.getByText(/^2 \/ \d+$/)).toBeVisible();
  expect(documents).toEqual([]);
  expect(problems).toEqual([]);
});
