// Where to send someone after a form or a sign-in: only a path of this site. The candidate is resolved the way a
// browser resolves a Location header, against our origin, and kept only if that lands on our origin; then what we
// would answer is resolved once more, because a path can normalise into something the browser reads as another host
// ("/.//evil.example" becomes "//evil.example", a protocol-relative address). Decision 016.

/** Stands for this site: any origin works, since only "is it the same origin" is asked. */
const SITE = "https://site.invalid";
/** Another site the answer could be resolved against: a path of ours stays a path there too. */
const ELSEWHERE = "https://elsewhere.invalid/a/b";
const MAX_LENGTH = 2048;

/** A same-site path to go to after sign-in; anything else (another host, a protocol, garbage) becomes `fallback`. */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > MAX_LENGTH || !target.startsWith("/")) return fallback;
  try {
    const url = new URL(target, SITE);
    if (url.origin !== SITE) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    const again = new URL(path, SITE);
    if (again.href !== url.href || !isPathOnly(path)) return fallback;
    if (decodeURIComponent(url.pathname).toLowerCase().startsWith("/auth/")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** A path that names no host of its own: it resolves against any origin to that same origin. */
function isPathOnly(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  return new URL(path, ELSEWHERE).origin === new URL(ELSEWHERE).origin;
}
