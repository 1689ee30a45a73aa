// A database client per request. In the Worker it speaks libSQL's HTTP protocol (Turso, or db/'s local adapter);
// tests hand in a client over a local file. Either way the app sees the same Drizzle database.
import type { Client } from "@libsql/client";
import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "../db/schema";

export function createDb(client: Client) {
  return drizzle(client, { schema });
}

export type Db = ReturnType<typeof createDb>;

export function createWebDb(config: { url: string; authToken?: string }) {
  return createDb(createClient({ url: config.url, authToken: config.authToken, intMode: "number" }));
}
