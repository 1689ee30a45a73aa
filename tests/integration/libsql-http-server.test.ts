// The local libSQL HTTP adapter, exercised with the same client the Worker uses in production.
// @libsql/client 0.18 speaks Hrana v2 over JSON (POST /v2/pipeline) and never probes for v3; the v3 endpoints are
// covered with @libsql/hrana-client (which the client is built on) forced to version 3, and with raw requests.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createClient, LibsqlError, type Client, type Config } from "@libsql/client/web";
import * as hrana from "@libsql/hrana-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  startLibsqlHttpServer,
  type LibsqlHttpServer,
  type LibsqlHttpServerOptions,
} from "../../db/libsql-http-server";

let dir: string;
let server: LibsqlHttpServer | undefined;
const closables: Array<{ close(): void }> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "libsql-http-server-"));
});

afterEach(async () => {
  for (const closable of closables.splice(0)) closable.close();
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: Partial<LibsqlHttpServerOptions> = {}): Promise<LibsqlHttpServer> {
  server = await startLibsqlHttpServer({ file: join(dir, "test.db"), port: 0, ...options });
  return server;
}

function connect(config: Partial<Config> = {}): Client {
  if (server === undefined) throw new Error("start() the server first");
  const client = createClient({ url: server.url, ...config });
  closables.push(client);
  return client;
}

async function caught(promise: Promise<unknown>): Promise<LibsqlError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LibsqlError);
    return error as LibsqlError;
  }
  throw new Error("expected the promise to reject");
}

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server?.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get("content-type"), text };
}

