// The loaders of the information pages: the title and meta description in the reader's language, and the page's
// content (a typed document, app/information/content) in that language only.
import { getLanguage, getT } from "~/i18n.server";
import type { Localised } from "~/information/content/types";

export type InformationPage =
  "about" | "contact" | "faq" | "help" | "terms" | "privacy" | "cookies" | "career" | "news" | "disclaimer";

/** The page's title and meta description, translated (meta functions have no translator). */
export async function informationPageMeta(request: Request, page: InformationPage) {
  const t = await getT(request, ["information", "pages"]);
  return { title: t(`titles.${page}`), description: t(`descriptions.${page}`) };
}

export async function informationPageData<T>(request: Request, page: InformationPage, content: Localised<T>) {
  const [language, meta] = await Promise.all([getLanguage(request), informationPageMeta(request, page)]);
  return { ...meta, content: content[language] };
}
