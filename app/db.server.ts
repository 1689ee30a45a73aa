// A database client per request. In the Worker it speaks libSQL's HTTP protocol (Turso, or db/'s local adapter);
// tests hand in a client over a local file. Either way the app sees the same Drizzle database.
import type { Client } from "@libsql/client";
import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import { createBatchingClient } from "./db-batching.server";
// Relative: vite.config.ts loads this file (through load-context) before path aliases exist.
import { DatabaseUnavailableError, isTransportFailure } from "./utils/db-errors.server";

export function createDb(client: Client) {
  // No `{ schema }`: it is only for Drizzle's relational queries (`db.query.…`), which the app does not use, and
  // Drizzle walks the whole schema to build their config on every call: about a millisecond of each request's CPU.
  return drizzle(client);
}

export type Db = ReturnType<typeof createDb>;

/** The client's calls that go over the network. */
const NETWORK_CALLS = new Set<PropertyKey>(["execute", "batch", "executeMultiple", "migrate", "transaction"]);

/** The client with each call that goes over the network made through `around`; its other members as they are. */
export function aroundNetworkCalls(
  client: Client,
  around: (call: () => Promise<unknown>, method: PropertyKey, args: unknown[]) => Promise<unknown>,
): Client {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
      if (!NETWORK_CALLS.has(property)) return method;
      return (...args: unknown[]) => around(() => method(...args), property, args);
    },
  });
}

/**
 * The libSQL client over HTTP, whose network failures are thrown as DatabaseUnavailableError: the pages then say
 * "Database connection not available" (app/utils/database-faults.server.ts) instead of failing with a 500.
 */
export function createWebClient(config: { url: string; authToken?: string }): Client {
  const client = createClient({ url: config.url, authToken: config.authToken, intMode: "number" });
  return aroundNetworkCalls(client, async (call) => {
    try {
      return await call();
    } catch (error) {
      throw isTransportFailure(error) ? new DatabaseUnavailableError({ cause: error }) : error;
    }
  });
}

/** The Worker's database: one client per request, whose reads started together share a round trip. */
export function createWebDb(config: { url: string; authToken?: string }) {
  return createDb(createBatchingClient(createWebClient(config)));
}
