// What a public page loads before it runs, and what it fetches before a tap needs it (decision 025).
//
//   - Each public page's first-load JavaScript as served: the modules Remix lists for it in the build's manifest (the
//     page's modulepreload links), brotli at quality 5, which is what workerd sends for `Accept-Encoding: br` (the
//     figure `npm run bench:hydration` reads off the wire, to the byte). Read from the build the journeys run against,
//     so it is exact and needs no browser; a page over its budget fails naming its largest modules.
//   - The car page keeps the server's HTML of its sections below the first screen and does not fetch their code,
//     until the browser must draw them itself (another month of the calendar).
//   - The sign-in dialog's code and texts are in the browser before the tap: with the network cut after the page is
//     idle, the tap still opens it.
import type { Client } from "@libsql/client";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { expect, journeyLanguage, localeTexts, test, visit } from "./support";

const CLIENT = join(process.cwd(), "build", "client");
const KB = 1024;

/**
 * The pages and what each may load first, in KB as served. The goal is 100 KB on every public page (the framework
 * chunk alone is 79 KB of it); pages still above it are held where they stand, so that a regression fails and the
 * budget only comes down (decision 025 says why they are above).
 */
const BUDGETS: Record<string, { route: string; kb: number }> = {
  "/": { route: "routes/_index", kb: 101 },
  "/rentals": { route: "routes/_cars+/rentals", kb: 104 },
  "/sales": { route: "routes/_cars+/sales", kb: 104 },
  "a car page": { route: "routes/_cars+/car.$id", kb: 103.5 },
  "/auth/signin": { route: "routes/_auth+/auth.signin", kb: 109.5 },
  "/contact": { route: "routes/_pages+/contact", kb: 110.5 },
  "/about": { route: "routes/_pages+/about", kb: 100 },
  "/faq": { route: "routes/_pages+/faq", kb: 100 },
  "/terms": { route: "routes/_pages+/terms", kb: 100 },
  "/privacy": { route: "routes/_pages+/privacy", kb: 100 },
};

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
}

function readManifest(): Manifest {
  const file = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-\w+\.js$/.test(name));
  if (!file) throw new Error(`no Remix manifest in ${CLIENT}/assets: run npm run build first`);
  const text = readFileSync(join(CLIENT, "assets", file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

/** The files the page's HTML preloads: the entry and its imports, then each route of the page's chain with its own. */
function firstLoadFiles(manifest: Manifest, routeId: string): string[] {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return [...files];
}

const served = (file: string) =>
  brotliCompressSync(readFileSync(join(CLIENT, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

test("every public page's first-load JavaScript is within its budget, as served @http", () => {
  const manifest = readManifest();
  const over: string[] = [];
  for (const [page, { route, kb }] of Object.entries(BUDGETS)) {
    const sizes = firstLoadFiles(manifest, route).map((file) => [file, served(file)] as const);
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    if (total > kb * KB) {
      const largest = [...sizes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([file, bytes]) => `${file} ${(bytes / KB).toFixed(1)}`);
      over.push(`${page}: ${(total / KB).toFixed(1)} KB > ${kb} KB (${largest.join(", ")})`);
    }
  }
  expect(over).toEqual([]);
});

/** A public car with an availability calendar, reviews and a next month to go to: the first seeded rental. */
async function rentalCar(database: Client) {
  const { rows } = await database.execute(
    `select c.id from cars c where c.status = 'approved' and c.available = 1 and c.listing_type != 'sale'
     order by c.created_at, c.id limit 1`,
  );
  if (!rows[0]) throw new Error("the seed has no approved rental car");
  return String(rows[0].id);
}

test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test("the car page's sections below the first screen are the server's HTML until another month is drawn", async ({
    page,
    database,
  }, testInfo) => {
    const language = journeyLanguage(testInfo.project.name);
    const cars = localeTexts<{ detail: { specifications: string } }>("cars")[language];
    const bookings = localeTexts<{ calendar: { next: string; caption: string } }>("bookings")[language];
    const id = await rentalCar(database);
    const sectionScripts: string[] = [];
    page.on("request", (request) => {
      if (/\/__car-sections-[\w-]+\.js$/.test(request.url())) sectionScripts.push(request.url());
    });
    await visit(page, `/car/${id}`);
    await expect(page.getByRole("region", { name: cars.detail.specifications })).toBeVisible();
    const caption = page.locator("#availability caption");
    const month = await caption.textContent();
    expect(sectionScripts).toEqual([]);

    // The month's arrow is a plain anchor in the kept HTML: the page goes there as its <Link> would, without loading
    // a new document, and draws the next month with the sections' code, fetched now.
    let documents = 0;
    page.on("request", (request) => void (request.resourceType() === "document" && (documents += 1)));
    await page.locator("#availability").getByRole("link", { name: bookings.calendar.next }).click();
    await expect(page).toHaveURL(/\?month=\d{4}-\d{2}#availability$/);
    await expect(caption).not.toHaveText(month ?? "");
    await expect(caption).toHaveText(new RegExp(bookings.calendar.caption.replace("{{month}}", ".+")));
    expect(sectionScripts).toHaveLength(1);
    expect(documents).toBe(0);
    await expect(page.getByRole("region", { name: cars.detail.specifications })).toBeVisible();
  });

  test("the sign-in dialog's code and texts are there before the tap: with the network cut, it still opens", async ({
    page,
    database,
  }, testInfo) => {
    const language = journeyLanguage(testInfo.project.name);
    const auth = localeTexts<{ signUp: { title: string } }>("auth")[language];
    const id = await rentalCar(database);
    const dialogCode = page.waitForResponse((response) => /\/auth-dialog-[\w-]+\.js$/.test(response.url()));
    const dialogTexts = page.waitForResponse((response) => /\/auth-[\w-]+\.json$/.test(response.url()));
    await visit(page, `/car/${id}`);
    // Fetched when the page is whole and idle, with no pointer near the link.
    await Promise.all([dialogCode, dialogTexts]);
    await page.route("**/*", (route) => route.abort());
    await page.locator('main a[href^="/auth/signup"]').first().click();
    await expect(page.getByRole("dialog", { name: auth.signUp.title })).toBeVisible();
  });
});
