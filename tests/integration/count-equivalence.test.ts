/**
 * The catalogue's count and page, answered from the complexes' facet columns (migration 0015), equal the plain
 * SQL of the filter (tests/catalogue-oracle.ts) for every filter set here: each shape the count takes (room types
 * and finishing, one range on or off its buckets' edges, several ranges, stations, distances, the rest), a
 * few hundred random filters of the filter model, and after a writer changed apartments. `npm run bench` runs
 * the same comparison on the scale-10 catalogue.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SORTS } from "../../shared/constants";
import type { ApartmentFilter } from "../../shared/filters/apartments";
import { type CatalogueFilter, DISTANCE_MINUTES } from "../../shared/filters/catalogue";
import { moscowQuarter } from "../../shared/format";
import { LOCATION_APIS } from "../../shared/location-types";
import { refreshAggregates } from "../../worker/db/queries/aggregates";
import type { Param } from "../../worker/db/queries/bind";
import { countComplexes, countTotal, listComplexesSql } from "../../worker/db/queries/complexes";
import { apartmentWhere, countApartments, listApartmentsSql } from "../../worker/db/queries/living-objects";
import { getLocation, listLocations } from "../../worker/db/queries/locations";
import { Random } from "../../worker/db/seed/prng";
import { directCountSql, directPageSql } from "../catalogue-oracle";
import { randomFilter } from "../load/count-calls";

async function ids(q: { sql: string; params: Param[] }): Promise<number[]> {
  const { results } = await env.DB.prepare(q.sql)
    .bind(...q.params)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** The count and the first page in one sort equal the plain SQL's; answers the count. */
async function expectExact(filter: CatalogueFilter, sort: (typeof SORTS)[number] = "price desc") {
  const expected = await countTotal(env.DB, directCountSql(filter));
  expect(await countComplexes(env.DB, filter), JSON.stringify(filter)).toBe(expected);
  const q = { filter, page: 1, perPage: 25, sort };
  expect(await ids(listComplexesSql(q)), `${JSON.stringify(filter)} ${sort}`).toEqual(
    await ids(directPageSql(q)),
  );
  return expected;
}

/** An apartment on sale (its complex, price, area, rooms and finishing): a range around it holds it alone. */
let flat: { complex_id: number; price: number; area_total: number; rooms: number; otdelka: number };
let station: number;
/** A complex whose nearest walk takes exactly a time of the distance filter (its code), and one by transport. */
const exactly: Record<1 | 2, { complex_id: number; code: number }> = {
  1: { complex_id: 0, code: 0 },
  2: { complex_id: 0, code: 0 },
};

beforeAll(async () => {
  const row = await env.DB.prepare(
    "SELECT complex_id, price, area_total, rooms, otdelka FROM living_objects WHERE status = 1 ORDER BY id LIMIT 1 OFFSET 7",
  ).first<typeof flat>();
  const near = await env.DB.prepare(
    "SELECT station_id AS id FROM complex_stations GROUP BY station_id ORDER BY count(*) DESC LIMIT 1",
  ).first<{ id: number }>();
  if (!row || !near) throw new Error("the seed has no apartments or stations");
  flat = row;
  station = near.id;
  for (const type of [1, 2] as const) {
    const walk = await env.DB.prepare(
      `SELECT complex_id, min(minutes) AS minutes FROM complex_stations WHERE distance_type = ?1
       GROUP BY complex_id HAVING min(minutes) IN (${Object.values(DISTANCE_MINUTES).join(", ")}) LIMIT 1`,
    )
      .bind(type)
      .first<{ complex_id: number; minutes: number }>();
    const code = Object.entries(DISTANCE_MINUTES).find(([, m]) => m === walk?.minutes)?.[0];
    if (!walk || !code)
      throw new Error("the seed has no complex whose nearest station is a time of the filter");
    exactly[type] = { complex_id: walk.complex_id, code: Number(code) };
  }
});

const year = moscowQuarter(new Date()).year;

