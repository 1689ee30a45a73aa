// The JSON encoding of Hrana over HTTP (/v2 and /v3): decodes pipeline and cursor requests, encodes their results.
import { randomBytes } from "node:crypto";
import {
  MAX_COND_DEPTH,
  MAX_I64,
  MIN_I64,
  protocolError,
  type BatchCond,
  type BatchStep,
  type Col,
  type CursorRequest,
  type HranaError,
  type PipelineRequest,
  type ProtocolVersion,
  type StepOutcome,
  type Stmt,
  type StmtResult,
  type StreamRequest,
  type StreamResponse,
  type StreamResult,
  type Value,
} from "./protocol";

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
export function stringifyJson(value: Json): string {
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

export const jsonCodec = {
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
