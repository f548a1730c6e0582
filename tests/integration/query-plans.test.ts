import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SORTS } from "../../shared/constants";
import type { ApartmentQuery } from "../../shared/filters/apartments";
import type { CatalogueFilter, ListQuery } from "../../shared/filters/catalogue";
import { facetColumnsSql } from "../../worker/db/queries/aggregates";
import {
  countComplexesSql,
  listComplexesSql,
  listMapPointsSql,
  NEAREST_DISTANCES_SQL,
} from "../../worker/db/queries/complexes";
import { countApartmentsSql, listApartmentsSql } from "../../worker/db/queries/living-objects";

/**
 * Every listing and count query is answered from an index: no plan line scans a table without one. The
 * planner has no statistics (no ANALYZE), so these plans are the same on the small test seed and at scale 10;
 * `npm run bench` measures the queries on the large seed.
 */
async function plan(sql: string, params: (string | number)[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/** A scan of a table without an index (a bound id list read through json_each is not a table). */
function fullScans(lines: string[]): string[] {
  return lines.filter(
    (l) =>
      /^SCAN /.test(l) &&
      !/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|^SCAN json_each VIRTUAL TABLE|^SCAN CONSTANT ROW$/.test(
        l,
      ),
  );
}

const FILTERS: [string, CatalogueFilter][] = [
  ["none", {}],
  ["region", { regions: [1] }],
  ["price", { price: { min: 5_000_000, max: 9_000_000 } }],
  ["payment", { payment: { max: 120_000 } }],
  ["rooms + area", { rooms: [1, 2], area: { min: 40 } }],
  ["otdelka", { otdelka: [3] }],
  ["otdelka + price", { otdelka: [3], price: { max: 10_000_000 } }],
  ["station", { subway_stations: [1, 2] }],
  ["distance", { distance_type: 1, distance_time: 10 }],
  ["deadline", { deadline: [0, 2027] }],
  ["class + stage + type", { build_class: [3], build_stage: [2], build_type: [1] }],
  ["developer", { developers: [1] }],
  ["district", { districts: [5] }],
  ["locality", { localities: [2] }],
  ["near МЦК", { near: "mcc" }],
  ["investment", { investment: true }],
  ["no deadline moves", { no_moves: true }],
  ["low risk + rooms", { low_risk: true, rooms: [2] }],
  ["no moves + low risk + region", { no_moves: true, low_risk: true, regions: [1] }],
  [
    "everything",
    { regions: [1], rooms: [2], price: { min: 1, max: 2e7 }, subway_stations: [3], build_class: [2] },
  ],
  ["ids", { ids: [3, 1, 2] }],
  ["ids + price", { ids: [3, 1, 2], price: { max: 2e7 } }],
  // Each shape of the apartments' and stations' tests (complexWhere; docs/decisions/0002-counts-at-scale.md).
  ["rooms", { rooms: [2] }],
  ["rooms + otdelka", { rooms: [1, 2], otdelka: [3] }],
  ["price on bucket edges", { price: { min: 8_000_000, max: 14_000_000 } }],
  ["price off the edges", { price: { min: 8_100_000, max: 14_100_000 } }],
  ["area", { area: { min: 40, max: 60 } }],
  ["payment + price", { payment: { max: 150_000 }, price: { min: 6_000_000 } }],
  ["rooms + price", { rooms: [2], price: { max: 12_000_000 } }],
  ["otdelka + area", { otdelka: [1], area: { max: 45 } }],
  ["rooms + otdelka + price", { rooms: [1], otdelka: [3], price: { max: 13_000_000 } }],
  ["price + area", { price: { max: 15_000_000 }, area: { min: 50 } }],
  ["on foot", { distance_type: 1, distance_time: 3 }],
  ["by transport", { distance_type: 2, distance_time: 2 }],
  ["time alone", { distance_time: 1 }],
  ["station on foot", { subway_stations: [1], distance_type: 1, distance_time: 2 }],
];

/** Filters whose complexes come from a set of ids (named, or a station's): sorting those few is the plan. */
const fromIdSet = (filter: CatalogueFilter) => !!(filter.ids?.length || filter.subway_stations?.length);

describe("query plans", () => {
  it("would notice a full scan", async () => {
    expect(
      fullScans(await plan("SELECT id, plan FROM living_objects WHERE area_living > ?1", [5])),
    ).toHaveLength(1);
  });

  it.each(FILTERS)("complex list and count with %s use indexes", async (_name, filter) => {
    for (const sort of SORTS) {
      const q: ListQuery = { filter, page: 3, perPage: 25, sort };
      const list = listComplexesSql(q);
      expect(fullScans(await plan(list.sql, list.params)), list.sql).toEqual([]);
    }
    const count = countComplexesSql(filter);
    expect(fullScans(await plan(count.sql, count.params)), count.sql).toEqual([]);
  });

  it.each(FILTERS)(
    "the count with %s reads one covering index of the complexes (or their id set), never an apartment index but a complex's own",
    async (_name, filter) => {
      const count = countComplexesSql(filter);
      const lines = await plan(count.sql, count.params);
      const rc = lines.filter((l) => /^(SEARCH|SCAN) rc\b/.test(l));
      expect(rc, lines.join("\n")).toHaveLength(1);
      // A developer's complexes are sought by migration 0020's (developer, published, finished) index.
      if (!fromIdSet(filter))
        expect(rc[0], lines.join("\n")).toMatch(
          /^SEARCH rc USING COVERING INDEX (rc_\w+ \(is_published=\?|rc_developer_published \(developer_id=\? AND is_published=\?)/,
        );
      // Apartments are only ever looked up within one complex (an edge bucket, or several ranges).
      for (const l of lines.filter((x) => /^(SEARCH|SCAN) lo\b/.test(x)))
        expect(l, lines.join("\n")).toMatch(
          /^SEARCH lo USING (COVERING )?INDEX lo_complex(_price)? \(complex_id=\? AND status=\?/,
        );
      expect(lines.join("\n")).not.toMatch(/TEMP B-TREE/);
    },
  );

  it.each(FILTERS)(
    "a page with %s in every sort walks the sort's index, testing the filter on its entries (no sort apart)",
    async (_name, filter) => {
      for (const sort of SORTS) {
        const q = listComplexesSql({ filter, page: 2, perPage: 25, sort });
        const lines = await plan(q.sql, q.params);
        if (fromIdSet(filter)) continue;
        // The sort's own index, or in price order a place's, a class's or a developer's (x, min_price).
        expect(lines.join("\n"), sort).toMatch(
          /^SEARCH rc USING INDEX rc_\w+ \((is_published|class|\w+_id)=\?\)$/m,
        );
        expect(lines.join("\n"), sort).not.toMatch(/TEMP B-TREE/);
      }
    },
  );

  it.each([
    ["price desc", "rc_price"],
    ["price asc", "rc_price"],
    ["price_m2 asc", "rc_price_m2"],
    ["deadline asc", "rc_deadline_soon"],
    ["area desc", "rc_area"],
    ["metro asc", "rc_station_rank"],
    ["new desc", "rc_newest"],
    ["readiness desc", "rc_readiness"],
  ] as const)(
    "the catalogue sorted by %s is read in order from %s, never sorted apart",
    async (sort, index) => {
      const q = listComplexesSql({ filter: {}, page: 2, perPage: 25, sort });
      const lines = await plan(q.sql, q.params);
      expect(lines.join("\n")).toContain(`rc USING INDEX ${index} (is_published=?)`);
      expect(lines.join("\n")).not.toMatch(/TEMP B-TREE/);
    },
  );

  it.each(FILTERS)(
    "the map's points with %s read the complexes in id order, the rest by index",
    async (_name, filter) => {
      // The map reads every complex of the filter: the table itself in id order (or the filter's index), not
      // the price index, and each complex's nearest station as the first row of complex_stations_nearest.
      const map = listMapPointsSql(filter);
      const lines = await plan(map.sql, map.params);
      expect(
        fullScans(lines).filter((l) => l !== "SCAN rc"),
        map.sql,
      ).toEqual([]);
      expect(lines.join("\n")).not.toMatch(/rc USING INDEX rc_price/);
      expect(lines).toContain("SEARCH cs USING COVERING INDEX complex_stations_nearest (complex_id=?)");
    },
  );

  it("reads a shown card's stations and room types by seeks within its complex, never a scan", async () => {
    const q = listComplexesSql({ filter: { rooms: [2] }, page: 2, perPage: 12, sort: "price desc" });
    const lines = await plan(q.sql, q.params);
    expect(fullScans(lines), lines.join("\n")).toEqual([]);
    expect(lines).toContain("SEARCH card_cs USING PRIMARY KEY (complex_id=?)");
    expect(lines).toContain("SEARCH card_s USING INTEGER PRIMARY KEY (rowid=?)");
    expect(lines).toContain("SEARCH card_l USING INTEGER PRIMARY KEY (rowid=?)");
    expect(lines).toContain("SEARCH card_rs USING PRIMARY KEY (complex_id=?)");
  });

  it("finds the complexes near a kind of station by their near_mask, without reading their stations", async () => {
    // Through complex_stations_distance the EXISTS walked every walk within 15 minutes for each complex, and
    // even each complex's own stations grew with the catalogue.
    for (const q of [
      countComplexesSql({ near: "mcc" }),
      listComplexesSql({ filter: { near: "metro" }, page: 1, perPage: 12, sort: "price desc" }),
    ]) {
      const lines = await plan(q.sql, q.params);
      expect(
        lines.filter((l) => /\b(cs|s)\b/.test(l)),
        lines.join("\n"),
      ).toEqual([]);
      expect(q.sql).toContain("rc.near_mask");
    }
  });

  it("looks complexes up by id when the filter names them, not through the catalogue's price index", async () => {
    for (const sql of [
      listComplexesSql({ filter: { ids: [1, 2] }, page: 1, perPage: 100, sort: "price desc" }),
      countComplexesSql({ ids: [1, 2] }),
      listMapPointsSql({ ids: [1, 2] }),
    ]) {
      const lines = await plan(sql.sql, sql.params);
      expect(
        lines.some((l) => /^SEARCH rc USING INTEGER PRIMARY KEY/.test(l)),
        lines.join("\n"),
      ).toBe(true);
    }
  });

  const APARTMENTS: [string, ApartmentQuery["filter"]][] = [
    ["a complex", { complex: 1 }],
    ["a complex and rooms", { complex: 1, rooms: [2], price: { max: 1e7 } }],
    ["a complex by area", { complex: 1, area: { min: 40, max: 60 } }],
    ["a complex by rooms and area", { complex: 1, rooms: [2], area: { min: 40 } }],
    ["a house", { complex: 1, houses: [1], floor: { min: 3 } }],
    ["the whole catalogue", {}],
    ["the whole catalogue by rooms", { rooms: [0] }],
    ["the whole catalogue by area", { area: { min: 40, max: 60 } }],
    ["the whole catalogue by price", { price: { max: 12_000_000 } }],
    ["the whole catalogue by rooms and area", { rooms: [1], area: { min: 35 } }],
    ["the whole catalogue by finishing", { otdelka: [3] }],
    ["the whole catalogue by floor and price", { floor: { min: 5 }, price: { min: 8e6, max: 14e6 } }],
  ];

  it.each(APARTMENTS.filter(([, f]) => f.complex === undefined))(
    "the whole catalogue's apartments with %s: the count reads one index alone, a page walks its sort's index (no sort apart)",
    async (_name, filter) => {
      // At scale 10 a count by area, finishing or floor read every apartment on sale from the table (1,7 s), and
      // a page sorted by a field the filter's range was not on sorted every apartment in the range (2,3 s).
      const count = countApartmentsSql(filter);
      const countPlan = await plan(count.sql, count.params);
      // One index of the apartments alone; the unpublished complexes' apartments, taken away, complex by complex.
      const lo = countPlan.filter((l) => /^(SEARCH|SCAN) lo\b/.test(l));
      expect(lo, countPlan.join("\n")).toHaveLength(2);
      expect(lo[0]).toMatch(/^SEARCH lo USING COVERING INDEX lo_sale_(price|rooms|area) \(status=\?/);
      expect(lo[1]).toMatch(/^SEARCH lo USING (COVERING )?INDEX lo_complex \(complex_id=\?/);
      expect(fullScans(countPlan), countPlan.join("\n")).toEqual([]);
      for (const [sort, index] of [
        ["price asc", "lo_sale_price"],
        ["price desc", "lo_sale_price"],
        ["area asc", "lo_sale_area"],
        ["area desc", "lo_sale_area"],
      ] as const) {
        const list = listApartmentsSql({ filter, page: 3, perPage: 20, sort });
        const lines = (await plan(list.sql, list.params)).join("\n");
        expect(lines, sort).toMatch(new RegExp(`^SEARCH lo USING INDEX ${index} \\(status=\\?`, "m"));
        // Equal prices or areas are put in id order among themselves, nothing more.
        expect(lines, sort).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      }
    },
  );
  it.each(APARTMENTS)("apartment list and count for %s use indexes", async (_name, filter) => {
    // One complex's apartments are read by complex (or house), never by walking an index of the whole catalogue.
    const byComplex = /^SEARCH lo USING .*INDEX \w+ \((complex|house)_id=\?/;
    const expectByComplex = (lines: string[]) => {
      const lo = lines.filter((l) => /^(SEARCH|SCAN) lo\b/.test(l));
      expect(lo.length, lines.join("\n")).toBeGreaterThan(0);
      for (const l of lo) expect(l, lines.join("\n")).toMatch(byComplex);
    };
    for (const sort of ["price asc", "price desc", "area asc", "area desc"] as const) {
      const q: ApartmentQuery = { filter, page: 2, perPage: 20, sort };
      const list = listApartmentsSql(q);
      const lines = await plan(list.sql, list.params);
      expect(fullScans(lines), list.sql).toEqual([]);
      if (filter.complex !== undefined) expectByComplex(lines);
    }
    const count = countApartmentsSql(filter);
    const countPlan = await plan(count.sql, count.params);
    expect(fullScans(countPlan), count.sql).toEqual([]);
    if (filter.complex !== undefined) expectByComplex(countPlan);
  });

  it("refreshes a complex's facet columns from its own apartments, not from an index of the whole catalogue", async () => {
    // With the complex in lo_sale_* (an earlier migration 0017) the masks read every apartment on sale.
    const lines = await plan(`UPDATE residential_complexes SET ${facetColumnsSql("?1")} WHERE id = ?1`, [1]);
    const lo = lines.filter((l) => /^(SEARCH|SCAN) lo\b/.test(l));
    expect(lo.length, lines.join("\n")).toBe(6);
    for (const l of lo)
      expect(l, lines.join("\n")).toMatch(/^SEARCH lo USING (COVERING )?INDEX lo_complex\w* \(complex_id=\?/);
  });

  it("finds the nearest station by each way from the distance index, a few entries, not every station", async () => {
    const lines = await plan(NEAREST_DISTANCES_SQL, ["[1,2]"]);
    expect(fullScans(lines), lines.join("\n")).toEqual([]);
    expect(lines.join("\n")).toMatch(
      /SEARCH cs USING (COVERING )?INDEX complex_stations_distance \(distance_type=\?/,
    );
    expect(lines.join("\n")).not.toMatch(/TEMP B-TREE/);
  });
});
