/**
 * What the map asks the server for: the view's zoom level and a box around it, quantised so that nearby views
 * ask the same (one URL, one cache entry in SWR, the browser and the edge). Up to the first view's level the
 * box is the whole catalogue (a few hundred clusters at most) and one answer holds every such level; closer in
 * the box is the view's, widened to whole blocks of BLOCK_CELLS × BLOCK_CELLS cells of the level's grid.
 */
import { cellKm, cellOf, ORIGIN } from "./cluster";
import {
  type Bounds,
  FIRST_LEVEL,
  type Size,
  toMap,
  unproject,
  type View,
  ZOOM_MAX,
  ZOOM_MIN,
} from "./projection";

export const BLOCK_CELLS = 8;
/** The widest box the server answers, in cells of its level on either side (a 2 560 px wide screen and more). */
export const MAX_BOX_CELLS = 64;

/** A view's question: its level and box (null: the whole catalogue, levels 0 to FIRST_LEVEL). */
export interface ViewQuery {
  zoom: number;
  bbox: Bounds | null;
}

/** The first view's question: the whole catalogue, every level up to the first view's. */
export const FIRST_VIEW: ViewQuery = { zoom: FIRST_LEVEL, bbox: null };

/** The level whose clusters a view shows. */
export const levelOf = (view: View): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.floor(view.zoom)));

/** The question of a view of `size` pixels. */
export function viewQuery(view: View, size: Size): ViewQuery {
  const zoom = levelOf(view);
  if (zoom <= FIRST_LEVEL) return { zoom: FIRST_LEVEL, bbox: null };
  const block = cellKm(zoom) * BLOCK_CELLS;
  const a = toMap(view, size, { x: 0, y: 0 });
  const b = toMap(view, size, { x: size.width, y: size.height });
  const down = (v: number) => ORIGIN + cellOf(v, block) * block;
  const up = (v: number) => ORIGIN + (cellOf(v, block) + 1) * block;
  return { zoom, bbox: { min: { x: down(a.x), y: down(a.y) }, max: { x: up(b.x), y: up(b.y) } } };
}

/** Degrees to 6 places (~0.1 m): the box's parameter. */
const deg = (v: number) => Number(v.toFixed(6));

/** The `bbox` parameter of a box: «west,south,east,north» in degrees, as GeoJSON orders them. */
export function bboxParam(box: Bounds): string {
  const sw = unproject({ x: box.min.x, y: box.max.y });
  const ne = unproject({ x: box.max.x, y: box.min.y });
  return [sw.lng, sw.lat, ne.lng, ne.lat].map(deg).join(",");
}
