/** The security headers of every response (hono/secure-headers), with the per-request CSP nonce; the client's IP. */
import type { Context } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./env";

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'"],
    // React writes style attributes (aspect boxes, line colours); no style can run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'self'"],
  },
  strictTransportSecurity: "max-age=31536000; includeSubDomains",
  referrerPolicy: "strict-origin-when-cross-origin",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
});

/** This request's CSP nonce (securityHeaders makes it before any handler runs). */
export const nonceOf = (c: Context<AppEnv>): string => c.get("secureHeadersNonce") ?? "";

/** CF-Connecting-IP, else the first X-Forwarded-For value (SPEC §4). */
export function clientIp(headers: Headers): string {
  return (
    headers.get("CF-Connecting-IP")?.trim() ||
    headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ||
    "0.0.0.0"
  );
}
