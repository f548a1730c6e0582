import type { D1Database } from "@cloudflare/workers-types/latest";
import type { CatalogueFilter, ListQuery } from "../../../shared/filters/catalogue";

type Param = string | number;

/**
 * WHERE of the catalogue list and count: bound parameters only, each filter from an index. `inIdOrder` is
 * for reading every matching complex (the map), not a page in price order.
 */
export function complexWhere(f: CatalogueFilter, inIdOrder = false): { sql: string; params: Param[] } {
  // With an id list the rows are looked up by id, and the map reads the table in id order; "+" keeps SQLite
  // off the is_published index, which would walk every published complex in price order to find a few (or,
  // for the map, jump from it to every row: 36 ms at scale 10 where reading the table takes 12 ms).
  const where: string[] = [f.ids?.length || inIdOrder ? "+rc.is_published = 1" : "rc.is_published = 1"];
  const params: Param[] = [];
  const p = (value: Param) => {
    params.push(value);
    return `?${params.length}`;
  };
  const list = (ids: number[]) => ids.map((id) => p(id)).join(", ");

  // One bound JSON array, not a placeholder per id: up to 100 ids stay within D1's 100 parameters.
  if (f.ids?.length) where.push(`rc.id IN (SELECT value FROM json_each(${p(JSON.stringify(f.ids))}))`);

  const columns: [keyof CatalogueFilter, string][] = [
    ["regions", "rc.region_id"],
    ["localities", "rc.locality_id"],
    ["districts", "rc.district_id"],
    ["city_areas", "rc.city_area_id"],
    ["mo_districts", "rc.mo_district_id"],
    ["highways", "rc.highway_id"],
    ["railways", "rc.railway_id"],
    ["developers", "rc.developer_id"],
    ["build_stage", "rc.build_stage"],
    ["build_type", "rc.build_type"],
    ["build_class", "rc.class"],
  ];
  for (const [field, column] of columns) {
    const ids = f[field] as number[] | undefined;
    if (ids?.length) where.push(`${column} IN (${list(ids)})`);
  }
  if (f.deadline?.length) {
    const years = f.deadline.filter((y) => y > 0);
    const parts: string[] = [];
    if (f.deadline.includes(0)) parts.push("rc.is_finished = 1");
    if (years.length) parts.push(`(rc.is_finished = 0 AND rc.deadline_year IN (${list(years)}))`);
    // Only years that are no deadline at all (a negative one): nothing matches, never an empty «()».
    where.push(parts.length ? `(${parts.join(" OR ")})` : "0");
  }
  if (f.parking?.length)
    where.push(`(rc.parking_mask & ${p(f.parking.reduce((m, c) => m | (1 << c), 0))}) != 0`);
  if (f.investment) where.push("rc.is_finished = 0 AND (rc.build_stage = 1 OR rc.deadline_year >= 2028)");

  // Apartment-level filters: the complex has an apartment on sale that matches all of them. Room types alone, or
  // with finishing, are answered exactly by room_stats (one row per complex and room type on sale, with the
  // finishings' bit mask): half the time of looking through the apartments (count at scale 10: 40 → 18 ms).
  // Otherwise the apartments are looked up per complex, never through the global price index (14–29 s at
  // scale 1): by room type and price (lo_complex), or by price alone (lo_complex_price; 67 → 31 ms at scale 10).
  const otdelkaMask = () => p((f.otdelka ?? []).reduce((m, c) => m | (1 << c), 0));
  const ranges: string[] = [];
  if (f.price?.min !== undefined) ranges.push(`lo.price >= ${p(f.price.min)}`);
  if (f.price?.max !== undefined) ranges.push(`lo.price <= ${p(f.price.max)}`);
  if (f.area?.min !== undefined) ranges.push(`lo.area_total >= ${p(f.area.min)}`);
  if (f.area?.max !== undefined) ranges.push(`lo.area_total <= ${p(f.area.max)}`);
  if (ranges.length) {
    const apt = [...(f.rooms?.length ? [`lo.rooms IN (${list(f.rooms)})`] : []), ...ranges];
    if (f.otdelka?.length) apt.push(`lo.otdelka IN (${list(f.otdelka)})`);
    const byPrice = !f.rooms?.length && (f.price?.min !== undefined || f.price?.max !== undefined);
    const index = byPrice ? "lo_complex_price" : "lo_complex";
    where.push(
      `EXISTS (SELECT 1 FROM living_objects lo INDEXED BY ${index} WHERE lo.complex_id = rc.id AND lo.status = 1 AND ${apt.join(" AND ")})`,
    );
  } else if (f.rooms?.length) {
    const finishing = f.otdelka?.length ? ` AND (rs.otdelka_mask & ${otdelkaMask()}) != 0` : "";
    where.push(
      `EXISTS (SELECT 1 FROM room_stats rs WHERE rs.complex_id = rc.id AND rs.rooms IN (${list(f.rooms)})${finishing})`,
    );
  } else if (f.otdelka?.length) {
    where.push(`(rc.otdelka_mask & ${otdelkaMask()}) != 0`);
  }

  const st: string[] = [];
  if (f.subway_stations?.length) st.push(`cs.station_id IN (${list(f.subway_stations)})`);
  if (f.distance_type !== undefined) st.push(`cs.distance_type = ${p(f.distance_type)}`);
  if (f.distance_time !== undefined) st.push(`cs.minutes <= ${p(f.distance_time)}`);
  if (st.length)
    where.push(
      `EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND ${st.join(" AND ")})`,
    );
  if (f.near) {
    where.push(
      `EXISTS (SELECT 1 FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id
        WHERE cs.complex_id = rc.id AND cs.distance_type = 1 AND cs.minutes <= 15 AND s.kind = ${p(f.near)})`,
    );
  }
  return { sql: where.join(" AND "), params };
}

