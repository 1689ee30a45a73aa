// Shared by the journeys: a test fixture that gives each test its own client address (the server's rate limits
// count per address) and fails it on errors in the page (hydration mismatches among them), the journeys' database,
// the demo accounts' sessions, an axe check for every page visited (with it, a check that the page's stylesheets
// style every class on it), and the local mailbox.
import { createClient, type Client, type Row } from "@libsql/client";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * axe-core itself, put in every document of the journeys' pages before the page's own scripts (an init script
 * runs outside the page's Content-Security-Policy and changes nothing on the page but `window.axe`). Injecting
 * 580 KB of script at each check, as @axe-core/playwright does, cost 0.3–0.6 s a check on this machine, and its
 * wrapper as much again: a third of every check, which is about half of a journey's time.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let counter = 0;

/** The answer that brought each page its current document (the last hop of a redirect), for visitCurrent. */
const lastDocuments = new WeakMap<Page, { method: string; url: string; status: number }>();

export const test = base.extend<{ clientAddress: string }, { database: Client }>({
  // The database the server under test uses, through the same libSQL HTTP server (db/libsql-http-server.ts): to
  // read what a journey wrote and to prepare rows no page makes. One client per worker, closed when it stops.
  database: [
    async ({}, use) => {
      const client = createClient({ url: `http://127.0.0.1:${process.env.E2E_LIBSQL_PORT ?? "8098"}` });
      await use(client);
      client.close();
    },
    { scope: "worker" },
  ],
  clientAddress: async ({}, use, testInfo) => {
    counter += 1;
    await use(`10.${testInfo.workerIndex + 1}.${Math.floor(counter / 250)}.${(counter % 250) + 1}`);
  },
  page: async ({ page, clientAddress }, use, testInfo) => {
    // On the context, so page.request (used to prepare data) carries it too.
    await page.context().setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress });
    await page.addInitScript({ content: AXE_SOURCE });
    // An uncaught error in the page, or React reporting that the browser's render differed from the server's
    // (production builds log "Minified React error #418/#423/#425"), fails the test.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
    page.on("console", (message) => {
      // …and so does anything the Content Security Policy refused (a script, a socket, an image).
      if (message.type() === "error" && /Minified React error|hydrat|Content Security Policy/i.test(message.text()))
        errors.push(`console: ${message.text()}`);
    });
    // Every document the browser loads, also by a click or a form post no axe check follows, shows no raw key.
    const reading: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "document") return;
      if (response.frame() === page.mainFrame()) {
        lastDocuments.set(page, {
          method: response.request().method(),
          url: response.url(),
          status: response.status(),
        });
      }
      if (!response.headers()["content-type"]?.startsWith("text/html")) return;
      reading.push(
        response
          .text()
          .then((html) => {
            const keys = translationKeysIn([textOfHtml(html)]);
            if (keys.length) errors.push(`untranslated keys on ${response.url()}: ${keys.join(", ")}`);
          })
          // A document replaced before its body was read (a redirect followed, the page closed) has nothing to show.
          .catch(() => {}),
      );
    });
    await use(page);
    await Promise.all(reading);
    if (testInfo.status !== testInfo.expectedStatus) await printWhereItStood(page);
    expect(errors, "errors in the page").toEqual([]);
  },
});

export { expect };

/**
 * A failed journey's page as it stood, in the run's log: on CI the log is all there is to read afterwards (its
 * artifacts stay on the CI machine), and "element not found" alone cannot tell a slow answer from an error page.
 */
async function printWhereItStood(page: Page) {
  const last = lastDocuments.get(page);
  const text = await page
    .evaluate(() => (document.querySelector("main") ?? document.body)?.innerText ?? "")
    .catch((reason: unknown) => `(unreadable: ${String(reason)})`);
  process.stdout.write(
    `\n[where the failed journey stood] ${page.url()}; last document: ${last ? `${last.method} ${last.url} → ${last.status}` : "none"}\n` +
      `${text.replace(/\s+/g, " ").slice(0, 600)}\n`,
  );
}

export const javaScriptOn = (projectName: string) => projectName === "js";

