// The protobuf encoding of Hrana over HTTP (/v3-protobuf), following the message definitions of the Hrana 3 spec.
import {
  MAX_COND_DEPTH,
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

export const protobufCodec = {
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
