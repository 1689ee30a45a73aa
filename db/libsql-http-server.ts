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
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { performance } from "node:perf_hooks";
import Database from "libsql";

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

// ---------------------------------------------------------------------------------------------------------------
// Limits and constants

const DEFAULT_STREAM_IDLE_MS = 15_000;
// A baton of an expired stream is remembered for a while so the client gets "expired" rather than "invalid".
const EXPIRED_BATON_MEMORY_MS = 5 * 60_000;
const MAX_BODY_BYTES = 64 * 1024 * 1024;
// sqld's limits on SQL texts stored with `store_sql`; the client sizes its SQL cache around them.
const MAX_STORED_SQL_COUNT = 50;
const MAX_STORED_SQL_BYTES = 5000;
const MAX_COND_DEPTH = 64;
const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;

// ---------------------------------------------------------------------------------------------------------------
// Protocol model (shared by the JSON and protobuf encodings)

type ProtocolVersion = 2 | 3;
type Value = null | bigint | number | string | Uint8Array;

interface Stmt {
  sql: string | undefined;
  sqlId: number | undefined;
  args: Value[];
  namedArgs: Array<{ name: string; value: Value }>;
  wantRows: boolean;
}

type BatchCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and"; conds: BatchCond[] }
  | { type: "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };

interface BatchStep {
  condition: BatchCond | undefined;
  stmt: Stmt;
}

type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; steps: BatchStep[] }
  | { type: "sequence"; sql: string | undefined; sqlId: number | undefined }
  | { type: "describe"; sql: string | undefined; sqlId: number | undefined }
  | { type: "store_sql"; sqlId: number; sql: string }
  | { type: "close_sql"; sqlId: number }
  | { type: "get_autocommit" };

interface PipelineRequest {
  baton: string | undefined;
  requests: StreamRequest[];
}

interface CursorRequest {
  baton: string | undefined;
  steps: BatchStep[];
}

interface Col {
  name: string;
  decltype: string | null;
}

interface StmtResult {
  cols: Col[];
  rows: Value[][];
  affectedRowCount: number;
  lastInsertRowid: bigint | undefined;
  queryDurationMs: number;
}

interface HranaError {
  message: string;
  code: string;
}

type StepOutcome = { type: "skipped" } | { type: "ok"; result: StmtResult } | { type: "error"; error: HranaError };

interface DescribeResult {
  params: Array<{ name: string | null }>;
  cols: Col[];
  isExplain: boolean;
  isReadonly: boolean;
}

type StreamResponse =
  | { type: "close" }
  | { type: "execute"; result: StmtResult }
  | { type: "batch"; steps: StepOutcome[] }
  | { type: "sequence" }
  | { type: "describe"; result: DescribeResult }
  | { type: "store_sql" }
  | { type: "close_sql" }
  | { type: "get_autocommit"; isAutocommit: boolean };

type StreamResult = { type: "ok"; response: StreamResponse } | { type: "error"; error: HranaError };

/** Fails the whole HTTP request (sqld does the same for protocol violations) and drops the stream. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function protocolError(message: string): HttpError {
  return new HttpError(400, "PROTOCOL_ERROR", message);
}

/** Fails one statement (or stream request); reported in the Hrana error shape, the stream stays usable. */
class StmtError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// SQL analysis. The native binding exposes neither the statement tail nor parameter names, and it aborts the
// process when an object is bound to a statement with anonymous `?` parameters, so we tokenize the SQL ourselves
// (following SQLite's tokenizer) to split statements, classify them and number their parameters exactly as
// SQLite does; arguments are then always bound as an array.

interface StatementInfo {
  sql: string;
  /** Leading keyword, upper-cased; for `WITH ...` the keyword of the main statement. */
  kind: string;
  isExplain: boolean;
  /** Name of each parameter by index (index 0 = `?1`); null for anonymous `?` and unused numbers. */
  paramNames: Array<string | null>;
}

type TokenType = "space" | "semi" | "word" | "var" | "lparen" | "rparen" | "other";

interface Token {
  type: TokenType;
  start: number;
  end: number;
}

function isSpaceChar(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\f" || c === "\r";
}

function isIdChar(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    c === "_" ||
    c === "$" ||
    code >= 0x80
  );
}

function isIdStart(c: string | undefined): boolean {
  return c !== undefined && c !== "$" && isIdChar(c);
}

function scanQuoted(sql: string, start: number, close: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === close) {
      // A doubled quote is an escaped quote, except for [bracketed] identifiers which have no escape.
      if (close !== "]" && sql[i + 1] === close) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length;
}

function scanToken(sql: string, i: number): Token {
  const c = sql[i];
  const next = sql[i + 1];
  if (isSpaceChar(c)) {
    let j = i + 1;
    while (isSpaceChar(sql[j])) j++;
    return { type: "space", start: i, end: j };
  }
  if (c === "-" && next === "-") {
    const nl = sql.indexOf("\n", i + 2);
    return { type: "space", start: i, end: nl < 0 ? sql.length : nl + 1 };
  }
  if (c === "/" && next === "*") {
    const close = sql.indexOf("*/", i + 2);
    return { type: "space", start: i, end: close < 0 ? sql.length : close + 2 };
  }
  if (c === ";") return { type: "semi", start: i, end: i + 1 };
  if (c === "(") return { type: "lparen", start: i, end: i + 1 };
  if (c === ")") return { type: "rparen", start: i, end: i + 1 };
  if (c === "'" || c === '"' || c === "`") return { type: "other", start: i, end: scanQuoted(sql, i, c) };
  if (c === "[") return { type: "other", start: i, end: scanQuoted(sql, i, "]") };
  if ((c === "x" || c === "X") && next === "'") return { type: "other", start: i, end: scanQuoted(sql, i + 1, "'") };
  if (c === "?") {
    let j = i + 1;
    while (j < sql.length && sql.charCodeAt(j) >= 48 && sql.charCodeAt(j) <= 57) j++;
    return { type: "var", start: i, end: j };
  }
  if (c === "$" || c === "@" || c === ":" || c === "#") {
    let j = i + 1;
    let n = 0;
    while (j < sql.length) {
      const d = sql[j];
      if (isIdChar(d)) {
        n++;
        j++;
      } else if (d === "(" && n > 0) {
        j++;
        while (j < sql.length && !isSpaceChar(sql[j]) && sql[j] !== ")") j++;
        if (sql[j] === ")") j++;
        break;
      } else if (d === ":" && sql[j + 1] === ":") {
        j += 2;
      } else {
        break;
      }
    }
    return { type: n > 0 ? "var" : "other", start: i, end: j };
  }
  if (isIdChar(c)) {
    let j = i + 1;
    while (isIdChar(sql[j])) j++;
    return { type: isIdStart(c) && !/[0-9]/.test(c ?? "") ? "word" : "other", start: i, end: j };
  }
  return { type: "other", start: i, end: i + 1 };
}

