import { describe, expect, it } from "vitest";
import { sanitizeText, TEXT_CAPS } from "~/utils/sanitize";

describe("text sanitising", () => {
  it("strips angle brackets and script-like prefixes", () => {
    expect(sanitizeText("<script>alert(1)</script>")).toBe("scriptalert(1)/script");
    expect(sanitizeText("see javascript:alert(1)")).toBe("see alert(1)");
    expect(sanitizeText("x onerror=alert(1)")).toBe("x alert(1)");
    expect(sanitizeText("DATA:text/html;base64,xx")).toBe("text/html;base64,xx");
    expect(sanitizeText("javajavascript:script:alert(1)")).toBe("alert(1)");
  });
  it("keeps ordinary text, Lithuanian letters included", () => {
    expect(sanitizeText("  Puikios būklės automobilis, 2 savininkai.  ")).toBe(
      "Puikios būklės automobilis, 2 savininkai.",
    );
  });
  it("truncates to the caps: description 2000, rules 1000, bio 500, name 100, default 1000", () => {
    expect(TEXT_CAPS).toEqual({ description: 2000, rules: 1000, bio: 500, name: 100, default: 1000 });
    expect(sanitizeText("x".repeat(3000), TEXT_CAPS.description)).toHaveLength(2000);
    expect(sanitizeText("x".repeat(3000))).toHaveLength(1000);
    expect(sanitizeText("x".repeat(3000), TEXT_CAPS.bio)).toHaveLength(500);
  });
});
