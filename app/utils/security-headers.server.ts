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