describe("execute", () => {
  it("round-trips every value type, positional and named args, and result metadata", async () => {
    await start();
    const client = connect({ intMode: "bigint" });
    await client.execute(
      "CREATE TABLE things (id INTEGER PRIMARY KEY, big INTEGER, ratio REAL, label TEXT, payload BLOB, note TEXT)",
    );

    const first = await client.execute({
      sql: "INSERT INTO things (big, ratio, label, payload, note) VALUES (?, ?, ?, ?, ?)",
      args: [9223372036854775807n, 1.5, "Žalgiris — 日本語 🚗", new Uint8Array([0, 1, 127, 128, 255]), null],
    });
    expect(first.rowsAffected).toBe(1);
    expect(first.lastInsertRowid).toBe(1n);

    const second = await client.execute({
      sql: "INSERT INTO things (big, ratio, label) VALUES (:big, @ratio, $label)",
      args: { big: 9007199254740993n, ratio: 2.0, label: "" },
    });
    expect(second.lastInsertRowid).toBe(2n);

    const prefixed = await client.execute({
      sql: "INSERT INTO things (big, label) VALUES (:big, :label)",
      args: { ":big": -42n, ":label": "prefixed" },
    });
    expect(prefixed.lastInsertRowid).toBe(3n);

    const rows = await client.execute(
      "SELECT id, big, ratio, label, payload, note, big * 2 AS twice FROM things ORDER BY id",
    );
    expect(rows.columns).toEqual(["id", "big", "ratio", "label", "payload", "note", "twice"]);
    expect(rows.columnTypes).toEqual(["INTEGER", "INTEGER", "REAL", "TEXT", "BLOB", "TEXT", ""]);
    expect(rows.rowsAffected).toBe(0);
    expect(rows.lastInsertRowid).toBeUndefined();

    const [a, b, c] = rows.rows;
    expect(a?.big).toBe(9223372036854775807n);
    expect(a?.ratio).toBe(1.5);
    expect(a?.label).toBe("Žalgiris — 日本語 🚗");
    expect([...new Uint8Array(a?.payload as ArrayBuffer)]).toEqual([0, 1, 127, 128, 255]);
    expect(a?.note).toBeNull();
    expect(b?.big).toBe(9007199254740993n);
    expect(b?.twice).toBe(18014398509481986n);
    // A REAL that happens to be whole stays a float (number), integers stay integers (bigint).
    expect(b?.ratio).toBe(2);
    expect(typeof b?.ratio).toBe("number");
    expect(b?.label).toBe("");
    expect(c?.big).toBe(-42n);
    expect(c?.label).toBe("prefixed");

    // Placeholders inside strings, quoted identifiers and comments are not parameters.
    const literal = await client.execute({ sql: "SELECT '?' || ? AS \"?:x\" -- ? :y\n", args: ["!"] });
    expect(literal.rows[0]?.["?:x"]).toBe("?!");

    const updated = await client.execute({ sql: "UPDATE things SET note = ? WHERE id >= ?", args: ["seen", 2n] });
    expect(updated.rowsAffected).toBe(2);
    expect(updated.lastInsertRowid).toBeUndefined();
  });

  it("returns numbers with the default intMode and floats that only JSON could not carry", async () => {
    await start();
    const client = connect();
    const result = await client.execute(
      "SELECT 42 AS answer, 0.1 + 0.2 AS sum, 1e308 * 10 AS inf, -1e308 * 10 AS ninf",
    );
    expect(result.rows[0]?.answer).toBe(42);
    expect(result.rows[0]?.sum).toBe(0.1 + 0.2);
    expect(result.rows[0]?.inf).toBe(Infinity);
    expect(result.rows[0]?.ninf).toBe(-Infinity);
  });

  it("reports affected rows for INSERT ... RETURNING and CTE-prefixed writes", async () => {
    await start();
    const client = connect();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    const returning = await client.execute("INSERT INTO t (v) VALUES ('a'), ('b') RETURNING id, v");
    expect(returning.rowsAffected).toBe(2);
    expect(returning.lastInsertRowid).toBe(2n);
    expect(returning.rows.map((r) => r.v)).toEqual(["a", "b"]);
    const cte = await client.execute(
      "WITH doomed AS (SELECT id FROM t WHERE v = 'a') DELETE FROM t WHERE id IN doomed",
    );
    expect(cte.rowsAffected).toBe(1);
  });

  it("runs executeMultiple as a sequence, triggers with inner semicolons included", async () => {
    await start();
    const client = connect();
    await client.executeMultiple(`
      CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); -- a comment; with a semicolon
      CREATE TABLE log (msg TEXT);
      CREATE TRIGGER items_log AFTER INSERT ON items BEGIN
        INSERT INTO log (msg) VALUES ('added ' || new.name);
        INSERT INTO log (msg) VALUES ('done;');
      END;
      INSERT INTO items (name) VALUES ('one');
    `);
    const log = await client.execute("SELECT msg FROM log ORDER BY rowid");
    expect(log.rows.map((r) => r.msg)).toEqual(["added one", "done;"]);
  });
});

describe("batch", () => {
  it("returns one result per statement", async () => {
    await start();
    const client = connect();
    const results = await client.batch(
      [
        "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)",
        { sql: "INSERT INTO t (v) VALUES (?)", args: ["x"] },
        "SELECT count(*) AS n FROM t",
      ],
      "write",
    );
    expect(results).toHaveLength(3);
    expect(results[1]?.rowsAffected).toBe(1);
    expect(results[2]?.rows[0]?.n).toBe(1);
  });

  it("is all-or-nothing in write mode: a failing statement rolls back the earlier ones", async () => {
    await start();
    const client = connect();
    await client.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE)");
    await client.execute("INSERT INTO accounts (email) VALUES ('taken@example.com')");

    const error = await caught(
      client.batch(
        [
          "INSERT INTO accounts (email) VALUES ('first@example.com')",
          "INSERT INTO accounts (email) VALUES ('taken@example.com')",
          "INSERT INTO accounts (email) VALUES ('third@example.com')",
        ],
        "write",
      ),
    );
    expect(error.code).toBe("SQLITE_CONSTRAINT");
    expect(error.message).toContain("UNIQUE constraint failed: accounts.email");

    const remaining = await client.execute("SELECT email FROM accounts ORDER BY id");
    expect(remaining.rows.map((r) => r.email)).toEqual(["taken@example.com"]);
    // The rolled-back batch left no transaction behind.
    await client.execute("INSERT INTO accounts (email) VALUES ('after@example.com')");
  });
});

