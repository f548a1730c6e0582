import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCATION_TYPES } from "../../shared/constants";
import { ROUTES } from "../../shared/routes";
import { filterQuery } from "../filter-samples";
import { get } from "./helpers";

/** Payloads that would run if a page wrote them into its HTML unescaped. */
const SCRIPTS = [
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "'><img src=x onerror=alert(1)>",
  "</script><script>alert(1)</script>",
  "</title><script>alert(1)</script>",
  "javascript:alert(1)//",
];
/** What must never appear raw in a page: each payload's executable part. */
const EXECUTABLE = /<script>alert|<svg onload|<img src=x|<\/title><script>|href="javascript:/;

const HOSTILE = [
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
  "page",
  "q",
  "rooms",
  "min_price",
  "max_price",
  "otdelka",
  "sort",
  "korpus",
  "fp",
  "utm_source",
];

/** A path segment as it goes into a URL: hostile text percent-encoded or raw, or random text. */
const segment = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.constantFrom(...SCRIPTS).map(encodeURIComponent),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
);
const path = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(segment, { maxLength: 3 }), fc.boolean())
  .map(([prefix, parts, slash]) => `${prefix}${parts.join("/")}${slash && parts.length ? "/" : ""}`);
const query = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.constantFrom(...HOSTILE), fc.string({ maxLength: 10 })),
      fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 40 })),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
const rawQuery = fc.constantFrom(...HOSTILE); // As typed into the address bar, unencoded.

/**
 * A path of every page type (shared/routes.ts ROUTES): each `:param` filled with a hostile segment, a slug, a
 * complex-like slug with a small id (real pages of the seed), or a location type; `*` with 0–3 segments.
 */
const paramValue = fc.oneof(
  segment,
  fc.integer({ min: 1, max: 60 }).map((n) => `zhk-x-${n}`),
  fc.constantFrom(...LOCATION_TYPES, "developers", "agencies", "studii", "ipoteka"),
);
const routePath = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.array(paramValue, { minLength: 3, maxLength: 3 }),
    fc.array(segment, { maxLength: 3 }),
  )
  .map(([route, values, rest]) => {
    let i = 0;
    const filled = route.path
      .replace(/:[a-z_]+\??/g, () => values[i++] ?? "")
      .replace("*", rest.join("/"))
      .replace(/\/{2,}/g, "/");
    return `${filled.replace(/\/$/, "")}/`;
  });

async function check(url: string): Promise<void> {
  const res = await get(url);
  const body = await res.text();
  expect(res.status, url).toBeLessThan(500);
  if ((res.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    expect(body, url).not.toMatch(EXECUTABLE);
  }
  const location = res.headers.get("Location");
  if (location) {
    // On this site (an absolute address of its own origin or a path), nothing that breaks out of the header.
    expect(new URL(location, "http://localhost").origin, url).toBe("http://localhost");
    expect(location, url).not.toMatch(/^\/\/|[\r\n<>"]/);
  }
}

describe("page routes under random and hostile paths and queries", () => {
  it("never answer 5xx and never write the input into the page unescaped", async () => {
    await fc.assert(
      fc.asyncProperty(path, fc.oneof(query, rawQuery, filterQuery), async (p, q) =>
        check(q ? `${p}?${q}` : p),
      ),
      { numRuns: 120, seed: 20261121 },
    );
  }, 120_000);

  it("every page type (each route of shared/routes.ts) never answers 5xx, under hostile params and queries", async () => {
    await fc.assert(
      fc.asyncProperty(routePath, fc.oneof(query, rawQuery, filterQuery), async (p, q) =>
        check(q ? `${p}?${q}` : p),
      ),
      { numRuns: 150, seed: 20261125 },
    );
    // And each route at least once, with a plausible value and with a broken escape in every param.
    for (const route of ROUTES) {
      for (const v of ["zhk-x-1", "%ZZ", "%E0%A4%A"]) {
        await check(
          `${route.path
            .replace(/:[a-z_]+\??/g, v)
            .replace("*", v)
            .replace(/\/$/, "")}/?page=%ZZ`,
        );
      }
    }
  }, 180_000);

  it("escape every hostile payload on the pages that show what was searched or filtered", async () => {
    for (const payload of SCRIPTS) {
      const q = encodeURIComponent(payload);
      for (const url of [
        `/companies/developers/?q=${q}`,
        `/novostroyki/?rooms=${q}&min_price=${q}`,
        `/journal/?page=${q}`,
        `/special/?utm_source=${q}&fp=1`,
        `/novostroyki/${q}/`,
        `/po-metro/${q}/`,
      ]) {
        await check(url);
      }
    }
  }, 60_000);

  // shared/routes.ts once had a listing-path pattern that backtracked exponentially on such paths.
  it("answer a long listing path that almost matches without hanging", async () => {
    for (const tail of ["!", "/<script>", "/%FF"]) {
      await check(`/novostroyki/${"9".repeat(40)}${tail}/`);
      await check(`/novostroyki/${"a".repeat(3000)}${tail}/`);
    }
  });

  it("redirect only within this site", async () => {
    for (const url of ["//evil.example/x", "//evil", "///evil.example/x", "//127.0.0.1:8080/a?b=1"]) {
      const res = await get(url);
      expect(res.status, url).toBeLessThan(500);
      const location = res.headers.get("Location");
      if (location) {
        expect(location, url).not.toMatch(/^\/\/|^\/\\/);
        expect(new URL(location, "http://localhost").origin, url).toBe("http://localhost");
      }
    }
  });
});