// sqlite3_complete()'s state machine, which is how SQLite itself tells a `;` inside a trigger body from a `;`
// that ends the statement.
const CompleteToken = { Semi: 0, Ws: 1, Other: 2, Explain: 3, Create: 4, Temp: 5, Trigger: 6, End: 7 } as const;
type CompleteToken = (typeof CompleteToken)[keyof typeof CompleteToken];
const COMPLETE_START = 1;
const COMPLETE_TRANSITIONS: readonly (readonly number[])[] = [
  [1, 0, 2, 3, 4, 2, 2, 2],
  [1, 1, 2, 3, 4, 2, 2, 2],
  [1, 2, 2, 2, 2, 2, 2, 2],
  [1, 3, 3, 2, 4, 2, 2, 2],
  [1, 4, 2, 2, 2, 4, 5, 2],
  [6, 5, 5, 5, 5, 5, 5, 5],
  [6, 6, 5, 5, 5, 5, 5, 7],
  [1, 7, 5, 5, 5, 5, 5, 5],
];

function completeTokenOf(token: Token, text: string): CompleteToken {
  if (token.type === "semi") return CompleteToken.Semi;
  if (token.type === "space") return CompleteToken.Ws;
  if (token.type !== "word") return CompleteToken.Other;
  switch (text.toUpperCase()) {
    case "EXPLAIN":
      return CompleteToken.Explain;
    case "CREATE":
      return CompleteToken.Create;
    case "TEMP":
    case "TEMPORARY":
      return CompleteToken.Temp;
    case "TRIGGER":
      return CompleteToken.Trigger;
    case "END":
      return CompleteToken.End;
    default:
      return CompleteToken.Other;
  }
}

const MAIN_STATEMENT_KEYWORDS = new Set(["SELECT", "VALUES", "INSERT", "REPLACE", "UPDATE", "DELETE"]);

/** Splits SQL into statements, skipping empty ones (bare `;`, whitespace, comments). */
function splitStatements(sql: string): StatementInfo[] {
  const statements: StatementInfo[] = [];
  let tokens: Token[] = [];
  let state = COMPLETE_START;
  let i = 0;
  while (i < sql.length) {
    const token = scanToken(sql, i);
    i = token.end;
    state = COMPLETE_TRANSITIONS[state]?.[completeTokenOf(token, sql.slice(token.start, token.end))] ?? 2;
    if (token.type === "space") continue;
    if (token.type === "semi" && state === COMPLETE_START) {
      if (tokens.length > 0) statements.push(describeStatement(sql, tokens, token.end));
      tokens = [];
      continue;
    }
    tokens.push(token);
  }
  const last = tokens.at(-1);
  if (last !== undefined) statements.push(describeStatement(sql, tokens, last.end));
  return statements;
}

function describeStatement(sql: string, tokens: Token[], end: number): StatementInfo {
  const text = (t: Token) => sql.slice(t.start, t.end);
  const first = tokens[0];
  let kind = first !== undefined && first.type === "word" ? text(first).toUpperCase() : "";
  if (kind === "WITH") {
    let depth = 0;
    kind = "";
    for (const token of tokens.slice(1)) {
      if (token.type === "lparen") depth++;
      else if (token.type === "rparen") depth--;
      else if (depth === 0 && token.type === "word" && MAIN_STATEMENT_KEYWORDS.has(text(token).toUpperCase())) {
        kind = text(token).toUpperCase();
        break;
      }
    }
  }

  // Same numbering as sqlite3ExprAssignVarNumber(): `?` takes the next index, `?N` takes N, a name reuses its
  // index when seen before; sqlite3_bind_parameter_name() keeps the first name given to an index.
  const paramNames: Array<string | null> = [];
  const indexByName = new Map<string, number>();
  let count = 0;
  for (const token of tokens) {
    if (token.type !== "var") continue;
    const name = text(token);
    if (name === "?") {
      count++;
      paramNames[count - 1] ??= null;
    } else if (name.startsWith("?")) {
      const index = Number(name.slice(1));
      if (!Number.isInteger(index) || index < 1 || index > 32766) continue; // prepare() reports it
      count = Math.max(count, index);
      paramNames[index - 1] ??= name;
    } else {
      let index = indexByName.get(name);
      if (index === undefined) {
        index = ++count;
        indexByName.set(name, index);
      }
      paramNames[index - 1] ??= name;
    }
  }
  for (let k = 0; k < count; k++) paramNames[k] ??= null;

  return {
    sql: sql.slice(first?.start ?? 0, end),
    kind,
    isExplain: kind === "EXPLAIN",
    paramNames,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Execution against the embedded database

type Bindable = null | bigint | number | string | Buffer;

// sqld names errors after SQLite's primary result code (rusqlite's ErrorCode), never the extended one, and maps
// SQLITE_ERROR to SQLITE_UNKNOWN.
const PRIMARY_CODE_NAMES = new Map<number, string>([
  [2, "SQLITE_INTERNAL"],
  [3, "SQLITE_PERM"],
  [4, "SQLITE_ABORT"],
  [5, "SQLITE_BUSY"],
  [6, "SQLITE_LOCKED"],
  [7, "SQLITE_NOMEM"],
  [8, "SQLITE_READONLY"],
  [9, "SQLITE_INTERRUPT"],
  [10, "SQLITE_IOERR"],
  [11, "SQLITE_CORRUPT"],
  [12, "SQLITE_NOTFOUND"],
  [13, "SQLITE_FULL"],
  [14, "SQLITE_CANTOPEN"],
  [15, "SQLITE_PROTOCOL"],
  [17, "SQLITE_SCHEMA"],
  [18, "SQLITE_TOOBIG"],
  [19, "SQLITE_CONSTRAINT"],
  [20, "SQLITE_MISMATCH"],
  [21, "SQLITE_MISUSE"],
  [22, "SQLITE_NOLFS"],
  [23, "SQLITE_AUTH"],
  [25, "SQLITE_RANGE"],
  [26, "SQLITE_NOTADB"],
]);

function primaryCodeName(error: { code?: unknown; rawCode?: unknown }): string {
  if (typeof error.rawCode === "number") return PRIMARY_CODE_NAMES.get(error.rawCode & 0xff) ?? "SQLITE_UNKNOWN";
  if (typeof error.code === "string") {
    for (const name of PRIMARY_CODE_NAMES.values()) {
      if (error.code === name || error.code.startsWith(`${name}_`)) return name;
    }
  }
  return "SQLITE_UNKNOWN";
}

function isSqliteError(error: unknown): error is Error & { code: string; rawCode?: number } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "string";
}

/** Errors from preparing a statement: sqld reports parse and input errors with their own codes. */
function prepareError(error: unknown): StmtError {
  if (isSqliteError(error) && primaryCodeName(error) === "SQLITE_UNKNOWN") {
    if (/syntax error|incomplete input|unrecognized token/.test(error.message)) {
      return new StmtError("SQL_PARSE_ERROR", `SQL string could not be parsed: ${error.message}`);
    }
    return new StmtError("SQL_INPUT_ERROR", `SQL input error: ${error.message}`);
  }
  return executionError(error);
}

function executionError(error: unknown): StmtError {
  if (error instanceof StmtError) return error;
  if (isSqliteError(error)) return new StmtError(primaryCodeName(error), `SQLite error: ${error.message}`);
  return new StmtError("SQLITE_UNKNOWN", `SQLite error: ${errorMessage(error)}`);
}

function argsError(detail: string): StmtError {
  return new StmtError("ARGS_INVALID", `Arguments do not match SQL parameters: ${detail}`);
}

/** Binds like sqld's `Params::bind`: every parameter needs a value, extra values are an error. */
function bindArguments(info: StatementInfo, stmt: Stmt): Bindable[] {
  const named = new Map<string, Value>();
  for (const arg of stmt.namedArgs) named.set(arg.name, arg.value);
  const given = stmt.args.length > 0 ? stmt.args.length : named.size;
  const count = info.paramNames.length;
  if (given > count) throw argsError(`too many parameters, expected ${count} found ${given}`);

  const bound: Bindable[] = [];
  for (let index = 1; index <= count; index++) {
    const name = info.paramNames[index - 1] ?? null;
    let value: Value | undefined;
    if (name === null) value = stmt.args[index - 1];
    else if (name.startsWith("?")) value = stmt.args[Number(name.slice(1)) - 1];
    else value = named.has(name) ? named.get(name) : named.get(name.slice(1));
    if (value === undefined) {
      // EXPLAIN needs no values; SQLite treats unbound parameters as NULL.
      if (info.isExplain) break;
      throw argsError(`value for parameter ${name ?? index} not found`);
    }
    bound.push(value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);
  }
  return bound;
}

function toValue(raw: unknown): Value {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "bigint" || typeof raw === "number" || typeof raw === "string") return raw;
  if (raw instanceof Uint8Array) return raw;
  if (raw instanceof ArrayBuffer) return new Uint8Array(raw);
  return String(raw);
}

