// The first screen in the first 14 KB (decision 005): a phone on a slow connection gets about 14 KB in the first round
// trip (TCP's initial window of 10 packets), so the markup of what it shows first, and the CSS it must have before
// it paints anything, should fit in it.
//
// The page is loaded with JavaScript off at 375 × 800, as a phone gets the server's HTML. The first element in
// document order whose box starts at or below 800 px (boxes of zero size, <head> and anything inside <noscript>,
// <template> or <script> skipped) is where the first screen ends. It is found again in the raw HTML as the n-th
// start tag of its name (and checked: same id and class), and everything before it is gzipped at level 6, as a CDN
// compresses; the render-blocking stylesheets (<link rel=stylesheet> in <head>) count too, gzipped the same way.
// Markup after that element that still shows on the first screen (a fixed banner at the end of <body>) is not counted.
import { chromium } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { fetchRaw } from "./bytes";

export const FIRST_SCREEN_VIEWPORT = { width: 375, height: 800 };
/** Lighthouse's mobile user agent: a browser, not a bot, so the server streams as it does for phones. */
const MOBILE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
const GZIP_LEVEL = 6;

export interface StartTag {
  /** Lower-cased tag name. */
  name: string;
  /** Where `<name` begins in the HTML (a string index). */
  offset: number;
  /** Just after the tag's closing `>`. */
  end: number;
}

// Their content is text, not markup: a `<div` in it starts no element.
const TEXT_ONLY = new Set(["script", "style", "textarea", "title"]);

/**
 * Every start tag of the HTML in document order, as the parser with scripting off would make elements of them:
 * none from comments, doctype, end tags, the text of <script>, <style>, <textarea> and <title>, or the inside of a
 * <template> (its content is not in the document); <noscript> content counts, as it does with JavaScript off.
 */
