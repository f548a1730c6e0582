/** Security headers of every response, with the per-request CSP nonce. */

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** `analytics`: the origin of the web-analytics counter when this response loads it, else null. */
export function contentSecurityPolicy(nonce: string, analytics: string | null = null): string {
  const extra = analytics ? ` ${analytics}` : "";
  return [
    "default-src 'self'",
    // A browser that knows 'strict-dynamic' trusts what the nonced loader adds and ignores the host.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${extra}`,
    // React writes style attributes (aspect boxes, line colours); no style can run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    "frame-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string, analytics: string | null = null): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, analytics));
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  );
  headers.set("X-Frame-Options", "SAMEORIGIN");
}

/** CF-Connecting-IP, else the first X-Forwarded-For value (SPEC §4). */
export function clientIp(headers: Headers): string {
  return (
    headers.get("CF-Connecting-IP")?.trim() ||
    headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ||
    "0.0.0.0"
  );
}
