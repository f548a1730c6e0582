import type { Sort } from "../../../shared/constants";
import {
  type CatalogueField,
  type CatalogueFilter,
  DISTANCE_MINUTES,
  type ListQuery,
} from "../../../shared/filters/catalogue";
import type { Range } from "../../../shared/filters/fields";
import { moscowQuarter } from "../../../shared/format";
import { paymentPriceRange } from "../../../shared/mortgage-payment";
import { COMPANY_ID_OF_PARAM } from "./companies";

export type Param = string | number;
/** Binds a value and answers its placeholder (?N). */
export type Bind = (value: Param) => string;

/**
 * Where a field's condition is tested: on the complex row (rc), on one of its apartments on sale (lo: all
 * such conditions must hold for the same apartment), or on one of its stations (cs: likewise).
 */
interface FieldSql<V> {
  on: "complex" | "apartment" | "station";
  /** The field's own condition: what the catalogue's answer must equal (tests/catalogue-oracle.ts reads it). */
  where(value: V, bind: Bind): string;
  /** The same test from a kept column (a migration's aggregate), where the catalogue's queries read that. */
  fast?(value: V, bind: Bind): string;
}

export const inList =
  (column: string) =>
  (ids: readonly number[], bind: Bind): string =>
    `${column} IN (${ids.map(bind).join(", ")})`;

export const inRange =
  (column: string) =>
  (r: Range, bind: Bind): string =>
    [
      ...(r.min !== undefined ? [`${column} >= ${bind(r.min)}`] : []),
      ...(r.max !== undefined ? [`${column} <= ${bind(r.max)}`] : []),
    ].join(" AND ");

const bits = (codes: readonly number[]) => codes.reduce((m, c) => m | (1 << c), 0);

/**
 * The SQL of each catalogue filter field (shared/filters/catalogue.ts CATALOGUE_FIELDS), keyed by the same
 * name: a field added to the table does not compile until it has its condition here.
 */
/** near_mask's bit of each kind of station; another kind finds none, as its own condition does. */
const NEAR_BITS: Readonly<Record<string, number>> = { metro: 1, mcc: 2, mcd: 4 };

export const FIELD_SQL: { [K in CatalogueField]-?: FieldSql<NonNullable<CatalogueFilter[K]>> } = {
  price: { on: "apartment", where: inRange("lo.price") },
  // No SQL of its own: the payment is a price bound (shared/mortgage-payment.ts).
  payment: { on: "apartment", where: (r, bind) => inRange("lo.price")(paymentPriceRange(r), bind) },
  area: { on: "apartment", where: inRange("lo.area_total") },
  rooms: { on: "apartment", where: inList("lo.rooms") },
  otdelka: { on: "apartment", where: inList("lo.otdelka") },
  // The deadline: 0 is «сдан», other entries are years of a complex still being built.
  deadline: {
    on: "complex",
    where: (deadline, bind) => {
      const years = deadline.filter((y) => y > 0);
      const parts: string[] = [];
      if (deadline.includes(0)) parts.push("rc.is_finished = 1");
      // An overdue complex is not delivered yet: it counts as due this year.
      const year = moscowQuarter(new Date()).year;
      const overdue = years.includes(year) ? ` OR rc.deadline_year < ${bind(year)}` : "";
      if (years.length)
        parts.push(`(rc.is_finished = 0 AND (${inList("rc.deadline_year")(years, bind)}${overdue}))`);
      return `(${parts.join(" OR ")})`;
    },
  },
  regions: { on: "complex", where: inList("rc.region_id") },
  localities: { on: "complex", where: inList("rc.locality_id") },
  districts: { on: "complex", where: inList("rc.district_id") },
  city_areas: { on: "complex", where: inList("rc.city_area_id") },
  mo_districts: { on: "complex", where: inList("rc.mo_district_id") },
  highways: { on: "complex", where: inList("rc.highway_id") },
  railways: { on: "complex", where: inList("rc.railway_id") },
  developers: { on: "complex", where: inList("rc.developer_id") },
  build_stage: { on: "complex", where: inList("rc.build_stage") },
  build_type: { on: "complex", where: inList("rc.build_type") },
  build_class: { on: "complex", where: inList("rc.class") },
  parking: { on: "complex", where: (codes, bind) => `(rc.parking_mask & ${bind(bits(codes))}) != 0` },
  subway_stations: { on: "station", where: inList("cs.station_id") },
  distance_type: { on: "station", where: (type, bind) => `cs.distance_type = ${bind(type)}` },
  distance_time: {
    on: "station",
    where: (code, bind) => `cs.minutes <= ${bind(DISTANCE_MINUTES[code] ?? 0)}`,
  },
  near: {
    on: "complex",
    where: (
      kind,
      bind,
    ) => `EXISTS (SELECT 1 FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id
        WHERE cs.complex_id = rc.id AND cs.distance_type = 1 AND cs.minutes <= 15 AND s.kind = ${bind(kind)})`,
    // near_mask (migration 0015, kept by triggers through the view complex_near), on the index entry.
    fast: (kind, bind) => `(rc.near_mask & ${bind(NEAR_BITS[kind] ?? 0)}) != 0`,
  },
  investment: {
    on: "complex",
    where: () => "rc.is_finished = 0 AND (rc.build_stage = 1 OR rc.deadline_year >= 2028)",
  },
  // The loader turns a place into its id filter before any SQL runs (resolvePlace); unresolved, it finds none.
  location: { on: "complex", where: () => "0" },
  // One bound JSON array, not a placeholder per id: up to 100 ids stay within D1's 100 parameters.
  ids: {
    on: "complex",
    where: (ids, bind) => `rc.id IN (SELECT value FROM json_each(${bind(JSON.stringify(ids))}))`,
  },
};