/** The count's shapes: each way complexWhere answers a field or a set of fields. */
const SHAPES: [string, () => CatalogueFilter][] = [
  ["no filter", () => ({})],
  ["room types (room_finish_mask)", () => ({ rooms: [2] })],
  ["every room type", () => ({ rooms: [-1, 0, 1, 2, 3, 4, 5] })],
  ["finishing", () => ({ otdelka: [3] })],
  ["room types and finishing", () => ({ rooms: [1, 2], otdelka: [3] })],
  ["Moscow, 1–2 rooms, finished", () => ({ regions: [1], rooms: [1, 2], otdelka: [3] })],
  ["price on bucket edges", () => ({ price: { min: 8_000_000, max: 14_000_000 } })],
  ["price off the edges", () => ({ price: { min: 8_000_000, max: 14_100_000 } })],
  ["price from", () => ({ price: { min: 12_345_678 } })],
  ["price up to", () => ({ price: { max: 9_999_999 } })],
  ["one apartment's price (inside one bucket)", () => ({ price: { min: flat.price, max: flat.price } })],
  ["area on edges", () => ({ area: { min: 40, max: 60 } })],
  ["area off the edges", () => ({ area: { min: 41.5, max: 63.3 } })],
  ["one apartment's area", () => ({ area: { min: flat.area_total, max: flat.area_total } })],
  ["payment", () => ({ payment: { max: 120_000 } })],
  ["payment and price", () => ({ payment: { max: 150_000 }, price: { min: 6_000_000 } })],
  ["room types and price", () => ({ rooms: [2], price: { max: 12_000_000 } })],
  ["room types and area", () => ({ rooms: [1, 2], area: { min: 40 } })],
  ["finishing and price", () => ({ otdelka: [3], price: { max: 10_000_000 } })],
  ["price and area", () => ({ price: { max: 15_000_000 }, area: { min: 50 } })],
  ["finishing and area", () => ({ otdelka: [1], area: { max: 45 } })],
  ["room types, finishing and price", () => ({ rooms: [1], otdelka: [3], price: { max: 13_000_000 } })],
  [
    "one apartment's room type and price",
    () => ({ rooms: [flat.rooms], price: { min: flat.price, max: flat.price } }),
  ],
  [
    "one apartment's finishing and price",
    () => ({ otdelka: [flat.otdelka], price: { min: flat.price, max: flat.price } }),
  ],
  [
    "one apartment's room type and area",
    () => ({ rooms: [flat.rooms], area: { min: flat.area_total, max: flat.area_total } }),
  ],
  [
    "one apartment exactly",
    () => ({
      rooms: [flat.rooms],
      otdelka: [flat.otdelka],
      price: { min: flat.price, max: flat.price },
      area: { min: flat.area_total, max: flat.area_total },
    }),
  ],
  ["a station", () => ({ subway_stations: [station] })],
  ["a station on foot", () => ({ subway_stations: [station], distance_type: 1, distance_time: 3 })],
  ["on foot up to 15 minutes, finished", () => ({ distance_type: 1, distance_time: 3, deadline: [0] })],
  ["on foot, any time", () => ({ distance_type: 1 })],
  ["by transport up to 10 minutes", () => ({ distance_type: 2, distance_time: 2 })],
  ["up to 5 minutes, either way", () => ({ distance_time: 1 })],
  ["near the МЦК", () => ({ near: "mcc" })],
  ["near the metro, 2 rooms", () => ({ near: "metro", rooms: [2] })],
  ["deadline this year (overdue included)", () => ({ deadline: [year] })],
  ["investment", () => ({ investment: true })],
  ["no deadline moves (construction_mask)", () => ({ no_moves: true })],
  ["low risk of delay (construction_mask)", () => ({ low_risk: true })],
  [
    "no moves, low risk, 1 room, a price",
    () => ({ no_moves: true, low_risk: true, rooms: [1], price: { max: 15_000_000 } }),
  ],
  ["developer", () => ({ developers: [1, 2] })],
  ["ids and price", () => ({ ids: [3, 1, 2, 40], price: { max: 20_000_000 } })],
  [
    "class, stage, type, parking",
    () => ({ build_class: [2, 3], build_stage: [2], build_type: [1], parking: [1] }),
  ],
  [
    "everything",
    () => ({
      regions: [1],
      rooms: [2],
      otdelka: [1, 3],
      price: { min: 5_500_000, max: 25_000_000 },
      area: { max: 80 },
      distance_type: 1,
      distance_time: 4,
      build_class: [2, 3],
    }),
  ],
];

