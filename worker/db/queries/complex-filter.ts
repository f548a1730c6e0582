/**
 * The catalogue filter's SQL: each field's own condition (FIELD_SQL, keyed by the fields of
 * shared/filters/catalogue.ts CATALOGUE_FIELDS) and the WHERE of the catalogue's list, count and map. Every
 * field is tested at its level (`on`): the complex's row; one of its houses; one of its apartments on sale; one
 * of its stations — all of a level's conditions on the same house, apartment or station. Each level has a
 * general test that holds for any fields; the fast forms of complex-facets.ts only accelerate it.
 */

import { LOW_RISK_BIT, NO_MOVES_BIT } from "../../../shared/construction/summary";
import {
  type CatalogueField,
  type CatalogueFilter,
  DISTANCE_MINUTES,
} from "../../../shared/filters/catalogue";
import { moscowQuarter } from "../../../shared/format";
import { paymentPriceRange } from "../../../shared/mortgage-payment";
import { type Bind, binder, bits, inList, inRange, named, type Param } from "./bind";
import { commuteWalk, commuteWithin, commuteWithinTrips } from "./commute";
import { apartmentFacets, FACETED, RANKED, stationRank } from "./complex-facets";

/** Where a field is tested: the complex (rc), one of its houses (h), apartments on sale (lo), stations (cs). */
export type Level = "complex" | "house" | "apartment" | "station";

export interface FieldSql<V> {
  on: Level;
  /**
   * The field's own condition: what the catalogue's answer must equal (tests/catalogue-oracle.ts reads it).
   * `filter`: the whole filter, for a field that needs another's value (a commute's limit, its destination).
   */
  where(value: V, bind: Bind, filter: Readonly<Record<string, unknown>>): string;
  /** The same test from a kept column (a migration's aggregate), where the catalogue's queries read that. */
  fast?(value: V, bind: Bind, filter: Readonly<Record<string, unknown>>): string;
}

/** The SQL of a filter table's fields by name (FIELD_SQL, or a table with more fields: the recipe's test). */
// biome-ignore lint/suspicious/noExplicitAny: each entry's value type is its own field's; read through fieldCondition
export type FieldSqlTable = Readonly<Record<string, FieldSql<any>>>;

/** near_mask's bit of each kind of station; another kind finds none, as its own condition does. */
const NEAR_BITS: Readonly<Record<string, number>> = { metro: 1, mcc: 2, mcd: 4 };

/**
 * The SQL of each catalogue filter field, keyed by the same name as CATALOGUE_FIELDS: a field added to the
 * table does not compile until it has its condition here.
 */
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
  // Construction (migration 0023): the deadline events themselves, and the houses' kept risk; both from the
  // complex's construction_mask on the index entry (refreshConstruction keeps it).
  no_moves: {
    on: "complex",
    where: () =>
      "NOT EXISTS (SELECT 1 FROM change_events e WHERE e.complex_id = rc.id AND e.kind = 'deadline')",
    fast: (_, bind) => `(rc.construction_mask & ${bind(NO_MOVES_BIT)}) != 0`,
  },
  low_risk: {
    on: "complex",
    where: () =>
      "NOT EXISTS (SELECT 1 FROM houses h WHERE h.complex_id = rc.id AND h.is_finished = 0 AND h.delivery_risk IS NOT 0)",
    fast: (_, bind) => `(rc.construction_mask & ${bind(LOW_RISK_BIT)}) != 0`,
  },
  // The loader turns a place into its id filter before any SQL runs (resolvePlace); unresolved, it finds none.
  location: { on: "complex", where: () => "0" },
  ids: { on: "complex", where: inList("rc.id") },
  // The destination alone filters nothing (the cards' times are to it); with a limit, the complexes that close.
  commute_to: { on: "complex", where: () => "1" },
  // The loader turns a point into its station and walk before any SQL runs (resolveCommute); unresolved, it
  // finds none, as an unresolved place.
  commute_at: { on: "complex", where: () => "0" },
  // Door to door: the station's minutes plus the walk from it to a point (commuteWalk: 0 for a station).
  commute_max: {
    on: "complex",
    where: (limit, bind, f) =>
      typeof f.commute_to === "number" ? commuteWithinTrips(f.commute_to, limit, commuteWalk(f), bind) : "1",
    // Kept per complex and destination (migration 0028): one range of an index, `minutes <= limit - walk`.
    fast: (limit, bind, f) =>
      typeof f.commute_to === "number" ? commuteWithin(f.commute_to, limit, commuteWalk(f), bind) : "1",
  },
};

