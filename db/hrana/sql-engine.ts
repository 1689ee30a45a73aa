// Runs Hrana statements, sequences and batches against the embedded libSQL file, with sqld's error codes and
// binding rules.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { performance } from "node:perf_hooks";
import Database from "libsql";
import {
  errorMessage,
  StmtError,
  type BatchCond,
  type Col,
  type DescribeResult,
  type HranaError,
  type StepOutcome,
  type Stmt,
  type StmtResult,
  type Value,
} from "./protocol";
import { splitStatements, type StatementInfo } from "./sql-statements";

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

export class SqlEngine {
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

export function toHranaError(error: unknown): HranaError {
  const stmtError = executionError(error);
  return { message: stmtError.message, code: stmtError.code };
}
