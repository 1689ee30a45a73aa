// The machinery of the authorisation matrix (tests/integration/authorization-matrix.test.ts): finding every route
// module's loader and action, telling what a call's answer amounts to (sign in, 403, 404, served), and a fingerprint
// of the whole database to prove that a refused request changed nothing.
import type { Client } from "@libsql/client";
import { createHash } from "node:crypto";
import type { RouteResult } from "./routes";

/** Who calls: nobody signed in, a signed-in stranger to the resource, the user it belongs to, an administrator. */
export const ROLES = ["guest", "other", "party", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a role must get:
 * - signin: 401 (the "Sign in required" page) or a redirect to /auth/signin?redirectTo=…
 * - forbidden: 403; notFound: 404 (hiding that the resource exists is a refusal too)
 * - refused: any other 4xx, for endpoints that authenticate by something other than the session (a signature, a
 *   token in a link): whoever's cookie comes along, an unsigned or forged request is turned away
 * - empty: served (2xx/3xx), but it is the caller's own page: nothing of the resource shows and nothing changes
 * - allowed: served (below 400) past every guard; an action's submission really does its work (the database changes)
 * signin, forbidden, notFound, refused and empty must leave the database as it was and must not show the resource.
 */
export type Outcome = "signin" | "forbidden" | "notFound" | "refused" | "empty" | "allowed";

export type Kind = "loader" | "action";
export type RouteFunction = (args: never) => unknown;
export interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}

/**
 * Route modules by id: their path under app/routes without the extension ("_cars+/car.$id.book"), and "root".
 * Files whose name starts with "__" are helpers shared inside a folder, not routes.
 */
export function routeModules(globbed: Record<string, unknown>): Map<string, RouteModule> {
  const modules = new Map<string, RouteModule>();
  for (const [file, module] of Object.entries(globbed)) {
    const match = file.match(/app\/(?:routes\/(.+)|(root))\.tsx?$/);
    if (!match) throw new Error(`Not a route module path: ${file}`);
    const id = match[1] ?? match[2]!;
    if (id.split("/").at(-1)!.startsWith("__")) continue;
    modules.set(id, module as RouteModule);
  }
  return modules;
}

/** "<route id> loader" and "<route id> action" for every function a route module exports. */
export function routeExports(modules: Map<string, RouteModule>): string[] {
  const names: string[] = [];
  for (const [id, module] of modules) {
    for (const kind of ["loader", "action"] as const) {
      if (typeof module[kind] === "function") names.push(`${id} ${kind}`);
    }
  }
  return names.sort();
}

/**
 * Bookkeeping a refused request may change, and nothing else:
 * - rate_limits: every sign-in, search, upload and e-mail counter is consumed before the answer is known, by design
 *   (a refused guess must count, or the limit would protect nothing).
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

export type Answer = "signin" | "forbidden" | "notFound" | "refused" | "served" | "error";

/** What an answer amounts to, whatever shape it came in (a thrown guard, data() with a status, a Response). */
export function answerOf(result: RouteResult): Answer {
  if (result.status === 401) return "signin";
  if (result.location?.startsWith("/auth/signin?redirectTo=")) return "signin";
  if (result.status === 403) return "forbidden";
  if (result.status === 404) return "notFound";
  if (result.status >= 500) return "error";
  if (result.status >= 400) return "refused";
  return "served";
}

/** What the answer shows, as text, to look for what it must not show. */
export function shownText(result: RouteResult): string {
  const body = typeof result.data === "string" ? result.data : JSON.stringify(result.data ?? null);
  return `${body}\n${result.location ?? ""}`;
}
