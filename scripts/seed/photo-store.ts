// Where seeded photos go. The CLI writes into wrangler's local R2 persistence so `wrangler dev --persist-to <dir>`
// serves them; tests hand in a Map.
import { resolve } from "node:path";

export interface PhotoStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
}

export interface ClosablePhotoStore extends PhotoStore {
  close(): Promise<void>;
}

/** An in-memory store: tests read the objects back from `objects`. */
export function createMemoryPhotoStore(objects = new Map<string, Uint8Array>()): PhotoStore & {
  objects: Map<string, Uint8Array>;
} {
  return {
    objects,
    async put(key, bytes) {
      objects.set(key, bytes);
    },
  };
}

/**
 * `wrangler dev --persist-to <dir>` keeps its Miniflare state in `<dir>/v3`, while getPlatformProxy's
 * `persist.path` is handed to Miniflare as that root directly. So the same objects need `<dir>/v3` here.
 */
export function miniflarePersistRoot(persistTo: string): string {
  return resolve(persistTo, "v3");
}

/**
 * The PHOTOS bucket of wrangler.toml, persisted under `persistTo` (the directory given to `--persist-to`,
 * `.wrangler/state` by default). Call close() when done: it stops the local workerd.
 */
export async function openWranglerPhotoStore(options: {
  persistTo: string;
  configPath?: string;
}): Promise<ClosablePhotoStore> {
  // Loaded lazily: wrangler is large and only the CLI needs it.
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ PHOTOS: R2Bucket }>({
    configPath: options.configPath ?? "wrangler.toml",
    persist: { path: miniflarePersistRoot(options.persistTo) },
    remoteBindings: false,
  });
  const bucket = proxy.env.PHOTOS;
  return {
    async put(key, bytes) {
      await bucket.put(key, bytes, { httpMetadata: { contentType: "image/webp" } });
    },
    async close() {
      await proxy.dispose();
    },
  };
}
