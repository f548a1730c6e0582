/**
 * The catalogue's complexes as rows: a page of cards, the map's points, the count, one complex and its houses,
 * similar complexes, the catalogue's figures. Their WHERE is the filter's (complex-filter.ts).
 */
import { DEFAULT_SORT, type Sort } from "../../../shared/constants";
import { type CatalogueFilter, COMMUTE_SORT, type ListQuery } from "../../../shared/filters/catalogue";
import type { Param } from "./bind";
import {
  commuteColumn,
  commuteMinutes,
  commuteMinutesFromTrips,
  commutePageIdsSql,
  commuteWalk,
  type DestinationRow,
  destinationSql,
} from "./commute";
import { COMPANY_ID_OF_PARAM } from "./companies";
import { complexWhere } from "./complex-filter";
import { HOUSE_CONSTRUCTION_COLUMNS } from "./construction";

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
  /** The highest risk of delay of its houses being built (migration 0023); null: all finished. */
  delivery_risk: number | null;
  /** Its stations and its offers by room type as JSON arrays (CARD_PARTS): read them with cardPartsOf. */
  stations_json: string;
  rooms_json: string;
  /** With a commute's destination: the quickest way there (commuteColumn), null when none is known. */
  commute_json?: string | null;
}

/**
 * A card's stations and offers by room type, read with its row as JSON arrays: a page of cards, or a complex,
 * is one statement instead of three, and its page one wave of D1 fewer (issue #20). Each is a seek within the
 * complex (complex_stations' and room_stats' keys), made only for the rows the page shows (SQLite computes
 * a row's columns after its OFFSET). Their own aliases: the filter's conditions never read these tables.
 */
const CARD_PARTS = `(SELECT json_group_array(json_array(card_s.id, card_s.name, card_s.slug, card_s.kind, card_l.color,
      card_l.number, card_cs.distance_type, card_cs.minutes, card_cs.estimated, card_s.lat, card_s.lng))
    FROM complex_stations card_cs JOIN subway_stations card_s ON card_s.id = card_cs.station_id
    JOIN lines card_l ON card_l.id = card_s.line_id WHERE card_cs.complex_id = rc.id) AS stations_json,
  (SELECT json_group_array(json_array(card_rs.rooms, card_rs.count, card_rs.min_price, card_rs.min_area,
      card_rs.max_area))
    FROM room_stats card_rs WHERE card_rs.complex_id = rc.id) AS rooms_json`;

const CARD_COLUMNS = `rc.id, rc.slug, rc.name, rc.developer_id, c.name AS developer_name, c.slug AS developer_slug,
  rc.region_id, rc.address, rc.lat, rc.lng, rc.class, rc.build_stage, rc.build_type, rc.deadline_year,
  rc.deadline_quarter, rc.is_finished, rc.otdelka_mask, rc.parking_mask, rc.min_price, rc.max_price, rc.min_area,
  rc.max_area, rc.min_price_m2, rc.apartments_on_sale, rc.floors_max, rc.delivery_risk, ${CARD_PARTS}`;

/** Each sort's ORDER BY: its index's columns (migration 0014), the id settling ties in the same direction. */
export const COMPLEX_ORDER: Record<Sort, string> = {
  "price desc": "rc.min_price DESC, rc.id DESC",
  "price asc": "rc.min_price ASC, rc.id ASC",
  "price_m2 asc": "rc.min_price_m2 ASC, rc.id ASC",
  "deadline asc": "rc.deadline_year ASC, rc.deadline_quarter ASC, rc.id ASC",
  "area desc": "rc.max_area DESC, rc.id DESC",
  "metro asc": "rc.station_rank ASC, rc.id ASC",
  "new desc": "rc.id DESC",
  "readiness desc": "rc.readiness DESC, rc.id DESC",
};

/**
 * A list's ORDER BY, binding what it needs after `params`: the commute's by the destination (issue 32) the plain
 * way (each complex's least walk and trip, the oracle's: the list itself reads complex_commutes, commutePageIdsSql);
 * without a destination the default.
 */
export function complexOrder(q: ListQuery, params: Param[]): string {
  if (q.sort !== COMMUTE_SORT) return COMPLEX_ORDER[q.sort];
  const to = q.filter.commute_to;
  if (to === undefined) return COMPLEX_ORDER[DEFAULT_SORT];
  // The walk beyond the station is the same for every complex: the order is the station's.
  const bind = (v: Param) => `?${params.push(v)}`;
  return `coalesce(${commuteMinutesFromTrips(to, bind, commuteWalk(q.filter))}, 99999) ASC, rc.id ASC`;
}

