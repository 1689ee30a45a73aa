// Filtering the FAQ (spec part 2 "Static pages": search box, category filter): every word typed must appear in
// the question or the answer, ignoring case and diacritics, so "uzstatas" finds "užstatas" and "Zalgiris" "Žalgiris".

export const FAQ_CATEGORIES = ["booking", "payments", "verification", "insurance", "hosting", "account"] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

export const FAQ_QUERY_MAX_LENGTH = 100;

export function isFaqCategory(value: unknown): value is FaqCategory {
  return typeof value === "string" && (FAQ_CATEGORIES as readonly string[]).includes(value);
}

/** Lower case, without diacritics (ą→a, č→c, ė→e, ū→u, ž→z, …), one space between words. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("lt").replace(/\s+/g, " ").trim();
}

/** The search as the page understands it: trimmed, capped, and the category only when it is one of ours. */
export function readFaqQuery(params: URLSearchParams): { q: string; category: FaqCategory | null } {
  const category = params.get("category");
  return {
    q: (params.get("q") ?? "").trim().slice(0, FAQ_QUERY_MAX_LENGTH),
    category: isFaqCategory(category) ? category : null,
  };
}

export function filterFaq<T extends FaqEntry>(
  entries: readonly T[],
  query: { q: string; category: FaqCategory | null },
) {
  const words = foldText(query.q).split(" ").filter(Boolean);
  return entries.filter((entry) => {
    if (query.category && entry.category !== query.category) return false;
    if (words.length === 0) return true;
    const haystack = foldText(`${entry.question} ${entry.answer}`);
    return words.every((word) => haystack.includes(word));
  });
}
