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

/** An address as the headers write it: IPv4, or IPv6 (with a colon); anything else is left out. */
const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|(?=[0-9a-f.]*:)[0-9a-f:.]{2,45})$/i;

/** SPEC §3 root state's `ip` and `all_ips`: the page's visitor; none for a bot (no server-side start). */
export interface Visitor {
  ip: string | null;
  all_ips: string[];
}

/** Every address the request names, CF-Connecting-IP first, then the X-Forwarded-For chain, each once. */
export function visitorOf(c: Context<AppEnv>): Visitor {
  if (c.get("isBot")) return { ip: null, all_ips: [] };
  const headers = c.req.raw.headers;
  const named = [headers.get("CF-Connecting-IP"), ...(headers.get("X-Forwarded-For")?.split(",") ?? [])];
  const all_ips = [...new Set(named.map((s) => s?.trim() ?? "").filter((s) => IP.test(s)))];
  return { ip: all_ips[0] ?? null, all_ips };
}

/** The visitor as the boot data's JSON writes it (shared/boot.ts keeps the two names together, in this order). */
export const visitorJson = (v: Visitor): string =>
  JSON.stringify({ ip: v.ip, all_ips: v.all_ips }).slice(1, -1);

/** CF-Connecting-IP, else the first X-Forwarded-For value (SPEC §4). */
export function clientIp(headers: Headers): string {
  return (
    headers.get("CF-Connecting-IP")?.trim() ||
    headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ||
    "0.0.0.0"
  );
}

/**
 * Whether the visitor's screen is a phone's, as far as the request tells: Sec-CH-UA-Mobile where the browser
 * sends it (Chromium's browsers, by default), else «Mobi» in the User-Agent (MDN's advice: phones' browsers
 * say «Mobile», tablets' do not). A guess for what the server draws to a size (the map's first view): the
 * browser measures and corrects it, so a wrong guess costs a redraw, never a wrong page.
 */
export function narrowScreen(headers: Headers): boolean {
  const hint = headers.get("Sec-CH-UA-Mobile")?.trim();
  if (hint === "?1" || hint === "?0") return hint === "?1";
  return /Mobi/.test(headers.get("User-Agent") ?? "");
}
