// A proxy of the bench's own between the Worker and the libSQL HTTP adapter (docs/decisions/001): every request
// waits `delayMs` (40 by default) before it is forwarded, what a Worker at the edge pays per round trip to one Turso
// region (decision 005, "Round trips over the wire"). It records when each request came and when its answer left,
// so the bench can count a page's sequential round trips from the outside, as production pays them (a client's
// version probe, a pipeline's follow-up and a transaction's batons count: each is a request on the wire).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ProxiedRequest {
  method: string;
  path: string;
  /** performance.now() when the request reached the proxy, and when its answer had been sent on. */
  start: number;
  end: number;
}

export interface LatencyProxy {
  url: string;
  /** Changeable between measurements: 0 measures the same path without the added latency. */
  delayMs: number;
  /** Every request so far, oldest first. */
  readonly requests: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * The sequential round trips in a set of requests: the longest chain in which each request started after the one
 * before it had answered (it could have been waiting for it). Requests that overlap in time went out together, so
 * they are one trip, however long each took; one that starts after another answered is one more, whatever the hold.
 */
export function sequentialTrips(requests: readonly Pick<ProxiedRequest, "start" | "end">[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  let longest = 0;
  for (const [i, request] of sorted.entries()) {
    let before = 0;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= request.start) before = Math.max(before, depth[j]!);
    depth.push(before + 1);
    longest = Math.max(longest, before + 1);
  }
  return longest;
}

/** The requests that started in [from, to]: a page request's own (the bench sends one page request at a time). */
export function requestsBetween(requests: readonly ProxiedRequest[], from: number, to: number): ProxiedRequest[] {
  return requests.filter((r) => r.start >= from && r.start <= to);
}

export async function startLatencyProxy(options: {
  upstream: string;
  delayMs: number;
  port?: number;
}): Promise<LatencyProxy> {
  const upstream = new URL(options.upstream);
  const agent = new http.Agent({ keepAlive: true });
  const requests: ProxiedRequest[] = [];
  const proxy: LatencyProxy = {
    url: "",
    delayMs: options.delayMs,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const record: ProxiedRequest = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      start: performance.now(),
      end: 0,
    };
    requests.push(record);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      setTimeout(() => {
        const headers = { ...req.headers, host: upstream.host };
        const forward = http.request(
          { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on("end", () => (record.end = performance.now()));
          },
        );
        forward.on("error", (error) => {
          record.end = performance.now();
          if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
          res.end(`bench proxy: ${error.message}`);
        });
        forward.end(Buffer.concat(chunks));
      }, proxy.delayMs);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = proxy.close;
  proxy.close = async () => {
    agent.destroy();
    server.closeAllConnections();
    await close();
  };
  return proxy;
}
