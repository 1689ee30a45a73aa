// Headers every document carries, among them a Content Security Policy with a fresh nonce per response: the only
// inline scripts that run are the ones this response marked with it (Remix's <Scripts>, <ScrollRestoration>, React's
// streaming); script files come from this origin only (not 'strict-dynamic': see decision 014). Styles may be inline (style attributes, Leaflet's positioning);
// images come from here, data/blob URLs (previews) and OpenStreetMap's tiles; connections go here, to blob URLs (the
// browser-side photo downsizing) and to the PartyKit host.
// Forms post here, or to Stripe Checkout (a booking's form is answered by a redirect there).

export interface SecurityOptions {
  isProduction: boolean;
  nonce: string;
  /** PartyKit's host (`name.user.partykit.dev`, `127.0.0.1:1999`), or null when live rooms are off. */
  partykitHost: string | null;
}

/** 128 random bits, base64: a CSP nonce for one response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/=]+)'/;

/**
 * The same document with a nonce of its own. An edge-cached page was rendered once with one nonce; served as it is,
 * every visitor would get that nonce and an attacker could read it from their own copy. So each cached answer gets a
 * fresh one on its way out: in the policy, and wherever the old one stands in the markup (the nonce attributes of
 * the scripts; 128 random bits cannot occur by chance anywhere else). The body streams through (decision 017).
 */
export function withFreshNonce(response: Response): Response {
  const policy = response.headers.get("Content-Security-Policy");
  const old = policy?.match(NONCE_IN_POLICY)?.[1];
  if (!policy || !old) return response;
  const nonce = createNonce();
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", policy.replaceAll(`'nonce-${old}'`, `'nonce-${nonce}'`));
  headers.delete("Content-Length");
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!response.body) return new Response(null, init);
  // In the Worker, the runtime's own streaming HTML rewriter (native, no bytes through JavaScript); elsewhere (the
  // unit tests, Node) the same replacement in a JS stream.
  if (typeof HTMLRewriter !== "undefined") {
    const rewriter = new HTMLRewriter().on("[nonce]", {
      element(element) {
        if (element.getAttribute("nonce") === old) element.setAttribute("nonce", nonce);
      },
    });
    return rewriter.transform(new Response(response.body, init));
  }
  return new Response(replaceInStream(response.body, old, nonce), init);
}

/**
 * Every `from` in a stream replaced by `to`, also where a chunk boundary splits it. Both are ASCII of the same length
 * (two nonces), so the bytes are patched in place, never decoded: a cached page costs a native scan, not a re-encode.
 */
export function replaceInStream(
  body: ReadableStream<Uint8Array>,
  from: string,
  to: string,
): ReadableStream<Uint8Array> {
  const target = new TextEncoder().encode(from);
  const replacement = new TextEncoder().encode(to);
  if (target.length !== replacement.length || target.length === 0) throw new Error("Replacements must be as long");
  let carry = new Uint8Array(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const bytes = new Uint8Array(carry.length + chunk.length);
        bytes.set(carry);
        bytes.set(chunk, carry.length);
        const end = patch(bytes, target, replacement);
        // Hold back a tail that could be the start of a match, unless a whole match ends inside it.
        const cut = Math.max(end, bytes.length - (target.length - 1), 0);
        carry = bytes.slice(cut);
        if (cut > 0) controller.enqueue(bytes.subarray(0, cut));
      },
      flush(controller) {
        if (carry.length) controller.enqueue(carry);
      },
    }),
  );
}

/** Overwrites every whole match in place; returns where the last one ended (0 if none). */
function patch(bytes: Uint8Array, target: Uint8Array, replacement: Uint8Array): number {
  let end = 0;
  for (let at = bytes.indexOf(target[0]!); at !== -1 && at + target.length <= bytes.length;) {
    let same = true;
    for (let i = 1; i < target.length && same; i++) same = bytes[at + i] === target[i];
    if (same) {
      bytes.set(replacement, at);
      end = at + target.length;
    }
    at = bytes.indexOf(target[0]!, same ? end : at + 1);
  }
  return end;
}

export function contentSecurityPolicy({ isProduction, nonce, partykitHost }: SecurityOptions): string {
  const sockets = partykitHost ? [`wss://${partykitHost}`, ...(isProduction ? [] : [`ws://${partykitHost}`])] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://tile.openstreetmap.org"],
    "font-src": ["'self'"],
    // blob: — the photo downsizing in the browser reads the picked file back through a blob URL.
    "connect-src": ["'self'", "blob:", ...sockets],
    "form-action": ["'self'", "https://checkout.stripe.com"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (isProduction) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

export function applySecurityHeaders(headers: Headers, options: SecurityOptions) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(options));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(self)");
  if (options.isProduction) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
}
