// A fingerprint of the whole database, to prove that a refused request changed nothing: the authorisation matrix
// and the bad-input fuzz take one before and after every call.
import type { Client } from "@libsql/client";
import { createHash } from "node:crypto";

/**
 * Bookkeeping a refused request may change, and nothing else:
 * - rate_limits: search, upload and e-mail counters are consumed before the answer is known, by design, and a sign-in
 *   whose password is checked and proves wrong counts (or the limit would protect nothing); one refused by the
 *   throttle itself counts nowhere (app/accounts/auth-throttle.server.ts).
 * - sessions.last_seen_at: a signed-in request touches its session (at most hourly) whatever the page answers.
 */
export const BOOKKEEPING: Record<string, "table" | string[]> = {
  rate_limits: "table",
  sessions: ["last_seen_at"],
};

export type Fingerprint = Map<string, { count: number; hash: string }>;

const columnsOf = new WeakMap<Client, Map<string, string[]>>();

/** The tables and the columns the fingerprint reads (bookkeeping left out), read once per database. */
async function fingerprintColumns(client: Client) {
  const known = columnsOf.get(client);
  if (known) return known;
  const tables = await client.execute(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  );
  const names = tables.rows.map((row) => String(row.name)).filter((name) => BOOKKEEPING[name] !== "table");
  const infos = await client.batch(
    names.map((name) => `pragma table_info("${name}")`),
    "read",
  );
  const columns = new Map<string, string[]>();
  names.forEach((name, index) => {
    const ignored = BOOKKEEPING[name];
    columns.set(
      name,
      infos[index]!.rows.map((row) => String(row.name)).filter((c) => !(Array.isArray(ignored) && ignored.includes(c))),
    );
  });
  columnsOf.set(client, columns);
  return columns;
}

/**
 * Every table's row count and a hash of all its rows (bookkeeping left out), as it is now. SQLite writes each row
 * as text (quote() of every column, so NULL, 0 and '' differ) in a stable order; only the hash crosses over.
 */
export async function fingerprint(client: Client): Promise<Fingerprint> {
  const columns = await fingerprintColumns(client);
  const names = [...columns.keys()];
  const results = await client.batch(
    names.map((name) => {
      const row = columns
        .get(name)!
        .map((c) => `quote("${c}")`)
        .join(" || ',' || ");
      return `select count(*) as n, coalesce(group_concat(r, char(10) order by r), '') as rows
        from (select ${row} as r from "${name}")`;
    }),
    "read",
  );
  const print: Fingerprint = new Map();
  names.forEach((name, index) => {
    const [row] = results[index]!.rows;
    print.set(name, {
      count: Number(row!.n),
      hash: createHash("sha256").update(String(row!.rows)).digest("hex"),
    });
  });
  return print;
}

/** The tables whose rows differ between two fingerprints, with their counts. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name)?.hash !== after.get(name)?.hash)
    .map((name) => `${name} (${before.get(name)?.count ?? 0} → ${after.get(name)?.count ?? 0} rows)`);
}
