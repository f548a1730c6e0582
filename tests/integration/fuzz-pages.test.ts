import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { ROUTES } from "../../shared/routes";
import { filterQuery, LONGEST_QUERIES } from "../filter-samples";
import {
  EXECUTABLE,
  pagePath as path,
  pageQuery as query,
  rawQuery,
  routePath,
  SCRIPTS,
} from "../fuzz/requests";
import { get } from "./helpers";

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
      { numRuns: inject("fuzzRuns"), seed: 20261121 },
    );
  }, 120_000);

  it("every page type (each route of shared/routes.ts) never answers 5xx, under hostile params and queries", async () => {
    await fc.assert(
      fc.asyncProperty(routePath, fc.oneof(query, rawQuery, filterQuery), async (p, q) =>
        check(q ? `${p}?${q}` : p),
      ),
      { numRuns: inject("fuzzRuns"), seed: 20261125 },
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

  it("every page type, with every list at its maximum beside every other field: no 5xx, no 200 error page", async () => {
    for (const route of ROUTES) {
      const path = `${route.path
        .replace(/:[a-z_]+\??/g, "zhk-x-1")
        .replace("*", "")
        .replace(/\/{2,}/g, "/")
        .replace(/\/$/, "")}/`;
      for (const query of LONGEST_QUERIES.url) {
        const url = `${path}?${query}`;
        const res = await get(url);
        const html = await res.text();
        expect(res.status, url).toBeLessThan(500);
        if (res.status === 200) expect(html, url).not.toContain('class="error-page');
      }
    }
  }, 240_000);

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
