import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "~/utils/request-origin.server";

const post = (headers: Record<string, string>, path = "/auth/signin") =>
  new Request(`https://ratai.lt${path}`, { method: "POST", headers });

describe("the Origin / Sec-Fetch-Site check", () => {
  it("lets reads through", () => {
    expect(isCrossSiteWrite(new Request("https://ratai.lt/", { headers: { Origin: "https://evil.example" } }))).toBe(
      false,
    );
  });
  it("lets our own pages post", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://ratai.lt" }))).toBe(false);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });
  it("refuses a post from another site or an opaque origin", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "null" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "same-site" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "http://ratai.lt" }))).toBe(true);
  });
  it("leaves the signed webhook endpoint to its signature check", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }, "/webhooks/stripe"))).toBe(false);
  });
});
