// The per-isolate cache of listing cards' HTML (card-html.ts says what is in a key and why nothing of a visitor is).
import type { i18n as I18n } from "i18next";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import type { CardHtml, KeepCardHtml } from "~/components/cars/card-html";

/** Per isolate: 24 cards a page, two languages, a few variants; the least recently used goes first past this. */
export const CARD_HTML_LIMIT = 600;

/** A bounded map that forgets the least recently used key first. */
export class CardHtmlCache {
  readonly #entries = new Map<string, CardHtml>();
  constructor(readonly limit = CARD_HTML_LIMIT) {}

  get size() {
    return this.#entries.size;
  }

  has(key: string) {
    return this.#entries.has(key);
  }

  /** The HTML kept for `key`, or `render`'s, kept from now on. */
  get(key: string, render: () => CardHtml): CardHtml {
    const kept = this.#entries.get(key);
    if (kept) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept;
    }
    const made = render();
    this.#entries.set(key, made);
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value!);
    return made;
  }

  /** What is kept, least recently used first. */
  values(): IterableIterator<CardHtml> {
    return this.#entries.values();
  }

  clear() {
    this.#entries.clear();
  }
}

export const cardHtmlCache = new CardHtmlCache();

/** entry.server's keeper for one render: the cache, the parts rendered with that render's translations. */
export function keepCardHtml(i18n: I18n, renderToStaticMarkup: (element: ReactElement) => string): KeepCardHtml {
  const html = (element: ReactElement) =>
    renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
  return (key, render) =>
    cardHtmlCache.get(key, () => {
      const parts = render();
      return { photo: html(parts.photo), details: html(parts.details) };
    });
}