const READONLY_KINDS = new Set([
  "SELECT",
  "VALUES",
  "EXPLAIN",
  "BEGIN",
  "COMMIT",
  "END",
  "ROLLBACK",
  "SAVEPOINT",
  "RELEASE",
]);

class SqlEngine {
  readonly #db: Database.Database;
  #changesStmt: Database.Statement | undefined;
  #closed = false;

  constructor(file: string) {
    if (file !== ":memory:" && !file.startsWith("file:")) mkdirSync(dirname(file), { recursive: true });
    this.#db = new Database(file);
    try {
      this.#db.exec("PRAGMA foreign_keys = ON");
      this.#db.exec("PRAGMA busy_timeout = 5000");
      this.#db.exec("PRAGMA journal_mode = WAL");
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  get closed(): boolean {
    return this.#closed;
  }

  get inTransaction(): boolean {
    return this.#db.inTransaction;
  }

  rollback(): void {
    try {
      this.#db.exec("ROLLBACK");
    } catch {
      // Already rolled back by SQLite (e.g. after SQLITE_FULL); nothing left to undo.
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#db.inTransaction) this.rollback();
    this.#db.close();
  }

  execute(sql: string, stmt: Stmt): StmtResult {
    const statements = splitStatements(sql);
    const info = statements[0];
    if (info === undefined) throw new StmtError("SQL_NO_STATEMENT", "SQL string does not contain any statement");
    if (statements.length > 1)
      throw new StmtError("SQL_MANY_STATEMENTS", "SQL string contains more than one statement");
    if (stmt.args.length > 0 && stmt.namedArgs.length > 0) {
      throw new StmtError(
        "ARGS_BOTH_POSITIONAL_AND_NAMED",
        "Specifying both positional and named arguments is not supported",
      );
    }
    return this.#run(info, stmt);
  }

  /** Runs each statement in turn and stops at the first error, like sqld's `sequence`. */
  sequence(sql: string): void {
    const noArgs: Stmt = { sql, sqlId: undefined, args: [], namedArgs: [], wantRows: false };
    for (const info of splitStatements(sql)) this.#run(info, noArgs);
  }

  describe(sql: string): DescribeResult {
    const statements = splitStatements(sql);
    const info = statements[0];
    if (info === undefined) throw new StmtError("SQL_NO_STATEMENT", "SQL string does not contain any statement");
    if (statements.length > 1)
      throw new StmtError("SQL_MANY_STATEMENTS", "SQL string contains more than one statement");
    const prepared = this.#prepare(info.sql);
    return {
      params: info.paramNames.map((name) => ({ name })),
      cols: prepared.columns().map((col) => ({ name: col.name, decltype: col.type })),
      isExplain: info.isExplain,
      isReadonly: READONLY_KINDS.has(info.kind),
    };
  }

  batch(steps: Array<{ condition: BatchCond | undefined; sql: string; stmt: Stmt }>): StepOutcome[] {
    const outcomes: StepOutcome[] = [];
    const succeeded: boolean[] = [];
    for (const step of steps) {
      let enabled = true;
      try {
        if (step.condition !== undefined) enabled = this.#evalCond(step.condition, succeeded);
      } catch (error) {
        outcomes.push({ type: "error", error: toHranaError(error) });
        succeeded.push(false);
        continue;
      }
      if (!enabled) {
        outcomes.push({ type: "skipped" });
        succeeded.push(false);
        continue;
      }
      try {
        outcomes.push({ type: "ok", result: this.execute(step.sql, step.stmt) });
        succeeded.push(true);
      } catch (error) {
        outcomes.push({ type: "error", error: toHranaError(error) });
        succeeded.push(false);
      }
    }
    return outcomes;
  }

  // `error` is the negation of `ok` (a skipped step counts as failed): that is what sqld evaluates.
  #evalCond(cond: BatchCond, succeeded: boolean[]): boolean {
    const stepOk = (step: number) => {
      const ok = succeeded[step];
      if (ok === undefined) {
        throw new StmtError("INVALID_BATCH_STEP", `Batch condition refers to step ${step}, which has not run yet`);
      }
      return ok;
    };
    switch (cond.type) {
      case "ok":
        return stepOk(cond.step);
      case "error":
        return !stepOk(cond.step);
      case "not":
        return !this.#evalCond(cond.cond, succeeded);
      case "and":
        return cond.conds.map((c) => this.#evalCond(c, succeeded)).every(Boolean);
      case "or":
        return cond.conds.map((c) => this.#evalCond(c, succeeded)).some(Boolean);
      case "is_autocommit":
        return !this.#db.inTransaction;
    }
  }

  #prepare(sql: string): Database.Statement {
    try {
      return this.#db.prepare(sql);
    } catch (error) {
      throw prepareError(error);
    }
  }

  #run(info: StatementInfo, stmt: Stmt): StmtResult {
    const prepared = this.#prepare(info.sql);
    const args = bindArguments(info, stmt);
    const start = performance.now();
    let cols: Col[] = [];
    let rows: Value[][] = [];
    try {
      if (prepared.reader) {
        prepared.raw(true);
        prepared.safeIntegers(true);
        cols = prepared.columns().map((col) => ({ name: col.name, decltype: col.type }));
        const raw = prepared.all(args) as unknown[][];
        if (stmt.wantRows) rows = raw.map((row) => row.map(toValue));
      } else {
        prepared.run(args);
      }
    } catch (error) {
      throw executionError(error);
    }
    const queryDurationMs = performance.now() - start;

    // Like sqld: sqlite3_changes() only for INSERT/UPDATE/DELETE (it is not reset by other statements), and
    // last_insert_rowid only for INSERT.
    const isInsert = info.kind === "INSERT" || info.kind === "REPLACE";
    const isWrite = isInsert || info.kind === "UPDATE" || info.kind === "DELETE";
    let affectedRowCount = 0;
    let lastInsertRowid: bigint | undefined;
    if (isWrite) {
      const [changes, rowid] = this.#changes();
      affectedRowCount = Number(changes);
      if (isInsert) lastInsertRowid = rowid;
    }
    return { cols, rows, affectedRowCount, lastInsertRowid, queryDurationMs };
  }

  // The binding's run() reports last_insert_rowid as a JS number, which loses precision above 2^53.
  #changes(): [bigint, bigint] {
    this.#changesStmt ??= this.#db.prepare("SELECT changes(), last_insert_rowid()").raw(true).safeIntegers(true);
    const row = (this.#changesStmt.all([]) as unknown[][])[0];
    return [BigInt((row?.[0] as bigint | undefined) ?? 0n), BigInt((row?.[1] as bigint | undefined) ?? 0n)];
  }
}

function toHranaError(error: unknown): HranaError {
  const stmtError = executionError(error);
  return { message: stmtError.message, code: stmtError.code };
}

// ---------------------------------------------------------------------------------------------------------------
// Streams, batons and the connection lock

class AsyncMutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

interface HranaStream {
  sqls: Map<number, string>;
  /** True while the stream has an open transaction and therefore owns the connection between requests. */
  holdsLock: boolean;
  closed: boolean;
  baton: string | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

const DB_REQUEST_TYPES = new Set<StreamRequest["type"]>(["execute", "batch", "sequence", "describe", "get_autocommit"]);

class HranaServer {
  readonly #engine: SqlEngine;
  readonly #idleMs: number;
  readonly #mutex = new AsyncMutex();
  readonly #streams = new Map<string, HranaStream>();
  readonly #expiredBatons = new Map<string, number>();
  #shuttingDown = false;

  constructor(engine: SqlEngine, idleMs: number) {
    this.#engine = engine;
    this.#idleMs = idleMs;
  }

  get shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  async pipeline(
    request: PipelineRequest,
    version: ProtocolVersion,
  ): Promise<{ baton: string | null; results: StreamResult[] }> {
    const needsDb = request.requests.some((r) => DB_REQUEST_TYPES.has(r.type));
    return this.#onStream(request.baton, needsDb, (stream) =>
      request.requests.map((r) => this.#handleRequest(stream, r, version)),
    ).then(({ baton, value }) => ({ baton, results: value }));
  }

  async cursor(request: CursorRequest): Promise<{ baton: string | null; steps: StepOutcome[] }> {
    return this.#onStream(request.baton, true, (stream) => {
      if (stream.closed) throw protocolError("The stream has already been closed");
      return this.#engine.batch(this.#resolveSteps(stream, request.steps));
    }).then(({ baton, value }) => ({ baton, steps: value }));
  }

  async shutdown(): Promise<void> {
    this.#shuttingDown = true;
    for (const stream of [...this.#streams.values()]) this.#expire(stream);
    await this.#mutex.acquire();
    this.#engine.close();
    // Whoever still waits for the lock finds the engine closed and answers 503.
    this.#mutex.release();
  }

  async #onStream<T>(
    baton: string | undefined,
    needsDb: boolean,
    work: (stream: HranaStream) => T,
  ): Promise<{ baton: string | null; value: T }> {
    const stream = this.#take(baton);
    const locked = needsDb || stream.holdsLock;
    if (locked && !stream.holdsLock) {
      await this.#mutex.acquire();
      if (this.#engine.closed) {
        this.#mutex.release();
        throw new HttpError(503, "SERVER_SHUTTING_DOWN", "The server is shutting down");
      }
    }
    let value: T;
    try {
      value = work(stream);
    } catch (error) {
      // sqld drops the stream (and with it any open transaction) when a request fails as a whole.
      stream.closed = true;
      throw error;
    } finally {
      if (locked) this.#settleLock(stream);
    }
    if (stream.closed || this.#shuttingDown) {
      stream.closed = true;
      return { baton: null, value };
    }
    return { baton: this.#park(stream), value };
  }

  #settleLock(stream: HranaStream): void {
    if (!stream.closed && !this.#shuttingDown && this.#engine.inTransaction) {
      stream.holdsLock = true;
      return;
    }
    if (this.#engine.inTransaction) this.#engine.rollback();
    stream.holdsLock = false;
    this.#mutex.release();
  }

  #take(baton: string | undefined): HranaStream {
    this.#pruneExpiredBatons();
    if (this.#shuttingDown) throw new HttpError(503, "SERVER_SHUTTING_DOWN", "The server is shutting down");
    if (baton === undefined) {
      return { sqls: new Map(), holdsLock: false, closed: false, baton: undefined, idleTimer: undefined };
    }
    const stream = this.#streams.get(baton);
    if (stream === undefined) {
      if (this.#expiredBatons.has(baton)) {
        throw new HttpError(400, "STREAM_EXPIRED", "The stream has expired due to inactivity");
      }
      throw new HttpError(400, "BATON_INVALID", "The baton is invalid, or it has already been used");
    }
    this.#streams.delete(baton);
    clearTimeout(stream.idleTimer);
    stream.idleTimer = undefined;
    stream.baton = undefined;
    return stream;
  }

  #park(stream: HranaStream): string {
    const baton = randomBytes(24).toString("base64url");
    stream.baton = baton;
    this.#streams.set(baton, stream);
    stream.idleTimer = setTimeout(() => this.#expire(stream), this.#idleMs);
    stream.idleTimer.unref();
    return baton;
  }

  #expire(stream: HranaStream): void {
    if (stream.baton === undefined) return;
    clearTimeout(stream.idleTimer);
    this.#streams.delete(stream.baton);
    this.#expiredBatons.set(stream.baton, Date.now() + EXPIRED_BATON_MEMORY_MS);
    stream.baton = undefined;
    stream.closed = true;
    if (stream.holdsLock) {
      if (this.#engine.inTransaction) this.#engine.rollback();
      stream.holdsLock = false;
      this.#mutex.release();
    }
  }

  #pruneExpiredBatons(): void {
    const now = Date.now();
    for (const [baton, forgetAt] of this.#expiredBatons) {
      if (forgetAt > now) break; // insertion order is expiry order
      this.#expiredBatons.delete(baton);
    }
  }

  #resolveSql(stream: HranaStream, sql: string | undefined, sqlId: number | undefined): string {
    if (sql !== undefined && sqlId !== undefined) throw protocolError("Both `sql` and `sql_id` were given");
    if (sql !== undefined) return sql;
    if (sqlId === undefined) throw protocolError("Neither `sql` nor `sql_id` was given");
    const stored = stream.sqls.get(sqlId);
    if (stored === undefined) throw protocolError(`SQL text with id ${sqlId} was not found`);
    return stored;
  }

  #resolveSteps(stream: HranaStream, steps: BatchStep[]) {
    return steps.map((step) => ({
      condition: step.condition,
      sql: this.#resolveSql(stream, step.stmt.sql, step.stmt.sqlId),
      stmt: step.stmt,
    }));
  }

