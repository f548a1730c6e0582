/** The security headers of every response (hono/secure-headers), with the per-request CSP nonce; the client's IP. */
import type { Context } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { ANALYTICS_ORIGIN, analyticsCounter } from "./analytics";
import type { AppEnv } from "./env";

/**
 * The web-analytics counter's origin when this response loads it (configured, and not a bot), else nothing:
 * the CSP allows the counter only then (worker/analytics.ts).
 */
const analyticsSrc = (c: Context<AppEnv>): string =>
  analyticsCounter(c.env, c.get("isBot")) ? ANALYTICS_ORIGIN : "";

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    // A browser that knows 'strict-dynamic' trusts what the nonced loader adds and ignores the host.
    scriptSrc: [NONCE, "'strict-dynamic'", analyticsSrc],
    // React writes style attributes (aspect boxes, line colours); no style can run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", analyticsSrc],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", analyticsSrc],
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