export function* startTags(html: string): Generator<StartTag> {
  let i = 0;
  let templateDepth = 0;
  while ((i = html.indexOf("<", i)) !== -1) {
    if (html.startsWith("<!--", i)) {
      const close = html.indexOf("-->", i + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    const name = /^<(\/?)([a-zA-Z][^\s/>]*)/.exec(html.slice(i, i + 64));
    if (!name) {
      // <!doctype>, <?…>, a stray `<` in text
      i = /^<[!?]/.test(html.slice(i, i + 2)) ? tagEnd(html, i) : i + 1;
      continue;
    }
    const tag = name[2]!.toLowerCase();
    const end = tagEnd(html, i + name[0].length);
    if (name[1]) {
      if (tag === "template") templateDepth = Math.max(0, templateDepth - 1);
      i = end;
      continue;
    }
    if (tag === "template") templateDepth++;
    else if (templateDepth === 0) yield { name: tag, offset: i, end };
    i = end;
    if (TEXT_ONLY.has(tag)) {
      // Not on a lower-cased copy: lower-casing can change the length of a string, and so its offsets.
      const close = new RegExp(`</${tag}`, "gi");
      close.lastIndex = i;
      i = close.exec(html)?.index ?? html.length;
    }
  }
}

/** Just after the `>` that ends the tag starting before `from`, skipping quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < html.length; i++) {
    const char = html[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ">") return i + 1;
  }
  return html.length;
}

/** The `index`-th (from 0) start tag named `name`, or null when there are fewer. */
export function findStartTag(html: string, name: string, index: number): StartTag | null {
  let seen = 0;
  for (const tag of startTags(html)) {
    if (tag.name === name.toLowerCase() && seen++ === index) return tag;
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The attributes of one start tag (`<div id="a" hidden>`), values with their character references decoded. */
export function tagAttributes(startTag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const inner = startTag.replace(/^<[^\s/>]+/, "").replace(/\/?>$/, "");
  for (const match of inner.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const raw = match[2] ?? match[3] ?? match[4] ?? "";
    attributes[match[1]!.toLowerCase()] ??= raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? whole;
      return String.fromCodePoint(ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    });
  }
  return attributes;
}

/** What the page says about its first element below the fold. */
interface FoldElement {
  tag: string;
  /** Its index among the document's elements of the same tag name, in document order. */
  index: number;
  id: string | null;
  className: string | null;
  top: number;
}

// Passed as a string: tsx's transform would add helpers to a function that do not exist in the page.
const FIND_FOLD = `(() => {
  const fold = ${FIRST_SCREEN_VIEWPORT.height};
  for (const element of document.body.querySelectorAll("*")) {
    if (element.closest("noscript, template, script")) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const top = box.top + window.scrollY;
    if (top < fold) continue;
    const tag = element.localName;
    return {
      tag,
      index: [...document.getElementsByTagName(tag)].indexOf(element),
      id: element.getAttribute("id"),
      className: element.getAttribute("class"),
      top: Math.round(top),
    };
  }
  return null;
})()`;

const BLOCKING_STYLESHEETS = `[...document.head.querySelectorAll('link[rel~="stylesheet" i]')]
  .filter((link) => !link.media || matchMedia(link.media).matches)
  .map((link) => link.href)`;

export interface FirstScreen {
  url: string;
  /** The first element below the fold as a short selector (`section#cars.grid.gap-4…`), or null when none is. */
  element: string | null;
  /** "3rd <section>, top 812 px", for a person to find it. */
  where: string | null;
  /** Where its start tag begins in the raw HTML (bytes), or null when it was not found there. */
  htmlOffset: number | null;
  htmlBytes: number;
  /** Why the element could not be matched in the raw HTML; null when it was. */
  problem: string | null;
  /** gzip -6 of the HTML before the element (the whole HTML when nothing is below the fold). */
  htmlGzip: number;
  stylesheets: { url: string; gzip: number }[];
  cssGzip: number;
  /** htmlGzip + cssGzip, the figure judged. */
  total: number;
}

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: GZIP_LEVEL }).length;

/** `section#cars.grid.gap-4…`: enough for a person to find the element in the page, short enough for the table. */
export function shortSelector(element: { tag: string; id: string | null; className: string | null }): string {
  const classes = (element.className ?? "").split(/\s+/).filter(Boolean);
  return (
    element.tag +
    (element.id ? `#${element.id}` : "") +
    classes
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join("") +
    (classes.length > 2 ? "…" : "")
  );
}

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

/** Loads `url` in the benchmark's Chromium (DevTools on `cdpPort`) with JavaScript off and measures its first screen. */
export async function measureFirstScreen(url: string, cdpPort: number): Promise<FirstScreen> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`, { timeout: 30_000 });
  let html: string;
  let fold: FoldElement | null;
  let stylesheetUrls: string[];
  try {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: FIRST_SCREEN_VIEWPORT,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: MOBILE_USER_AGENT,
    });
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (!response || response.status() >= 400) throw new Error(`${url} answered ${response?.status() ?? "nothing"}`);
    // The very bytes this layout came from (the nonce and the like differ between two requests).
    html = (await response.body()).toString("utf8");
    await page.evaluate("document.fonts.ready.then(() => true)");
    fold = (await page.evaluate(FIND_FOLD)) as FoldElement | null;
    stylesheetUrls = (await page.evaluate(BLOCKING_STYLESHEETS)) as string[];
    await context.close();
  } finally {
    await browser.close();
  }

  const stylesheets: FirstScreen["stylesheets"] = [];
  for (const stylesheet of new Set(stylesheetUrls)) {
    const response = await fetchRaw(stylesheet, "identity");
    if (response.status !== 200) throw new Error(`${stylesheet} answered ${response.status}`);
    stylesheets.push({ url: stylesheet, gzip: gzip(response.wire) });
  }
  const cssGzip = stylesheets.reduce((sum, s) => sum + s.gzip, 0);

  const located = fold ? locate(html, fold) : { offset: html.length, problem: null };
  const before = Buffer.from(html.slice(0, located.offset ?? html.length), "utf8");
  const htmlGzip = gzip(before);
  return {
    url,
    element: fold ? shortSelector(fold) : null,
    where: fold ? `${ordinal(fold.index + 1)} <${fold.tag}>, top ${fold.top} px` : null,
    htmlOffset: located.offset === null ? null : before.length,
    htmlBytes: Buffer.byteLength(html, "utf8"),
    problem: located.problem,
    htmlGzip,
    stylesheets,
    cssGzip,
    total: htmlGzip + cssGzip,
  };
}

/** The element's start tag in the raw HTML, checked against what the browser saw: same id, same class. */
function locate(html: string, fold: FoldElement): { offset: number | null; problem: string | null } {
  const tag = findStartTag(html, fold.tag, fold.index);
  if (!tag) return { offset: null, problem: `no ${ordinal(fold.index + 1)} <${fold.tag}> in the HTML` };
  const attributes = tagAttributes(html.slice(tag.offset, tag.end));
  for (const [name, seen] of [
    ["id", fold.id],
    ["class", fold.className],
  ] as const) {
    if ((attributes[name] ?? null) !== seen) {
      return {
        offset: null,
        problem: `the HTML's ${ordinal(fold.index + 1)} <${fold.tag}> has ${name} ${JSON.stringify(attributes[name] ?? null)}, the browser's ${JSON.stringify(seen)}`,
      };
    }
  }
  return { offset: tag.offset, problem: null };
}
