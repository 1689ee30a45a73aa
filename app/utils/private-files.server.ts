// How a private file is answered (identity documents, trip photos): never kept by a shared cache, never sniffed into
// something else, run in no origin of ours (a sandbox CSP), its address sent nowhere; guests go to sign in first.
import { redirect } from "@remix-run/cloudflare";

export const PRIVATE_FILE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox",
  "Referrer-Policy": "no-referrer",
};

/** 403 to someone who may not see the file, 404 when there is none: plain text, with the private headers. */
export function refusePrivateFile(status: 403 | 404) {
  return new Response(status === 403 ? "Forbidden" : "Not found", {
    status,
    headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A guest asking for a private file: to sign in, and back to the file after it. */
export function signInForPrivateFile(request: Request) {
  const path = new URL(request.url).pathname;
  return redirect(`/auth/signin?redirectTo=${encodeURIComponent(path)}`, { headers: PRIVATE_FILE_HEADERS });
}