export interface ComplexRow {
  id: number;
  slug: string;
  name: string;
  developer_id: number;
  developer_name: string;
  developer_slug: string;
  region_id: number;
  address: string;
  lat: number;
  lng: number;
  class: number;
  build_stage: number;
  build_type: number;
  deadline_year: number;
  deadline_quarter: number;
  is_finished: number;
  otdelka_mask: number;
  parking_mask: number;
  min_price: number;
  max_price: number;
  min_area: number;
  max_area: number;
  min_price_m2: number;
  apartments_on_sale: number;
  floors_max: number;
}

const CARD_COLUMNS = `rc.id, rc.slug, rc.name, rc.developer_id, c.name AS developer_name, c.slug AS developer_slug,
  rc.region_id, rc.address, rc.lat, rc.lng, rc.class, rc.build_stage, rc.build_type, rc.deadline_year,
  rc.deadline_quarter, rc.is_finished, rc.otdelka_mask, rc.parking_mask, rc.min_price, rc.max_price, rc.min_area,
  rc.max_area, rc.min_price_m2, rc.apartments_on_sale, rc.floors_max`;

export function listComplexesSql(q: ListQuery): { sql: string; params: Param[] } {
  const w = complexWhere(q.filter);
  const dir = q.sort === "price asc" ? "ASC" : "DESC";
  const params = [...w.params, q.perPage, (q.page - 1) * q.perPage];
  return {
    sql: `SELECT ${CARD_COLUMNS} FROM residential_complexes rc JOIN companies c ON c.id = rc.developer_id
      WHERE ${w.sql} ORDER BY rc.min_price ${dir}, rc.id ${dir} LIMIT ?${params.length - 1} OFFSET ?${params.length}`,
    params,
  };
}

/** A map point: where a complex is, its name, link, price from and nearest station (walking first). */
export interface MapPointRow {
  id: number;
  lat: number;
  lng: number;
  name: string;
  slug: string;
  min_price: number;
  station_name: string | null;
  station_kind: string | null;
  station_color: string | null;
}

