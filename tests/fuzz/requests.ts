/**
 * Hostile requests, one module for the short fuzz in `npm test` (tests/integration/fuzz-*.test.ts, through
 * the worker in vitest) and the long one (`npm run test:fuzz`, scripts/fuzz-test.mjs, over HTTP against the
 * production build). Platform-neutral: fast-check arbitraries and plain checks, no Workers or Node APIs.
 *
 * Parts: the API's calls (every method and path, `{id}` / `{path}` where a segment goes, the filter tables'
 * parameters with hostile values and with their own kinds' edge values, tests/filter-samples.ts), the pages (every route of shared/routes.ts), hostile methods, headers and bodies, and
 * `problems()`, which names what is wrong with an answer: a 5xx, input written into a page unescaped, a
 * redirect off the site.
 */
import fc from "fast-check";
import { LOCATION_TYPES } from "../../shared/constants";
import { APARTMENT_FIELDS } from "../../shared/filters/apartments";
import { CATALOGUE_FIELDS } from "../../shared/filters/catalogue";
import { namesOfTable } from "../../shared/filters/fields";
import { LOCATION_APIS } from "../../shared/location-types";
import { ROUTES } from "../../shared/routes";
import { filterQuery } from "../filter-samples";

// ─── The API ────────────────────────────────────────────────────────────────────────────────────────────────

/** Query parameter names the API reads: the filter tables' own (both dialects) and the other calls'. */
export const PARAM_NAMES = [
  ...new Set([
    ...namesOfTable(CATALOGUE_FIELDS, "api"),
    ...namesOfTable(CATALOGUE_FIELDS, "url"),
    ...namesOfTable(APARTMENT_FIELDS, "api"),
    "page",
    "per_page",
    "place",
    "sort",
    "sort_column",
    "sort_order",
    "search[category]",
    "search[type]",
    "search[kind]",
    "search[region_id]",
    "search[locality_id]",
    "search[city_area_id]",
    "keyword",
    "kind",
    "url",
    "has_adv_utm",
    "name",
    "type",
    "since",
  ]),
];

export const API_HOSTILE = [
  "",
  "-1",
  "0",
  "1e309",
  "NaN",
  "9".repeat(40),
  "1,2,3,x,,,-5",
  "' OR 1=1 --",
  '"; DROP TABLE residential_complexes; --',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "😀",
  "ё".repeat(300),
  "po-metro/../../x",
  "price desc",
  "price asc",
  "/",
  "//evil.example/",
];

/** Path segments as they go into a URL: hostile (percent-encoded or raw, broken escapes too), ids, slugs. */
const RAW_SEGMENTS = [
  "%ZZ",
  "%",
  "%E0%A4%A",
  "%FF%FE",
  "%C0%AF",
  "..",
  "%2e%2e",
  "%00",
  "a%20b",
  "9".repeat(20),
];
const apiSegment = fc.oneof(
  fc.constantFrom(...RAW_SEGMENTS),
  fc.constantFrom(...API_HOSTILE).map(encodeURIComponent),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: -5, max: 2_000_000 }).map(String),
  fc.stringMatching(/^[a-z0-9-]{1,16}$/),
);

const apiValue = fc.oneof(
  fc.constantFrom(...API_HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
);
export const apiQuery = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...PARAM_NAMES), fc.string({ maxLength: 12 })), apiValue), {
    maxLength: 8,
  })
  .map((pairs) => new URLSearchParams(pairs).toString());