describe("interactive transactions", () => {
  it("commits: statements see each other and become visible after commit", async () => {
    await start();
    const client = connect();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");

    const tx = await client.transaction("write");
    await tx.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["one"] });
    await tx.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["two"] });
    const inside = await tx.execute("SELECT count(*) AS n FROM t");
    expect(inside.rows[0]?.n).toBe(2);

    // Another request waits for the transaction instead of seeing uncommitted rows or failing with SQLITE_BUSY.
    const outside = client.execute("SELECT count(*) AS n FROM t");
    await tx.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["three"] });
    await tx.commit();
    expect((await outside).rows[0]?.n).toBe(3);
    expect(tx.closed).toBe(true);
  });

  it("rolls back: nothing written inside is visible", async () => {
    await start();
    const client = connect();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t (v) VALUES ('ghost')");
    await tx.rollback();
    const after = await client.execute("SELECT count(*) AS n FROM t");
    expect(after.rows[0]?.n).toBe(0);
  });

  it("keeps the transaction usable after a failing statement inside it", async () => {
    await start();
    const client = connect();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t (v) VALUES ('a')");
    const error = await caught(tx.execute("INSERT INTO t (v) VALUES ('a')"));
    expect(error.code).toBe("SQLITE_CONSTRAINT");
    await tx.execute("INSERT INTO t (v) VALUES ('b')");
    await tx.commit();
    const rows = await client.execute("SELECT v FROM t ORDER BY v");
    expect(rows.rows.map((r) => r.v)).toEqual(["a", "b"]);
  });

  it("rolls back an idle transaction and releases the database", async () => {
    await start({ streamIdleTimeoutMs: 200 });
    const client = connect();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t DEFAULT VALUES");
    await new Promise((resolve) => setTimeout(resolve, 600));

    const count = await client.execute("SELECT count(*) AS n FROM t");
    expect(count.rows[0]?.n).toBe(0);
    const error = await caught(tx.execute("INSERT INTO t DEFAULT VALUES"));
    expect(error.code).toBe("STREAM_EXPIRED");
  });
});

describe("errors", () => {
  // sqld (Turso) reports SQLite's primary result code, so LibsqlError.code is SQLITE_CONSTRAINT for every kind of
  // constraint; the kind is in the message, as in production.
  it("surfaces constraint violations as LibsqlError with sqld's code and message", async () => {
    await start();
    const client = connect();
    await client.executeMultiple(`
      CREATE TABLE owners (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE);
      CREATE TABLE cars (
        id TEXT PRIMARY KEY,
        owner_id INTEGER NOT NULL REFERENCES owners (id),
        price INTEGER NOT NULL CHECK (price > 0)
      );
      INSERT INTO owners (id, email) VALUES (1, 'a@example.com');
      INSERT INTO cars (id, owner_id, price) VALUES ('car-1', 1, 100);
    `);

    const cases: Array<[string, RegExp]> = [
      ["INSERT INTO owners (email) VALUES ('a@example.com')", /UNIQUE constraint failed: owners\.email/],
      ["INSERT INTO cars (id, owner_id, price) VALUES ('car-1', 1, 5)", /UNIQUE constraint failed: cars\.id/],
      ["INSERT INTO owners (id, email) VALUES (1, 'b@example.com')", /UNIQUE constraint failed: owners\.id/],
      ["INSERT INTO cars (id, owner_id, price) VALUES ('car-2', 99, 5)", /FOREIGN KEY constraint failed/],
      ["DELETE FROM owners WHERE id = 1", /FOREIGN KEY constraint failed/],
      ["INSERT INTO cars (id, owner_id, price) VALUES ('car-3', 1, 0)", /CHECK constraint failed: price > 0/],
      ["INSERT INTO owners (email) VALUES (NULL)", /NOT NULL constraint failed: owners\.email/],
    ];
    for (const [sql, message] of cases) {
      const error = await caught(client.execute(sql));
      expect(error.code, sql).toBe("SQLITE_CONSTRAINT");
      expect(error.message, sql).toMatch(/^SQLITE_CONSTRAINT: SQLite error: /);
      expect(error.message, sql).toMatch(message);
    }
  });

  it("uses sqld's codes for bad SQL and bad arguments", async () => {
    await start();
    const client = connect();
    expect((await caught(client.execute("SELECT * FROM missing"))).code).toBe("SQL_INPUT_ERROR");
    expect((await caught(client.execute("SELEC 1"))).code).toBe("SQL_PARSE_ERROR");
    expect((await caught(client.execute("SELECT 1; SELECT 2"))).code).toBe("SQL_MANY_STATEMENTS");
    expect((await caught(client.execute("  -- nothing here"))).code).toBe("SQL_NO_STATEMENT");
    expect((await caught(client.execute({ sql: "SELECT ?, ?", args: [1] }))).code).toBe("ARGS_INVALID");
    expect((await caught(client.execute({ sql: "SELECT ?", args: [1, 2] }))).code).toBe("ARGS_INVALID");
    expect((await caught(client.execute({ sql: "SELECT :a", args: { b: 1 } }))).code).toBe("ARGS_INVALID");
    expect((await caught(client.execute("COMMIT"))).code).toBe("SQLITE_UNKNOWN");
  });
});