/**
 * The language of a journey that is written for both: Lithuanian with JavaScript on, English with it off. Each
 * behaviour then runs once in each mode and its texts are checked in both languages, at half the cost of running
 * every pair (CI's budget).
 */
export const journeyLanguage = (projectName: string): "lt" | "en" => (javaScriptOn(projectName) ? "lt" : "en");

/**
 * No serious or critical accessibility violations on the page as it is now. Axe runs as a script in the page; when
 * the page has JavaScript off, its document (the server's HTML, scripts removed) is checked in a JS-enabled page
 * of the same origin, so styles and contrast are the real ones.
 */
export async function expectAccessible(page: Page) {
  const javaScriptOff = test.info().project.use.javaScriptEnabled === false;
  if (!javaScriptOff) return expectNoSeriousViolations(page, page.url());
  // A click's navigation may still be under way: read the document once it has loaded, not the one being replaced.
  await waitForLoad(page);
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link[^>]+(?:rel="modulepreload"|data-modulepreload)[^>]*>/gi, "");
  const snapshot = await snapshotPage(page.context().browser()!);
  snapshot.html = html;
  await matchViewport(snapshot.page, page);
  await snapshot.page.goto(new URL(SNAPSHOT_PATH, page.url()).toString());
  await expectNoSeriousViolations(snapshot.page, page.url());
}

const SNAPSHOT_PATH = "/__axe_snapshot__";
let snapshot: { browser: Browser; page: Page; html: string } | null = null;

/**
 * The JavaScript-enabled page where documents of pages without JavaScript are checked: one per worker's browser,
 * kept from check to check, so the styles and images come from its cache instead of a new context's every time.
 * It answers SNAPSHOT_PATH, on whichever origin, with the document being checked.
 */
async function snapshotPage(browser: Browser) {
  if (snapshot?.browser === browser && !snapshot.page.isClosed()) return snapshot;
  const context = await browser.newContext({ javaScriptEnabled: true });
  await context.addInitScript({ content: AXE_SOURCE });
  const kept = { browser, page: await context.newPage(), html: "" };
  await kept.page.route(`**${SNAPSHOT_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: kept.html }),
  );
  snapshot = kept;
  return kept;
}

async function expectNoSeriousViolations(page: Page, label: string) {
  await expectNoTranslationKeys(page, label);
  await expectStyledClasses(page, label);
  // Every rule axe runs by default, on the whole document, in the page itself (no page here has frames). A page a
  // journey opened in a context of its own has no init script: axe is put in then. Only violations are collected.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const serious = await page.evaluate(async () => {
    // Colours mid-transition (a button changing variant, a toast fading in) are not the page's colours: contrast is
    // measured once every finite animation and transition has ended (a spinner's endless one is not waited for).
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
    const { axe } = window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  });
  expect(serious, `axe on ${label}`).toEqual([]);
  await expectFitsViewport(page, label);
}

/** A phone's width, as the journeys that check a page on one use it: `test.use({ viewport: PHONE })`. */
export const PHONE = { width: 375, height: 740 };

/** The page without JavaScript is checked in the snapshot page at the width it was seen at (a phone's, PHONE). */
async function matchViewport(snapshotPage: Page, page: Page) {
  const size = page.viewportSize();
  if (size && JSON.stringify(size) !== JSON.stringify(snapshotPage.viewportSize())) {
    await snapshotPage.setViewportSize(size);
  }
}

/**
 * No page is wider than its viewport: on a phone nothing pushes it sideways (a tab bar, a table, a hidden text that
 * escaped its scrolling box). The failure names the elements that reach past the right edge.
 */
async function expectFitsViewport(page: Page, label: string) {
  const { scrollWidth, innerWidth, past } = await page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    const { innerWidth } = window;
    if (scrollWidth <= innerWidth) return { scrollWidth, innerWidth, past: [] };
    // The elements that reach furthest right without being clipped by a box that scrolls (those reach further than
    // the page): the one that widens the page is among them.
    const past = [...document.body.querySelectorAll("*")]
      .map((element) => ({ element, right: element.getBoundingClientRect().right + window.scrollX }))
      .filter(({ right }) => right > innerWidth + 0.5 && right <= scrollWidth + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(
        ({ element, right }) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class")}"> ${right} px`,
      );
    return { scrollWidth, innerWidth, past };
  });
  expect(scrollWidth, `${label} is wider than its ${innerWidth} px viewport: ${past.join("; ")}`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** The class names a selector (or a stylesheet's text) names, CSS escapes undone: `.sm\\:flex` is `sm:flex`. */
function classesInSelectors(text: string): string[] {
  return [...text.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^\n0-9a-fA-F]|[\w-])+)/g)].map(([, name]) =>
    name!.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
    ),
  );
}

