// Part 1 §5 search term rules: quotes, semicolons and backslashes removed, 100 characters, at least 2.

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

export function sanitizeSearchTerm(input: string): string {
  return input
    .replace(/["'`;\\]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_MAX_LENGTH);
}

export type SearchTerm = { ok: true; term: string } | { ok: false; error: "validation.searchTooShort" };

/** An empty box means "no search"; one character is an error the page shows next to the box. */
export function parseSearchTerm(input: string | null | undefined): SearchTerm | null {
  if (input == null) return null;
  const term = sanitizeSearchTerm(input);
  if (term.length === 0) return null;
  if (term.length < SEARCH_MIN_LENGTH) return { ok: false, error: "validation.searchTooShort" };
  return { ok: true, term };
}