/** One field's condition (the field is set). */
function fieldCondition<K extends CatalogueField>(
  f: CatalogueFilter,
  key: K,
  bind: Bind,
  fast = false,
): string {
  const sql = FIELD_SQL[key] as FieldSql<unknown>;
  return (fast && sql.fast ? sql.fast : sql.where)(f[key], bind);
}

/** Room types and finishings of the filter (all of either when it names none), as room_finish_mask's bits. */
function roomFinishBits(f: CatalogueFilter, bind: Bind): string {
  const finishing = bits(f.otdelka?.length ? f.otdelka : [0, 1, 2, 3, 4, 5, 6, 7]);
  const rooms = f.rooms?.length ? f.rooms : [-1, 0, 1, 2, 3, 4, 5];
  // One byte of finishings per room type; the whole mask passes 2^53, so SQLite shifts the bytes into place.
  const byte = bind(finishing);
  return `(${rooms.map((r) => `(${byte} << ${bind((r + 1) * 8)})`).join(" | ")})`;
}

type Facet = "price" | "area";

/** The bucket bits of a range (facet_buckets): those wholly inside it, and those it touches. */
function bucketBits(
  facet: Facet | `${Facet}_coarse`,
  r: Range,
  bind: Bind,
): { inside: string; touched: string } {
  const min = r.min !== undefined ? bind(r.min) : undefined;
  const max = r.max !== undefined ? bind(r.max) : undefined;
  const bits = (conditions: string[]) =>
    `(SELECT coalesce(sum(1 << bit), 0) FROM facet_buckets WHERE facet = '${facet}'${conditions.map((c) => ` AND ${c}`).join("")})`;
  return {
    inside: bits([...(min ? [`lo >= ${min}`] : []), ...(max ? [`hi <= ${max}`] : [])]),
    touched: bits([...(max ? [`lo < ${max}`] : []), ...(min ? [`hi >= ${min}`] : [])]),
  };
}

interface BitTest {
  column: string;
  inside: string;
  touched: string;
}

/**
 * A range's tests on a complex: with room types, the coarse buckets of those room types (room_price_mask,
 * room_area_mask: bit (rooms + 1) * 9 + bucket); with finishings, a price's coarse buckets of those finishings
 * (finish_price_mask: bit otdelka * 9 + bucket); otherwise the complex's own fine buckets.
 */