/**
 * Every class app.css, the whole stylesheet, has a rule for (read from the build the journeys run on). Pages of the
 * public routes load only public.css, built from fewer files (docs/decisions/026); a class in app.css is one the
 * design means to style.
 */
let styledClasses: ReadonlySet<string> | undefined;
function allStyledClasses(): ReadonlySet<string> {
  if (styledClasses) return styledClasses;
  const dir = join(process.cwd(), "build/client/assets");
  const sheets = readdirSync(dir).filter((file) => /^app-[\w-]+\.css$/.test(file));
  if (sheets.length === 0) throw new Error(`no app-*.css in ${dir}: the journeys run on a build`);
  styledClasses = new Set(sheets.flatMap((file) => classesInSelectors(readFileSync(join(dir, file), "utf8"))));
  return styledClasses;
}

/** The classes each set of stylesheets has rules for, by their addresses: pages share a few such sets. */
const loadedClassesBySheets = new Map<string, ReadonlySet<string>>();

/**
 * No element on the page has a class that app.css styles and the page's own stylesheets do not: a class missing
 * from the public sheet would otherwise be a quiet visual bug on the pages that load only it. The sheets' rules are
 * read once per set of sheets (keyed by their addresses, which hold the build's hash), not on every check.
 */
async function expectStyledClasses(page: Page, label: string) {
  const { classes, sheets } = await page.evaluate(() => {
    const classes = new Set<string>();
    for (const element of document.querySelectorAll("[class]")) for (const name of element.classList) classes.add(name);
    // An inline <style> has no address: its text stands for it.
    const sheets = [...document.styleSheets].map((sheet) => sheet.href ?? sheet.ownerNode?.textContent ?? "");
    return { classes: [...classes], sheets };
  });
  const key = sheets.join("\n");
  let loaded = loadedClassesBySheets.get(key);
  if (!loaded) {
    const selectors = await page.evaluate(() => {
      const selectors: string[] = [];
      const collect = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
          if ("cssRules" in rule) collect((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of document.styleSheets) {
        try {
          collect(sheet.cssRules);
        } catch {
          // another origin's sheet: none of the app's classes are there
        }
      }
      return selectors;
    });
    loaded = new Set(selectors.flatMap(classesInSelectors));
    loadedClassesBySheets.set(key, loaded);
  }
  const unstyled = classes.filter((name) => allStyledClasses().has(name) && !loaded.has(name)).sort();
  expect(unstyled, `classes with no rule in the stylesheets of ${label}`).toEqual([]);
}

type Tree = { [key: string]: string | Tree };

/**
 * Every key of every namespace ("titles.career", "pages:titles.career"), plural suffixes dropped: what i18next
 * shows in place of a text it cannot find. Read from the English files; both languages have the same keys
 * (app/locales/locales.test.ts).
 */
const TRANSLATION_KEYS: ReadonlySet<string> = (() => {
  const keys = new Set<string>();
  const add = (ns: string, tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`;
      if (typeof value === "string") {
        // A dotted key is unmistakable in a sentence; a one-word key ("intro") would match ordinary words.
        if (path.includes(".")) keys.add(path);
        keys.add(`${ns}:${path}`);
      } else add(ns, value, `${path}.`);
    }
  };
  const dir = join(process.cwd(), "app/locales/en");
  for (const file of readdirSync(dir))
    add(file.replace(/\.json$/, ""), JSON.parse(readFileSync(join(dir, file), "utf8")), "");
  return keys;
})();

/**
 * No text a person can see or hear (visible text, the title, labels, placeholders, alternative texts, button values)
 * is a translation key the translator failed to find. Runs wherever axe runs: every page the journeys visit.
 */
async function expectNoTranslationKeys(page: Page, label: string) {
  const texts = await page.evaluate(() => {
    const found = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll("[aria-label],[placeholder],[title],[alt],input[value]")) {
      for (const name of ["aria-label", "placeholder", "title", "alt"]) found.push(element.getAttribute(name) ?? "");
      if (element instanceof HTMLInputElement && /^(submit|button)$/.test(element.type)) found.push(element.value);
    }
    return found;
  });
  expect(translationKeysIn(texts), `untranslated keys on ${label}`).toEqual([]);
}

function translationKeysIn(texts: string[]): string[] {
  const raw = new Set<string>();
  for (const text of texts)
    for (const [candidate] of text.matchAll(/[A-Za-z][\w-]*(?::[\w-]+)?(?:\.[\w-]+)+|[a-z]+:[\w-]+/g))
      if (TRANSLATION_KEYS.has(candidate)) raw.add(candidate);
  return [...raw];
}

/** The text of a server-rendered page and of the attributes people meet, without its scripts and data. */
function textOfHtml(html: string): string {
  const attributes = [...html.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map(([, value]) => value);
  const text = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " ");
  return `${text} ${attributes.join(" ")}`;
}

/** With JavaScript on, React must have hydrated before a click means anything. */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Goes to a URL, asserts the response is below 500, and runs axe there. */
export async function visit(page: Page, url: string, options: { status?: number } = {}) {
  const response = await page.goto(url);
  expect(response, url).not.toBeNull();
  if (options.status) expect(response!.status(), url).toBe(options.status);
  else expect(response!.status(), url).toBeLessThan(500);
  await waitForHydration(page);
  await expectAccessible(page);
  return response!;
}

/**
 * The page's load event, within 30 s; past that, the failure names what the page is still waiting for (images not
 * complete, stylesheets not applied) instead of the test running out of time with no clue.
 */
async function waitForLoad(page: Page) {
  try {
    await page.waitForLoadState("load", { timeout: 30_000 });
  } catch (error) {
    const waiting = await page
      .evaluate(() => [
        ...Array.from(document.images, (image) => (image.complete ? "" : `img ${image.currentSrc || image.src}`)),
        ...Array.from(document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]"), (link) =>
          link.sheet ? "" : `stylesheet ${link.href}`,
        ),
      ])
      .then((found) => found.filter(Boolean).join(", ") || "nothing the document lists")
      .catch((reason: unknown) => `unknown (${String(reason)})`);
    throw new Error(`${page.url()} did not finish loading in 30 s; still waiting for: ${waiting}`, { cause: error });
  }
}

/**
 * What `visit(page, page.url())` checks, for a page a click or a form brought to its address: the server's answer
 * to a GET of it is below 500 and passes axe. With JavaScript on, the click may have been a client-side navigation,
 * so the address is loaded again; with it off, when the page is already that answer, it is checked as it is.
 */
export async function visitCurrent(page: Page) {
  await waitForLoad(page);
  const last = lastDocuments.get(page);
  const here = page.url().replace(/#.*$/, "");
  if (javaScriptOn(test.info().project.name) || !last || last.method !== "GET" || last.url !== here) {
    return visit(page, page.url());
  }
  expect(last.status, here).toBeLessThan(500);
  await expectAccessible(page);
}

let emailCounter = 0;
export function uniqueEmail(prefix: string) {
  emailCounter += 1;
  return `${prefix}.${Date.now().toString(36)}${emailCounter}.${Math.random().toString(36).slice(2, 6)}@example.lt`;
}

/** The newest link to `path` in the local mailbox e-mailed to `to`. */
export async function linkFromMailbox(page: Page, to: string, path: string): Promise<string> {
  await visit(page, "/dev/mailbox");
  return newestLinkInMailbox(page, to, path);
}

/** The same, from the mailbox page already open. */
async function newestLinkInMailbox(page: Page, to: string, path: string): Promise<string> {
  const mail = page
    .getByTestId("mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
    .first();
  await expect(mail).toBeVisible();
  const href = await mail.locator(`a[href*="${path}"]`).first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

export const DEMO_PASSWORD = "Demo!pass1";

/** The seed's demo accounts that journeys sign in as (scripts/seed.ts). */
export const DEMO_ACCOUNTS = [
  "admin@demo.lt",
  "host@demo.lt",
  "renter@demo.lt",
  "company@demo.lt",
  "newbie@demo.lt",
] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/** Where demo-sessions.setup.ts keeps a demo account's signed-in cookies for a project. */
export const demoSessionFile = (project: string, email: DemoAccount) =>
  join(process.cwd(), "tests/.artifacts/demo-sessions", project, `${email}.json`);

/**
 * Signs this page's browser in as a demo account, with the session demo-sessions.setup.ts made for this project
 * before the journeys ran (its sign-in was checked there). Sessions are rows (decision 002) that the journeys share,
 * so a journey that signs out, changes the password or deletes the account signs in on its own (registerAndSignIn)
 * instead; and a sign-in by this browser would end the shared session, so none follows this.
 */
export async function signInAs(page: Page, email: DemoAccount) {
  const state = JSON.parse(readFileSync(demoSessionFile(test.info().project.name, email), "utf8")) as {
    cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0];
  };
  await page.context().addCookies(state.cookies);
}

/** A new, confirmed account signed in on this page (sign-up and confirmation by HTTP; their journey is tested elsewhere). */
/**
 * The signed-in renter's request for the car's days, straight to its review step (where `onReview` may look), and on
 * to the stand-in checkout.
 */
export async function openCheckout(
  page: Page,
  car: { id: string; start: string; end: string },
  onReview?: (page: Page) => Promise<void>,
) {
  const choice = new URLSearchParams({
    start: car.start,
    end: car.end,
    insurance: "none",
    dateOfBirth: "1990-04-15",
    step: "review",
  });
  await visit(page, `/car/${car.id}/book?${choice}`);
  await onReview?.(page);
  await page.getByRole("button", { name: "Pereiti prie mokėjimo" }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_standin_/);
}

/**
 * The demo host, in a browser of their own (JavaScript as the project has it), confirms the request `reference`
 * ("#ABCD1234") from My Bookings. Returns their page, still open; close `host.context()` when done.
 */
export async function confirmAsHost(browser: Browser, reference: string) {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const host = await context.newPage();
  await signInAs(host, "host@demo.lt");
  await visit(host, "/bookings?role=host&tab=pending");
  const request = host.getByRole("listitem").filter({ hasText: reference });
  await expect(request).toContainText("Atsakykite per 24 valandas");
  await request.getByRole("button", { name: "Patvirtinti" }).click();
  await expect(host.getByText("Užsakymas patvirtintas").first()).toBeVisible();
  return host;
}

/**
 * Playwright's request context keeps its connection to the dev server open between requests, and the server closes
 * one left idle for a few seconds (Node's keep-alive timeout, 5 s). A request sent just as it closes fails before it
 * reaches the server (ECONNRESET, "socket hang up"): on a busy machine the mailbox and confirmation pages between
 * sign-up and sign-in take that long. Such a request is sent again; the server never saw the first.
 */
const STALE_CONNECTION_RETRIES = 2;

export async function registerAndSignIn(page: Page, email = uniqueEmail("user"), password = "Žalias!Kalnas7") {
  await registerConfirmedUser(page, email, password);
  const response = await page.request.post("/auth/signin", {
    form: { email, password },
    maxRedirects: 0,
    maxRetries: STALE_CONNECTION_RETRIES,
  });
  expect(response.status()).toBe(302);
  return { email, password };
}

/** Signs up and confirms through HTTP, for tests that need an account of their own. */
export async function registerConfirmedUser(page: Page, email: string, password = "Žalias!Kalnas7") {
  const response = await page.request.post("/auth/signup", {
    form: { accountType: "person", fullName: "Testas Testaitis", email, password, terms: "on", privacy: "on" },
    maxRetries: STALE_CONNECTION_RETRIES,
  });
  expect(response.status()).toBeLessThan(400);
  // Only a step on the way here: the journeys that read their mail check the mailbox page with axe (linkFromMailbox).
  await page.goto("/dev/mailbox");
  const link = await newestLinkInMailbox(page, email, "/auth/callback");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "El. paštas patvirtintas" })).toBeVisible();
}

/**
 * Journeys that need a car's days free, each with a lane of its own: lanes 0–2 in bookings.spec.ts, 3 in
 * booking-prices.spec.ts, 4 in cancellation.spec.ts. A lane holds days of its own in each project, from 20 days ahead (host-calendar.spec.ts
 * takes days before that), so journeys running side by side, the js and no-js projects among them, never meet.
 */
const LANES = 5;
const LANE_DAYS = 8;
const FIRST_LANE_DAY = 20;
/** Rounds of lanes a choice may move on to; bookings may start at most six months ahead (BOOK_AHEAD_MONTHS). */
const LANE_ROUNDS = 2;

/** The calendar day (UTC) `offset` days from now, as a booking's dates are written. */
export const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The first of `cars` (rows with an `id`, in the order given) with `days` days of this journey's lane that no booking
 * holds and the host has not blocked (the demo data has bookings of its own, and a retry finds its own from before).
 * The same database gives the same choice, so a failure can be replayed; the choice is noted on the test's report.
 */
export async function freeCarInLane<T extends Row>(database: Client, cars: T[], lane: number, days: number) {
  const project = javaScriptOn(test.info().project.name) ? 0 : 1;
  for (let round = 0; round < LANE_ROUNDS; round++) {
    const offset = FIRST_LANE_DAY + LANE_DAYS * (LANES * 2 * round + lane * 2 + project);
    const [start, end] = [isoDay(offset), isoDay(offset + days)];
    for (const car of cars) {
      const taken = await database.execute({
        sql: `select 1 from bookings where car_id = ? and start_date < ? and ? < end_date
          union all select 1 from car_blocked_days where car_id = ? and day >= ? and day < ?`,
        args: [String(car.id), end, start, String(car.id), start, end],
      });
      if (taken.rows.length > 0) continue;
      test.info().annotations.push({ type: "car and days", description: `${String(car.id)} ${start}…${end}` });
      return { car, start, end };
    }
  }
  throw new Error(`no car free for ${days} days in lane ${lane}`);
}

/** The id of the account with this e-mail (a journey's own, signed up with registerAndSignIn). */
export async function userId(database: Client, email: string) {
  const row = await database.execute({ sql: "select id from users where email = ?", args: [email] });
  return String(row.rows[0]!.id);
}

/** A browser of its own for one more person, from an address of its own (the server's rate limits count by address). */
export async function person(browser: Browser, javaScriptEnabled: boolean, address: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": address });
  return context.newPage();
}

/**
 * A namespace's texts in both languages, read from the translations (a JSON import needs an attribute Playwright's
 * loader lacks); type them with the English file's type: `localeTexts<typeof ClaimTexts>("claims")`.
 */
export function localeTexts<T>(namespace: string): Record<"lt" | "en", T> {
  const read = (lang: string) =>
    JSON.parse(readFileSync(join(process.cwd(), `app/locales/${lang}/${namespace}.json`), "utf8")) as T;
  return { lt: read("lt"), en: read("en") };
}

/** A text with its values filled in, as i18next does. */
export const fillText = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** An amount in euros with cents, as the pages write it in that language. */
export const euros = (cents: number, lang: "lt" | "en") =>
  new Intl.NumberFormat(lang === "lt" ? "lt-LT" : "en-GB", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
  }).format(cents / 100);

/** Intl writes a narrow no-break space where people type a space: match either. */
export const looseText = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s/g, "\\s"));

/**
 * The rental charge of a booking a journey wrote directly in the database, as the app writes one with the request
 * (decision 035): the booking's total, payment status and times, the payment intent given, the booking's id as key.
 */
export async function insertRentalCharge(database: Client, bookingId: string, paymentIntentId: string) {
  await database.execute({
    sql: `insert into charges (id, booking_id, purpose, payer_id, amount, status, idempotency_key,
            stripe_payment_intent_id, created_at, updated_at)
          select 'rental-' || id, id, 'rental', renter_id, total_amount, payment_status, id, ?, created_at, updated_at
          from bookings where id = ?`,
    args: [paymentIntentId, bookingId],
  });
}
