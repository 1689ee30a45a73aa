// Headers every document carries. The full Content-Security-Policy with nonces arrives with the hardening work.
export function applySecurityHeaders(headers: Headers, isProduction: boolean) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(self)");
  if (isProduction) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
}
