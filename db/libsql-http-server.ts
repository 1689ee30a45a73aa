// A local stand-in for Turso: serves an embedded libSQL database file over the libSQL HTTP protocol ("Hrana over
// HTTP"), so the Worker talks to it with the same `@libsql/client/web` code it uses in production.
//
// Endpoints: GET /health, GET /, /v2, /v3, /v3-protobuf (version probes, unauthenticated like sqld's),
// POST /v2/pipeline, /v3/pipeline, /v3/cursor (JSON), /v3-protobuf/pipeline, /v3-protobuf/cursor (protobuf).
//
// Behaviour follows sqld (libsql-server) wherever the client can observe it: error codes and messages, argument
// binding rules, affected-row and last-rowid reporting, baton handling. Where sqld gives every stream its own
// connection, this server has one connection guarded by an async mutex: a stream that leaves a transaction open
// keeps the mutex across HTTP requests until it commits, rolls back, closes or idles out.
//
// This module is the HTTP side (routes, auth, bodies); db/hrana/ holds the protocol's model, its JSON and protobuf
// codecs, the streams with their batons, and the SQL engine over the file.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { jsonCodec, stringifyJson } from "./hrana/json-codec";
import { protobufCodec } from "./hrana/protobuf-codec";
import { errorMessage, HttpError, type ProtocolVersion } from "./hrana/protocol";
import { SqlEngine } from "./hrana/sql-engine";
import { HranaServer } from "./hrana/streams";

export interface LibsqlHttpServerOptions {
  file: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** When set, POST requests must carry `Authorization: Bearer <authToken>`. */
  authToken?: string;
  /** How long a stream may sit between requests before it expires (and its open transaction is rolled back). */
  streamIdleTimeoutMs?: number;
}

export interface LibsqlHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startLibsqlHttpServer(options: LibsqlHttpServerOptions): Promise<LibsqlHttpServer> {
  const host = options.host ?? "127.0.0.1";
  const engine = new SqlEngine(options.file);
  const hrana = new HranaServer(engine, options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_MS);
  const expectedAuth = options.authToken === undefined ? undefined : sha256(`Bearer ${options.authToken}`);

  const server = createServer((req, res) => {
    handleHttp(hrana, expectedAuth, req, res).catch((error: unknown) => {
      sendError(res, new HttpError(500, "INTERNAL_ERROR", `Internal server error: ${errorMessage(error)}`));
    });
  });

  // Outlive the keep-alive timeouts of pooling clients (undici, workerd), so a client never reuses a socket that
  // the server is closing at that very moment.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 8080, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    engine.close();
    throw error;
  }

  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await hrana.shutdown();
        server.closeAllConnections();
        await serverClosed;
      })();
      return closing;
    },
  };
}

const DEFAULT_STREAM_IDLE_MS = 15_000;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

type Codec = typeof jsonCodec | typeof protobufCodec;

const POST_ROUTES = new Map<string, { endpoint: "pipeline" | "cursor"; version: ProtocolVersion; codec: Codec }>([
  ["/v2/pipeline", { endpoint: "pipeline", version: 2, codec: jsonCodec }],
  ["/v3/pipeline", { endpoint: "pipeline", version: 3, codec: jsonCodec }],
  ["/v3/cursor", { endpoint: "cursor", version: 3, codec: jsonCodec }],
  ["/v3-protobuf/pipeline", { endpoint: "pipeline", version: 3, codec: protobufCodec }],
  ["/v3-protobuf/cursor", { endpoint: "cursor", version: 3, codec: protobufCodec }],
]);

const GET_ROUTES = new Set(["/", "/v2", "/v3", "/v3-protobuf"]);

async function handleHttp(
  hrana: HranaServer,
  expectedAuth: Buffer | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  const route = POST_ROUTES.get(path);

  if (req.method === "GET" || req.method === "HEAD") {
    req.resume();
    if (path === "/health") return send(res, 200, "application/json", stringifyJson({ status: "ok" }));
    if (GET_ROUTES.has(path)) return send(res, 200, "text/plain", "Hello, this is HTTP API v2 (Hrana over HTTP)");
    return sendError(res, notFoundOrNotAllowed(route !== undefined, req.method, path));
  }
  if (route === undefined || req.method !== "POST") {
    req.resume();
    const known = route !== undefined || GET_ROUTES.has(path) || path === "/health";
    return sendError(res, notFoundOrNotAllowed(known, req.method, path));
  }

  if (expectedAuth !== undefined && !timingSafeEqual(sha256(req.headers.authorization ?? ""), expectedAuth)) {
    req.resume();
    // Turso's shape: a JSON body without `message`, so the client reports it as an HTTP 401 server error.
    return send(res, 401, "application/json", stringifyJson({ error: "Unauthorized: missing or invalid auth token" }), {
      "www-authenticate": "Bearer",
    });
  }

  try {
    const body = await readBody(req);
    const { codec } = route;
    if (route.endpoint === "pipeline") {
      const request = codec.decodePipeline(body, route.version);
      const { baton, results } = await hrana.pipeline(request, route.version);
      send(res, 200, codec.contentType, codec.encodePipeline(baton, results));
    } else {
      const request = codec.decodeCursor(body);
      const { baton, steps } = await hrana.cursor(request);
      send(res, 200, codec.cursorContentType, codec.encodeCursor(baton, steps));
    }
  } catch (error) {
    if (error instanceof HttpError) return sendError(res, error);
    throw error;
  }
}

function notFoundOrNotAllowed(pathExists: boolean, method: string | undefined, path: string): HttpError {
  return pathExists
    ? new HttpError(405, "METHOD_NOT_ALLOWED", `Cannot ${method} ${path}`)
    : new HttpError(404, "NOT_FOUND", `Cannot ${method} ${path}`);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, "REQUEST_TOO_LARGE", "The request body is too large"));
      else resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const data = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  // The client parses error bodies only when the content type is exactly "application/json" (no charset).
  res.writeHead(status, { "content-type": contentType, "content-length": String(data.length), ...headers });
  res.end(data);
}

function sendError(res: ServerResponse, error: HttpError): void {
  send(res, error.status, "application/json", stringifyJson({ message: error.message, code: error.code }));
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
