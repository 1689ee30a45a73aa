// CSRF defence in depth beside SameSite=Lax cookies: a state-changing request must come from our own pages.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Server-to-server endpoints authenticate by signature, not by cookie; browsers never post to them. */
const SIGNED_ENDPOINTS = ["/webhooks/stripe"];

export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (SIGNED_ENDPOINTS.includes(url.pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin !== url.origin;
  if (origin === "null") return true;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  // Neither header: not a modern browser's request, so it carries no ambient cookie risk worth refusing.
  return false;
}