/** Every call of the API (worker/api/*, worker/chat/routes.ts), and paths that match none. */
export const ENDPOINTS: readonly [method: string, path: string][] = [
  ["GET", "/pages"],
  ["GET", "/quizzes"],
  ["POST", "/quizzes/submit"],
  ["GET", "/quizzes/submit"],
  ["POST", "/leads"],
  ["GET", "/leads"],
  ["GET", "/main"],
  ["GET", "/main/menu"],
  ["GET", "/adverts"],
  ["GET", "/special-offers"],
  ["GET", "/search/entities-by-word"],
  ["GET", "/residential-complexes/grid"],
  ["GET", "/residential-complexes/paginate"],
  ["GET", "/residential-complexes/map-view"],
  ["GET", "/residential-complexes/completion-years"],
  ["GET", "/residential-complexes/similar/{id}"],
  ["GET", "/residential-complexes/seo-filter/{path}"],
  ["GET", "/residential-complexes/{id}/get-house-stats"],
  ["GET", "/residential-complexes/{id}"],
  ["GET", "/living-objects/grid"],
  ["GET", "/living-objects/grid-grouped"],
  ["GET", "/living-objects/by-ids"],
  ["GET", "/living-objects/{id}"],
  ...LOCATION_APIS.flatMap((k): [string, string][] => [
    ["GET", `/locations/${k}/grid`],
    ["GET", `/locations/${k}/{id}`],
  ]),
  ["GET", "/media/posts/grid"],
  ["GET", "/media/posts/{id}"],
  ["GET", "/media/posts/{id}/view"],
  ["POST", "/media/posts/{id}/view"],
  ["GET", "/media/categories/grid"],
  ["GET", "/media/categories/{id}"],
  ["GET", "/companies/grid"],
  ["GET", "/companies/{id}"],
  ["GET", "/commute/destination"],
  ["POST", "/chat/session"],
  ["GET", "/chat/operator/session"],
  ["POST", "/chat/operator/session"],
  ["DELETE", "/chat/operator/session"],
  ["GET", "/chat/operator/conversations"],
  // Paths and methods that match nothing.
  ["GET", "/{id}"],
  ["GET", "/{id}/{path}"],
  ["PUT", "/residential-complexes/{id}"],
  ["DELETE", "/media/posts/{id}"],
];

export const BODIES = [
  "",
  "{}",
  "null",
  "[]",
  "{",
  '{"quiz_id":"x","answers":{}}',
  '{"quiz_id":1,"idempotency_key":"00000000-0000-4000-8000-000000000000","answers":{},"name":"<script>alert(1)</script>","phone":"x","consent":true}',
  '{"token":""}',
  `{"token":"${"x".repeat(500)}"}`,
  "<html></html>",
  "\u0000\uffff",
];

export interface FuzzRequest {
  method: string;
  url: string;
  body?: string;
  headers?: Record<string, string>;
}

/** An API call: a base (/api/v1 or /api-dev/v1), an endpoint with its segments filled in, a query, a body. */
export const apiCall: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom("/api/v1", "/api-dev/v1"),
    fc.constantFrom(...ENDPOINTS),
    apiSegment,
    fc.array(apiSegment, { minLength: 1, maxLength: 3 }),
    fc.oneof(apiQuery, filterQuery),
    fc.constantFrom(...BODIES),
  )
  .map(([base, [method, template], id, parts, q, body]) => ({
    method,
    url: `${base}${template.replace("{id}", id).replace("{path}", parts.join("/"))}${q ? `?${q}` : ""}`,
    body: method === "GET" ? undefined : body,
  }));

/** The segments every templated endpoint is tried with: broken escapes, a dot path, a huge number. */
export const BROKEN = ["%ZZ", "%", "%E0%A4%A", "%FF%FE", "..", "9".repeat(20)];

// ─── The pages ──────────────────────────────────────────────────────────────────────────────────────────────

/** Payloads that would run if a page wrote them into its HTML unescaped. */
export const SCRIPTS = [
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "'><img src=x onerror=alert(1)>",
  "</script><script>alert(1)</script>",
  "</title><script>alert(1)</script>",
  "javascript:alert(1)//",
];
/** What must never appear raw in a page: each payload's executable part. */
export const EXECUTABLE = /<script>alert|<svg onload|<img src=x|<\/title><script>|href="javascript:/;

