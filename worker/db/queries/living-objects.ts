import type { ApartmentFilter, ApartmentQuery } from "../../../shared/filters/apartments";
import { type Bind, inList, inRange, type Param } from "./bind";
import { countTotal } from "./complexes";

export interface LivingObjectRow {
  id: number;
  complex_id: number;
  complex_name: string;
  complex_slug: string;
  house_id: number;
  house_name: string;
  section: number;
  floor: number;
  floors: number;
  position: number;
  number: number;
  rooms: number;
  area_total: number;
  area_living: number;
  area_kitchen: number;
  price: number;
  price_m2: number;
  otdelka: number;
  status: number;
  plan: string;
  deadline_year: number;
  deadline_quarter: number;
  is_finished: number;
}

const COLUMNS = `lo.id, lo.complex_id, rc.name AS complex_name, rc.slug AS complex_slug, lo.house_id, h.name AS house_name,
  lo.section, lo.floor, h.floors, lo.position, lo.number, lo.rooms, lo.area_total, lo.area_living, lo.area_kitchen,
  lo.price, lo.price_m2, lo.otdelka, lo.status, lo.plan, h.deadline_year, h.deadline_quarter, h.is_finished`;
const FROM =
  "living_objects lo JOIN houses h ON h.id = lo.house_id JOIN residential_complexes rc ON rc.id = lo.complex_id";

/**
 * The SQL of each apartments filter field (shared/filters/apartments.ts APARTMENT_FIELDS), keyed by the same
 * name. The status is the one field with a default: only apartments on sale unless the query names others.
 */
export const FIELD_SQL: {
  [K in keyof ApartmentFilter]-?: (value: NonNullable<ApartmentFilter[K]>, bind: Bind) => string;
} = {
  complex: (id, bind) => `lo.complex_id = ${bind(id)}`,
  houses: inList("lo.house_id"),
  rooms: inList("lo.rooms"),
  price: inRange("lo.price"),
  area: inRange("lo.area_total"),
  floor: inRange("lo.floor"),
  otdelka: inList("lo.otdelka"),
  status: inList("lo.status"),
};

export function apartmentWhere(f: ApartmentFilter): { sql: string; params: Param[] } {
  const params: Param[] = [];
  const bind: Bind = (v) => {
    params.push(v);
    return `?${params.length}`;
  };
  const filter: ApartmentFilter = { ...f, status: f.status ?? [1] };
  const where = (Object.keys(FIELD_SQL) as (keyof ApartmentFilter)[])
    .filter((key) => filter[key] !== undefined)
    .map((key) => (FIELD_SQL[key] as (value: unknown, bind: Bind) => string)(filter[key], bind));
  return { sql: where.join(" AND "), params };
}

const ORDER: Record<ApartmentQuery["sort"], string> = {
  "price asc": "lo.price ASC, lo.id ASC",
  "price desc": "lo.price DESC, lo.id DESC",
  "area asc": "lo.area_total ASC, lo.id ASC",
  "area desc": "lo.area_total DESC, lo.id DESC",
};

/**
 * The index a list of the whole catalogue walks, in its sort's order (migration 0017): each carries every column
 * a filter tests, so the walk tests an entry before it reads the apartment, and stops at the page's end. Left
 * to itself the planner took the index of a filter's range instead and sorted everything in it apart: prices
 * up to 12 млн sorted by area, 2,3 s at scale 10.
 */
const SORT_INDEX: Record<ApartmentQuery["sort"], string> = {
  "price asc": "lo_sale_price",
  "price desc": "lo_sale_price",
  "area asc": "lo_sale_area",
  "area desc": "lo_sale_area",
};

/**
 * The index of a query's apartments, named: one house's or one complex's are read through their own (a few
 * hundred, sorted apart), never through an index of the whole catalogue (a complex's apartments by area took
 * lo_sale_area, every apartment on sale); the whole catalogue's list walks its sort's. Null: the planner's
 * choice (a count of the whole catalogue, which each lo_sale_* index covers).
 */
function apartmentIndex(f: ApartmentFilter, sort: ApartmentQuery["sort"] | null): string | null {
  if (f.houses !== undefined) return "lo_house";
  if (f.complex !== undefined) return sort ? "lo_complex_price" : "lo_complex";
  return sort && SORT_INDEX[sort];
}

