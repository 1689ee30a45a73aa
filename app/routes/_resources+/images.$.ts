// GET /images/<key>/<size>.webp: photos and avatars from R2. Keys are chosen by the server and never reused,
// so the answer can be cached for a year. Private documents never live under these prefixes.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { makeMediumSize } from "~/photos/photo-storage.server";

const PUBLIC_KEY = /^(cars|avatars|demo)\/[A-Za-z0-9/_-]{1,200}\/(card|medium|full|avatar)\.webp$/;
const MEDIUM = /^((?:cars|demo)\/.+)\/medium\.webp$/;

const imageHeaders = () =>
  new Headers({
    "Content-Type": "image/webp",
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!PUBLIC_KEY.test(key) || key.includes("..")) return new Response("Not found", { status: 404 });
  // A revalidation: R2 reads If-None-Match as a header (quoted ETags, W/, lists, *). Handed over as a string, the
  // quoted ETag a browser sends back (httpEtag) is refused with a TypeError: every revalidation was a 500.
  const etagWanted = request.headers.get("If-None-Match");
  const object = await context.env.photos.get(
    key,
    etagWanted ? { onlyIf: new Headers({ "If-None-Match": etagWanted }) } : undefined,
  );
  if (!object) return missing(key, context.env);
  const headers = imageHeaders();
  headers.set("ETag", object.httpEtag);
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}

/**
 * Photos stored before the medium size existed get it made the first time it is asked for. When it cannot be made
 * (the Images binding failed) the full size stands in, briefly cached, so the page still shows its photo.
 */
async function missing(key: string, env: LoaderFunctionArgs["context"]["env"]) {
  const storageKey = MEDIUM.exec(key)?.[1];
  if (!storageKey) return new Response("Not found", { status: 404 });
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await makeMediumSize(env, storageKey);
  } catch (error) {
    console.warn(`Could not make ${key}: ${String(error)}`);
    return new Response(null, {
      status: 302,
      headers: { Location: `/images/${storageKey}/full.webp`, "Cache-Control": "public, max-age=300" },
    });
  }
  if (!bytes) return new Response("Not found", { status: 404 });
  const headers = imageHeaders();
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(bytes, { headers });
}