describe("concurrency", () => {
  it("serialises concurrent writers and transactions without SQLITE_BUSY or lost updates", async () => {
    await start();
    const client = connect();
    await client.executeMultiple(`
      CREATE TABLE events (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
      CREATE TABLE counters (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
      INSERT INTO counters (id, value) VALUES (1, 0);
    `);

    const inserts = Array.from({ length: 50 }, (_, n) =>
      client.execute({ sql: "INSERT INTO events (n) VALUES (?)", args: [n] }),
    );
    const incrementers = Array.from({ length: 5 }, async () => {
      for (let i = 0; i < 10; i++) {
        const tx = await client.transaction("write");
        try {
          const current = await tx.execute("SELECT value FROM counters WHERE id = 1");
          const value = Number(current.rows[0]?.value);
          await tx.execute({ sql: "UPDATE counters SET value = ? WHERE id = 1", args: [value + 1] });
          await tx.commit();
        } finally {
          tx.close();
        }
      }
    });
    const outcomes = await Promise.allSettled([...inserts, ...incrementers]);
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);

    const events = await client.execute("SELECT count(*) AS n, count(DISTINCT n) AS distinct_n FROM events");
    expect(events.rows[0]?.n).toBe(50);
    expect(events.rows[0]?.distinct_n).toBe(50);
    const counter = await client.execute("SELECT value FROM counters WHERE id = 1");
    expect(counter.rows[0]?.value).toBe(50);
  });
});

describe("auth", () => {
  it("rejects requests without the right bearer token and accepts the right one", async () => {
    await start({ authToken: "s3cret" });

    for (const authToken of [undefined, "wrong"]) {
      const error = await caught(connect({ authToken }).execute("SELECT 1"));
      expect(error.code).toBe("SERVER_ERROR");
      expect(error.message).toContain("401");
    }
    const raw = await post("/v2/pipeline", JSON.stringify({ requests: [] }));
    expect(raw.status).toBe(401);

    const ok = await connect({ authToken: "s3cret" }).execute("SELECT 1 AS one");
    expect(ok.rows[0]?.one).toBe(1);

    // Health and version probes stay open: the client probes versions without credentials.
    expect((await fetch(`${server?.url}/health`)).status).toBe(200);
    expect((await fetch(`${server?.url}/v2`)).status).toBe(200);
  });
});

