import { afterEach, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { requestsBetween, sequentialTrips, startLatencyProxy, type LatencyProxy } from "./proxy";
import { requestsOnPath } from "./round-trips";

const at = (start: number, end: number) => ({ method: "POST", path: "/v3/pipeline", start, end });

describe("sequentialTrips", () => {
  it("is 0 without requests and 1 for requests that went out together", () => {
    expect(sequentialTrips([])).toBe(0);
    expect(sequentialTrips([at(0, 45), at(1, 46), at(2, 90)])).toBe(1);
  });

  it("counts a request that started after another answered as one more, whatever the hold", () => {
    expect(sequentialTrips([at(0, 45), at(46, 90), at(91, 130)])).toBe(3);
    expect(sequentialTrips([at(0, 45), at(45, 90)])).toBe(2);
  });

  it("follows the longest chain: a slow request beside a fast one does not hide the read that waited for the fast one", () => {
    // A and B together; C after A answered but while B still ran: C waited for A, so two trips.
    expect(sequentialTrips([at(0, 45), at(1, 200), at(50, 95)])).toBe(2);
  });

  it("does not depend on the order the requests are listed in", () => {
    expect(sequentialTrips([at(100, 140), at(0, 45), at(50, 95)])).toBe(3);
  });
});

describe("the requests of one page", () => {
  const requests = [at(5, 50), at(60, 100), at(120, 170), at(300, 340)];

  it("on its path: started after it was sent and finished before its answer had", () => {
    expect(requestsOnPath(requests, 0, 110)).toEqual([at(5, 50), at(60, 100)]);
  });

  it("leaves out one still running (end 0) and one that finished after the answer (a waitUntil read)", () => {
    expect(requestsOnPath([at(5, 0), at(6, 200)], 0, 110)).toEqual([]);
    expect(requestsBetween([at(5, 0), at(6, 200)], 0, 110)).toHaveLength(2);
  });
});

describe("startLatencyProxy", () => {
  let upstream: http.Server | undefined;
  let proxy: LatencyProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it("forwards a request and its answer, and records it", async () => {
    upstream = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ path: req.url, body }));
      });
    });
    await new Promise<void>((resolve) => upstream!.listen(0, "127.0.0.1", resolve));
    const port = (upstream.address() as AddressInfo).port;
    proxy = await startLatencyProxy({ upstream: `http://127.0.0.1:${port}`, delayMs: 0 });
    const response = await fetch(`${proxy.url}/v3/pipeline`, { method: "POST", body: '{"requests":[]}' });
    expect(await response.json()).toEqual({ path: "/v3/pipeline", body: '{"requests":[]}' });
    expect(proxy.requests).toHaveLength(1);
    expect(proxy.requests[0]).toMatchObject({ method: "POST", path: "/v3/pipeline" });
    expect(proxy.requests[0]!.end).toBeGreaterThanOrEqual(proxy.requests[0]!.start);
  });

  it("counts reads sent together as one trip and a read sent after an answer as one more", async () => {
    upstream = http.createServer((_req, res) => res.end("{}"));
    await new Promise<void>((resolve) => upstream!.listen(0, "127.0.0.1", resolve));
    const port = (upstream.address() as AddressInfo).port;
    // A long hold, so that two reads sent together are still both held when a busy machine gets to the second.
    proxy = await startLatencyProxy({ upstream: `http://127.0.0.1:${port}`, delayMs: 300 });
    const read = async () => (await fetch(`${proxy!.url}/v3/pipeline`, { method: "POST", body: "{}" })).text();
    await Promise.all([read(), read()]);
    expect(sequentialTrips(proxy.requests)).toBe(1);
    await read();
    expect(sequentialTrips(proxy.requests)).toBe(2);
    expect(proxy.requests).toHaveLength(3);
  });
});
