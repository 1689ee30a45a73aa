// SQL analysis. The native binding exposes neither the statement tail nor parameter names, and it aborts the
// process when an object is bound to a statement with anonymous `?` parameters, so we tokenize the SQL ourselves
// (following SQLite's tokenizer) to split statements, classify them and number their parameters exactly as
// SQLite does; arguments are then always bound as an array.

export interface StatementInfo {
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
export function splitStatements(sql: string): StatementInfo[] {
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