const PAGE_HOSTILE = [
  ...SCRIPTS,
  "..",
  "../../../../etc/passwd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%2f..%2f",
  "%00",
  "%0d%0aSet-Cookie:%20x=1",
  // Bad UTF-8: truncated, invalid lead byte, overlong «/», lone surrogate.
  "%E0%A4%A",
  "%FF%FE",
  "%C0%AF",
  "%ED%A0%80",
  "%",
  "%%32%65",
  "' OR 1=1 --",
  '"; DROP TABLE residential_complexes; --',
  "1 UNION SELECT sql FROM sqlite_master",
  "_".repeat(3000),
  "%41".repeat(1000),
  "ё".repeat(400),
  "zhk-x-99999999999",
  "zhk-x-0",
  "😀",
  "-1",
  "9".repeat(12),
];

const PREFIXES = [
  "/",
  "/novostroyki/",
  "/po-metro/",
  "/po-rajonam/",
  "/mck/",
  "/journal/",
  "/journal/ipoteka/",
  "/companies/",
  "/companies/developers/",
  "/kvartiry/",
  "/kvartiry/novostroyka/",
  "/special/",
  "/mortgage/",
  "/test-modal/",
];

const QUERY_NAMES = [
  ...namesOfTable(CATALOGUE_FIELDS, "url"),
  "page",
  "q",
  "sort",
  "korpus",
  "fp",
  "utm_source",
];

/** A path segment as it goes into a URL: hostile text percent-encoded or raw, or random text. */
const pageSegment = fc.oneof(
  fc.constantFrom(...PAGE_HOSTILE),
  fc.constantFrom(...SCRIPTS).map(encodeURIComponent),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
);
export const pagePath = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(pageSegment, { maxLength: 3 }), fc.boolean())
  .map(([prefix, parts, slash]) => `${prefix}${parts.join("/")}${slash && parts.length ? "/" : ""}`);
export const pageQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...QUERY_NAMES),
        fc.constantFrom(...PAGE_HOSTILE),
        fc.string({ maxLength: 10 }),
      ),
      fc.oneof(fc.constantFrom(...PAGE_HOSTILE), fc.string({ maxLength: 40 })),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
/** A query as typed into the address bar, unencoded. */
export const rawQuery = fc.constantFrom(...PAGE_HOSTILE);

/**
 * A path of every page type (shared/routes.ts ROUTES): each `:param` filled with a hostile segment, a slug, a
 * complex-like slug with a small id (real pages of the seed), or a location type; `*` with 0–3 segments.
 */
const paramValue = fc.oneof(
  pageSegment,
  fc.integer({ min: 1, max: 60 }).map((n) => `zhk-x-${n}`),
  fc.constantFrom(...LOCATION_TYPES, "developers", "agencies", "studii", "ipoteka"),
);
export const routePath = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.array(paramValue, { minLength: 3, maxLength: 3 }),
    fc.array(pageSegment, { maxLength: 3 }),
  )
  .map(([route, values, rest]) => {
    let i = 0;
    const filled = route.path
      .replace(/:[a-z_]+\??/g, () => values[i++] ?? "")
      .replace("*", rest.join("/"))
      .replace(/\/{2,}/g, "/");
    return `${filled.replace(/\/$/, "")}/`;
  });

/** A page's URL: a route or a prefix with hostile segments, and a hostile query (encoded or raw) or none. */
export const pageUrl = fc
  .tuple(fc.oneof(routePath, pagePath), fc.oneof(pageQuery, rawQuery, filterQuery))
  .map(([p, q]) => (q ? `${p}?${q}` : p));

/** Paths that ask for a redirect off the site. */
export const OFF_SITE = [
  "//evil.example/x",
  "//evil",
  "///evil.example/x",
  "//127.0.0.1:8080/a?b=1",
  "/\\evil.example",
];

// ─── Methods, headers, bodies ───────────────────────────────────────────────────────────────────────────────

