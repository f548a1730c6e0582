/**
 * Grid clustering of the map's complexes. The cell is CELL_PX screen pixels at the whole zoom level, so clusters
 * only change when a level is crossed (between levels a cell grows to at most twice that on screen), and the
 * grid is fixed on the map, so panning never reshuffles them. The grids of all levels share one origin, a
 * third of the largest cell from the centre of Moscow: with cells halving at each level the centre is a third
 * of a cell from any edge at every level, never split into four clusters around the Kremlin; and a cell of a
 * level is the union of four of the next (cellOf: a coarser level's cells are made of a finer one's).
 *
 * The server counts a view's cells in D1 (worker/db/queries/map-view.ts: a cell's count, sums, bounds and
 * smallest id) and merges them here (mergeCells); clusterGrid does the same of points (the tests' reference).
 */
import type { MapClusterTuple } from "../schemas/map";
import { type Bounds, type Point, pxPerKm } from "./projection";

export const CELL_PX = 64;
/** The grid's origin (km) on both axes, at every level. */
export const ORIGIN = -CELL_PX / pxPerKm(0) / 3;

/** A cell's side (km) at a whole zoom level. */
export const cellKm = (level: number): number => CELL_PX / pxPerKm(level);

/**
 * What a box's clusters are made of: the complexes in the box and in MERGE_MARGIN_CELLS cells of the level
 * around it. A cluster near the box's edge then merges with its neighbours outside the box (mergeCells) as it
 * does in any other box that holds it, so a pan's next answer leaves the clusters in view where they were; the
 * box keeps the clusters whose centroid is in it (inBox).
 */
export const MERGE_MARGIN_CELLS = 2;

export function withMergeMargin(box: Bounds, level: number): Bounds {
  const m = MERGE_MARGIN_CELLS * cellKm(level);
  return { min: { x: box.min.x - m, y: box.min.y - m }, max: { x: box.max.x + m, y: box.max.y + m } };
}

export const inBox = (box: Bounds, p: Point): boolean =>
  p.x >= box.min.x && p.x <= box.max.x && p.y >= box.min.y && p.y <= box.max.y;

/** The index of the level's cell a coordinate (km) falls in, on either axis. */
export const cellOf = (v: number, cell: number): number => Math.floor((v - ORIGIN) / cell);

/** What merging needs of a cell: its index on the grid, its count and the sums of its members' positions. */
export interface CellBase {
  ix: number;
  iy: number;
  n: number;
  sx: number;
  sy: number;
}

const keyOf = (ix: number, iy: number) => `${ix},${iy}`;

/**
 * Cells whose centroids came closer than half a `cell` (members either side of an edge) are one: they would
 * overlap on screen. `join` adds the second's members to the first (n, sx and sy are added here). Largest
 * first; sorted top to bottom, then left to right (the keyboard's order).
 */
export function mergeCells<C extends CellBase>(
  cells: readonly C[],
  cell: number,
  join: (into: C, from: C) => void,
): C[] {
  const at = new Map(cells.map((c) => [keyOf(c.ix, c.iy), c]));
  const merged = new Set<C>();
  const bySize = [...cells].sort((a, b) => b.n - a.n || a.iy - b.iy || a.ix - b.ix);
  for (const c of bySize) {
    if (merged.has(c)) continue;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = at.get(keyOf(c.ix + dx, c.iy + dy));
        if (!n || n === c || merged.has(n)) continue;
        const d = Math.hypot(c.sx / c.n - n.sx / n.n, c.sy / c.n - n.sy / n.n);
        if (d >= cell / 2) continue;
        c.n += n.n;
        c.sx += n.sx;
        c.sy += n.sy;
        join(c, n);
        merged.add(n);
      }
    }
  }
  return bySize
    .filter((c) => !merged.has(c))
    .sort((a, b) => a.sy / a.n - b.sy / b.n || a.sx / a.n - b.sx / b.n);
}

