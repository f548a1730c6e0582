/**
 * One rule for the `?page=` of every paged page (shared/routes.ts `paged`): the first page has no `page`, a
 * malformed or out-of-range one is dropped, a padded one is written plainly — each a 301 to the canonical URL,
 * the other parameters kept; a page past the last is a 404.
 */
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../shared/routes";
import { get, mainOf } from "./helpers";

/** A page of each paged route, by the route's name (a route left out fails the first test). */
const SAMPLES: Record<string, () => Promise<string>> = {
  listing: async () => "/novostroyki/",
  "by-location-type-slug": async () => "/po-metro/sokol/",
  apartments: async () => "/kvartiry/",
  "apartments-complex": async () => {
    const html = await (await get("/novostroyki/")).text();
    const slug = /href="\/novostroyki\/([a-z0-9-]+-\d+)\/"/.exec(mainOf(html))?.[1];
    return `/kvartiry/novostroyka/${slug}/`;
  },
  journal: async () => "/journal/",
  "companies-type": async () => "/companies/developers/",
};

const paged = ROUTES.filter((r) => r.paged);

describe("?page= on every paged page", () => {
  it("every paged route has a sample here", () => {
    expect(paged.map((r) => r.name).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  for (const route of paged) {
    it(`${route.name}: the first, malformed and padded pages move to the canonical URL; past the last is a 404`, async () => {
      const path = await (SAMPLES[route.name] ?? (async () => ""))();
      expect((await get(path)).status, path).toBe(200);
      const cases: [page: string, canonical: string][] = [
        ["0", path],
        ["1", path],
        ["-1", path],
        ["abc", path],
        ["1.5", path],
        ["", path],
        ["02", `${path}?page=2`],
      ];
      for (const [page, canonical] of cases) {
        for (const query of [`?page=${page}`, `?utm_source=mail&page=${page}`]) {
          const res = await get(`${path}${query}`);
          const where = `${path}${query}`;
          expect(res.status, where).toBe(301);
          const location = res.headers.get("Location") ?? "";
          const kept = query.startsWith("?utm") ? "utm_source=mail" : "";
          const expected = kept ? `${canonical}${canonical.includes("?") ? "&" : "?"}${kept}` : canonical;
          expect(new URL(location, "http://localhost").searchParams.toString(), where).toBe(
            new URL(expected, "http://localhost").searchParams.toString(),
          );
          expect(new URL(location, "http://localhost").pathname, where).toBe(path);
        }
      }
      expect((await get(`${path}?page=99999`)).status, path).toBe(404);
    }, 60_000);
  }
});
