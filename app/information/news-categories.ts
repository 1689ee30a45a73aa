// The news page's categories (its tabs) and the shape of an article (content/news-articles.server.ts holds the articles).
export const NEWS_CATEGORIES = ["company", "product", "guides", "safety"] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export interface Article {
  id: string;
  category: NewsCategory;
  /** YYYY-MM-DD */
  date: string;
  featured?: boolean;
  title: string;
  summary: string;
  body: string[];
}
