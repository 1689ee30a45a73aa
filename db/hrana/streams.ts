// Hrana streams over one connection: batons, stored SQL texts, idle expiry, and the async mutex that lets a stream
// with an open transaction keep the connection across HTTP requests until it commits, rolls back, closes or idles out.
import { randomBytes } from "node:crypto";
import {
  HttpError,
  protocolError,
  StmtError,
  type BatchStep,
  type CursorRequest,
  type PipelineRequest,
  type ProtocolVersion,
  type StepOutcome,
  type StreamRequest,
  type StreamResponse,
  type StreamResult,
} from "./protocol";
import { toHranaError, type SqlEngine } from "./sql-engine";

// A baton of an expired stream is remembered for a while so the client gets "expired" rather than "invalid".
const EXPIRED_BATON_MEMORY_MS = 5 * 60_000;
// sqld's limits on SQL texts stored with `store_sql`; the client sizes its SQL cache around them.
const MAX_STORED_SQL_COUNT = 50;
const MAX_STORED_SQL_BYTES = 5000;

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

export class HranaServer {
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