describe("protocol robustness", () => {
  it("answers garbage with a 400 JSON error and keeps serving", async () => {
    await start();
    const client = connect();

    for (const body of ["{not json", "[]", JSON.stringify({ requests: [{ type: "explode" }] }), "\u0000\u0001"]) {
      const res = await post("/v2/pipeline", body);
      expect(res.status, body).toBe(400);
      expect(res.contentType).toBe("application/json");
      expect(JSON.parse(res.text)).toMatchObject({ code: "PROTOCOL_ERROR" });
    }
    expect((await post("/v3-protobuf/pipeline", "\u00ff\u00ff\u00ff")).status).toBe(400);
    expect((await post("/v3/cursor", "{}")).status).toBe(400);

    expect((await client.execute("SELECT 1 AS one")).rows[0]?.one).toBe(1);
  });

  it("rejects unknown and reused batons with a Hrana error", async () => {
    await start();
    const unknown = await post("/v2/pipeline", JSON.stringify({ baton: "nope", requests: [{ type: "close" }] }));
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text)).toMatchObject({ code: "BATON_INVALID" });

    const open = await post("/v2/pipeline", JSON.stringify({ requests: [] }));
    const { baton } = JSON.parse(open.text) as { baton: string };
    expect(baton).toMatch(/^[\w-]{32}$/);
    const first = await post("/v2/pipeline", JSON.stringify({ baton, requests: [{ type: "close" }] }));
    expect(JSON.parse(first.text)).toMatchObject({ baton: null, results: [{ type: "ok" }] });
    const reused = await post("/v2/pipeline", JSON.stringify({ baton, requests: [] }));
    expect(reused.status).toBe(400);
    expect(JSON.parse(reused.text)).toMatchObject({ code: "BATON_INVALID" });
  });

  it("serves /health and the version probes", async () => {
    await start();
    expect((await fetch(`${server?.url}/health`)).status).toBe(200);
    for (const path of ["/v2", "/v3", "/v3-protobuf"]) expect((await fetch(`${server?.url}${path}`)).status).toBe(200);
    expect((await fetch(`${server?.url}/v4`)).status).toBe(404);
  });
});