/** A filter as a record of values by field name (a CatalogueFilter, or a filter of a table with more fields). */
type AnyFilter = Readonly<Record<string, unknown>>;

/**
 * A filter's set fields by level (`on`), each one's own condition (`condition`), and the parameters bound so
 * far (`params`, through `bind`). `sql`: the fields' SQL (FIELD_SQL unless a table with more fields).
 */
export function filterParts(f: AnyFilter, sql: FieldSqlTable = FIELD_SQL) {
  const { params, bind } = binder();
  const set = Object.keys(sql).filter((key) => {
    const value = f[key];
    return value !== undefined && !(Array.isArray(value) && !value.length);
  });
  const on = (level: Level) => set.filter((key) => sql[key]?.on === level);
  /** `fast`: from the field's kept column where it has one (the catalogue), else its own condition (the oracle). */
  const condition = (key: string, fast = false) => {
    const def = sql[key] as FieldSql<unknown>;
    return (fast && def.fast ? def.fast : def.where)(f[key], bind, f);
  };
  return { params, bind, on, condition };
}

/**
 * The conditions of a level's fields, all on the same row of its table, as one test of the complex. The
 * apartments are looked up within the complex through `index`, never through an index of the whole catalogue
 * (seconds at scale 1; migration 0017).
 */
const GENERAL = {
  house: (c: string[]) => `EXISTS (SELECT 1 FROM houses h WHERE h.complex_id = rc.id AND ${c.join(" AND ")})`,
  apartment: (c: string[], index: "lo_complex" | "lo_complex_price") =>
    `EXISTS (SELECT 1 FROM living_objects lo INDEXED BY ${index} WHERE lo.complex_id = rc.id AND lo.status = 1 AND ${c.join(" AND ")})`,
  station: (c: string[]) =>
    `EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND ${c.join(" AND ")})`,
} as const;

/**
 * The apartments' conditions: the general lookup among the complex's apartments, accelerated by the facet bits
 * (complex-facets.ts): exact where they decide alone (so a count does not look through every complex's
 * apartments), else their necessary conditions before the lookup. A field the bits do not know (a floor) is
 * always looked up.
 */
function apartmentTest(f: CatalogueFilter, conditions: string[], fields: string[], bind: Bind): string {
  // By room type and price (lo_complex), or by price alone (lo_complex_price).
  const apartments = GENERAL.apartment(conditions, f.rooms?.length ? "lo_complex" : "lo_complex_price");
  const facets = apartmentFacets(f, bind);
  if (facets.exact && fields.every((k) => FACETED.includes(k as CatalogueField)))
    return `(${facets.exact(apartments)})`;
  return `(${[...facets.necessary, apartments].join(" AND ")})`;
}

/**
 * The stations' conditions. Named stations: the complexes near them, read from the stations' index
 * (complex_stations_station), so the count grows with the answer, not the catalogue. Otherwise the complex's
 * own stations, after station_rank rules out those with no station that close; on foot with nothing else
 * asked, the rank alone.
 */