  #handleRequest(stream: HranaStream, request: StreamRequest, version: ProtocolVersion): StreamResult {
    if (stream.closed && request.type !== "close") throw protocolError("The stream has already been closed");
    const attempt = (fn: () => StreamResponse): StreamResult => {
      try {
        return { type: "ok", response: fn() };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        return { type: "error", error: toHranaError(error) };
      }
    };
    switch (request.type) {
      case "close":
        stream.closed = true;
        return { type: "ok", response: { type: "close" } };
      case "execute": {
        const sql = this.#resolveSql(stream, request.stmt.sql, request.stmt.sqlId);
        return attempt(() => ({ type: "execute", result: this.#engine.execute(sql, request.stmt) }));
      }
      case "batch": {
        const steps = this.#resolveSteps(stream, request.steps);
        return attempt(() => ({ type: "batch", steps: this.#engine.batch(steps) }));
      }
      case "sequence": {
        const sql = this.#resolveSql(stream, request.sql, request.sqlId);
        return attempt(() => {
          this.#engine.sequence(sql);
          return { type: "sequence" };
        });
      }
      case "describe": {
        const sql = this.#resolveSql(stream, request.sql, request.sqlId);
        return attempt(() => ({ type: "describe", result: this.#engine.describe(sql) }));
      }
      case "store_sql":
        if (stream.sqls.has(request.sqlId)) throw protocolError(`SQL text with id ${request.sqlId} already exists`);
        return attempt(() => {
          if (stream.sqls.size >= MAX_STORED_SQL_COUNT) {
            throw new StmtError(
              "SQL_STORE_TOO_MANY",
              `The server already stores ${stream.sqls.size} SQL texts, it cannot store more`,
            );
          }
          const size = Buffer.byteLength(request.sql);
          if (size > MAX_STORED_SQL_BYTES) {
            throw new StmtError(
              "SQL_STORE_TOO_LARGE",
              `The statement is too large to be stored: ${size} B/${MAX_STORED_SQL_BYTES} B`,
            );
          }
          stream.sqls.set(request.sqlId, request.sql);
          return { type: "store_sql" };
        });
      case "close_sql":
        stream.sqls.delete(request.sqlId);
        return { type: "ok", response: { type: "close_sql" } };
      case "get_autocommit":
        if (version < 3) throw protocolError("The `get_autocommit` request requires protocol version 3");
        return { type: "ok", response: { type: "get_autocommit", isAutocommit: !this.#engine.inTransaction } };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// JSON encoding (/v2 and /v3)

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: unknown };

function jsonObject(value: unknown, path: string): JsonObject {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw protocolError(`Expected an object at ${path}`);
  }
  return value as JsonObject;
}

function jsonArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw protocolError(`Expected an array at ${path}`);
  return value;
}

function jsonOptArray(value: unknown, path: string): unknown[] {
  return value === undefined || value === null ? [] : jsonArray(value, path);
}

function jsonString(value: unknown, path: string): string {
  if (typeof value !== "string") throw protocolError(`Expected a string at ${path}`);
  return value;
}

function jsonOptString(value: unknown, path: string): string | undefined {
  return value === undefined || value === null ? undefined : jsonString(value, path);
}

function jsonInt(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw protocolError(`Expected an integer in [${min}, ${max}] at ${path}`);
  }
  return value;
}

function jsonOptInt32(value: unknown, path: string): number | undefined {
  return value === undefined || value === null ? undefined : jsonInt(value, path, -(2 ** 31), 2 ** 31 - 1);
}

function parseI64(text: string, path: string): bigint {
  if (!/^-?\d{1,20}$/.test(text)) throw protocolError(`Expected a 64-bit integer at ${path}`);
  const value = BigInt(text);
  if (value < MIN_I64 || value > MAX_I64) throw protocolError(`Integer out of 64-bit range at ${path}`);
  return value;
}

function valueFromJson(raw: unknown, path: string): Value {
  const obj = jsonObject(raw, path);
  switch (obj.type) {
    case "null":
      return null;
    case "integer":
      if (typeof obj.value === "number" && Number.isSafeInteger(obj.value)) return BigInt(obj.value);
      return parseI64(jsonString(obj.value, `${path}.value`), `${path}.value`);
    case "float":
      if (typeof obj.value !== "number") throw protocolError(`Expected a number at ${path}.value`);
      return obj.value;
    case "text":
      return jsonString(obj.value, `${path}.value`);
    case "blob":
      return new Uint8Array(Buffer.from(jsonString(obj.base64, `${path}.base64`), "base64"));
    default:
      throw protocolError(`Unknown value type at ${path}.type`);
  }
}

function stmtFromJson(raw: unknown, path: string): Stmt {
  const obj = jsonObject(raw, path);
  return {
    sql: jsonOptString(obj.sql, `${path}.sql`),
    sqlId: jsonOptInt32(obj.sql_id, `${path}.sql_id`),
    args: jsonOptArray(obj.args, `${path}.args`).map((arg, i) => valueFromJson(arg, `${path}.args[${i}]`)),
    namedArgs: jsonOptArray(obj.named_args, `${path}.named_args`).map((arg, i) => {
      const argPath = `${path}.named_args[${i}]`;
      const argObj = jsonObject(arg, argPath);
      return {
        name: jsonString(argObj.name, `${argPath}.name`),
        value: valueFromJson(argObj.value, `${argPath}.value`),
      };
    }),
    wantRows: obj.want_rows === undefined || obj.want_rows === null ? true : obj.want_rows === true,
  };
}

function condFromJson(raw: unknown, path: string, version: ProtocolVersion, depth: number): BatchCond {
  if (depth > MAX_COND_DEPTH) throw protocolError(`Batch condition is nested too deeply at ${path}`);
  const obj = jsonObject(raw, path);
  switch (obj.type) {
    case "ok":
    case "error":
      return { type: obj.type, step: jsonInt(obj.step, `${path}.step`, 0, 2 ** 32 - 1) };
    case "not":
      return { type: "not", cond: condFromJson(obj.cond, `${path}.cond`, version, depth + 1) };
    case "and":
    case "or":
      return {
        type: obj.type,
        conds: jsonArray(obj.conds, `${path}.conds`).map((c, i) =>
          condFromJson(c, `${path}.conds[${i}]`, version, depth + 1),
        ),
      };
    case "is_autocommit":
      if (version < 3) throw protocolError("The `is_autocommit` condition requires protocol version 3");
      return { type: "is_autocommit" };
    default:
      throw protocolError(`Unknown batch condition type at ${path}.type`);
  }
}

function batchFromJson(raw: unknown, path: string, version: ProtocolVersion): BatchStep[] {
  const obj = jsonObject(raw, path);
  return jsonArray(obj.steps, `${path}.steps`).map((step, i) => {
    const stepPath = `${path}.steps[${i}]`;
    const stepObj = jsonObject(step, stepPath);
    return {
      condition:
        stepObj.condition === undefined || stepObj.condition === null
          ? undefined
          : condFromJson(stepObj.condition, `${stepPath}.condition`, version, 0),
      stmt: stmtFromJson(stepObj.stmt, `${stepPath}.stmt`),
    };
  });
}

function streamRequestFromJson(raw: unknown, path: string, version: ProtocolVersion): StreamRequest {
  const obj = jsonObject(raw, path);
  switch (obj.type) {
    case "close":
      return { type: "close" };
    case "execute":
      return { type: "execute", stmt: stmtFromJson(obj.stmt, `${path}.stmt`) };
    case "batch":
      return { type: "batch", steps: batchFromJson(obj.batch, `${path}.batch`, version) };
    case "sequence":
    case "describe":
      return {
        type: obj.type,
        sql: jsonOptString(obj.sql, `${path}.sql`),
        sqlId: jsonOptInt32(obj.sql_id, `${path}.sql_id`),
      };
    case "store_sql":
      return {
        type: "store_sql",
        sqlId: jsonInt(obj.sql_id, `${path}.sql_id`, -(2 ** 31), 2 ** 31 - 1),
        sql: jsonString(obj.sql, `${path}.sql`),
      };
    case "close_sql":
      return { type: "close_sql", sqlId: jsonInt(obj.sql_id, `${path}.sql_id`, -(2 ** 31), 2 ** 31 - 1) };
    case "get_autocommit":
      if (version < 3) throw protocolError("The `get_autocommit` request requires protocol version 3");
      return { type: "get_autocommit" };
    default:
      throw protocolError(`Unknown stream request type at ${path}.type`);
  }
}

function parseJsonBody(body: Buffer): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw protocolError("The request body is not valid JSON");
  }
  return jsonObject(parsed, "body");
}

function valueToJson(value: Value): Json {
  if (value === null) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  return { type: "blob", base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
}

function colsToJson(cols: Col[]): Json {
  return cols.map((col) => ({ name: col.name, decltype: col.decltype }));
}

function stmtResultToJson(result: StmtResult): Json {
  return {
    cols: colsToJson(result.cols),
    rows: result.rows.map((row) => row.map(valueToJson)),
    affected_row_count: result.affectedRowCount,
    last_insert_rowid: result.lastInsertRowid === undefined ? null : result.lastInsertRowid.toString(),
    query_duration_ms: result.queryDurationMs,
  };
}

function errorToJson(error: HranaError): Json {
  return { message: error.message, code: error.code };
}

function streamResponseToJson(response: StreamResponse): Json {
  switch (response.type) {
    case "execute":
      return { type: "execute", result: stmtResultToJson(response.result) };
    case "batch":
      return {
        type: "batch",
        result: {
          step_results: response.steps.map((s) => (s.type === "ok" ? stmtResultToJson(s.result) : null)),
          step_errors: response.steps.map((s) => (s.type === "error" ? errorToJson(s.error) : null)),
        },
      };
    case "describe":
      return {
        type: "describe",
        result: {
          params: response.result.params.map((p) => ({ name: p.name })),
          cols: colsToJson(response.result.cols),
          is_explain: response.result.isExplain,
          is_readonly: response.result.isReadonly,
        },
      };
    case "get_autocommit":
      return { type: "get_autocommit", is_autocommit: response.isAutocommit };
    default:
      return { type: response.type };
  }
}

const NON_FINITE_TAG = `hrana-non-finite-${randomBytes(12).toString("hex")}`;

// JSON has no Infinity, but SQLite floats can be infinite. `1e999` parses back to Infinity in JavaScript, so the
// value survives the trip to the client where JSON.stringify would have turned it into null.
function stringifyJson(value: Json): string {
  let sawNonFinite = false;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "number" && !Number.isFinite(v)) {
      sawNonFinite = true;
      return Number.isNaN(v) ? null : `${NON_FINITE_TAG}${v > 0 ? "+" : "-"}`;
    }
    return v;
  });
  if (!sawNonFinite) return text;
  return text.replaceAll(`"${NON_FINITE_TAG}+"`, "1e999").replaceAll(`"${NON_FINITE_TAG}-"`, "-1e999");
}

const jsonCodec = {
  contentType: "application/json",
  // sqld streams JSON cursor entries as newline-delimited JSON under text/plain.
  cursorContentType: "text/plain",
  decodePipeline(body: Buffer, version: ProtocolVersion): PipelineRequest {
    const obj = parseJsonBody(body);
    return {
      baton: jsonOptString(obj.baton, "body.baton"),
      requests: jsonArray(obj.requests, "body.requests").map((r, i) =>
        streamRequestFromJson(r, `body.requests[${i}]`, version),
      ),
    };
  },
  decodeCursor(body: Buffer): CursorRequest {
    const obj = parseJsonBody(body);
    return { baton: jsonOptString(obj.baton, "body.baton"), steps: batchFromJson(obj.batch, "body.batch", 3) };
  },
  encodePipeline(baton: string | null, results: StreamResult[]): string {
    return stringifyJson({
      baton,
      base_url: null,
      results: results.map((r): Json =>
        r.type === "ok"
          ? { type: "ok", response: streamResponseToJson(r.response) }
          : { type: "error", error: errorToJson(r.error) },
      ),
    });
  },
  encodeCursor(baton: string | null, steps: StepOutcome[]): string {
    const lines: string[] = [stringifyJson({ baton, base_url: null })];
    steps.forEach((outcome, step) => {
      if (outcome.type === "ok") {
        const { result } = outcome;
        lines.push(stringifyJson({ type: "step_begin", step, cols: colsToJson(result.cols) }));
        for (const row of result.rows) lines.push(stringifyJson({ type: "row", row: row.map(valueToJson) }));
        lines.push(
          stringifyJson({
            type: "step_end",
            affected_row_count: result.affectedRowCount,
            last_insert_rowid: result.lastInsertRowid === undefined ? null : result.lastInsertRowid.toString(),
          }),
        );
      } else if (outcome.type === "error") {
        lines.push(stringifyJson({ type: "step_error", step, error: errorToJson(outcome.error) }));
      }
    });
    return `${lines.join("\n")}\n`;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Protobuf encoding (/v3-protobuf), following the message definitions of the Hrana 3 spec

type PbField = { wire: 0; value: bigint } | { wire: 1 | 2 | 5; data: Uint8Array };

class PbMessage {
  constructor(
    readonly fields: Map<number, PbField[]>,
    readonly path: string,
  ) {}

  static parse(data: Uint8Array, path: string): PbMessage {
    const fields = new Map<number, PbField[]>();
    let pos = 0;
    const varint = (): bigint => {
      let result = 0n;
      for (let shift = 0n; shift < 70n; shift += 7n) {
        const byte = data[pos++];
        if (byte === undefined) throw protocolError(`Truncated protobuf message at ${path}`);
        result |= BigInt(byte & 0x7f) << shift;
        if ((byte & 0x80) === 0) return BigInt.asUintN(64, result);
      }
      throw protocolError(`Malformed protobuf varint at ${path}`);
    };
    const take = (length: number): Uint8Array => {
      if (length > data.length - pos) throw protocolError(`Truncated protobuf message at ${path}`);
      const slice = data.subarray(pos, pos + length);
      pos += length;
      return slice;
    };
    while (pos < data.length) {
      const key = varint();
      const number = Number(key >> 3n);
      const wire = Number(key & 7n);
      let field: PbField;
      if (wire === 0) field = { wire, value: varint() };
      else if (wire === 1) field = { wire, data: take(8) };
      else if (wire === 5) field = { wire, data: take(4) };
      else if (wire === 2) field = { wire, data: take(Number(varint())) };
      else throw protocolError(`Unsupported protobuf wire type ${wire} at ${path}`);
      const list = fields.get(number);
      if (list) list.push(field);
      else fields.set(number, [field]);
    }
    return new PbMessage(fields, path);
  }

  has(n: number): boolean {
    return this.fields.has(n);
  }

  #last(n: number, wire: PbField["wire"]): PbField | undefined {
    const field = this.fields.get(n)?.at(-1);
    if (field !== undefined && field.wire !== wire) {
      throw protocolError(`Unexpected wire type for field ${n} at ${this.path}`);
    }
    return field;
  }

  varint(n: number): bigint | undefined {
    const field = this.#last(n, 0);
    return field?.wire === 0 ? field.value : undefined;
  }

  int32(n: number): number | undefined {
    const value = this.varint(n);
    return value === undefined ? undefined : Number(BigInt.asIntN(32, value));
  }

  uint32(n: number): number | undefined {
    const value = this.varint(n);
    return value === undefined ? undefined : Number(BigInt.asUintN(32, value));
  }

  bytes(n: number): Uint8Array | undefined {
    const field = this.#last(n, 2);
    return field !== undefined && field.wire !== 0 ? field.data : undefined;
  }

  string(n: number): string | undefined {
    const data = this.bytes(n);
    return data === undefined ? undefined : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("utf8");
  }

  message(n: number, name: string): PbMessage | undefined {
    const data = this.bytes(n);
    return data === undefined ? undefined : PbMessage.parse(data, `${this.path}.${name}`);
  }

  messages(n: number, name: string): PbMessage[] {
    return (this.fields.get(n) ?? []).map((field, i) => {
      if (field.wire !== 2) throw protocolError(`Unexpected wire type for field ${n} at ${this.path}`);
      return PbMessage.parse(field.data, `${this.path}.${name}[${i}]`);
    });
  }

  /** The first field of a `oneof` that is present. */
  oneof(numbers: number[]): number | undefined {
    return numbers.find((n) => this.fields.has(n));
  }
}

function valueFromPb(msg: PbMessage): Value {
  switch (msg.oneof([1, 2, 3, 4, 5])) {
    case 1:
      return null;
    case 2: {
      const raw = msg.varint(2) ?? 0n;
      return (raw >> 1n) ^ -(raw & 1n);
    }
    case 3: {
      const data = msg.fields.get(3)?.at(-1);
      if (data === undefined || data.wire !== 1) throw protocolError(`Expected a double at ${msg.path}`);
      return Buffer.from(data.data.buffer, data.data.byteOffset, 8).readDoubleLE(0);
    }
    case 4:
      return msg.string(4) ?? "";
    case 5:
      return new Uint8Array(msg.bytes(5) ?? new Uint8Array());
    default:
      throw protocolError(`Value without a type at ${msg.path}`);
  }
}

function stmtFromPb(msg: PbMessage): Stmt {
  const wantRows = msg.varint(5);
  return {
    sql: msg.string(1),
    sqlId: msg.int32(2),
    args: msg.messages(3, "args").map(valueFromPb),
    namedArgs: msg.messages(4, "named_args").map((arg) => ({
      name: arg.string(1) ?? "",
      value: valueFromPb(required(arg.message(2, "value"), `${arg.path}.value`)),
    })),
    wantRows: wantRows === undefined ? true : wantRows !== 0n,
  };
}

function condFromPb(msg: PbMessage, depth: number): BatchCond {
  if (depth > MAX_COND_DEPTH) throw protocolError(`Batch condition is nested too deeply at ${msg.path}`);
  switch (msg.oneof([1, 2, 3, 4, 5, 6])) {
    case 1:
      return { type: "ok", step: msg.uint32(1) ?? 0 };
    case 2:
      return { type: "error", step: msg.uint32(2) ?? 0 };
    case 3:
      return { type: "not", cond: condFromPb(required(msg.message(3, "not"), msg.path), depth + 1) };
    case 4:
    case 5: {
      const list = required(msg.message(msg.has(4) ? 4 : 5, "conds"), msg.path);
      const conds = list.messages(1, "conds").map((c) => condFromPb(c, depth + 1));
      return { type: msg.has(4) ? "and" : "or", conds };
    }
    case 6:
      return { type: "is_autocommit" };
    default:
      throw protocolError(`Batch condition without a type at ${msg.path}`);
  }
}

function batchFromPb(msg: PbMessage): BatchStep[] {
  return msg.messages(1, "steps").map((step) => {
    const cond = step.message(1, "condition");
    return {
      condition: cond === undefined ? undefined : condFromPb(cond, 0),
      stmt: stmtFromPb(required(step.message(2, "stmt"), `${step.path}.stmt`)),
    };
  });
}

function streamRequestFromPb(msg: PbMessage): StreamRequest {
  const kind = msg.oneof([1, 2, 3, 4, 5, 6, 7, 8]);
  const inner = kind === undefined ? undefined : required(msg.message(kind, "request"), msg.path);
  switch (kind) {
    case 1:
      return { type: "close" };
    case 2:
      return { type: "execute", stmt: stmtFromPb(required(inner?.message(1, "stmt"), `${msg.path}.stmt`)) };
    case 3:
      return { type: "batch", steps: batchFromPb(required(inner?.message(1, "batch"), `${msg.path}.batch`)) };
    case 4:
    case 5:
      return { type: kind === 4 ? "sequence" : "describe", sql: inner?.string(1), sqlId: inner?.int32(2) };
    case 6:
      return {
        type: "store_sql",
        sqlId: required(inner?.int32(1), `${msg.path}.sql_id`),
        sql: required(inner?.string(2), `${msg.path}.sql`),
      };
    case 7:
      return { type: "close_sql", sqlId: required(inner?.int32(1), `${msg.path}.sql_id`) };
    case 8:
      return { type: "get_autocommit" };
    default:
      throw protocolError(`Unknown stream request type at ${msg.path}`);
  }
}

function required<T>(value: T | undefined, path: string): T {
  if (value === undefined) throw protocolError(`Missing required field at ${path}`);
  return value;
}

class PbWriter {
  #buf = new Uint8Array(256);
  #pos = 0;

  #ensure(extra: number): void {
    if (this.#pos + extra <= this.#buf.length) return;
    let size = this.#buf.length * 2;
    while (size < this.#pos + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#buf.subarray(0, this.#pos));
    this.#buf = next;
  }

  #varint(value: number): void {
    this.#ensure(10);
    let v = value;
    while (v > 0x7f) {
      this.#buf[this.#pos++] = (v % 128) | 0x80;
      v = Math.floor(v / 128);
    }
    this.#buf[this.#pos++] = v;
  }

  #varintBig(value: bigint): void {
    this.#ensure(10);
    let v = BigInt.asUintN(64, value);
    while (v > 0x7fn) {
      this.#buf[this.#pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.#buf[this.#pos++] = Number(v);
  }

  #tag(field: number, wire: number): void {
    this.#varint(field * 8 + wire);
  }

  uint(field: number, value: number): this {
    this.#tag(field, 0);
    this.#varint(value);
    return this;
  }

  bool(field: number, value: boolean): this {
    return this.uint(field, value ? 1 : 0);
  }

  uint64(field: number, value: bigint): this {
    this.#tag(field, 0);
    this.#varintBig(value);
    return this;
  }

  sint64(field: number, value: bigint): this {
    this.#tag(field, 0);
    this.#varintBig((value << 1n) ^ (value >> 63n));
    return this;
  }

  double(field: number, value: number): this {
    this.#tag(field, 1);
    this.#ensure(8);
    new DataView(this.#buf.buffer).setFloat64(this.#pos, value, true);
    this.#pos += 8;
    return this;
  }

  bytes(field: number, data: Uint8Array): this {
    this.#tag(field, 2);
    this.#varint(data.length);
    this.#ensure(data.length);
    this.#buf.set(data, this.#pos);
    this.#pos += data.length;
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, Buffer.from(value, "utf8"));
  }

  message(field: number, write: (w: PbWriter) => void): this {
    const inner = new PbWriter();
    write(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    return this.#buf.subarray(0, this.#pos);
  }
}

function writeValuePb(w: PbWriter, value: Value): void {
  if (value === null) w.message(1, () => {});
  else if (typeof value === "bigint") w.sint64(2, value);
  else if (typeof value === "number") w.double(3, value);
  else if (typeof value === "string") w.string(4, value);
  else w.bytes(5, value);
}

function writeColPb(w: PbWriter, col: Col): void {
  w.string(1, col.name);
  if (col.decltype !== null) w.string(2, col.decltype);
}

function writeErrorPb(w: PbWriter, error: HranaError): void {
  w.string(1, error.message).string(2, error.code);
}

function writeStmtResultPb(w: PbWriter, result: StmtResult): void {
  for (const col of result.cols) w.message(1, (c) => writeColPb(c, col));
  for (const row of result.rows) w.message(2, (r) => row.forEach((v) => r.message(1, (x) => writeValuePb(x, v))));
  w.uint(3, result.affectedRowCount);
  if (result.lastInsertRowid !== undefined) w.sint64(4, result.lastInsertRowid);
  w.double(7, result.queryDurationMs);
}

function writeStreamResponsePb(w: PbWriter, response: StreamResponse): void {
  switch (response.type) {
    case "close":
      w.message(1, () => {});
      return;
    case "execute":
      w.message(2, (m) => m.message(1, (r) => writeStmtResultPb(r, response.result)));
      return;
    case "batch":
      w.message(3, (m) =>
        m.message(1, (b) =>
          response.steps.forEach((outcome, step) => {
            // Protobuf maps: step_results = field 1, step_errors = field 2, entries keyed by step index.
            if (outcome.type === "ok") {
              b.message(1, (e) => e.uint(1, step).message(2, (r) => writeStmtResultPb(r, outcome.result)));
            } else if (outcome.type === "error") {
              b.message(2, (e) => e.uint(1, step).message(2, (r) => writeErrorPb(r, outcome.error)));
            }
          }),
        ),
      );
      return;
    case "sequence":
      w.message(4, () => {});
      return;
    case "describe":
      w.message(5, (m) =>
        m.message(1, (d) => {
          for (const param of response.result.params) {
            d.message(1, (p) => {
              if (param.name !== null) p.string(1, param.name);
            });
          }
          for (const col of response.result.cols) d.message(2, (c) => writeColPb(c, col));
          d.bool(3, response.result.isExplain).bool(4, response.result.isReadonly);
        }),
      );
      return;
    case "store_sql":
      w.message(6, () => {});
      return;
    case "close_sql":
      w.message(7, () => {});
      return;
    case "get_autocommit":
      w.message(8, (m) => m.bool(1, response.isAutocommit));
      return;
  }
}

/** A cursor entry on the wire: varint length, then the message. */
function lengthDelimited(data: Uint8Array): Uint8Array {
  const prefix: number[] = [];
  let length = data.length;
  while (length > 0x7f) {
    prefix.push((length % 128) | 0x80);
    length = Math.floor(length / 128);
  }
  prefix.push(length);
  return Buffer.concat([Uint8Array.from(prefix), data]);
}

const protobufCodec = {
  contentType: "application/x-protobuf",
  cursorContentType: "application/octet-stream",
  decodePipeline(body: Buffer, _version: ProtocolVersion): PipelineRequest {
    const msg = PbMessage.parse(body, "body");
    return { baton: msg.string(1), requests: msg.messages(2, "requests").map(streamRequestFromPb) };
  },
  decodeCursor(body: Buffer): CursorRequest {
    const msg = PbMessage.parse(body, "body");
    return { baton: msg.string(1), steps: batchFromPb(required(msg.message(2, "batch"), "body.batch")) };
  },
  encodePipeline(baton: string | null, results: StreamResult[]): Uint8Array {
    const w = new PbWriter();
    if (baton !== null) w.string(1, baton);
    for (const result of results) {
      w.message(3, (r) => {
        if (result.type === "ok") r.message(1, (s) => writeStreamResponsePb(s, result.response));
        else r.message(2, (e) => writeErrorPb(e, result.error));
      });
    }
    return w.finish();
  },
  encodeCursor(baton: string | null, steps: StepOutcome[]): Uint8Array {
    const head = new PbWriter();
    if (baton !== null) head.string(1, baton);
    const parts: Uint8Array[] = [lengthDelimited(head.finish())];
    const entry = (write: (w: PbWriter) => void) => {
      const w = new PbWriter();
      write(w);
      parts.push(lengthDelimited(w.finish()));
    };
    steps.forEach((outcome, step) => {
      if (outcome.type === "ok") {
        const { result } = outcome;
        entry((w) =>
          w.message(1, (b) => {
            b.uint(1, step);
            for (const col of result.cols) b.message(2, (c) => writeColPb(c, col));
          }),
        );
        for (const row of result.rows) {
          entry((w) => w.message(4, (r) => row.forEach((v) => r.message(1, (x) => writeValuePb(x, v)))));
        }
        entry((w) =>
          w.message(2, (e) => {
            e.uint(1, result.affectedRowCount);
            if (result.lastInsertRowid !== undefined) e.uint64(2, result.lastInsertRowid);
          }),
        );
      } else if (outcome.type === "error") {
        entry((w) => w.message(3, (e) => e.uint(1, step).message(2, (x) => writeErrorPb(x, outcome.error))));
      }
    });
    return Buffer.concat(parts);
  },
};

type Codec = typeof jsonCodec | typeof protobufCodec;

// ---------------------------------------------------------------------------------------------------------------
// HTTP

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

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
