// Bytes of a page on first load: its HTML, and the JS and CSS the browser fetched for it (taken from Lighthouse's
// network records, so scripts the entry imports at start-up count too). Each body is fetched again uncompressed
// and gzipped here at level 9, so the figure does not depend on whether the local server compresses; what the
// server actually sent is reported beside it.
import http from "node:http";
import { gzipSync } from "node:zlib";
import type { NetworkItem } from "./lighthouse";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire (compressed when the server compressed it). */
  wire: Buffer;
}

/** A GET without any automatic decompression, so the wire size is the wire size. */
export function fetchRaw(url: string, acceptEncoding: string, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "Accept-Encoding": acceptEncoding }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

export interface BodySize {
  url: string;
  status: number;
  /** Uncompressed bytes. */
  raw: number;
  /** gzip -9 of the uncompressed body. */
  gzip: number;
  /** What the server sent when offered br/gzip: its Content-Encoding and body size. */
  servedEncoding: string;
  servedBytes: number;
}

/** fetchRaw, tried again twice: on a busy machine wrangler's proxy now and then drops a connection (a socket hang up). */
async function fetchRawAgain(url: string, acceptEncoding: string): Promise<RawResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchRaw(url, acceptEncoding);
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

export async function measureBody(url: string): Promise<BodySize> {
  const plain = await fetchRawAgain(url, "identity");
  const offered = await fetchRawAgain(url, "br, gzip, deflate");
  return {
    url,
    status: plain.status,
    raw: plain.wire.length,
    gzip: gzipSync(plain.wire, { level: 9 }).length,
    servedEncoding: String(offered.headers["content-encoding"] ?? "none"),
    servedBytes: offered.wire.length,
  };
}

export interface KindTotals {
  files: number;
  raw: number;
  gzip: number;
  /** Sum of Lighthouse's transfer sizes (headers included), as the browser received them. */
  transfer: number;
  /** Sum of the bodies as the server sent them when offered br/gzip. */
  served: number;
  servedEncodings: string[];
  items: BodySize[];
}

export interface PageBytes {
  url: string;
  html: BodySize & { transfer: number | null };
  js: KindTotals;
  css: KindTotals;
  /** Requests that left this origin (there should be none). */
  foreignRequests: string[];
}

async function totals(records: NetworkItem[]): Promise<KindTotals> {
  const unique = [...new Map(records.map((r) => [r.url, r])).values()];
  const items = await Promise.all(unique.map((r) => measureBody(r.url)));
  return {
    files: items.length,
    raw: items.reduce((sum, i) => sum + i.raw, 0),
    gzip: items.reduce((sum, i) => sum + i.gzip, 0),
    transfer: unique.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    served: items.reduce((sum, i) => sum + i.servedBytes, 0),
    servedEncodings: [...new Set(items.map((i) => i.servedEncoding))],
    items,
  };
}

export async function measurePage(url: string, network: NetworkItem[]): Promise<PageBytes> {
  const origin = new URL(url).origin;
  const sameOrigin = network.filter((r) => r.url.startsWith(`${origin}/`) || r.url === origin);
  const isType = (r: NetworkItem, type: string) => r.resourceType === type;
  const document = network.find((r) => isType(r, "Document"));
  const html = await measureBody(url);
  return {
    url,
    html: { ...html, transfer: document?.transferSize ?? null },
    js: await totals(sameOrigin.filter((r) => isType(r, "Script"))),
    css: await totals(sameOrigin.filter((r) => isType(r, "Stylesheet"))),
    foreignRequests: network
      .map((r) => r.url)
      .filter((u) => /^https?:/.test(u) && !u.startsWith(`${origin}/`) && u !== origin),
  };
}