function rangeTests(facet: Facet, r: Range, f: CatalogueFilter, bind: Bind): BitTest[] {
  const pair = (column: string, shifts: number[]): BitTest => {
    const coarse = bucketBits(`${facet}_coarse`, r, bind);
    const at = shifts.map(bind);
    const shifted = (bits: string) => `(${at.map((shift) => `(${bits} << ${shift})`).join(" | ")})`;
    return { column, inside: shifted(coarse.inside), touched: shifted(coarse.touched) };
  };
  const tests = [
    ...(f.rooms?.length
      ? [
          pair(
            `rc.room_${facet}_mask`,
            f.rooms.map((room) => (room + 1) * 9),
          ),
        ]
      : []),
    ...(f.otdelka?.length && facet === "price"
      ? [
          pair(
            "rc.finish_price_mask",
            f.otdelka.map((o) => o * 9),
          ),
        ]
      : []),
  ];
  return tests.length ? tests : [{ column: `rc.${facet}_mask`, ...bucketBits(facet, r, bind) }];
}

/**
 * The apartments' conditions as one test of the complex, from its facet columns (migration 0015) where they
 * answer exactly, so a count does not look through every complex's apartments. Room types and finishing alone:
 * room_finish_mask. One price (or payment) or area range alone, with room types, or a price with finishings:
 * a bucket wholly inside the range answers yes; a complex whose buckets only touch it (its edges) is looked up
 * in its apartments. Otherwise (several ranges; a range with both room types and finishings; an area with
 * finishings) the bits rule out the complexes that have none of them, and the rest are looked up, never
 * through the global price index (seconds at scale 1): by room type and price (lo_complex), or by price alone
 * (lo_complex_price).
 */
function apartmentTest(f: CatalogueFilter, fields: CatalogueField[], bind: Bind): string {
  const ranges: (readonly [Facet, Range])[] = [
    ...(f.price ? [["price", f.price] as const] : []),
    ...(f.payment ? [["price", paymentPriceRange(f.payment)] as const] : []),
    ...(f.area ? [["area", f.area] as const] : []),
  ];
  const pairs =
    f.rooms?.length || f.otdelka?.length ? [`(rc.room_finish_mask & ${roomFinishBits(f, bind)}) != 0`] : [];
  const tests = ranges.flatMap(([facet, r]) => rangeTests(facet, r, f, bind));
  if (!tests.length) return pairs.join("");
  const touched = tests.map((t) => `(${t.column} & ${t.touched}) != 0`);
  const index = !f.rooms?.length ? "lo_complex_price" : "lo_complex";
  const conditions = fields.map((key) => fieldCondition(f, key, bind));
  const apartments = `EXISTS (SELECT 1 FROM living_objects lo INDEXED BY ${index} WHERE lo.complex_id = rc.id AND lo.status = 1 AND ${conditions.join(" AND ")})`;
  // One test that holds every field of the filter: a bucket inside the range is an apartment that matches.
  const [one] = tests;
  const finishingLeftOut = !!f.otdelka?.length && (!!f.rooms?.length || !!f.area);
  if (one && ranges.length === 1 && tests.length === 1 && !finishingLeftOut)
    return `((${one.column} & ${one.inside}) != 0 OR (${touched.join("")} AND ${apartments}))`;
  return `(${[...pairs, ...touched, apartments].join(" AND ")})`;
}

/**
 * The stations' conditions as one test of the complex. Named stations: the complexes near them, read from the
 * stations' index (complex_stations_station), so the count grows with the answer, not the catalogue. Walking
 * up to a time, without stations: station_rank (migration 0014) is the nearest station's distance_type * 1000 +
 * minutes, and a walk is below every ride, so a walking station within m minutes is station_rank <= 1000 + m.
 * Otherwise each complex's own stations, after the same rank rules out those with no station that close.
 */