export function listComplexesSql(q: ListQuery): { sql: string; params: Param[] } {
  const to = q.filter.commute_to;
  // In the commute's order the page's ids come off complex_commutes in order; the rows are read for them alone.
  const byCommute = q.sort === COMMUTE_SORT && to !== undefined;
  // There the limit is the range read off the index (commutePageIdsSql), not a test of each row besides.
  const w = complexWhere(byCommute ? { ...q.filter, commute_max: undefined } : q.filter, byCommute);
  const params = [...w.params];
  const bind = (v: Param) => `?${params.push(v)}`;
  // With a destination each card's quickest way there (issue 32), computed for the page's rows only.
  const commute = to === undefined ? "" : `, ${commuteColumn(to, bind)}`;
  const page = { limit: bind(q.perPage), offset: bind((q.page - 1) * q.perPage) };
  if (byCommute) {
    const station = { id: to, walk: commuteWalk(q.filter) };
    const ids = commutePageIdsSql(station, q.filter.commute_max, w.sql, bind, page);
    return {
      sql: `SELECT ${CARD_COLUMNS}${commute} FROM (${ids}) p
        CROSS JOIN residential_complexes rc ON rc.id = p.id JOIN companies c ON c.id = rc.developer_id ORDER BY p.commute_order, p.id`,
      params,
    };
  }
  return {
    sql: `SELECT ${CARD_COLUMNS}${commute} FROM residential_complexes rc JOIN companies c ON c.id = rc.developer_id
      WHERE ${w.sql} ORDER BY ${complexOrder(q, params)} LIMIT ${page.limit} OFFSET ${page.offset}`,
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
  /** With a commute's destination in the filter: the minutes door to door there (null: not known). */
  commute?: number | null;
}

/**
 * Every complex of a filter, for the map: no paging, one row each in id order (the same answer, and so the
 * same clusters, every time), each join by primary key; the nearest station is the first row of
 * complex_stations_nearest.
 */
export function listMapPointsSql(f: CatalogueFilter): { sql: string; params: Param[] } {
  const w = complexWhere(f, true);
  const params = [...w.params];
  const bind = (v: Param) => `?${params.push(v)}`;
  const commute =
    typeof f.commute_to === "number"
      ? `, ${commuteMinutes(f.commute_to, commuteWalk(f), bind)} AS commute`
      : "";
  return {
    sql: `SELECT rc.id, rc.lat, rc.lng, rc.name, rc.slug, rc.min_price, s.name AS station_name,
        s.kind AS station_kind, l.color AS station_color${commute}
      FROM residential_complexes rc
      LEFT JOIN subway_stations s ON s.id = (SELECT cs.station_id FROM complex_stations cs
        WHERE cs.complex_id = rc.id ORDER BY cs.distance_type, cs.minutes, cs.station_id LIMIT 1)
      LEFT JOIN lines l ON l.id = s.line_id
      WHERE ${w.sql}
      ORDER BY rc.id`,
    params,
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
): Promise<{ rows: ComplexRow[]; total: number; destination: DestinationRow | null }> {
  const list = listComplexesSql(q);
  const count = countComplexesSql(q.filter);
  // A commute's destination station, in the same round trip (issue 32).
  const to = q.filter.commute_to;
  const dest = to === undefined ? [] : [destinationSql(to)];
  const [rows, total, destination] = await db.batch([
    db.prepare(list.sql).bind(...list.params),
    db.prepare(count.sql).bind(...count.params),
    ...dest.map((d) => db.prepare(d.sql).bind(...d.params)),
  ]);
  return {
    rows: (rows?.results ?? []) as ComplexRow[],
    total: ((total?.results?.[0] as { total: number } | undefined)?.total ?? 0) as number,
    destination: (destination?.results?.[0] as DestinationRow | undefined) ?? null,
  };
}

/** The `total` a count query answers. */
export async function countTotal(db: D1Database, count: { sql: string; params: Param[] }): Promise<number> {
  const row = await db
    .prepare(count.sql)
    .bind(...count.params)
    .first<{ total: number }>();
  return row?.total ?? 0;
}

export function countComplexes(db: D1Database, f: CatalogueFilter): Promise<number> {
  return countTotal(db, countComplexesSql(f));
}

export interface StationLinkRow {
  station_id: number;
  name: string;
  slug: string;
  kind: string;
  color: string;
  line_number: string;
  distance_type: number;
  minutes: number | null;
  estimated: number;
  lat: number;
  lng: number;
}

export interface RoomStatsRow {
  rooms: number;
  count: number;
  min_price: number;
  min_area: number;
  max_area: number;
}

type StationTuple = [
  number,
  string,
  string,
  string,
  string,
  string,
  number,
  number | null,
  number,
  number,
  number,
];
type RoomTuple = [number, number, number, number, number];

/** Unknown minutes first, as SQLite orders NULL. */
const byMinutes = (a: number | null, b: number | null) =>
  (a ?? Number.NEGATIVE_INFINITY) - (b ?? Number.NEGATIVE_INFINITY);

/**
 * A card row's stations, nearest first (on foot before by transport, then minutes, then id), and its room
 * types in order: SQL's json_group_array promises no order, so the order is made here.
 */
export function cardPartsOf(row: ComplexRow): { stations: StationLinkRow[]; rooms: RoomStatsRow[] } {
  const stations = (JSON.parse(row.stations_json) as StationTuple[])
    .map(
      ([station_id, name, slug, kind, color, line_number, distance_type, minutes, estimated, lat, lng]) => ({
        station_id,
        name,
        slug,
        kind,
        color,
        line_number,
        distance_type,
        minutes,
        estimated,
        lat,
        lng,
      }),
    )
    .sort(
      (a, b) =>
        a.distance_type - b.distance_type || byMinutes(a.minutes, b.minutes) || a.station_id - b.station_id,
    );
  const rooms = (JSON.parse(row.rooms_json) as RoomTuple[])
    .map(([rooms, count, min_price, min_area, max_area]) => ({ rooms, count, min_price, min_area, max_area }))
    .sort((a, b) => a.rooms - b.rooms);
  return { stations, rooms };
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
  declaration_number: string | null;
  declaration_date: string | null;
  building_permit: string | null;
  escrow_bank: string | null;
  /** JSON array of bank names. */
  mortgage_banks: string;
  image: string | null;
}

export function getComplex(db: D1Database, id: number): Promise<ComplexDetailRow | null> {
  return db
    .prepare(
      `SELECT ${CARD_COLUMNS}, rc.locality_id, l.name AS locality_name, r.name AS region_name, rc.district_id,
              d.name AS district_name, d.slug AS district_slug, rc.city_area_id, rc.mo_district_id, rc.ceiling_height,
              rc.floors_min, rc.floors_max, rc.description, rc.max_price_m2, rc.views, rc.image, rc.declaration_number,
              rc.declaration_date, rc.building_permit, rc.escrow_bank, rc.mortgage_banks
       FROM residential_complexes rc JOIN companies c ON c.id = rc.developer_id
       JOIN localities l ON l.id = rc.locality_id JOIN regions r ON r.id = rc.region_id
       LEFT JOIN districts d ON d.id = rc.district_id
       WHERE rc.id = ?1 AND rc.is_published = 1`,
    )
    .bind(id)
    .first<ComplexDetailRow>();
}

export interface DeveloperRecordRow {
  finished: number;
  late: number;
}

/**
 * A developer's finished houses in published complexes and how many of them were finished more than a
 * quarter after their first promised deadline. The developer is given by its id or slug, or as the developer
 * of a complex, so that a company's page and a complex's page read it in the same round as their own row.
 */
export async function getDeveloperRecord(
  db: D1Database,
  of: { developer: string } | { complex: number },
): Promise<DeveloperRecordRow> {
  const developer = "developer" in of ? of.developer : null;
  const complex = "complex" in of ? of.complex : null;
  const row = await db
    .prepare(
      `SELECT count(*) AS finished,
         coalesce(sum(h.planned_deadline_year IS NOT NULL
           AND (h.deadline_year * 4 + h.deadline_quarter) - (h.planned_deadline_year * 4 + h.planned_deadline_quarter) > 1), 0) AS late
       FROM residential_complexes rc JOIN houses h ON h.complex_id = rc.id
       WHERE rc.developer_id = coalesce(${COMPANY_ID_OF_PARAM},
           (SELECT developer_id FROM residential_complexes WHERE id = ?2))
         AND rc.is_published = 1 AND h.is_finished = 1`,
    )
    .bind(developer, complex)
    .first<DeveloperRecordRow>();
  return row ?? { finished: 0, late: 0 };
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
  /** The first promised deadline when the developer moved it (migration 0010). */
  planned_deadline_year: number | null;
  planned_deadline_quarter: number | null;
  /** Its construction reports and deadline events as JSON (construction.ts HOUSE_CONSTRUCTION_COLUMNS). */
  progress: string;
  deadline_events: string;
}

export async function listHouses(db: D1Database, complexId: number): Promise<HouseRow[]> {
  const { results } = await db
    .prepare(`SELECT h.*, ${HOUSE_CONSTRUCTION_COLUMNS} FROM houses h WHERE h.complex_id = ?1 ORDER BY h.id`)
    .bind(complexId)
    .all<HouseRow>();
  return results;
}

/**
 * Complexes like complex `id` (its region and class, the nearest prices first, then the lower id), read by its
 * id so that they come in the same round as the complex itself; none when it is not published. The nearest
 * `limit` are among the `limit` next up and the `limit` next down from its price, each read in order from the
 * class's price index (rc_class): a few entries whatever the catalogue's size, not every complex of the class
 * sorted by distance.
 */
export async function listSimilarComplexes(db: D1Database, id: number, limit: number): Promise<ComplexRow[]> {
  const side = (cmp: string, dir: string) =>
    `SELECT * FROM (SELECT rc.id FROM me JOIN residential_complexes rc INDEXED BY rc_class
       ON rc.class = me.class AND rc.min_price ${cmp} me.min_price
       WHERE rc.region_id = me.region_id AND rc.is_published = 1 AND rc.id != me.id
       ORDER BY rc.min_price ${dir}, rc.id LIMIT ?2)`;
  const { results } = await db
    .prepare(
      `WITH me AS (SELECT id, region_id, class, min_price FROM residential_complexes WHERE id = ?1 AND is_published = 1),
       near AS (${side(">=", "ASC")} UNION ALL ${side("<", "DESC")})
       SELECT ${CARD_COLUMNS} FROM near JOIN residential_complexes rc ON rc.id = near.id
       JOIN companies c ON c.id = rc.developer_id
       ORDER BY abs(rc.min_price - (SELECT min_price FROM me)), rc.id LIMIT ?2`,
    )
    .bind(id, limit)
    .all<ComplexRow>();
  return results;
}

/** Complexes by the year of their deadline; an overdue one counts in `thisYear` (0: finished). */
export async function listCompletionYears(
  db: D1Database,
  thisYear: number,
): Promise<{ year: number; finished: number; count: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT CASE WHEN is_finished = 1 THEN 0 ELSE max(deadline_year, ?1) END AS year, is_finished AS finished,
         count(*) AS count
       FROM residential_complexes WHERE is_published = 1 GROUP BY 1 ORDER BY 1`,
    )
    .bind(thisYear)
    .all<{ year: number; finished: number; count: number }>();
  return results;
}

/**
 * The fewest minutes from a published complex to a station, by each way of getting there (the filter form's
 * distance options): for each way (?1, a JSON array), the first entry of the distance index
 * (complex_stations_distance) whose complex is published.
 */
export const NEAREST_DISTANCES_SQL = `SELECT json_each.value AS distance_type, (SELECT cs.minutes
      FROM complex_stations cs JOIN residential_complexes rc ON rc.id = cs.complex_id
      WHERE cs.distance_type = json_each.value AND cs.minutes IS NOT NULL AND rc.is_published = 1
      ORDER BY cs.minutes LIMIT 1) AS minutes
  FROM json_each(?1)`;

export async function listNearestDistances(
  db: D1Database,
  types: readonly number[],
): Promise<{ distance_type: number; minutes: number }[]> {
  const { results } = await db
    .prepare(NEAREST_DISTANCES_SQL)
    .bind(JSON.stringify(types))
    .all<{ distance_type: number; minutes: number | null }>();
  return results.flatMap((r) =>
    r.minutes === null ? [] : [{ distance_type: r.distance_type, minutes: r.minutes }],
  );
}

export interface CatalogueStats {
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
      "SELECT sum(apartments_on_sale) AS apartments FROM residential_complexes WHERE is_published = 1",
    ),
    db.prepare(
      `SELECT min(min_area) AS min_area, max(max_area) AS max_area, min(min_price_m2) AS min_price_m2,
              max(max_price_m2) AS max_price_m2 FROM room_stats`,
    ),
  ]);
  return { ...(a?.results?.[0] as object), ...(b?.results?.[0] as object) } as CatalogueStats;
}
