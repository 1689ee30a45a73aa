// npm run bench:first-load [-- <checkout>…] — the JavaScript each public page loads before it runs, from a client
// build alone (no server, no Lighthouse): the modules Remix lists for the page (the entry and its imports, root's and
// the route's modules and their static imports, as the build's manifest names them, which is what the page's
// modulepreload links are), each gzipped at level 9 and summed. Within a KB of `npm run bench`'s JS figure, which
// also counts what the page fetches after it runs; for finding which chunk grew between two builds (decision 025).
// Reads <checkout>/build/client (run `npm run build` there first); the working tree's when none is given.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
}

/** The pages `npm run bench` measures, by their route (a car page's chunks are the same for every car). */
const PAGES: Record<string, string> = {
  "/": "routes/_index",
  "/rentals": "routes/_cars+/rentals",
  "/car/:id": "routes/_cars+/car.$id",
  "/sales": "routes/_cars+/sales",
  "/auth/signin": "routes/_auth+/auth.signin",
};

function readManifest(client: string): Manifest {
  const file = readdirSync(join(client, "assets")).find((name) => /^manifest-\w+\.js$/.test(name));
  if (!file) throw new Error(`no Remix manifest in ${client}/assets: run npm run build first`);
  const text = readFileSync(join(client, "assets", file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

/** Each file the page loads first, with its gzip -9 size in bytes. */
export function firstLoad(client: string, manifest: Manifest, routeId: string): Map<string, number> {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return new Map([...files].map((file) => [file, gzipSync(readFileSync(join(client, file)), { level: 9 }).length]));
}

const checkouts = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["."];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
for (const checkout of checkouts) {
  const client = resolve(checkout, "build/client");
  const manifest = readManifest(client);
  console.log(`\n${client}: first-load JavaScript, gzip -9, KB`);
  for (const [page, routeId] of Object.entries(PAGES)) {
    const files = firstLoad(client, manifest, routeId);
    const total = [...files.values()].reduce((sum, bytes) => sum + bytes, 0);
    const largest = [...files]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([file, bytes]) => `${file.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, "")} ${kb(bytes)}`);
    console.log(
      `${page.padEnd(13)} ${kb(total).padStart(6)}  ${String(files.size).padStart(2)} files  (${largest.join(", ")})`,
    );
  }
}
