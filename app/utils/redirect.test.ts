import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/redirect";

const ORIGIN = "https://ratai.lt";

/** What a browser does with the Location we answer: it resolves it against the page it is on. */
function landsOnThisSite(location: string): boolean {
  for (const base of [`${ORIGIN}/`, `${ORIGIN}/auth/signin?redirectTo=x`, `${ORIGIN}/a/b/c`]) {
    if (new URL(location, base).origin !== ORIGIN) return false;
  }
  return location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\");
}

/**
 * Every string of up to `length` pieces, each starting with "/", as a browser or a form could send them: slashes and
 * backslashes, dot segments, their percent-encodings (once and twice), whitespace the URL parser drops, schemes,
 * userinfo and ports, and a host. Not a list of known attacks: every combination of their parts.
 */
function* hostileShapes(length: number): Generator<string> {
  const pieces = [
    "/",
    "\\",
    ".",
    "..",
    "%2F",
    "%2f",
    "%5C",
    "%2E",
    "%252F",
    "\t",
    "\n",
    " ",
    "@",
    ":",
    "http:",
    "javascript:",
    "evil.example",
    "?",
    "#",
    "\u3002",
  ];
  function* grow(prefix: string, left: number): Generator<string> {
    yield prefix;
    if (left === 0) return;
    for (const piece of pieces) yield* grow(prefix + piece, left - 1);
  }
  yield* grow("/", length);
}

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirectPath("/cars?listingType=rental#top")).toBe("/cars?listingType=rental#top");
    expect(safeRedirectPath("/car/abc/book?start=2026-12-01")).toBe("/car/abc/book?start=2026-12-01");
    expect(safeRedirectPath("/favorites", "/cars")).toBe("/favorites");
  });

  it("turns anything that could leave the site, or return to an auth page, into the fallback", () => {
    for (const target of [
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "/./\\evil.example",
      "/../..//evil.example",
      "/\t/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "",
      null,
      42,
      "cars",
      "/auth/signin",
      "/%61uth/signin",
      "/x/../auth/signup",
    ]) {
      expect(safeRedirectPath(target), String(target)).toBe("/");
    }
    expect(safeRedirectPath("/.//evil.example", "/favorites")).toBe("/favorites");
  });

  it("never answers, for any combination of slashes, dots, encodings, whitespace and schemes, a place off this site", () => {
    let tried = 0;
    let kept = 0;
    for (const target of hostileShapes(4)) {
      tried += 1;
      const answer = safeRedirectPath(target, "/fallback");
      if (answer === "/fallback") continue;
      kept += 1;
      expect(landsOnThisSite(answer), `${JSON.stringify(target)} -> ${JSON.stringify(answer)}`).toBe(true);
      // What we answer is itself a fixed point: checking it again changes nothing.
      expect(safeRedirectPath(answer, "/fallback")).toBe(answer);
    }
    expect(tried).toBeGreaterThan(150_000);
    // Most shapes are harmless paths and survive; the check does not just refuse everything.
    expect(kept).toBeGreaterThan(tried / 4);
  });
});
