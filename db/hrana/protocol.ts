// The Hrana protocol's model, shared by the JSON and protobuf encodings and the streams that serve it: requests,
// results, and the two kinds of failure (a whole HTTP request, or one statement).

// sqld's limit on how deeply batch conditions nest; both encodings refuse deeper ones.
export const MAX_COND_DEPTH = 64;
export const MIN_I64 = -(2n ** 63n);
export const MAX_I64 = 2n ** 63n - 1n;

export type ProtocolVersion = 2 | 3;
export type Value = null | bigint | number | string | Uint8Array;

export interface Stmt {
  sql: string | undefined;
  sqlId: number | undefined;
  args: Value[];
  namedArgs: Array<{ name: string; value: Value }>;
  wantRows: boolean;
}

export type BatchCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and"; conds: BatchCond[] }
  | { type: "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };

export interface BatchStep {
  condition: BatchCond | undefined;
  stmt: Stmt;
}

export type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; steps: BatchStep[] }
  | { type: "sequence"; sql: string | undefined; sqlId: number | undefined }
  | { type: "describe"; sql: string | undefined; sqlId: number | undefined }
  | { type: "store_sql"; sqlId: number; sql: string }
  | { type: "close_sql"; sqlId: number }
  | { type: "get_autocommit" };

export interface PipelineRequest {
  baton: string | undefined;
  requests: StreamRequest[];
}

export interface CursorRequest {
  baton: string | undefined;
  steps: BatchStep[];
}

export interface Col {
  name: string;
  decltype: string | null;
}

export interface StmtResult {
  cols: Col[];
  rows: Value[][];
  affectedRowCount: number;
  lastInsertRowid: bigint | undefined;
  queryDurationMs: number;
}

export interface HranaError {
  message: string;
  code: string;
}

export type StepOutcome =
  { type: "skipped" } | { type: "ok"; result: StmtResult } | { type: "error"; error: HranaError };

export interface DescribeResult {
  params: Array<{ name: string | null }>;
  cols: Col[];
  isExplain: boolean;
  isReadonly: boolean;
}

export type StreamResponse =
  | { type: "close" }
  | { type: "execute"; result: StmtResult }
  | { type: "batch"; steps: StepOutcome[] }
  | { type: "sequence" }
  | { type: "describe"; result: DescribeResult }
  | { type: "store_sql" }
  | { type: "close_sql" }
  | { type: "get_autocommit"; isAutocommit: boolean };

export type StreamResult = { type: "ok"; response: StreamResponse } | { type: "error"; error: HranaError };

/** Fails the whole HTTP request (sqld does the same for protocol violations) and drops the stream. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function protocolError(message: string): HttpError {
  return new HttpError(400, "PROTOCOL_ERROR", message);
}

/** Fails one statement (or stream request); reported in the Hrana error shape, the stream stays usable. */
export class StmtError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
