// GET /images/<key>/<size>.webp: photos and avatars from R2. Keys are chosen by the server and never reused,
// so the answer can be cached for a year. Private documents never live under these prefixes.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

const PUBLIC_KEY = /^(cars|avatars|demo)\/[A-Za-z0-9/_-]{1,200}\/(card|full|avatar)\.webp$/;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!PUBLIC_KEY.test(key) || key.includes("..")) return new Response("Not found", { status: 404 });
  const etagWanted = request.headers.get("If-None-Match");
  const object = await context.env.photos.get(
    key,
    etagWanted ? { onlyIf: { etagDoesNotMatch: etagWanted } } : undefined,
  );
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers({
    "Content-Type": "image/webp",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
  });
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
