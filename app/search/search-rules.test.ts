import { describe, expect, it } from "vitest";
import { parseSearchTerm, sanitizeSearchTerm } from "~/search/search-rules";

describe("search term", () => {
  it("loses quotes, semicolons and backslashes and is cut to 100 characters", () => {
    expect(sanitizeSearchTerm(`"BMW"; DROP TABLE cars; --\\`)).toBe("BMW DROP TABLE cars --");
    expect(sanitizeSearchTerm("x".repeat(150))).toHaveLength(100);
    expect(sanitizeSearchTerm("  Škoda   Octavia ")).toBe("Škoda Octavia");
  });
  it("needs at least 2 characters; empty means no search", () => {
    expect(parseSearchTerm("a")).toEqual({ ok: false, error: "validation.searchTooShort" });
    expect(parseSearchTerm(`"a"`)).toEqual({ ok: false, error: "validation.searchTooShort" });
    expect(parseSearchTerm("   ")).toBeNull();
    expect(parseSearchTerm(null)).toBeNull();
    expect(parseSearchTerm("VW")).toEqual({ ok: true, term: "VW" });
  });
});
