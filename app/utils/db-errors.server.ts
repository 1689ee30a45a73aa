// Constraint failures surface from libSQL (and through Drizzle's wrapper) as errors with a code and a message.
function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

function describe(e: unknown): string {
  if (!e || typeof e !== "object") return String(e);
  const { code, message } = e as { code?: unknown; message?: unknown };
  return `${String(code ?? "")} ${String(message ?? "")}`;
}

/** True when the error is a UNIQUE (or primary key) violation, optionally on a given `table.column`. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  return errorChain(error).some((e) => {
    const text = describe(e);
    const unique = /SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)|UNIQUE constraint failed/.test(text);
    return unique && (!column || text.includes(column));
  });
}

/** True when a trigger or CHECK raised the given message (e.g. 'booking_overlap'). */
export function isConstraintMessage(error: unknown, message: string): boolean {
  return errorChain(error).some((e) => describe(e).includes(message));
}

/**
 * The database could not be reached: the request to libSQL failed (connection refused or reset, DNS, a timeout) or
 * the server answered 5xx. Thrown by the client createWebClient makes (app/db.server.ts) in place of the transport's
 * own error, which stays as the cause; nothing else throws it, so a failing fetch to Stripe is never taken for it.
 */
export class DatabaseUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("Database connection not available", options);
    this.name = "DatabaseUnavailableError";
  }
}

/** True when the error (or what it wraps, as Drizzle's DrizzleQueryError does) is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some((e) => e instanceof DatabaseUnavailableError);
}

const NETWORK_MESSAGE = /fetch|network|connect|socket|timed? ?out|dns|internal error/i;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "HRANA_WEBSOCKET_ERROR",
  "HRANA_CLOSED_ERROR",
]);

/** What libSQL's client throws when the database is out of reach rather than when a statement is wrong. */
export function isTransportFailure(error: unknown): boolean {
  return errorChain(error).some((e) => {
    if (!e || typeof e !== "object") return false;
    const { name, code, status, message } = e as {
      name?: unknown;
      code?: unknown;
      status?: unknown;
      message?: unknown;
    };
    // fetch rejects with a TypeError on a network failure, in Node ("fetch failed") and workerd ("Network connection
    // lost", "internal error"); the client's own TypeErrors (a value it cannot send) are bugs, not outages.
    if (name === "TypeError" && NETWORK_MESSAGE.test(String(message))) return true;
    // workerd also rejects with a plain Error it marks as a remote, retryable failure ("Network connection lost.").
    const { remote, retryable } = e as { remote?: unknown; retryable?: unknown };
    if (remote === true && retryable === true) return true;
    if (name === "AbortError" || name === "TimeoutError") return true;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    return name === "HttpServerError" && typeof status === "number" && status >= 500;
  });
}
