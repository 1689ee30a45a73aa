import { describe, expect, it } from "vitest";
import { addressNetwork, clientAddress, clientNetwork } from "~/accounts/rate-limit.server";

const request = (headers: Record<string, string>) => new Request("http://ratai.test/auth/signin", { headers });

describe("the client's address", () => {
  it("is the one Cloudflare sets in CF-Connecting-IP", () => {
    expect(clientAddress(request({ "CF-Connecting-IP": "203.0.113.7" }))).toBe("203.0.113.7");
  });

  it("ignores the headers a client writes itself: X-Forwarded-For, X-Real-IP, True-Client-IP", () => {
    const forged = { "X-Forwarded-For": "198.51.100.1", "X-Real-IP": "198.51.100.2", "True-Client-IP": "198.51.100.3" };
    expect(clientAddress(request(forged))).toBe("local");
    expect(clientAddress(request({ ...forged, "CF-Connecting-IP": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientNetwork(request({ ...forged, "CF-Connecting-IP": "203.0.113.7" }))).toBe("203.0.113.7");
  });

  it("falls back to one shared constant without the header (tests, local runs)", () => {
    expect(clientAddress(request({}))).toBe("local");
    expect(clientAddress(request({ "CF-Connecting-IP": "  " }))).toBe("local");
  });
});

describe("the network a per-address limit counts", () => {
  it("is an IPv4 address as it is, also when written IPv4-mapped", () => {
    expect(addressNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const network = "2001:db8:85a3:42::/64";
    for (const address of [
      "2001:db8:85a3:42::1",
      "2001:0DB8:85A3:0042:ffff:ffff:ffff:ffff",
      "2001:db8:85a3:42:1:2:3:4",
      "2001:db8:85a3:42::1%eth0",
    ]) {
      expect(addressNetwork(address)).toBe(network);
    }
    expect(addressNetwork("2001:db8:85a3:43::1")).not.toBe(network);
    expect(addressNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(addressNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps what does not parse as it is", () => {
    for (const value of ["local", "2001:db8::1::2", "2001:db8:zz::1", "1:2:3:4:5:6:7:8:9"]) {
      expect(addressNetwork(value)).toBe(value);
    }
  });
});
