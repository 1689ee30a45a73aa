// A libSQL client for Node scripts and tests: a local file by default, or DATABASE_URL (+ DATABASE_AUTH_TOKEN).
import { createClient, type Client } from "@libsql/client";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

export const DEFAULT_DB_FILE = "db/local.db";

export function fileUrl(file: string): string {
  return `file:${resolve(file)}`;
}

export function createNodeClient(options: { file?: string; url?: string; authToken?: string } = {}): Client {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url && !url.startsWith("file:")) {
    return createClient({ url, authToken: options.authToken ?? process.env.DATABASE_AUTH_TOKEN });
  }
  const file = options.file ?? process.env.DB_FILE ?? DEFAULT_DB_FILE;
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const client = createClient({ url: url ?? fileUrl(file) });
  return client;
}

/** Local files: foreign keys on and WAL, as the HTTP adapter uses them. */
export async function prepareLocalFile(client: Client) {
  await client.execute("PRAGMA foreign_keys = ON");
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA busy_timeout = 5000");
}
