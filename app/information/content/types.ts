// The information pages' documents (legal texts, FAQ entries, articles, positions): per language, typed, and served
// by the loaders, so they reach only the page that shows them (docs/decisions/012-information-pages.md).
// A text may link with [label](/path); the renderer (components/information/rich-text.tsx) makes it a link.
import type { Language } from "~/i18n";

export type Localised<T> = Record<Language, T>;

export type Block = string | { list: string[] } | { table: { head: string[]; rows: string[][] } };

export interface DocumentSection {
  /** The anchor (#gdpr), the same in both languages. */
  id: string;
  title: string;
  blocks: Block[];
}

export interface InformationDocument {
  /** YYYY-MM-DD, shown as "Last updated". */
  updated: string;
  intro: string[];
  sections: DocumentSection[];
}
