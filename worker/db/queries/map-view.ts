/**
 * The map's cells: a view's complexes counted by the cells of a zoom level's grid (shared/map/cluster.ts), in
 * one statement whose answer grows with the cells in view, not with the complexes. A box reads the complexes
 * through their coordinates' index (migration 0021); the whole catalogue (the first view's levels) reads the
 * filter's complexes once.
 */
import type { CatalogueFilter } from "../../../shared/filters/catalogue";
import type { AreaStation } from "../../../shared/map/areas";
import { cellKm, type MapCell, ORIGIN } from "../../../shared/map/cluster";
import {
  type Bounds,
  CENTRE,
  KM_PER_LAT,
  KM_PER_LNG,
  unproject,
  ZOOM_MAX,
} from "../../../shared/map/projection";
import type { Param } from "./bind";
import { commuteWalk } from "./commute";
import { complexWhere } from "./complex-filter";

/** Complexes closer than this (km) on both axes are in one place: no zoom tells them apart (under a pixel). */
const ONE_PLACE_KM = 2 ** -ZOOM_MAX;
/** Added to a cell index (whole cells) so that it is positive where SQLite's CAST truncates it. */
const OFFSET = 1 << 20;

interface CellRow {
  ix: number;
  iy: number;
  n: number;
  sx: number;
  sy: number;
  key: number;
  min_x: number;
  min_y: number;
  max_x: number;
  max_y: number;
  ids: string | null;
}

/**
 * What the two statements over the filter's complexes in cells share: the filter's condition with its params (and
 * `bind` for more), the box's condition, a complex's place in km and the expressions of its cell's indices.
 */
function cellParts(f: CatalogueFilter, level: number, box: Bounds | null) {
  const w = complexWhere(f, true);
  const params = [...w.params];
  const bind = (v: Param) => `?${params.push(v)}`;
  let inBox = "";
  if (box) {
    // The projection is linear in latitude and longitude: a box of kilometres is a box of degrees.
    const nw = unproject(box.min);
    const se = unproject(box.max);
    inBox = ` AND rc.lat BETWEEN ${bind(se.lat)} AND ${bind(nw.lat)} AND rc.lng BETWEEN ${bind(nw.lng)} AND ${bind(se.lng)}`;
  }
  const cell = bind(cellKm(level));
  const index = (v: string) => `CAST((${v} - ${ORIGIN}) / ${cell} + ${OFFSET} AS INTEGER) - ${OFFSET}`;
  const xy = `(rc.lng - ${CENTRE.lng}) * ${KM_PER_LNG} AS x, (${CENTRE.lat} - rc.lat) * ${KM_PER_LAT} AS y`;
  return { where: w.sql, params, bind, inBox, xy, ix: index("x"), iy: index("y") };
}

/**
 * The cells of `level` holding the filter's complexes in `box` (km; null: everywhere). A cell lists its
 * complexes' ids when the map may open them as a card: one complex, several in one place, or any at the
 * closest level. A commute's minutes are not here (listCellCommutesSql): the cells of a filter with only a
 * destination are the whole catalogue's, which KV keeps.
 */
export function listMapCellsSql(
  f: CatalogueFilter,
  level: number,
  box: Bounds | null,
): { sql: string; params: Param[] } {
  const { where, params, inBox, xy, ix, iy } = cellParts(f, level, box);
  const ids =
    level >= ZOOM_MAX
      ? "1"
      : `count(*) = 1 OR (max(x) - min(x) < ${ONE_PLACE_KM} AND max(y) - min(y) < ${ONE_PLACE_KM})`;
  return {
    sql: `WITH p AS (SELECT rc.id, ${xy} FROM residential_complexes rc WHERE ${where}${inBox})
      SELECT ${ix} AS ix, ${iy} AS iy, count(*) AS n, sum(x) AS sx, sum(y) AS sy, min(id) AS key,
        min(x) AS min_x, min(y) AS min_y, max(x) AS max_x, max(y) AS max_y,
        CASE WHEN ${ids} THEN group_concat(id) END AS ids
      FROM p GROUP BY ix, iy`,
    params,
  };
}