/**
 * Every complex of a filter, for the map: no paging, one row each in id order (the same answer, and so the
 * same clusters, every time), each join by primary key; the nearest station is the first row of
 * complex_stations_nearest.
 */
export function listMapPointsSql(f: CatalogueFilter): { sql: string; params: Param[] } {
  const w = complexWhere(f, true);
  return {
    sql: `SELECT rc.id, rc.lat, rc.lng, rc.name, rc.slug, rc.min_price, s.name AS station_name,
        s.kind AS station_kind, l.color AS station_color
      FROM residential_complexes rc
      LEFT JOIN subway_stations s ON s.id = (SELECT cs.station_id FROM complex_stations cs
        WHERE cs.complex_id = rc.id ORDER BY cs.distance_type, cs.minutes, cs.station_id LIMIT 1)
      LEFT JOIN lines l ON l.id = s.line_id
      WHERE ${w.sql}
      ORDER BY rc.id`,
    params: w.params,
  };
}

export async function listMapPoints(db: D1Database, f: CatalogueFilter): Promise<MapPointRow[]> {
  const { sql, params } = listMapPointsSql(f);
  const { results } = await db
    .prepare(sql)
    .bind(...params)
    .all<MapPointRow>();
  return results;
}

export function countComplexesSql(f: CatalogueFilter): { sql: string; params: Param[] } {
  const w = complexWhere(f);
  return { sql: `SELECT count(*) AS total FROM residential_complexes rc WHERE ${w.sql}`, params: w.params };
}

/** One page of complexes and the total, in one round trip. */
export async function listComplexes(
  db: D1Database,
  q: ListQuery,
): Promise<{ rows: ComplexRow[]; total: number }> {
  const list = listComplexesSql(q);
  const count = countComplexesSql(q.filter);
  const [rows, total] = await db.batch([
    db.prepare(list.sql).bind(...list.params),
    db.prepare(count.sql).bind(...count.params),
  ]);
  return {
    rows: (rows?.results ?? []) as ComplexRow[],
    total: ((total?.results?.[0] as { total: number } | undefined)?.total ?? 0) as number,
  };
}

export async function countComplexes(db: D1Database, f: CatalogueFilter): Promise<number> {
  const count = countComplexesSql(f);
  const row = await db
    .prepare(count.sql)
    .bind(...count.params)
    .first<{ total: number }>();
  return row?.total ?? 0;
}

export interface StationLinkRow {
  complex_id: number;
  station_id: number;
  name: string;
  slug: string;
  kind: string;
  color: string;
  line_number: string;
  distance_type: number;
  minutes: number;
}

/** Nearest stations of complexes, nearest first, with the colour of the station's main line. */
export async function listComplexStations(db: D1Database, ids: number[]): Promise<StationLinkRow[]> {
  if (!ids.length) return [];
  const out: StationLinkRow[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const { results } = await db
      .prepare(
        `SELECT cs.complex_id, s.id AS station_id, s.name, s.slug, s.kind, l.color, l.number AS line_number,
                cs.distance_type, cs.minutes
         FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id JOIN lines l ON l.id = s.line_id
         WHERE cs.complex_id IN (${chunk.map((_, j) => `?${j + 1}`).join(", ")})
         ORDER BY cs.complex_id, cs.distance_type, cs.minutes, cs.station_id`,
      )
      .bind(...chunk)
      .all<StationLinkRow>();
    out.push(...results);
  }
  return out;
}

export interface RoomStatsRow {
  complex_id: number;
  rooms: number;
  count: number;
  min_price: number;
  max_price: number;
  min_area: number;
  max_area: number;
  min_price_m2: number;
}

export async function listRoomStats(db: D1Database, ids: number[]): Promise<RoomStatsRow[]> {
  if (!ids.length) return [];
  const out: RoomStatsRow[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const { results } = await db
      .prepare(
        `SELECT complex_id, rooms, count, min_price, max_price, min_area, max_area, min_price_m2 FROM room_stats
         WHERE complex_id IN (${chunk.map((_, j) => `?${j + 1}`).join(", ")}) ORDER BY complex_id, rooms`,
      )
      .bind(...chunk)
      .all<RoomStatsRow>();
    out.push(...results);
  }
  return out;
}

