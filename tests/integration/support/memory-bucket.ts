// An R2 bucket in memory, with the part of R2's API the app uses (put, get, head, delete, list). `failPuts(n)` makes
// it behave as R2 out of reach for writes: after n more successful puts, every put rejects (null: back to normal).
interface Stored {
  bytes: Uint8Array;
  contentType?: string;
  etag: string;
}

export type MemoryBucket = R2Bucket & { keys(): string[]; failPuts(after: number | null): void };

export function createMemoryBucket(): MemoryBucket {
  const objects = new Map<string, Stored>();
  let putsBeforeFailure: number | null = null;
  const toObject = (key: string, stored: Stored) => ({
    key,
    size: stored.bytes.byteLength,
    etag: stored.etag,
    httpEtag: `"${stored.etag}"`,
    httpMetadata: { contentType: stored.contentType },
    uploaded: new Date(),
    body: new Response(stored.bytes.slice().buffer as ArrayBuffer).body,
    arrayBuffer: async () => stored.bytes.slice().buffer as ArrayBuffer,
    writeHttpMetadata(headers: Headers) {
      if (stored.contentType) headers.set("Content-Type", stored.contentType);
    },
  });
  const bucket = {
    async put(key: string, value: ArrayBuffer | Uint8Array | string, options?: R2PutOptions) {
      if (putsBeforeFailure !== null && putsBeforeFailure-- <= 0) {
        throw new Error("put: We encountered an internal error. Please try again. (10001)");
      }
      const bytes = typeof value === "string" ? new TextEncoder().encode(value) : new Uint8Array(value as ArrayBuffer);
      const meta = options?.httpMetadata;
      const contentType = meta && !(meta instanceof Headers) ? meta.contentType : undefined;
      const stored = { bytes, contentType, etag: crypto.randomUUID().replace(/-/g, "") };
      objects.set(key, stored);
      return toObject(key, stored);
    },
    async get(key: string) {
      const stored = objects.get(key);
      return stored ? toObject(key, stored) : null;
    },
    async head(key: string) {
      const stored = objects.get(key);
      return stored ? toObject(key, stored) : null;
    },
    async delete(keys: string | string[]) {
      for (const key of Array.isArray(keys) ? keys : [keys]) objects.delete(key);
    },
    async list(options?: { prefix?: string }) {
      const prefix = options?.prefix ?? "";
      const found = [...objects.entries()].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => toObject(k, v));
      return { objects: found, truncated: false, delimitedPrefixes: [] };
    },
    keys: () => [...objects.keys()],
    failPuts(after: number | null) {
      putsBeforeFailure = after;
    },
  };
  return bucket as unknown as MemoryBucket;
}