/** The methods a client may send (fetch refuses CONNECT, TRACE and TRACK). */
const METHODS = ["GET", "GET", "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "",
  "<script>alert(1)</script>",
  "x".repeat(2000),
];

/**
 * Hostile request headers: spoofed addresses, foreign origins, broken cookies, odd content types and ranges.
 * Values stay in Latin-1 and no Upgrade header: fetch refuses to send anything else.
 */
export const hostileHeaders = fc.record(
  {
    "User-Agent": fc.constantFrom(...USER_AGENTS),
    "CF-Connecting-IP": fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom("", "not-an-ip", "<script>")),
    "X-Forwarded-For": fc.constantFrom("1.2.3.4, 5.6.7.8", "<script>", "::1", ""),
    Origin: fc.constantFrom("https://evil.example", "null", "http://localhost"),
    Cookie: fc.constantFrom(
      "d1_bookmark=<script>",
      "d1_bookmark=00000000-00000000-00000000-00000000000000000000000000000000",
      "chat_visitor=%ZZ",
      `x=${"y".repeat(4000)}`,
      "=;;=",
    ),
    Accept: fc.constantFrom("application/json", "text/html", "*/*", "image/webp", "<>"),
    "Accept-Language": fc.constantFrom("ru-RU", "en", "*", "\u00ff".repeat(10)),
    "Content-Type": fc.constantFrom(
      "application/json",
      "text/plain",
      "multipart/form-data",
      "application/x-www-form-urlencoded",
    ),
    "Cache-Control": fc.constantFrom("no-cache", "max-age=0", "only-if-cached"),
    Range: fc.constantFrom("bytes=0-10", "bytes=-1", "bytes=999999999-", "lines=1-2"),
    "If-None-Match": fc.constantFrom('"x"', "*", 'W/"<script>"'),
    "X-HTTP-Method-Override": fc.constantFrom("DELETE", "PUT"),
  },
  { requiredKeys: [] },
);

/**
 * A hostile request: an API call or a page, sometimes with another method than its own and a random body,
 * always with random hostile headers.
 */
export const hostileRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.oneof(
      apiCall,
      pageUrl.map((url): FuzzRequest => ({ method: "GET", url })),
      fc.constantFrom(...OFF_SITE).map((url): FuzzRequest => ({ method: "GET", url })),
    ),
    fc.option(fc.constantFrom(...METHODS), { freq: 4 }),
    fc.oneof(fc.constantFrom(...BODIES), fc.string({ maxLength: 200 })),
    hostileHeaders,
  )
  .map(([req, method, body, headers]) => {
    const m = method ?? req.method;
    return {
      method: m,
      url: req.url,
      headers,
      body: m === "GET" || m === "HEAD" ? undefined : (req.body ?? body),
    };
  });

// ─── Checks ─────────────────────────────────────────────────────────────────────────────────────────────────

/** The origin a Location leads to (URL.parse is not in Node 20). */
function originOf(location: string, base: string): string | null {
  try {
    return new URL(location, base).origin;
  } catch {
    return null;
  }
}

export interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  text: string;
}

/**
 * What is wrong with an answer to a request sent to `origin`: a 5xx, a page that carries a hostile payload
 * unescaped (reflected input), a redirect that leaves the site. Empty when nothing is.
 */
export function problems(origin: string, answer: Answer): ("5xx" | "reflected" | "off-site redirect")[] {
  const found: ("5xx" | "reflected" | "off-site redirect")[] = [];
  if (answer.status >= 500) found.push("5xx");
  if ((answer.headers.get("Content-Type") ?? "").startsWith("text/html") && EXECUTABLE.test(answer.text)) {
    found.push("reflected");
  }
  const location = answer.headers.get("Location");
  // Relative or absolute, a redirect must lead to this site's origin ("//evil.example" does not).
  if (location !== null && (originOf(location, origin) !== origin || /[\r\n<>"]/.test(location))) {
    found.push("off-site redirect");
  }
  return found;
}
