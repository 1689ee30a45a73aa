// The listing cards' images on a page, as a phone receives the server-rendered markup (JavaScript off, so what is
// checked is what the browser sees before any script runs). A card is an element marked `data-car-card` or
// `data-testid="car-card"`; failing those, the nearest <article> or <li> around each link to /car/{id} in <main>.
import { chromium } from "@playwright/test";
import { fetchRaw } from "./bytes";

/** The first row on a phone: these cards' first images may load eagerly (one is likely the LCP element). */
export const EAGER_CARDS = 2;

interface FoundImage {
  card: number;
  indexInCard: number;
  src: string | null;
  srcset: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  /** Layout box on the phone screen at load (scrolled to the top). */
  top: number;
  left: number;
  width_: number;
  height_: number;
}

export interface CardImage extends FoundImage {
  /** Each candidate URL (src and srcset) with its size in bytes. */
  files: { url: string; bytes: number }[];
  /** The largest of them. */
  bytes: number;
  problems: string[];
}

export interface CardsReport {
  url: string;
  cards: number;
  images: CardImage[];
  largest: { url: string; bytes: number } | null;
  problems: string[];
  /** Lazy images that sit above the fold of the phone viewport: a lazy LCP image would cost seconds. */
  lazyAboveFold: number;
}

// Passed as a string: tsx's transform would add helpers to a function that do not exist in the page.
const FIND_CARD_IMAGES = `(() => {
  const scope = document.querySelector("main") ?? document.body;
  let cards = [...scope.querySelectorAll('[data-car-card], [data-testid="car-card"]')];
  if (cards.length === 0) {
    const seen = new Set();
    for (const link of scope.querySelectorAll('a[href*="/car/"]')) {
      const card = link.closest("article, li") ?? link;
      if (!seen.has(card)) { seen.add(card); cards.push(card); }
    }
  }
  return cards.flatMap((card, cardIndex) =>
    [...card.querySelectorAll("img")].map((img, indexInCard) => ({
      card: cardIndex,
      indexInCard,
      src: img.getAttribute("src"),
      srcset: img.getAttribute("srcset"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      ...(() => {
        const r = img.getBoundingClientRect();
        return { top: r.top + window.scrollY, left: r.left, width_: r.width, height_: r.height };
      })(),
    })),
  ).concat(cards.length === 0 ? [] : [{ card: -1, count: cards.length }]);
})()`;

const VIEWPORT = { width: 412, height: 823 }; // Lighthouse's mobile screen (Moto G Power)

/** Loads the page in the benchmark's Chromium (DevTools on `cdpPort`) through Playwright. */
export async function checkCardImages(url: string, cdpPort: number): Promise<CardsReport> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`, { timeout: 30_000 });
  let found: (FoundImage | { card: -1; count: number })[];
  try {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: VIEWPORT,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (!response || response.status() >= 400) throw new Error(`${url} answered ${response?.status() ?? "nothing"}`);
    found = (await page.evaluate(FIND_CARD_IMAGES)) as typeof found;
    await context.close();
  } finally {
    await browser.close();
  }
  const marker = found.find((f): f is { card: -1; count: number } => f.card === -1);
  const cardImages = found.filter((f): f is FoundImage => f.card !== -1);
  const images: CardImage[] = [];
  for (const image of cardImages) {
    const files: CardImage["files"] = [];
    const problems: string[] = [];
    for (const imageUrl of imageUrls(image, url)) {
      const response = await fetchRaw(imageUrl, "identity");
      if (response.status >= 400) problems.push(`${imageUrl} answered ${response.status}`);
      files.push({ url: imageUrl, bytes: response.wire.length });
    }
    if (!image.width) problems.push("no width");
    if (!image.height) problems.push("no height");
    const mayBeEager = image.card < EAGER_CARDS && image.indexInCard === 0;
    if (!mayBeEager && image.loading !== "lazy") problems.push(`not lazy (loading: ${image.loading ?? "unset"})`);
    if (files.length === 0) problems.push("no src");
    images.push({ ...image, files, bytes: Math.max(0, ...files.map((f) => f.bytes)), problems });
  }
  let largest: CardsReport["largest"] = null;
  for (const file of images.flatMap((i) => i.files)) if (!largest || file.bytes > largest.bytes) largest = file;
  return {
    url,
    cards: marker?.count ?? 0,
    images,
    largest,
    problems: images.flatMap((i) => i.problems.map((p) => `card ${i.card + 1} image ${i.indexInCard + 1}: ${p}`)),
    lazyAboveFold: images.filter((i) => i.loading === "lazy" && onFirstScreen(i)).length,
  };
}

/** Laid out and inside the first screen (a carousel's later slides sit to the right of it). */
function onFirstScreen(image: FoundImage): boolean {
  return (
    image.width_ > 0 &&
    image.height_ > 0 &&
    image.top < VIEWPORT.height &&
    image.left < VIEWPORT.width &&
    image.left + image.width_ > 0
  );
}

/** Every candidate the browser could pick: src and each srcset entry. */
function imageUrls(image: FoundImage, pageUrl: string): string[] {
  const candidates = [image.src ?? "", ...(image.srcset ?? "").split(",").map((c) => c.trim().split(/\s+/)[0] ?? "")];
  return [...new Set(candidates.filter((c) => c && !c.startsWith("data:")).map((c) => new URL(c, pageUrl).toString()))];
}
