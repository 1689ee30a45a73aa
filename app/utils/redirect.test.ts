import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirectPath("/cars?listingType=rental#top")).toBe("/cars?listingType=rental#top");
  });
  it("turns anything that could leave the site, or return to an auth page, into /", () => {
    for (const target of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "",
      null,
      42,
      "cars",
      "/auth/signin",
    ]) {
      expect(safeRedirectPath(target)).toBe("/");
    }
  });
});