export interface Cluster<T extends Point> {
  /** The centroid of the members (km). */
  x: number;
  y: number;
  items: T[];
}

/** Points (km) sharing a `cell`-km square form one cluster at their centroid; neighbours merged as mergeCells. */
export function clusterGrid<T extends Point>(points: readonly T[], cell: number): Cluster<T>[] {
  const cells = new Map<string, CellBase & { items: T[] }>();
  for (const p of points) {
    const ix = cellOf(p.x, cell);
    const iy = cellOf(p.y, cell);
    const c = cells.get(keyOf(ix, iy));
    if (c) {
      c.n++;
      c.sx += p.x;
      c.sy += p.y;
      c.items.push(p);
    } else cells.set(keyOf(ix, iy), { ix, iy, n: 1, sx: p.x, sy: p.y, items: [p] });
  }
  return mergeCells([...cells.values()], cell, (into, from) => into.items.push(...from.items)).map((c) => ({
    x: c.sx / c.n,
    y: c.sy / c.n,
    items: c.items,
  }));
}

/** The clusters shown at a zoom. */
export function clustersAt<T extends Point>(points: readonly T[], zoom: number): Cluster<T>[] {
  return clusterGrid(points, cellKm(Math.floor(zoom)));
}

/**
 * A cell of a view as D1 counts it: its members' smallest id (the cluster's key) and bounds (km), and their
 * ids when the map may open them as a card (one complex, or several in one place).
 */
export interface MapCell extends CellBase {
  key: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  ids: number[] | null;
  /** With a commute's destination: the least minutes of its complexes there (null: none known). */
  commute?: number | null;
}

function joinCells(into: MapCell, from: MapCell): void {
  into.key = Math.min(into.key, from.key);
  into.minX = Math.min(into.minX, from.minX);
  into.minY = Math.min(into.minY, from.minY);
  into.maxX = Math.max(into.maxX, from.maxX);
  into.maxY = Math.max(into.maxY, from.maxY);
  into.ids = into.ids && from.ids ? [...into.ids, ...from.ids] : null;
  if (into.commute !== undefined) into.commute = leastOf(into.commute, from.commute ?? null);
}

/** The quicker of two commutes, either unknown (null). */
const leastOf = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);

/** The cells of a level `k` levels coarser: each the union of the finer cells inside it. */
export function coarsen(cells: readonly MapCell[], k: number): MapCell[] {
  const f = 2 ** k;
  const out = new Map<string, MapCell>();
  for (const c of cells) {
    const ix = Math.floor(c.ix / f);
    const iy = Math.floor(c.iy / f);
    const o = out.get(keyOf(ix, iy));
    if (!o) {
      out.set(keyOf(ix, iy), { ...c, ix, iy, ids: c.ids && [...c.ids] });
      continue;
    }
    o.n += c.n;
    o.sx += c.sx;
    o.sy += c.sy;
    joinCells(o, c);
  }
  return [...out.values()];
}

/** Kilometres to the metre (and never −0, which JSON would send as 0). */
export const toMetre = (km: number) => Math.round(km * 1000) / 1000 || 0;

/** The clusters of a level from its cells (copied: merging changes them), with the ids they carry. */
export function clustersOfCells(
  cells: readonly MapCell[],
  level: number,
): { tuple: MapClusterTuple; ids: number[] | null }[] {
  const copies = cells.map((c) => ({ ...c, ids: c.ids && [...c.ids] }));
  return mergeCells(copies, cellKm(level), joinCells).map((c) => {
    const tuple: MapClusterTuple = [
      toMetre(c.sx / c.n),
      toMetre(c.sy / c.n),
      c.n,
      c.key,
      toMetre(c.minX),
      toMetre(c.minY),
      toMetre(c.maxX),
      toMetre(c.maxY),
    ];
    // Only with a destination: a view without one is as short as before.
    if (c.commute !== undefined) tuple.push(c.commute ?? -1);
    return { tuple, ids: c.ids };
  });
}