function stationTest(f: CatalogueFilter, conditions: string[], fields: string[], bind: Bind): string {
  if (f.subway_stations?.length)
    return `rc.id IN (SELECT cs.complex_id FROM complex_stations cs WHERE ${conditions.join(" AND ")})`;
  const rank = stationRank(f, bind);
  if (rank.exact && fields.every((k) => RANKED.includes(k as CatalogueField))) return rank.exact;
  return [...rank.necessary, GENERAL.station(conditions)].join(" AND ");
}

/**
 * WHERE of the catalogue list and count: bound parameters only, each filter from an index. `inIdOrder` is
 * for reading every matching complex (the map), not a page in price order. `sql`: the fields' SQL (FIELD_SQL
 * unless a table with more fields: the general tests answer fields the fast forms do not know).
 */
export function complexWhere(
  f: CatalogueFilter,
  inIdOrder = false,
  sql: FieldSqlTable = FIELD_SQL,
): { sql: string; params: Param[] } {
  // With an id list the rows are looked up by id, and the map reads the table in id order; "+" keeps SQLite
  // off the is_published index, which would walk every published complex in price order to find a few (or,
  // for the map, jump from it to every row: 36 ms at scale 10 where reading the table takes 12 ms).
  const where: string[] = [f.ids?.length || inIdOrder ? "+rc.is_published = 1" : "rc.is_published = 1"];
  const { params, bind, on, condition } = filterParts(f, sql);
  where.push(...on("complex").map((key) => condition(key, true)));
  const level = (l: Exclude<Level, "complex">) => {
    const fields = on(l);
    return { fields, conditions: fields.map((key) => condition(key)) };
  };
  const house = level("house");
  if (house.fields.length) where.push(GENERAL.house(house.conditions));
  const apartment = level("apartment");
  if (apartment.fields.length) where.push(apartmentTest(f, apartment.conditions, apartment.fields, bind));
  const station = level("station");
  if (station.fields.length) where.push(stationTest(f, station.conditions, station.fields, bind));
  // The faceted and ranked tests leave out conditions bound before they were chosen.
  return named(where.join(" AND "), params);
}

/**
 * The same filter counted the plain way (tests/catalogue-oracle.ts, `npm run bench`'s oracle): each field's own
 * condition at its level, no facet column, bucket or rank.
 */
export function plainWhere(f: AnyFilter, sql: FieldSqlTable = FIELD_SQL): { sql: string; params: Param[] } {
  const { params, on, condition } = filterParts(f, sql);
  const where = ["rc.is_published = 1", ...on("complex").map((key) => condition(key))];
  const house = on("house").map((key) => condition(key));
  const apartment = on("apartment").map((key) => condition(key));
  const station = on("station").map((key) => condition(key));
  if (house.length) where.push(GENERAL.house(house));
  // Within the complex (lo_complex): left to itself the planner walks the whole catalogue's area index for an
  // area range, for each complex (migration 0017).
  if (apartment.length) where.push(GENERAL.apartment(apartment, "lo_complex"));
  if (station.length) where.push(GENERAL.station(station));
  return { sql: where.join(" AND "), params };
}

/**
 * The same filter tested on one apartment on sale (`lo`, its complex `rc`): the complex's, its houses' and its
 * stations' tests as the plain form has them, the apartment's own conditions on that apartment. A saved search
 * (worker/alerts/match.ts) matches a changed apartment with it, so its answer is the listing's for the changed
 * apartments.
 */
export function apartmentMatchWhere(
  f: AnyFilter,
  sql: FieldSqlTable = FIELD_SQL,
): { sql: string; params: Param[] } {
  const { params, on, condition } = filterParts(f, sql);
  const where = ["rc.is_published = 1", "lo.status = 1", ...on("complex").map((key) => condition(key))];
  const house = on("house").map((key) => condition(key));
  const station = on("station").map((key) => condition(key));
  if (house.length) where.push(GENERAL.house(house));
  where.push(...on("apartment").map((key) => condition(key)));
  if (station.length) where.push(GENERAL.station(station));
  return { sql: where.join(" AND "), params };
}
