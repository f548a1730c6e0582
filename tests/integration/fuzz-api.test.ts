import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterQuery } from "../filter-samples";
import { apiQuery as query } from "../fuzz/requests";
import { get } from "./helpers";

const ENDPOINTS = [
  "/api/v1/residential-complexes/grid",
  "/api/v1/residential-complexes/paginate",
  "/api/v1/living-objects/grid",
  "/api/v1/living-objects/grid-grouped",
  "/api/v1/search/entities-by-word",
  "/api/v1/locations/subways/grid",
  "/api/v1/residential-complexes/1/get-house-stats",
];

describe("list endpoints under random and hostile queries", () => {
  it("never answer 5xx and always answer JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), fc.oneof(query, filterQuery), async (endpoint, q) => {
        const res = await get(`${endpoint}?${q}`);
        const text = await res.text();
        expect(res.status, `${endpoint}?${q}`).toBeLessThan(500);
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 250, seed: 20261121 },
    );
  }, 60_000);
});