describe("protocol versions", () => {
  it("@libsql/client 0.18 uses Hrana v2 over JSON without probing", async () => {
    await start();
    const seen: string[] = [];
    const client = connect({
      fetch: (request: Request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
        return fetch(request);
      },
    });
    await client.execute("SELECT 1");
    const tx = await client.transaction("write");
    await tx.execute("SELECT 1");
    await tx.commit();
    expect(new Set(seen)).toEqual(new Set(["POST /v2/pipeline"]));
  });

  it("serves Hrana v3 over protobuf to the hrana client, cursors and autocommit included", async () => {
    await start();
    const seen: string[] = [];
    const client = hrana.openHttp(
      server?.url ?? "",
      undefined,
      (request: Request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
        return fetch(request);
      },
      undefined,
      3,
    );
    closables.push(client);
    client.intMode = "bigint";
    expect(await client.getVersion()).toBe(3);

    const stream = client.openStream();
    await stream.sequence("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE, r REAL, b BLOB)");
    expect(await stream.getAutocommit()).toBe(true);

    const batch = stream.batch(true);
    const begin = batch.step().run("BEGIN");
    const insert = batch
      .step()
      .condition(hrana.BatchCond.not(hrana.BatchCond.isAutocommit(batch)))
      .query(
        new hrana.Stmt("INSERT INTO t (v, r, b) VALUES (?, ?, ?) RETURNING id").bindIndexes([
          "x",
          0.5,
          new Uint8Array([9, 8]),
        ]),
      );
    const duplicateStep = batch.step();
    const duplicate = duplicateStep.run(new hrana.Stmt("INSERT INTO t (v) VALUES (?)").bindIndexes(["x"]));
    const skipped = batch.step().condition(hrana.BatchCond.ok(duplicateStep)).run("SELECT 1");
    await batch.execute();
    expect((await begin)?.affectedRowCount).toBe(0);
    expect((await insert)?.rows[0]?.[0]).toBe(1n);
    await expect(duplicate).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    expect(await skipped).toBeUndefined();

    // The transaction stays open across HTTP requests on this stream.
    expect(await stream.getAutocommit()).toBe(false);
    await stream.run("COMMIT");
    expect(await stream.getAutocommit()).toBe(true);

    const sql = stream.storeSql("SELECT id, v, r, b, :extra AS extra FROM t");
    const row = await stream.queryRow(new hrana.Stmt(sql).bindName("extra", -7n));
    expect(row.row?.v).toBe("x");
    expect(row.row?.r).toBe(0.5);
    expect([...new Uint8Array(row.row?.b as ArrayBuffer)]).toEqual([9, 8]);
    expect(row.row?.extra).toBe(-7n);
    sql.close();

    const described = await stream.describe("SELECT v AS label FROM t WHERE id = ?1 OR v = :v");
    expect(described.paramNames).toEqual(["?1", ":v"]);
    expect(described.columns).toEqual([{ name: "label", decltype: "TEXT" }]);
    expect(described.isReadonly).toBe(true);

    stream.close();
    expect(new Set(seen)).toEqual(
      new Set(["GET /v3-protobuf", "POST /v3-protobuf/pipeline", "POST /v3-protobuf/cursor"]),
    );
  });

  it("serves Hrana v3 over JSON: pipeline, autocommit and newline-delimited cursors", async () => {
    await start();
    const stmt = (sql: string) => ({ sql, args: [], named_args: [], want_rows: true });
    const pipeline = await post(
      "/v3/pipeline",
      JSON.stringify({
        requests: [
          { type: "execute", stmt: stmt("CREATE TABLE t (v TEXT UNIQUE)") },
          { type: "execute", stmt: stmt("BEGIN") },
          { type: "get_autocommit" },
        ],
      }),
    );
    const body = JSON.parse(pipeline.text) as { baton: string; results: Array<{ type: string; response: unknown }> };
    expect(body.results[2]).toEqual({ type: "ok", response: { type: "get_autocommit", is_autocommit: false } });

    const cursor = await post(
      "/v3/cursor",
      JSON.stringify({
        baton: body.baton,
        batch: {
          steps: [
            { stmt: stmt("INSERT INTO t VALUES ('a')"), condition: { type: "not", cond: { type: "is_autocommit" } } },
            { stmt: stmt("INSERT INTO t VALUES ('a')") },
            { stmt: stmt("SELECT v FROM t"), condition: { type: "ok", step: 0 } },
            { stmt: stmt("SELECT 'never'"), condition: { type: "ok", step: 1 } },
            { stmt: stmt("COMMIT") },
          ],
        },
      }),
    );
    const lines = cursor.text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]?.baton).toEqual(expect.any(String));
    expect(lines.slice(1).map((l) => l.type)).toEqual([
      "step_begin",
      "step_end",
      "step_error",
      "step_begin",
      "row",
      "step_end",
      "step_begin",
      "step_end",
    ]);
    expect(lines[2]).toMatchObject({ affected_row_count: 1, last_insert_rowid: "1" });
    expect(lines[3]).toMatchObject({ step: 1, error: { code: "SQLITE_CONSTRAINT" } });
    expect(lines[5]).toEqual({ type: "row", row: [{ type: "text", value: "a" }] });

    // v2 has neither get_autocommit nor is_autocommit.
    const v2 = await post("/v2/pipeline", JSON.stringify({ requests: [{ type: "get_autocommit" }] }));
    expect(v2.status).toBe(400);
  });
});

describe("serve-cli", () => {
  it("prints its URL, serves, and exits cleanly on SIGTERM", async () => {
    const file = join(dir, "cli.db");
    const cli = fileURLToPath(new URL("../../db/serve-cli.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", cli], {
      env: { ...process.env, DB_FILE: file, LIBSQL_PORT: "0", LIBSQL_AUTH_TOKEN: "cli-token" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once("line", resolve);
        child.once("exit", () => reject(new Error("serve-cli exited before printing")));
      });
      const match = /^libSQL HTTP server on (http:\/\/127\.0\.0\.1:\d+) serving (.+)$/.exec(firstLine);
      expect(match?.[2]).toBe(file);
      const client = createClient({ url: match?.[1] ?? "", authToken: "cli-token" });
      closables.push(client);
      expect((await client.execute("SELECT 1 AS one")).rows[0]?.one).toBe(1);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    // A Node process that compiles TypeScript at start (tsx): seconds when idle, much longer on a busy machine.
  }, 120_000);
});
