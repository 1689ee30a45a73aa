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
