import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCATION_APIS } from "../../shared/locations";
import { filterQuery } from "../filter-samples";
import { HUMAN_UA } from "./helpers";

/**
 * Every API path under random and hostile input: no 5xx, never an HTML answer, every error a Russian message
 * (never valibot's English defaults, never a message in Latin letters only).
 *
 * Three parts: PARAM_NAMES (query parameter names the API reads; the filter model's names join here),
 * VALUES (what goes into them and into path segments), and ENDPOINTS (every method and path of the API, with
 * `{id}` / `{path}` where a path segment goes).
 */

/** Query parameter names the API reads (the filter table's names and the other calls' own). */
const PARAM_NAMES = [
  "page",
  "per_page",
  "sort",
  "sort_column",
  "sort_order",
  "min_price",
  "max_price",
  "min_area",
  "max_area",
  "rooms",
  "completion_year",
  "renovation",
  "otdelka",
  "developers",
  "subway_stations",
  "districts",
  "distance_type",
  "distance_time",
  "search[price][min]",
  "search[price][max]",
  "search[area][min]",
  "search[rooms]",
  "search[regions]",
  "search[localities]",
  "search[deadline]",
  "search[location]",
  "search[near]",
  "search[residential_complex_id]",
  "residential_complex_id",
  "search[houses]",
  "search[floor][min]",
  "search[category]",
  "search[type]",
  "search[kind]",
  "search[region_id]",
  "search[locality_id]",
  "search[city_area_id]",
  "keyword",
  "house_id",
  "kind",
  "url",
  "has_adv_utm",
  "name",
  "type",
  "since",
];

const HOSTILE = [
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
const segment = fc.oneof(
  fc.constantFrom(...RAW_SEGMENTS),
  fc.constantFrom(...HOSTILE).map(encodeURIComponent),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: -5, max: 2_000_000 }).map(String),
  fc.stringMatching(/^[a-z0-9-]{1,16}$/),
);

const value = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 40 }), fc.integer().map(String));
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...PARAM_NAMES), fc.string({ maxLength: 12 })), value), {
    maxLength: 8,
  })
  .map((pairs) => new URLSearchParams(pairs).toString());

/** Every call of the API (worker/api/*, worker/chat/routes.ts), and paths that match none. */
const ENDPOINTS: readonly [method: string, path: string][] = [
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
  ["GET", "/residential-complexes/map"],
  ["GET", "/residential-complexes/map-clusters"],
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

const BODIES = [
  "",
  "{}",
  "null",
  "[]",
  "{",
  '{"quiz_id":"x","answers":{}}',
  '{"token":""}',
  `{"token":"${"x".repeat(500)}"}`,
  "<html></html>",
];

/** An API call: a base (/api/v1 or /api-dev/v1), an endpoint with its segments filled in, a query, a body. */
const call = fc
  .tuple(
    fc.constantFrom("/api/v1", "/api-dev/v1"),
    fc.constantFrom(...ENDPOINTS),
    segment,
    fc.array(segment, { minLength: 1, maxLength: 3 }),
    // Random and hostile parameters, or a valid query of the filter tables (tests/filter-samples.ts).
    fc.oneof(query, filterQuery),
    fc.constantFrom(...BODIES),
  )
  .map(([base, [method, template], id, parts, q, body]) => ({
    method,
    url: `${base}${template.replace("{id}", id).replace("{path}", parts.join("/"))}${q ? `?${q}` : ""}`,
    body: method === "GET" ? undefined : body,
  }));

/** The segments every templated endpoint is tried with: broken escapes, a dot path, a huge number. */
const BROKEN = ["%ZZ", "%", "%E0%A4%A", "%FF%FE", "..", "9".repeat(20)];

/** valibot's English defaults and the shape of an English sentence. */
const ENGLISH = /Invalid (key|type|length|value|format)|Expected|Received|^[\x20-\x7e]+$/;

async function check({ method, url, body }: { method: string; url: string; body?: string }): Promise<void> {
  const res = await SELF.fetch(`http://localhost${url}`, {
    method,
    body,
    redirect: "manual",
    headers: { "User-Agent": HUMAN_UA, Origin: "http://localhost", "Content-Type": "application/json" },
  });
  const text = await res.text();
  const where = `${method} ${url}`;
  expect(res.status, where).toBeLessThan(500);
  // «/api/v1/../..» is the site's root once the URL is read: not an API path any more.
  if (!/^\/api(-dev)?\//.test(new URL(url, "http://localhost").pathname)) return;
  expect(res.headers.get("Content-Type") ?? "", where).not.toMatch(/text\/html/);
  expect(text.trimStart().startsWith("<"), where).toBe(false);
  if (res.status === 204) return;
  const json: unknown = JSON.parse(text);
  if (res.status >= 400) {
    const error = (json as { error?: unknown }).error;
    expect(typeof error, where).toBe("string");
    expect(error, where).toMatch(/\p{Script=Cyrillic}/u);
    expect(error, where).not.toMatch(ENGLISH);
  }
}

describe("every API path under random and hostile input", () => {
  it("never answers 5xx or HTML, and every error is a Russian message", async () => {
    await fc.assert(fc.asyncProperty(call, check), { numRuns: 300, seed: 20261125 });
  }, 120_000);

  it("answers each endpoint's own hostile segments and broken escapes", async () => {
    for (const [method, template] of ENDPOINTS.filter(([, t]) => t.includes("{"))) {
      for (const id of BROKEN) {
        const url = `/api/v1${template.replace("{id}", id).replace("{path}", id)}`;
        await check({ method, url, body: method === "GET" ? undefined : "{" });
      }
    }
  }, 240_000);
});
