import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterQuery } from "../filter-samples";
import { get } from "./helpers";

const NAMES = [
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
  "search[houses]",
  "search[floor][min]",
  "keyword",
  "house_id",
  "kind",
  "search[region_id]",
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
];

const value = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 40 }), fc.integer().map(String));
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })), value), { maxLength: 8 })
  .map((pairs) => new URLSearchParams(pairs).toString());

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