/**
 * Each cell's least minutes to the filter's destination `to` over its complexes with a time there (issue 32), with
 * the walk beyond the destination's station (a point's, commuteWalk).
 * Over the whole catalogue, the destination's kept minutes in one range of complex_commutes_order (every complex
 * with a time, in one stretch of the index), each complex's place by its id off rc_map_place (migration 0030: a
 * few pages of ids and places, not each complex's wide row): there the per-complex seek of the
 * kept minutes, or their computation from each complex's stations, was slower
 * (docs/decisions/0023-commute-kept-per-complex.md). In a box, its few complexes first, each one's by its key.
 */
export function listCellCommutesSql(
  f: CatalogueFilter,
  to: number,
  level: number,
  box: Bounds | null,
): { sql: string; params: Param[] } {
  const { where, params, bind, inBox, xy, ix, iy } = cellParts(f, level, box);
  // The whole catalogue: the destination's range, then each complex; a box: its complexes (rc_map), then each
  // one's kept minutes by its key.
  const from = box
    ? `residential_complexes rc CROSS JOIN complex_commutes k ON k.complex_id = rc.id`
    : `complex_commutes k INDEXED BY complex_commutes_order CROSS JOIN residential_complexes rc INDEXED BY rc_map_place ON rc.id = k.complex_id`;
  return {
    sql: `WITH p AS (SELECT k.minutes, ${xy} FROM ${from}
        WHERE k.to_id = ${bind(to)} AND ${where}${inBox})
      SELECT ${ix} AS ix, ${iy} AS iy, min(minutes) + ${bind(commuteWalk(f))} AS commute FROM p GROUP BY ix, iy`,
    params,
  };
}

export async function listMapCells(
  db: D1Database,
  f: CatalogueFilter,
  level: number,
  box: Bounds | null,
): Promise<MapCell[]> {
  const { sql, params } = listMapCellsSql(f, level, box);
  const { results } = await db
    .prepare(sql)
    .bind(...params)
    .all<CellRow>();
  return results.map((r) => ({
    ix: r.ix,
    iy: r.iy,
    n: r.n,
    sx: r.sx,
    sy: r.sy,
    key: r.key,
    minX: r.min_x,
    minY: r.min_y,
    maxX: r.max_x,
    maxY: r.max_y,
    ids: r.ids === null ? null : r.ids.split(",").map(Number),
  }));
}

/** Each cell's least minutes to `to` (listCellCommutesSql), keyed «ix,iy»; a cell with none has no entry. */
export async function listCellCommutes(
  db: D1Database,
  f: CatalogueFilter,
  to: number,
  level: number,
  box: Bounds | null,
): Promise<Map<string, number>> {
  const { sql, params } = listCellCommutesSql(f, to, level, box);
  const { results } = await db
    .prepare(sql)
    .bind(...params)
    .all<{ ix: number; iy: number; commute: number }>();
  return new Map(results.map((r) => [`${r.ix},${r.iy}`, r.commute]));
}

/** The commute's destination with its place, for the map's mark (null: no such station). */
export function mapDestination(db: D1Database, to: number): Promise<MapDestinationRow | null> {
  return db
    .prepare(
      `SELECT s.name, s.kind, l.color, s.lat, s.lng FROM subway_stations s JOIN lines l ON l.id = s.line_id WHERE s.id = ?1`,
    )
    .bind(to)
    .first<MapDestinationRow>();
}

export interface MapDestinationRow {
  name: string;
  kind: string;
  color: string;
  lat: number;
  lng: number;
}

/**
 * The stations a place may walk to with their trips to the destination `to` (shared/map/areas.ts), those in
 * `box` (km; null: all): the destination's rows of station_trips, by its primary key.
 */
export async function listAreaStations(
  db: D1Database,
  to: number,
  box: Bounds | null,
): Promise<AreaStation[]> {
  const params: Param[] = [to];
  let inBox = "";
  if (box) {
    const nw = unproject(box.min);
    const se = unproject(box.max);
    params.push(se.lat, nw.lat, nw.lng, se.lng);
    inBox = " AND s.lat BETWEEN ?2 AND ?3 AND s.lng BETWEEN ?4 AND ?5";
  }
  const { results } = await db
    .prepare(
      `SELECT s.lat, s.lng, t.minutes FROM station_trips t JOIN subway_stations s ON s.id = t.from_id
        WHERE t.to_id = ?1${inBox}`,
    )
    .bind(...params)
    .all<AreaStation>();
  return results;
}