export interface ComplexDetailRow extends ComplexRow {
  locality_id: number;
  locality_name: string;
  region_name: string;
  district_id: number | null;
  district_name: string | null;
  district_slug: string | null;
  city_area_id: number | null;
  mo_district_id: number | null;
  ceiling_height: number;
  floors_min: number;
  description: string;
  max_price_m2: number;
  views: number;
}

export function getComplex(db: D1Database, id: number): Promise<ComplexDetailRow | null> {
  return db
    .prepare(
      `SELECT ${CARD_COLUMNS}, rc.locality_id, l.name AS locality_name, r.name AS region_name, rc.district_id,
              d.name AS district_name, d.slug AS district_slug, rc.city_area_id, rc.mo_district_id, rc.ceiling_height,
              rc.floors_min, rc.floors_max, rc.description, rc.max_price_m2, rc.views
       FROM residential_complexes rc JOIN companies c ON c.id = rc.developer_id
       JOIN localities l ON l.id = rc.locality_id JOIN regions r ON r.id = rc.region_id
       LEFT JOIN districts d ON d.id = rc.district_id
       WHERE rc.id = ?1 AND rc.is_published = 1`,
    )
    .bind(id)
    .first<ComplexDetailRow>();
}

export interface HouseRow {
  id: number;
  complex_id: number;
  name: string;
  floors: number;
  sections: number;
  per_floor: number;
  build_stage: number;
  deadline_year: number;
  deadline_quarter: number;
  is_finished: number;
}

export async function listHouses(db: D1Database, complexId: number): Promise<HouseRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM houses WHERE complex_id = ?1 ORDER BY id")
    .bind(complexId)
    .all<HouseRow>();
  return results;
}

/** Similar complexes: same region and class, nearest price first. */
export async function listSimilarComplexes(
  db: D1Database,
  c: ComplexRow,
  limit: number,
): Promise<ComplexRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM residential_complexes rc JOIN companies c ON c.id = rc.developer_id
       WHERE rc.region_id = ?1 AND rc.class = ?2 AND rc.id != ?3 AND rc.is_published = 1
       ORDER BY abs(rc.min_price - ?4) LIMIT ?5`,
    )
    .bind(c.region_id, c.class, c.id, c.min_price, limit)
    .all<ComplexRow>();
  return results;
}

export async function listCompletionYears(
  db: D1Database,
): Promise<{ year: number; finished: number; count: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT CASE WHEN is_finished = 1 THEN 0 ELSE deadline_year END AS year, is_finished AS finished, count(*) AS count
       FROM residential_complexes WHERE is_published = 1 GROUP BY 1 ORDER BY 1`,
    )
    .all<{ year: number; finished: number; count: number }>();
  return results;
}

export interface CatalogueStats {
  complexes: number;
  building: number;
  finished: number;
  min_area: number;
  max_area: number;
  min_price_m2: number;
  max_price_m2: number;
  apartments: number;
}

/** Figures of the catalogue from the aggregates (no scan of living_objects). */
export async function getCatalogueStats(db: D1Database): Promise<CatalogueStats> {
  const [a, b] = await db.batch([
    db.prepare(
      `SELECT count(*) AS complexes, sum(is_finished = 0) AS building, sum(is_finished = 1) AS finished,
              sum(apartments_on_sale) AS apartments FROM residential_complexes WHERE is_published = 1`,
    ),
    db.prepare(
      `SELECT min(min_area) AS min_area, max(max_area) AS max_area, min(min_price_m2) AS min_price_m2,
              max(max_price_m2) AS max_price_m2 FROM room_stats`,
    ),
  ]);
  return { ...(a?.results?.[0] as object), ...(b?.results?.[0] as object) } as CatalogueStats;
}