const apartmentsFrom = (index: string | null) =>
  index ? `living_objects lo INDEXED BY ${index}` : "living_objects lo";

export function listApartmentsSql(q: ApartmentQuery) {
  const w = apartmentWhere(q.filter);
  const params = [...w.params, q.perPage, (q.page - 1) * q.perPage];
  const from = FROM.replace("living_objects lo", apartmentsFrom(apartmentIndex(q.filter, q.sort)));
  return {
    sql: `SELECT ${COLUMNS} FROM ${from} WHERE ${w.sql} AND rc.is_published = 1 ORDER BY ${ORDER[q.sort]}
          LIMIT ?${params.length - 1} OFFSET ?${params.length}`,
    params,
  };
}

/**
 * The count of the list's apartments: those of published complexes, as the list has them. The filter's count
 * reads one index alone (migration 0017: no complex in it); the apartments of the few unpublished complexes
 * that match are counted complex by complex (lo_complex) and taken away.
 */
export function countApartmentsSql(f: ApartmentFilter) {
  const w = apartmentWhere(f);
  return {
    sql: `SELECT (SELECT count(*) FROM ${apartmentsFrom(apartmentIndex(f, null))} WHERE ${w.sql})
      - (SELECT count(*) FROM residential_complexes u JOIN living_objects lo INDEXED BY lo_complex
          ON lo.complex_id = u.id WHERE u.is_published = 0 AND ${w.sql}) AS total`,
    params: w.params,
  };
}

export function countApartments(db: D1Database, f: ApartmentFilter): Promise<number> {
  return countTotal(db, countApartmentsSql(f));
}

export async function listApartments(
  db: D1Database,
  q: ApartmentQuery,
): Promise<{ rows: LivingObjectRow[]; total: number }> {
  const list = listApartmentsSql(q);
  const count = countApartmentsSql(q.filter);
  const [rows, total] = await db.batch([
    db.prepare(list.sql).bind(...list.params),
    db.prepare(count.sql).bind(...count.params),
  ]);
  return {
    rows: (rows?.results ?? []) as LivingObjectRow[],
    total: (total?.results?.[0] as { total: number } | undefined)?.total ?? 0,
  };
}

export function getApartment(db: D1Database, id: number): Promise<LivingObjectRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM ${FROM} WHERE lo.id = ?1 AND rc.is_published = 1`)
    .bind(id)
    .first<LivingObjectRow>();
}

/** Apartments by id, whatever their status (favourites and comparison), in published complexes. */
export async function listApartmentsByIds(db: D1Database, ids: number[]): Promise<LivingObjectRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE lo.id IN (SELECT value FROM json_each(?1)) AND rc.is_published = 1`,
    )
    .bind(JSON.stringify(ids))
    .all<LivingObjectRow>();
  return results;
}

export interface RoomGroupRow {
  rooms: number;
  count: number;
  min_price: number;
  max_price: number;
  min_area: number;
  max_area: number;
}

/** Apartments on sale of a complex grouped by room type (from the aggregates). */
export async function listRoomGroups(db: D1Database, complexId: number): Promise<RoomGroupRow[]> {
  const { results } = await db
    .prepare(
      "SELECT rooms, count, min_price, max_price, min_area, max_area FROM room_stats WHERE complex_id = ?1 ORDER BY rooms",
    )
    .bind(complexId)
    .all<RoomGroupRow>();
  return results.sort((a, b) => (a.rooms < 0 ? 99 : a.rooms) - (b.rooms < 0 ? 99 : b.rooms));
}

export interface ChessCellRow {
  id: number;
  floor: number;
  position: number;
  number: number;
  rooms: number;
  area_total: number;
  price: number;
  status: number;
}

/** Every apartment of a house, top floor first: the chessboard. */
export async function listHouseCells(
  db: D1Database,
  complexId: number,
  houseId: number,
): Promise<ChessCellRow[]> {
  const { results } = await db
    .prepare(
      `SELECT lo.id, lo.floor, lo.position, lo.number, lo.rooms, lo.area_total, lo.price, lo.status
       FROM living_objects lo WHERE lo.house_id = ?1 AND lo.complex_id = ?2 ORDER BY lo.floor DESC, lo.position`,
    )
    .bind(houseId, complexId)
    .all<ChessCellRow>();
  return results;
}