describe("the catalogue's count equals the plain SQL count", () => {
  it.each(SHAPES)("%s", async (_name, filter) => {
    await expectExact(filter());
  });

  it("finds the complex of an apartment whose price and area are inside one bucket each", async () => {
    // Nothing but the edge's lookup can find it: no bucket lies inside a one-value range.
    for (const [, shape] of SHAPES.filter(([name]) => name.startsWith("one apartment"))) {
      const filter = shape();
      expect(await expectExact(filter), JSON.stringify(filter)).toBeGreaterThan(0);
      const page = await ids(listComplexesSql({ filter, page: 1, perPage: 100, sort: "price asc" }));
      expect(page).toContain(flat.complex_id);
    }
  });

  it("finds a complex whose nearest station is exactly the time asked for", async () => {
    for (const type of [1, 2] as const) {
      const { complex_id, code } = exactly[type];
      const filter = { ids: [complex_id], distance_type: type, distance_time: code };
      expect(await expectExact(filter), JSON.stringify(filter)).toBe(1);
      expect(await expectExact({ distance_type: type, distance_time: code })).toBeGreaterThan(0);
    }
  });

  it("for 400 random filters of the filter model, in every sort", async () => {
    const random = new Random(20);
    const next = () => random.next();
    let found = 0;
    for (let i = 0; i < 400; i++) {
      const filter = randomFilter(next);
      if (await expectExact(filter, SORTS[i % SORTS.length])) found++;
    }
    // Random filters that all found nothing would prove little.
    expect(found).toBeGreaterThan(100);
  }, 60_000);

  it("after a writer changed apartments and refreshed the aggregates", async () => {
    // The flat leaves its bucket and its complex's other apartments leave the sale: the facet columns follow.
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE living_objects SET status = 3 WHERE complex_id = ?1 AND status = 1 AND id <> ?2",
      ).bind(flat.complex_id, await firstFlatId()),
      env.DB.prepare(
        "UPDATE living_objects SET price = 77777777, area_total = 333.3, otdelka = 4 WHERE id = ?1",
      ).bind(await firstFlatId()),
    ]);
    await refreshAggregates(env.DB, [flat.complex_id]);
    for (const filter of [
      { price: { min: flat.price, max: flat.price } },
      { price: { min: 77_777_777, max: 77_777_777 } },
      { area: { min: 333, max: 334 } },
      { rooms: [flat.rooms], otdelka: [4] },
      { otdelka: [flat.otdelka] },
      { ids: [flat.complex_id], price: { max: 70_000_000 } },
    ] satisfies CatalogueFilter[])
      await expectExact(filter);
    expect(await countComplexes(env.DB, { ids: [flat.complex_id], price: { min: 77_777_777 } })).toBe(1);
  });

  it("after a complex's stations changed (near_mask and station_rank follow through their triggers)", async () => {
    const mcc = await env.DB.prepare(
      "SELECT id FROM subway_stations WHERE kind = 'mcc' ORDER BY id LIMIT 1",
    ).first<{
      id: number;
    }>();
    const other = await env.DB.prepare(
      "SELECT complex_id AS id FROM complex_stations WHERE complex_id <> ?1 AND distance_type = 1 ORDER BY complex_id LIMIT 1",
    )
      .bind(flat.complex_id)
      .first<{ id: number }>();
    if (!mcc || !other) throw new Error("the seed has no МЦК station or no complex near a station");
    const before = await countComplexes(env.DB, { near: "mcc" });
    // A complex gains a walk of 4 minutes to the МЦК; another loses all its stations.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO complex_stations (complex_id, station_id, distance_type, minutes) VALUES (?1, ?2, 1, 4)
         ON CONFLICT (complex_id, station_id) DO UPDATE SET distance_type = 1, minutes = 4`,
      ).bind(flat.complex_id, mcc.id),
      env.DB.prepare("DELETE FROM complex_stations WHERE complex_id = ?1").bind(other.id),
    ]);
    for (const filter of [
      { near: "mcc" },
      { near: "metro" },
      { distance_type: 1, distance_time: 1 },
      { ids: [flat.complex_id, other.id], distance_type: 1 },
    ] satisfies CatalogueFilter[])
      await expectExact(filter);
    expect(await countComplexes(env.DB, { ids: [flat.complex_id], near: "mcc" })).toBe(1);
    expect(await countComplexes(env.DB, { ids: [other.id], distance_type: 1 })).toBe(0);
    expect(await countComplexes(env.DB, { near: "mcc" })).toBeGreaterThanOrEqual(before);
  });
});

async function firstFlatId(): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT id FROM living_objects WHERE complex_id = ?1 AND price = ?2 AND area_total = ?3 ORDER BY id LIMIT 1",
  )
    .bind(flat.complex_id, flat.price, flat.area_total)
    .first<{ id: number }>();
  if (!row) throw new Error("the flat is gone");
  return row.id;
}

describe("the locations' counts equal the plain SQL count of their published complexes", () => {
  const direct: Record<(typeof LOCATION_APIS)[number], string> = {
    subways:
      "SELECT count(*) AS n FROM residential_complexes rc WHERE rc.is_published = 1 AND rc.id IN (SELECT complex_id FROM complex_stations WHERE station_id = ?1)",
    districts: "SELECT count(*) AS n FROM residential_complexes WHERE is_published = 1 AND district_id = ?1",
    highways: "SELECT count(*) AS n FROM residential_complexes WHERE is_published = 1 AND highway_id = ?1",
    localities: "SELECT count(*) AS n FROM residential_complexes WHERE is_published = 1 AND locality_id = ?1",
    regions: "SELECT count(*) AS n FROM residential_complexes WHERE is_published = 1 AND region_id = ?1",
    "city-areas":
      "SELECT count(*) AS n FROM residential_complexes WHERE is_published = 1 AND city_area_id = ?1",
    "mo-districts":
      "SELECT count(*) AS n FROM residential_complexes WHERE is_published = 1 AND mo_district_id = ?1",
    railways: "SELECT count(*) AS n FROM residential_complexes WHERE is_published = 1 AND railway_id = ?1",
  };

  /** The columns a copy of a complex takes from it (the rest keep their defaults). */
  const COPIED = `name, developer_id, region_id, locality_id, city_area_id, district_id, mo_district_id, highway_id,
    railway_id, address, lat, lng, class, build_type, build_stage, deadline_year, deadline_quarter, is_finished,
    otdelka_mask, parking_mask, ceiling_height, floors_min, floors_max, description, min_price, max_price, min_area,
    max_area, min_price_m2, max_price_m2, apartments_on_sale`;

  /** Every location's count in the grid, and the first counted one alone, against the plain SQL count. */
  async function expectExactCounts(api: (typeof LOCATION_APIS)[number]): Promise<void> {
    const rows = await listLocations(env.DB, api, {});
    expect(rows.length).toBeGreaterThan(0);
    let found = 0;
    for (const row of rows) {
      const n = (await env.DB.prepare(direct[api]).bind(row.id).first<{ n: number }>())?.n;
      expect(row.rc_count, `${api} ${row.slug}`).toBe(n);
      if (n) found++;
    }
    expect(found).toBeGreaterThan(0);
    const [first] = rows.filter((r) => r.rc_count > 0);
    if (first) expect((await getLocation(env.DB, api, first.id, {}))?.rc_count).toBe(first.rc_count);
  }

  it.each(LOCATION_APIS)("%s: in the grid and one by one", async (api) => {
    // One complex unpublished: the counts leave it out.
    await env.DB.prepare("UPDATE residential_complexes SET is_published = 0 WHERE id = ?1")
      .bind(flat.complex_id)
      .run();
    await expectExactCounts(api);
  });

  // The counts are kept by triggers (migration 0016), whoever writes: each kind of change a writer can make.
  it("after complexes moved, were published again, came and went, and their stations changed", async () => {
    const [a, b, c] = (
      await env.DB.prepare(
        `SELECT id FROM residential_complexes WHERE is_published = 1 AND district_id IS NOT NULL
         AND id IN (SELECT complex_id FROM complex_stations) ORDER BY id LIMIT 3`,
      ).all<{ id: number }>()
    ).results.map((r) => r.id);
    const station = await env.DB.prepare(
      `SELECT id FROM subway_stations
       WHERE id NOT IN (SELECT station_id FROM complex_stations WHERE complex_id IN (?1, ?2, ?3)) ORDER BY id LIMIT 1`,
    )
      .bind(a, b, c)
      .first<{ id: number }>();
    const place = await env.DB.prepare(
      `SELECT d.id AS district, l.id AS locality, hw.id AS highway FROM districts d, localities l, highways hw
       ORDER BY d.id DESC, l.id DESC, hw.id DESC LIMIT 1`,
    ).first<{ district: number; locality: number; highway: number }>();
    if (!a || !b || !c || !station || !place) throw new Error("the seed lacks complexes with stations");
    await env.DB.batch([
      // a moves to another district, locality and highway, and gains a station.
      env.DB.prepare(
        "UPDATE residential_complexes SET district_id = ?2, locality_id = ?3, highway_id = ?4 WHERE id = ?1",
      ).bind(a, place.district, place.locality, place.highway),
      env.DB.prepare(
        "INSERT INTO complex_stations (complex_id, station_id, distance_type, minutes) VALUES (?1, ?2, 2, 12)",
      ).bind(a, station.id),
      // b leaves the sale, gains the same station, then comes back; the flat's complex is published again.
      env.DB.prepare("UPDATE residential_complexes SET is_published = 0 WHERE id = ?1").bind(b),
      env.DB.prepare(
        `INSERT INTO complex_stations (complex_id, station_id, distance_type, minutes) VALUES (?1, ?2, 2, 9)
         ON CONFLICT (complex_id, station_id) DO UPDATE SET minutes = 9`,
      ).bind(b, station.id),
      env.DB.prepare("UPDATE residential_complexes SET is_published = 1 WHERE id IN (?1, ?2)").bind(
        b,
        flat.complex_id,
      ),
      // c's first station becomes the other station.
      env.DB.prepare(
        `UPDATE complex_stations SET station_id = ?2
         WHERE complex_id = ?1 AND station_id = (SELECT min(station_id) FROM complex_stations WHERE complex_id = ?1)`,
      ).bind(c, station.id),
      // Two copies of c come with a station each; the second goes again, its station first (the foreign key).
      ...[1, 2].flatMap((n) => [
        env.DB.prepare(
          `INSERT INTO residential_complexes (${COPIED}, slug) SELECT ${COPIED}, slug || '-copy-' || ?2
           FROM residential_complexes WHERE id = ?1`,
        ).bind(c, n),
        env.DB.prepare(
          `INSERT INTO complex_stations (complex_id, station_id, distance_type, minutes)
           SELECT id, ?2, 1, 5 FROM residential_complexes WHERE slug LIKE '%-copy-' || ?1`,
        ).bind(n, station.id),
      ]),
      env.DB.prepare(
        "DELETE FROM complex_stations WHERE complex_id = (SELECT id FROM residential_complexes WHERE slug LIKE '%-copy-2')",
      ),
      env.DB.prepare("DELETE FROM residential_complexes WHERE slug LIKE '%-copy-2'"),
    ]);
    for (const api of LOCATION_APIS) await expectExactCounts(api);
  });
});

describe("the apartments' count equals the plain SQL count, and their list holds that many", () => {
  /** The plain SQL: every apartment of the filter in a published complex. */
  async function plainCount(filter: ApartmentFilter): Promise<number> {
    const w = apartmentWhere(filter);
    const row = await env.DB.prepare(
      `SELECT count(*) AS n FROM living_objects lo JOIN residential_complexes rc ON rc.id = lo.complex_id
       WHERE ${w.sql} AND rc.is_published = 1`,
    )
      .bind(...w.params)
      .first<{ n: number }>();
    return row?.n ?? 0;
  }

  const FILTERS: ApartmentFilter[] = [
    {},
    { rooms: [2] },
    { rooms: [1, 2], area: { min: 35 } },
    { price: { max: 12_000_000 } },
    { area: { min: 40, max: 60 } },
    { otdelka: [3], floor: { min: 5 } },
    { price: { min: 8e6, max: 14e6 }, area: { min: 50 } },
    { status: [1, 2] },
  ];

  it("with a complex unpublished whose apartments are on sale (the list leaves them out, so does the count)", async () => {
    const complex = await env.DB.prepare(
      "SELECT complex_id AS id FROM living_objects WHERE status = 1 GROUP BY complex_id ORDER BY count(*) DESC LIMIT 1",
    ).first<{ id: number }>();
    await env.DB.prepare("UPDATE residential_complexes SET is_published = 0 WHERE id = ?1")
      .bind(complex?.id)
      .run();
    for (const filter of FILTERS) {
      const plain = await plainCount(filter);
      expect(await countApartments(env.DB, filter), JSON.stringify(filter)).toBe(plain);
      for (const sort of ["price asc", "area desc"] as const) {
        const all = listApartmentsSql({ filter, page: 1, perPage: 100_000, sort });
        const { results } = await env.DB.prepare(all.sql)
          .bind(...all.params)
          .all();
        expect(results.length, `${JSON.stringify(filter)} ${sort}`).toBe(plain);
      }
    }
  });
});