function stationTest(f: CatalogueFilter, fields: CatalogueField[], bind: Bind): string {
  const conditions = fields.map((key) => fieldCondition(f, key, bind));
  if (f.subway_stations?.length)
    return `rc.id IN (SELECT cs.complex_id FROM complex_stations cs WHERE ${conditions.join(" AND ")})`;
  const minutes = f.distance_time !== undefined ? (DISTANCE_MINUTES[f.distance_time] ?? 0) : undefined;
  if (f.distance_type === 1) return `+rc.station_rank <= ${bind(1000 + (minutes ?? 999))}`;
  const rank = minutes !== undefined ? `+rc.station_rank <= ${bind(2000 + minutes)} AND ` : "";
  return `${rank}EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND ${conditions.join(" AND ")})`;
}

/**
 * A filter's set fields by where they are tested (`on`), each one's own condition (`condition`), and the
 * parameters bound so far (`params`, through `bind`).
 */
export function filterParts(f: CatalogueFilter) {
  const params: Param[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `?${params.length}`;
  };
  const set = (Object.keys(FIELD_SQL) as CatalogueField[]).filter((key) => {
    const value = f[key];
    return value !== undefined && !(Array.isArray(value) && !value.length);
  });
  const on = (place: FieldSql<unknown>["on"]) => set.filter((key) => FIELD_SQL[key].on === place);
  return {
    params,
    bind,
    on,
    /** `fast`: from the field's kept column where it has one (the catalogue), else its own condition (the oracle). */
    condition: (key: CatalogueField, fast = false) => fieldCondition(f, key, bind, fast),
  };
}

/**
 * WHERE of the catalogue list and count: bound parameters only, each filter from an index. `inIdOrder` is
 * for reading every matching complex (the map), not a page in price order.
 */
export function complexWhere(f: CatalogueFilter, inIdOrder = false): { sql: string; params: Param[] } {
  // With an id list the rows are looked up by id, and the map reads the table in id order; "+" keeps SQLite
  // off the is_published index, which would walk every published complex in price order to find a few (or,
  // for the map, jump from it to every row: 36 ms at scale 10 where reading the table takes 12 ms).
  const where: string[] = [f.ids?.length || inIdOrder ? "+rc.is_published = 1" : "rc.is_published = 1"];
  const { params, bind, on, condition } = filterParts(f);
  where.push(...on("complex").map((key) => condition(key, true)));
  const apartmentFields = on("apartment");
  if (apartmentFields.length) where.push(apartmentTest(f, apartmentFields, bind));
  const stationFields = on("station");
  if (stationFields.length) where.push(stationTest(f, stationFields, bind));
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
  /** Its stations and its offers by room type as JSON arrays (CARD_PARTS): read them with cardPartsOf. */
  stations_json: string;
  rooms_json: string;
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
  rc.max_area, rc.min_price_m2, rc.apartments_on_sale, rc.floors_max, ${CARD_PARTS}`;

/** Each sort's ORDER BY: its index's columns (migration 0014), the id settling ties in the same direction. */
export const COMPLEX_ORDER: Record<Sort, string> = {
  "price desc": "rc.min_price DESC, rc.id DESC",
  "price asc": "rc.min_price ASC, rc.id ASC",
  "price_m2 asc": "rc.min_price_m2 ASC, rc.id ASC",
  "deadline asc": "rc.deadline_year ASC, rc.deadline_quarter ASC, rc.id ASC",
  "area desc": "rc.max_area DESC, rc.id DESC",
  "metro asc": "rc.station_rank ASC, rc.id ASC",
  "new desc": "rc.id DESC",
};

export function listComplexesSql(q: ListQuery): { sql: string; params: Param[] } {
  const w = complexWhere(q.filter);
  const params = [...w.params, q.perPage, (q.page - 1) * q.perPage];
  return {
    sql: `SELECT ${CARD_COLUMNS} FROM residential_complexes rc JOIN companies c ON c.id = rc.developer_id
      WHERE ${w.sql} ORDER BY ${COMPLEX_ORDER[q.sort]} LIMIT ?${params.length - 1} OFFSET ?${params.length}`,
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
}

export async function listHouses(db: D1Database, complexId: number): Promise<HouseRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM houses WHERE complex_id = ?1 ORDER BY id")
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
