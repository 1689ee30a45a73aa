// Reads that a request's loaders start together travel together. Over HTTP every `execute` is its own request to
// libSQL, so a page that asks for ten things at once would wait on ten requests; this client holds the reads
// started in the same turn of the event loop and sends them as ONE batch (one HTTP pipeline), each caller getting
// its own result. Writes, transactions and explicit batches are not held: their order and atomicity are the caller's.
import type { Client, InStatement, ResultSet } from "@libsql/client";
import { isDatabaseUnavailable } from "./utils/db-errors.server";

interface Waiting {
  statement: InStatement;
  resolve(result: ResultSet): void;
  reject(error: unknown): void;
}

const WRITE_WORDS = /\b(insert|update|delete|replace|create|drop|alter|pragma|attach|detach|vacuum|reindex)\b/i;

/** A statement that only reads: SELECT, or a WITH that writes nothing (a CTE may front an INSERT). */
export function isReadStatement(statement: InStatement): boolean {
  const text = (typeof statement === "string" ? statement : statement.sql).trimStart();
  if (/^select\b/i.test(text)) return true;
  return /^with\b/i.test(text) && !WRITE_WORDS.test(text);
}

/**
 * Wraps a client so that reads issued in the same turn share one round trip. The flush waits for a macrotask, not a
 * microtask: Drizzle awaits a few times between the query builder and `execute`, and two loaders resuming after the
 * same user lookup reach `execute` a different number of microtasks later.
 */
export function createBatchingClient(client: Client): Client {
  let waiting: Waiting[] = [];

  async function flush() {
    const group = waiting;
    waiting = [];
    if (group.length === 1) {
      const [only] = group;
      return client.execute(only!.statement).then(only!.resolve, only!.reject);
    }
    try {
      const results = await client.batch(
        group.map((item) => item.statement),
        "read",
      );
      group.forEach((item, i) => item.resolve(results[i]!));
    } catch (error) {
      // The database is out of reach: one by one would only fail again, each after its own wait.
      if (isDatabaseUnavailable(error)) {
        for (const item of group) item.reject(error);
        return;
      }
      // One bad statement fails a batch as a whole; alone, the others still get their answers and it its error.
      await Promise.all(group.map((item) => client.execute(item.statement).then(item.resolve, item.reject)));
    }
  }

  function executeRead(statement: InStatement): Promise<ResultSet> {
    return new Promise<ResultSet>((resolve, reject) => {
      if (waiting.length === 0) setTimeout(() => void flush(), 0);
      waiting.push({ statement, resolve, reject });
    });
  }

  return new Proxy(client, {
    get(target, property) {
      if (property !== "execute") {
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (statement: InStatement | string, args?: unknown) => {
        // The (sql, args) form and writes go straight through.
        if (args !== undefined || !isReadStatement(statement)) {
          return (target.execute as (s: unknown, a?: unknown) => Promise<ResultSet>)(statement, args);
        }
        return executeRead(statement);
      };
    },
  });
}
